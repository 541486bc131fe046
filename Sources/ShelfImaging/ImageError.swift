/// Why a photo could not be read. The message names the file and the problem.
public struct ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong; `rawValue` is the code the JSON report carries.
    public enum Code: String, Sendable, Equatable {
        case unreadable = "unreadable"
        case isDirectory = "is-directory"
        case empty = "empty"
        case unsupportedFormat = "unsupported-format"
        case unrecognizedFormat = "unrecognized-format"
        case truncated = "truncated"
        case corrupt = "corrupt"
        case tooLarge = "too-large"
    }

    public let code: Code
    /// The file, as the user named it.
    public let path: String
    /// The problem, in words.
    public let reason: String

    public init(_ code: Code, path: String, reason: String) {
        self.code = code
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
