import Foundation
import ShelfCatalog
import ShelfReading

/// The selection of popular books shipped in `Models/catalog`, which a scan identifies spines in
/// until a catalogue is imported (`shelfscan catalog import`).
public enum BuiltInCatalog {
    /// The selection's file in the models folder.
    public static let file = "catalog/goodbooks-10k.csv"

    /// The selection ready for identifying: the cache made of it (`cached(from:environment:)`), else
    /// imported into memory. Nil when the models folder or the file cannot be had: the catalogue is
    /// only a help, so a scan goes on without it.
    public static func identifier(models: ModelDirectory?) -> CatalogIdentifier? {
        guard let folder = try? models ?? ModelDirectory.locate() else { return nil }
        let source = (folder.path as NSString).appendingPathComponent(file)
        if let cached = cached(from: source) { return CatalogIdentifier(catalog: cached) }
        guard let catalog = try? Catalog.inMemory(), (try? catalog.importFile(at: source)) != nil else { return nil }
        return CatalogIdentifier(catalog: catalog)
    }

    /// The selection imported once into a file in the user's cache folder
    /// (`$XDG_CACHE_HOME/shelfscan`, else `~/.cache/shelfscan`), named for the source's size and
    /// date and for the import's version (`Catalog.importVersion`), so that a scan does not import
    /// ten thousand books each time and a shelfscan that imports them otherwise does not use a
    /// cache made the old way; nil when the folder cannot be written (the selection is then
    /// imported into memory).
    static func cached(
        from source: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Catalog? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: source),
            let size = (attributes[.size] as? NSNumber)?.intValue,
            let date = attributes[.modificationDate] as? Date
        else { return nil }
        let cacheHome =
            environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".cache")
        let folder = (cacheHome as NSString).appendingPathComponent("shelfscan")
        let name = "built-in-catalog-v\(Catalog.importVersion)-\(size)-\(Int(date.timeIntervalSince1970)).sqlite"
        let path = (folder as NSString).appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: path), let catalog = try? Catalog.open(at: path, creating: false) {
            return catalog
        }
        // Made beside its place and renamed into it: another scan never opens half of it.
        let partial = path + ".\(ProcessInfo.processInfo.processIdentifier).partial"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            do {
                let catalog = try Catalog.open(at: partial)
                _ = try catalog.importFile(at: source)
            }
            guard rename(partial, path) == 0 else {
                throw CatalogError(.readOnly, path: path, reason: "cannot be written")
            }
            removeOlder(in: folder, keeping: path)
            return try Catalog.open(at: path, creating: false)
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            return nil
        }
    }

    /// Removes the caches of earlier selections (another version of shelfscan, another clone),
    /// which would otherwise pile up in the cache folder, and the half-made ones (`.partial`, with
    /// their journals) of scans that were stopped while making one. A cache another scan is still
    /// making is left alone.
    static func removeOlder(in folder: String, keeping path: String) {
        let kept = (path as NSString).lastPathComponent
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where name.hasPrefix("built-in-catalog-") && name != kept
            && (name.hasSuffix(".sqlite") || isLeftBehind(partial: name))
        {
            try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(name))
        }
    }

    /// Whether `name` is a cache being made (`….sqlite.PID.partial`, or its journal) by a process
    /// that is gone: stopped or killed before it could finish or clean up.
    static func isLeftBehind(partial name: String) -> Bool {
        let parts = name.split(separator: ".")
        guard parts.count >= 2, parts[parts.count - 1].hasPrefix("partial"), let pid = Int32(parts[parts.count - 2]),
            pid > 0
        else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }
}
