/// Why the catalogue could not be opened, read, imported into or written. The message names the
/// file: the catalogue's, or the imported one's.
public struct CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable {
        /// The file at the catalogue path is not a shelfscan catalogue.
        case notACatalog = "not-a-catalog"
        /// The catalogue's file or folder cannot be written.
        case readOnly = "read-only"
        /// An imported file could not be read, or is not a kind the catalogue imports.
        case badImport = "bad-import"
        /// A gzip file is damaged or cut short.
        case corrupt
        /// The import was stopped; the catalogue is as it was.
        case interrupted
        /// Any other database failure.
        case database
    }

    public var code: Code
    /// The catalogue's path, or the imported file's.
    public var path: String
    public var reason: String

    public init(_ code: Code, path: String, reason: String) {
        self.code = code
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
