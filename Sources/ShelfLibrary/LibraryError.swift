/// Why the library could not be opened, read or written. The message names the database file.
public struct LibraryError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable {
        /// The file at the library path is not an SQLite database, or belongs to another program.
        case notALibrary = "not-a-library"
        /// The database is damaged.
        case corrupt
        /// The file or its folder cannot be written.
        case readOnly = "read-only"
        /// Another process kept the database locked for too long.
        case busy
        /// Writing failed (a full disk, a file size limit, an I/O error); the change was rolled back.
        case writeFailed = "write-failed"
        /// The file could not be opened or created.
        case cannotOpen = "cannot-open"
        /// An imported file could not be read or is not an export shelfscan knows.
        case badImport = "bad-import"
        /// No book has the given id.
        case noSuchBook = "no-such-book"
        /// The library has the book already.
        case duplicate
        /// Any other database failure.
        case database
    }

    public var code: Code
    /// The library's path, or the imported file's.
    public var path: String
    public var reason: String

    public init(_ code: Code, path: String, reason: String) {
        self.code = code
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
