import ArgumentParser
import Foundation
import ShelfLibrary

/// Where the library is: `--library`, else `$SHELFSCAN_LIBRARY`, else the XDG data folder.
struct LibraryOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The library database (default: $SHELFSCAN_LIBRARY, else $XDG_DATA_HOME/shelfscan/library.sqlite, else ~/.local/share/shelfscan/library.sqlite).",
            valueName: "file"))
    var library: String?

    /// The library's path.
    var path: String { library ?? Library.defaultPath() }

    /// Whether the library was named on the command line or in the environment, rather than defaulted.
    var isNamed: Bool {
        library != nil || !(ProcessInfo.processInfo.environment["SHELFSCAN_LIBRARY"] ?? "").isEmpty
    }

    /// How long a write waits for another process writing the library: `$SHELFSCAN_LOCK_TIMEOUT`
    /// seconds, else 30. The person is told when the wait passes a second.
    var waiting: LockWaiting {
        let environment = ProcessInfo.processInfo.environment["SHELFSCAN_LOCK_TIMEOUT"]
        let timeout = environment.flatMap(TimeInterval.init).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } ?? 30
        let path = path
        return LockWaiting(timeout: timeout) { timeout in
            ReportPrinter.printError(
                "\(path): another process is writing the library; waiting for it to finish (at most \(String(format: "%g", timeout)) s)",
                prefix: "note")
        }
    }

    /// Opens (or creates) the library; a failure is printed and ends the command with exit code 1.
    func open() throws -> Library {
        do {
            return try Library.open(at: path, waiting: waiting)
        } catch {
            ReportPrinter.printError(error.description)
            throw ExitCode.failure
        }
    }

    /// Opens the library only when its file exists: reading commands do not create one. Opened
    /// for reading, it never waits for another process writing it.
    func openIfPresent(forWriting: Bool = false) throws -> Library? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard !forWriting else { return try open() }
        do {
            return try Library.open(at: path, for: .read, waiting: waiting)
        } catch {
            throw error.exit()
        }
    }
}

extension LibraryError {
    /// Prints the error and ends the command with exit code 1.
    func exit() -> ExitCode {
        ReportPrinter.printError(description)
        return ExitCode.failure
    }
}
