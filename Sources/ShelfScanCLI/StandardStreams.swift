import ArgumentParser
import Foundation
import ShelfFiles
import ShelfWorkers

/// Standard output and standard error, written unbuffered with every write checked.
///
/// A failed write to standard output (a full disk, a closed pipe) is remembered, not thrown where
/// it happens: the command goes on (a scan still adds its books to the library) but writes
/// nothing more there, and ends by naming the failure with exit status 1 (``finish(exitingWith:)``).
/// A failed write to standard error is dropped: there is nowhere left to say it.
enum StandardStreams {
    private static let failure = Locked<FileWriteError?>(nil)

    /// Writes `text` on standard output; `what` names it for the error ("the CSV").
    static func write(_ text: String, what: String) {
        failure.withLock { failure in
            guard failure == nil else { return }
            if let code = Descriptor.writeAll(Data(text.utf8), to: STDOUT_FILENO) {
                failure = FileWriteError(path: "standard output", what: what, reason: SystemReason.of(errno: code), code: code)
            }
        }
    }

    /// Writes `line` and a newline on standard output.
    static func print(_ line: String, what: String) {
        write(line + "\n", what: what)
    }

    /// Writes `text` on standard error, as it is.
    static func writeError(_ text: String) {
        _ = Descriptor.writeAll(Data(text.utf8), to: STDERR_FILENO)
    }

    /// The first failed write to standard output, if any.
    static var outputFailure: FileWriteError? { failure.withLock { $0 } }

    /// Ends the command: when a write to standard output failed, says so and exits with status 1
    /// (or with `status` when that is already a failure); otherwise exits with `status`.
    static func finish(exitingWith status: Int32) -> Never {
        if let failure = outputFailure {
            writeError("shelfscan: error: \(failure)\n")
            Foundation.exit(status == 0 ? 1 : status)
        }
        Foundation.exit(status)
    }
}
