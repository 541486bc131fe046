import Foundation
import ShelfCatalog
import ShelfTestSupport
import Testing

@testable import ShelfPipeline

/// The built-in selection is imported once into the user's cache folder; a newer selection (another
/// version of shelfscan, another clone) replaces the older caches, and the half-made caches of
/// stopped scans, instead of piling up beside them.
struct BuiltInCatalogCacheTests {
    @Test func aNewSelectionReplacesTheCachesOfEarlierOnes() throws {
        let cacheHome = try Scratch.folder("cache").path
        let folder = cacheHome + "/shelfscan"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let older = folder + "/built-in-catalog-1234-1700000000.sqlite"
        // One being made by a scan still running (this one), and one a scan that was killed left.
        let beingMade = folder + "/built-in-catalog-99-1700000000.sqlite.\(getpid()).partial"
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let leftBehind = folder + "/built-in-catalog-99-1700000000.sqlite.\(gone.processIdentifier).partial"
        let unrelated = folder + "/notes.txt"
        for path in [older, beingMade, leftBehind, leftBehind + "-journal", unrelated] {
            try Data("x".utf8).write(to: URL(fileURLWithPath: path))
        }
        let source = Scratch.file("books", extension: "csv").path
        try "title,author\nThe Left Hand of Darkness,Ursula K. Le Guin\n".write(
            toFile: source, atomically: true, encoding: .utf8)

        let catalog = try #require(BuiltInCatalog.cached(from: source, environment: ["XDG_CACHE_HOME": cacheHome]))
        #expect(try catalog.info().works == 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let cache = try #require(names.first { $0.hasPrefix("built-in-catalog-") && $0.hasSuffix(".sqlite") })
        #expect(![older, leftBehind, leftBehind + "-journal"].contains { FileManager.default.fileExists(atPath: $0) })
        #expect(FileManager.default.fileExists(atPath: beingMade) && FileManager.default.fileExists(atPath: unrelated))
        #expect(names.filter { $0.hasSuffix(".sqlite") } == [cache])
        // Asked again, the cache is used as it is.
        let again = try #require(BuiltInCatalog.cached(from: source, environment: ["XDG_CACHE_HOME": cacheHome]))
        #expect(again.path == folder + "/" + cache)
    }

    /// A cache of the same selection made by a shelfscan that imported it otherwise (named without
    /// the import's version, or with an older one) is not used: it would identify with titles and
    /// authors the import no longer makes.
    @Test func aCacheMadeByAnotherImportIsMadeAgain() throws {
        let cacheHome = try Scratch.folder("cache").path
        let folder = cacheHome + "/shelfscan"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let source = Scratch.file("books", extension: "csv").path
        try "title,author\nThe Left Hand of Darkness,Ursula K. Le Guin\n".write(
            toFile: source, atomically: true, encoding: .utf8)
        let attributes = try FileManager.default.attributesOfItem(atPath: source)
        let size = try #require((attributes[.size] as? NSNumber)?.intValue)
        let date = Int(try #require(attributes[.modificationDate] as? Date).timeIntervalSince1970)
        for name in [
            "built-in-catalog-\(size)-\(date)", "built-in-catalog-v\(Catalog.importVersion - 1)-\(size)-\(date)",
        ] {
            // A stale cache of this selection, as an older import left it: another book.
            let stale = try Catalog.open(at: folder + "/" + name + ".sqlite")
            let other = Scratch.file("other", extension: "csv").path
            try "title,author\nDune,Frank Herbert\nEmma,Jane Austen\n".write(
                toFile: other, atomically: true, encoding: .utf8)
            _ = try stale.importFile(at: other)
        }

        let catalog = try #require(BuiltInCatalog.cached(from: source, environment: ["XDG_CACHE_HOME": cacheHome]))
        #expect(try catalog.info().works == 1)
        let path = try #require(catalog.path)
        #expect(path == folder + "/built-in-catalog-v\(Catalog.importVersion)-\(size)-\(date).sqlite")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".sqlite") }
        #expect(left == [(path as NSString).lastPathComponent])
    }
}
