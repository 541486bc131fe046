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

    /// Opens (or creates) the library; a failure is printed and ends the command with exit code 1.
    func open() throws -> Library {
        do {
            return try Library.open(at: path)
        } catch {
            ReportPrinter.printError(error.description)
            throw ExitCode.failure
        }
    }

    /// Opens the library only when its file exists: reading commands do not create one.
    func openIfPresent() throws -> Library? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try open()
    }
}

extension LibraryError {
    /// Prints the error and ends the command with exit code 1.
    func exit() -> ExitCode {
        ReportPrinter.printError(description)
        return ExitCode.failure
    }
}
