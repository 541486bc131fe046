/// Why a file or standard output could not be written: the path (or "standard output"), what was
/// being written, and the system's reason in plain words.
public struct FileWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file written to, or "standard output".
    public var path: String
    /// What was being written ("the export", "the CSV"), for the message.
    public var what: String
    /// The system's reason, in plain words.
    public var reason: String
    /// The `errno` behind it, when there was one.
    public var code: Int32?

    public init(path: String, what: String, reason: String, code: Int32? = nil) {
        self.path = path
        self.what = what
        self.reason = reason
        self.code = code
    }

    /// "cannot write the export to /tmp/out.csv: no space left on device"
    public var description: String {
        path == "standard output"
            ? "cannot write \(what) to standard output: \(reason)" : "\(path): cannot write \(what): \(reason)"
    }
}
