import Foundation
import GRDB
import ShelfFiles

/// The owner's library: the books they own, in an SQLite database (WAL journal, foreign keys,
/// versioned migrations). A `Sendable` value around the database connection, with one method per thing
/// the program does to it; every write is one transaction, so a crash leaves it as before or as after.
///
/// ```swift
/// let library = try Library.open(at: Library.defaultPath())
/// let owned = try library.books()
/// ```
public struct Library: Sendable {
    let writer: any DatabaseWriter
    /// The database file; nil for a library in memory.
    public let path: String?
    /// Whether this process may only read it (the file or its folder is not writable).
    public let isReadOnly: Bool

    var displayPath: String { path ?? ":memory:" }

    /// What a command will do with the library.
    public enum Access: Sendable {
        /// Read and write; the file (and its folder) is made when there is none.
        case readWrite
        /// Only read: never waits for another process writing it, never creates it. A library
        /// that needs updating to this version's schema is updated all the same, when it may be.
        case read
    }

    /// Opens the library at `path`, for reading and writing by default, creating the file (and
    /// its folder) when there is none yet. Writes wait for another process that holds the library
    /// as `waiting` says.
    ///
    /// - Throws: ``LibraryError`` `notALibrary` when the file is not an SQLite database or holds
    ///   another program's tables (it is left untouched), `readOnly`, `corrupt` or `cannotOpen`.
    public static func open(
        at path: String, for purpose: Access = .readWrite, waiting: LockWaiting = LockWaiting()
    ) throws(LibraryError) -> Library {
        // SQLite answers "busy" at once, without waiting, while another process is setting up the
        // same new database (its WAL journal, its schema); that passes within moments.
        var attempt = 0
        let deadline = Date().addingTimeInterval(min(waiting.timeout, 5))
        while true {
            do {
                return try openOnce(at: path, purpose: purpose, waiting: waiting)
            } catch where error.code == .busy && attempt < 50 && Date() < deadline {
                attempt += 1
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
    }

    private static func openOnce(at path: String, purpose: Access, waiting: LockWaiting) throws(LibraryError) -> Library {
        let fileManager = FileManager.default
        let parent = (path as NSString).deletingLastPathComponent
        let folder = parent.isEmpty ? "." : parent
        var isDirectory: ObjCBool = false
        let exists = fileManager.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists && isDirectory.boolValue {
            throw LibraryError(.cannotOpen, path: path, reason: "is a folder, not a library file (use --library to name the file)")
        }
        if exists {
            try checkIsSQLite(path)
        } else if purpose == .read {
            throw LibraryError(.cannotOpen, path: path, reason: "there is no library here yet")
        } else {
            do {
                try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw LibraryError(
                    .cannotOpen, path: path, reason: "cannot create the folder \(folder): \(SystemReason.of(error))"
                )
            }
            guard access(folder, W_OK) == 0 else {
                throw LibraryError(
                    .readOnly, path: path, reason: "cannot create the library: its folder is not writable")
            }
        }
        var configuration = Configuration()
        configuration.busyMode = .callback(waiting.busyCallback)
        configuration.foreignKeysEnabled = true
        // SQLite writes its journal files beside the database, so the folder must be writable too.
        let writable = access(folder, W_OK) == 0 && (!exists || access(path, W_OK) == 0)
        let writer: any DatabaseWriter
        do {
            if writable && purpose == .readWrite {
                writer = try DatabasePool(path: path, configuration: configuration)
            } else {
                configuration.readonly = true
                writer = try openReadOnly(path, configuration: configuration)
            }
        } catch {
            throw LibraryError(path: path, error)
        }
        let library = Library(writer: writer, path: path, isReadOnly: !writable || purpose == .read)
        guard try library.isUpToDate() || !writable || purpose == .readWrite else {
            // Opened for reading, but the schema is older than this version's: updated first.
            return try openOnce(at: path, purpose: .readWrite, waiting: waiting)
        }
        try library.prepareSchema()
        return library
    }

    /// A WAL database can only be read by a process that may create its `-shm` file beside it; one
    /// that may not (a library in someone else's folder) reads it as an immutable file instead.
    private static func openReadOnly(_ path: String, configuration: Configuration) throws -> DatabaseQueue {
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            _ = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
            return queue
        } catch let error as DatabaseError
            where error.resultCode == .SQLITE_READONLY || error.resultCode == .SQLITE_CANTOPEN
        {
            let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
            return try DatabaseQueue(path: "file:\(encoded)?immutable=1", configuration: configuration)
        }
    }

    /// A new, empty library in memory (for tests and dry runs).
    public static func inMemory() throws(LibraryError) -> Library {
        let library: Library
        do {
            library = Library(writer: try DatabaseQueue(), path: nil, isReadOnly: false)
        } catch {
            throw LibraryError(path: ":memory:", error)
        }
        try library.prepareSchema()
        return library
    }

    /// Where the library lives unless told otherwise: `$SHELFSCAN_LIBRARY`, else
    /// `$XDG_DATA_HOME/shelfscan/library.sqlite`, else `~/.local/share/shelfscan/library.sqlite`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let path = environment["SHELFSCAN_LIBRARY"], !path.isEmpty { return path }
        return (dataFolder(environment: environment) as NSString).appendingPathComponent("library.sqlite")
    }

