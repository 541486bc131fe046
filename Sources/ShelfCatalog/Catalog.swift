import Foundation
import GRDB
import ShelfFiles
import ShelfLibrary

/// A local book catalogue, in an SQLite file of its own beside the library: works with their
/// authors and the ISBNs of their editions, and a full-text index over titles and names that
/// finds candidates for a spine's text fast at tens of millions of works.
///
/// ```swift
/// let catalog = try Catalog.open(at: Catalog.defaultPath())
/// let found = try catalog.search("left hand of darkness le guin")
/// ```
public struct Catalog: Sendable {
    let writer: any DatabaseWriter
    /// The database file; nil for a catalogue in memory.
    public let path: String?

    var displayPath: String { path ?? ":memory:" }

    /// Where the catalogue lives unless told otherwise: `$SHELFSCAN_CATALOG`, else
    /// `$XDG_DATA_HOME/shelfscan/catalog.sqlite`, else `~/.local/share/shelfscan/catalog.sqlite`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let path = environment["SHELFSCAN_CATALOG"], !path.isEmpty { return path }
        return (Library.dataFolder(environment: environment) as NSString).appendingPathComponent("catalog.sqlite")
    }

    /// Opens the catalogue at `path`, creating it (and its folder) when `creating` and there is
    /// none yet.
    ///
    /// - Throws: ``CatalogError`` `notACatalog` for any other file (left untouched), `readOnly`,
    ///   `database`.
    public static func open(at path: String, creating: Bool = true) throws(CatalogError) -> Catalog {
        let folder = (path as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists && isDirectory.boolValue {
            throw CatalogError(.notACatalog, path: path, reason: "is a folder, not a catalogue file")
        }
        if !exists {
            guard creating else { throw CatalogError(.database, path: path, reason: "there is no catalogue here yet") }
            do {
                try FileManager.default.createDirectory(atPath: folder.isEmpty ? "." : folder, withIntermediateDirectories: true)
            } catch {
                throw CatalogError(.readOnly, path: path, reason: "cannot create the folder \(folder): \(SystemReason.of(error))")
            }
        } else if let handle = FileHandle(forReadingAtPath: path) {
            let header = (try? handle.read(upToCount: 16)) ?? Data()
            try? handle.close()
            if !header.isEmpty && header != Data("SQLite format 3\0".utf8) {
                throw CatalogError(.notACatalog, path: path, reason: "not an SQLite database, so not a shelfscan catalogue; it was left untouched")
            }
        }
        let catalog: Catalog
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(30)
            catalog = Catalog(writer: try DatabaseQueue(path: path, configuration: configuration), path: path)
        } catch {
            throw CatalogError(.database, path: path, reason: "cannot open the catalogue (\(error))")
        }
        try catalog.prepareSchema()
        return catalog
    }

    /// A new, empty catalogue in memory (the built-in selection, tests).
    public static func inMemory() throws(CatalogError) -> Catalog {
        let catalog: Catalog
        do {
            catalog = Catalog(writer: try DatabaseQueue(), path: nil)
        } catch {
            throw CatalogError(.database, path: ":memory:", reason: "\(error)")
        }
        try catalog.prepareSchema()
        return catalog
    }

    // MARK: - Schema

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: works, authors, ISBNs and the title index") { db in
            try db.execute(
                sql: """
                    CREATE TABLE work (
                        id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, title TEXT NOT NULL, subtitle TEXT,
                        year INTEGER, source TEXT NOT NULL);
                    CREATE TABLE author (key TEXT PRIMARY KEY, name TEXT NOT NULL) WITHOUT ROWID;
                    CREATE TABLE workAuthor (
                        workId INTEGER NOT NULL REFERENCES work(id) ON DELETE CASCADE, position INTEGER NOT NULL,
                        authorKey TEXT, name TEXT, PRIMARY KEY (workId, position)) WITHOUT ROWID;
                    CREATE INDEX workAuthor_authorKey ON workAuthor(authorKey);
                    CREATE TABLE workISBN (
                        isbn13 TEXT NOT NULL, workId INTEGER NOT NULL REFERENCES work(id) ON DELETE CASCADE,
                        PRIMARY KEY (isbn13, workId)) WITHOUT ROWID;
                    CREATE INDEX workISBN_workId ON workISBN(workId);
                    CREATE TABLE pendingEdition (workKey TEXT NOT NULL, isbn13 TEXT NOT NULL);
                    CREATE INDEX pendingEdition_workKey ON pendingEdition(workKey);
                    CREATE VIRTUAL TABLE workSearch USING fts5(
                        title, authors, tokenize = 'unicode61 remove_diacritics 2');
                    CREATE VIRTUAL TABLE workSearchVocabulary USING fts5vocab(workSearch, 'row');
                    CREATE TABLE importedFile (
                        id INTEGER PRIMARY KEY, path TEXT NOT NULL, kind TEXT NOT NULL, records INTEGER NOT NULL,
                        skipped INTEGER NOT NULL, importedAt DATETIME NOT NULL);
                    """)
        }
        migrator.registerMigration("v2: files imported as inventories") { db in
            try db.execute(sql: "ALTER TABLE importedFile ADD COLUMN inventory BOOLEAN NOT NULL DEFAULT 0")
        }
        return migrator
    }

    private func prepareSchema() throws(CatalogError) {
        try perform { [writer, displayPath] in
            let tables = try writer.read { db in
                try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
            }
            if !tables.isEmpty && !tables.contains("grdb_migrations") {
                throw CatalogError(.notACatalog, path: displayPath, reason: "this SQLite database belongs to another program; it was left untouched")
            }
            if !tables.isEmpty && !tables.contains("workSearch") {
                throw CatalogError(.notACatalog, path: displayPath, reason: "this SQLite database is not a shelfscan catalogue (a library?); it was left untouched")
            }
            try Self.migrator.migrate(writer)
        }
    }

    // MARK: - Running

    /// Runs `body`, turning database errors into ``CatalogError``s that name the file.
    func perform<T>(_ body: () throws -> T) throws(CatalogError) -> T {
        do {
            return try body()
        } catch let error as CatalogError {
            throw error
        } catch let error as DatabaseError {
            let detail = error.message ?? "\(error)"
            switch error.resultCode {
            case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_CANTOPEN:
                throw CatalogError(.readOnly, path: displayPath, reason: "the catalogue cannot be written (\(detail))")
            case .SQLITE_FULL, .SQLITE_IOERR:
                throw CatalogError(.database, path: displayPath, reason: "the catalogue could not be written (\(detail): is the disk full?); it is as it was")
            case .SQLITE_NOTADB:
                throw CatalogError(.notACatalog, path: displayPath, reason: "not an SQLite database; it was left untouched")
            default:
                throw CatalogError(.database, path: displayPath, reason: detail)
            }
        } catch {
            throw CatalogError(.database, path: displayPath, reason: "\(error)")
        }
    }
}
