/// Why text recognition could not run.
public struct OCRError: Error, Sendable, Equatable, CustomStringConvertible {
    public let reason: String

    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { "text recognition: \(reason)" }
}