    /// shelfscan's data folder: `$XDG_DATA_HOME/shelfscan`, else `~/.local/share/shelfscan`.
    public static func dataFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let dataHome =
            environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".local/share")
        return (dataHome as NSString).appendingPathComponent("shelfscan")
    }

    // MARK: - Schema

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: books and where they came from") { db in
            try db.create(table: "book") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("title", .text).notNull()
                table.column("subtitle", .text)
                table.column("series", .text)
                table.column("authors", .jsonText).notNull().defaults(to: "[]")
                table.column("isbn13", .text).check { length($0) == 13 }
                table.column("isbn10", .text).check { length($0) == 10 }
                table.column("publisher", .text)
                table.column("year", .integer)
                table.column("shelf", .text)
                table.column("copies", .integer).notNull().defaults(to: 1).check { $0 >= 1 }
                table.column("dateAdded", .datetime).notNull()
            }
            try db.create(index: "book_isbn13", on: "book", columns: ["isbn13"])
            try db.create(table: "bookSource") { table in
                table.autoIncrementedPrimaryKey("id")
                table.belongsTo("book", onDelete: .cascade).notNull()
                table.column("kind", .text).notNull().check { ["import", "scan"].contains($0) }
                table.column("file", .text).notNull()
                table.column("format", .text)
                table.column("externalId", .text)
                table.column("outline", .text)
                table.column("confidence", .double)
                table.column("addedAt", .datetime).notNull()
            }
        }
        // What the services' exports carry about the owner's reading, kept so that an export gives
        // it back (v1 lost ratings, reading dates and the edition's details).
        migrator.registerMigration("v2: the owner's reading and the edition") { db in
            try db.alter(table: "book") { table in
                table.add(column: "rating", .double)
                table.add(column: "bookshelves", .jsonText).notNull().defaults(to: "[]")
                table.add(column: "dateRead", .datetime)
                table.add(column: "readCount", .integer)
                table.add(column: "binding", .text)
                table.add(column: "pages", .integer)
                table.add(column: "editionYear", .integer)
                table.add(column: "review", .text)
                table.add(column: "notes", .text)
            }
        }
        // A book on a wish shelf with no copy is wanted, not owned: its copies are 0, which v1's
        // check refused (an import stored 1). SQLite changes a check only by making the table anew.
        migrator.registerMigration("v3: a wanted book has no copies") { db in
            try db.create(table: "newBook") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("title", .text).notNull()
                table.column("subtitle", .text)
                table.column("series", .text)
                table.column("authors", .jsonText).notNull().defaults(to: "[]")
                table.column("isbn13", .text).check { length($0) == 13 }
                table.column("isbn10", .text).check { length($0) == 10 }
                table.column("publisher", .text)
                table.column("year", .integer)
                table.column("shelf", .text)
                table.column("copies", .integer).notNull().defaults(to: 1).check { $0 >= 0 }
                table.column("dateAdded", .datetime).notNull()
                table.column("rating", .double)
                table.column("bookshelves", .jsonText).notNull().defaults(to: "[]")
                table.column("dateRead", .datetime)
                table.column("readCount", .integer)
                table.column("binding", .text)
                table.column("pages", .integer)
                table.column("editionYear", .integer)
                table.column("review", .text)
                table.column("notes", .text)
            }
            let columns = """
                id, title, subtitle, series, authors, isbn13, isbn10, publisher, year, shelf, copies, dateAdded, \
                rating, bookshelves, dateRead, readCount, binding, pages, editionYear, review, notes
                """
            try db.execute(sql: "INSERT INTO newBook (\(columns)) SELECT \(columns) FROM book")
            try db.drop(table: "book")
            try db.rename(table: "newBook", to: "book")
            try db.create(index: "book_isbn13", on: "book", columns: ["isbn13"])
        }
        return migrator
    }

    /// Whether every migration has been applied (a new, empty file has none).
    private func isUpToDate() throws(LibraryError) -> Bool {
        try perform { [writer] in
            try writer.read { db in
                try db.tableExists("grdb_migrations") && Self.migrator.hasCompletedMigrations(db)
            }
        }
    }

    private func prepareSchema() throws(LibraryError) {
        try perform { [writer, isReadOnly] in
            let foreignTables = try writer.read { db in
                try String.fetchAll(
                    db,
                    sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
            }
            if !foreignTables.isEmpty && !foreignTables.contains("grdb_migrations") {
                throw LibraryError(
                    .notALibrary, path: displayPath,
                    reason:
                        "this SQLite database belongs to another program (tables \(foreignTables.prefix(3).joined(separator: ", "))); it was left untouched"
                )
            }
            let applied = try writer.read { db in try Self.migrator.hasCompletedMigrations(db) }
            if !applied {
                guard !isReadOnly else {
                    throw LibraryError(
                        .readOnly, path: displayPath, reason: "the library needs updating but is read-only")
                }
                do {
                    try Self.migrator.migrate(writer)
                } catch {
                    // Another process creating the same new library got there first: its schema is ours.
                    guard try writer.read({ db in try Self.migrator.hasCompletedMigrations(db) }) else { throw error }
                }
            }
        }
    }

    /// A file that exists must start as every SQLite database does; anything else is refused and kept.
    private static func checkIsSQLite(_ path: String) throws(LibraryError) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw LibraryError(.cannotOpen, path: path, reason: "cannot be read (permission denied?)")
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        if header.isEmpty { return }  // an empty file is a new database
        guard header == Data("SQLite format 3\0".utf8) else {
            throw LibraryError(
                .notALibrary, path: path,
                reason:
                    "not an SQLite database, so not a shelfscan library; it was left untouched (use --library to name another file)"
            )
        }
    }

    // MARK: - Running

    /// Runs `body`, turning database errors into ``LibraryError``s that name the file.
    func perform<T>(_ body: () throws -> T) throws(LibraryError) -> T {
        do {
            return try body()
        } catch let error as LibraryError {
            throw error
        } catch {
            throw LibraryError(path: displayPath, error)
        }
    }

    /// Runs `body` in one IMMEDIATE transaction: the write lock is taken first, so what it reads
    /// cannot change under it in another process before it writes.
    func write<T>(_ body: (Database) throws -> T) throws(LibraryError) -> T {
        guard !isReadOnly else {
            throw LibraryError(
                .readOnly, path: displayPath,
                reason: "the library is read-only (the file or its folder cannot be written)")
        }
        return try perform {
            try writer.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                return result!
            }
        }
    }

    func read<T>(_ body: (Database) throws -> T) throws(LibraryError) -> T {
        try perform { try writer.read(body) }
    }
}

extension LibraryError {
    /// A database failure, by what SQLite said.
    init(path: String, _ error: any Error) {
        guard let error = error as? DatabaseError else {
            self.init(.database, path: path, reason: "\(error)")
            return
        }
        let detail = error.message ?? "\(error)"
        switch error.resultCode {
        case .SQLITE_READONLY, .SQLITE_PERM:
            self.init(.readOnly, path: path, reason: "the library is read-only (\(detail))")
        case .SQLITE_NOTADB:
            self.init(.notALibrary, path: path, reason: "not an SQLite database; it was left untouched")
        case .SQLITE_CORRUPT:
            self.init(.corrupt, path: path, reason: "the library database is damaged (\(detail))")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            self.init(
                .busy, path: path,
                reason: "another process kept the library locked (\(detail)); nothing was changed: try again when it is done")
        case .SQLITE_FULL:
            self.init(
                .writeFailed, path: path,
                reason: "the disk is full (\(detail)); nothing of this change was saved and the library is as it was")
        case .SQLITE_IOERR:
            self.init(
                .writeFailed, path: path,
                reason:
                    "the library could not be written (\(detail): is the disk full?); nothing of this change was saved and the library is as it was")
        case .SQLITE_CANTOPEN:
            self.init(.cannotOpen, path: path, reason: "cannot open the library (\(detail))")
        default:
            self.init(.database, path: path, reason: detail)
        }
    }
}
