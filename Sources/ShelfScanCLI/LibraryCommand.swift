import ArgumentParser
import Foundation

/// `shelfscan library …`: the books the owner already has.
struct LibraryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "library",
        abstract: "Keep the library of books you own: import, list, search, add, edit, export, remove.",
        discussion: """
            The library is an SQLite database, by default at $XDG_DATA_HOME/shelfscan/library.sqlite \
            (~/.local/share/shelfscan/library.sqlite); name another with --library or SHELFSCAN_LIBRARY. \
            `shelfscan scan` marks the books it finds there as alreadyInLibrary, and `scan --add` adds \
            the new ones it selected.

            Example: import a Goodreads export, then add a shelf's new books:
              shelfscan library import goodreads_library_export.csv
              shelfscan scan shelf.jpg --add
              shelfscan library list
            """,
        subcommands: [
            LibraryImportCommand.self, LibraryListCommand.self, LibrarySearchCommand.self, LibraryAddCommand.self,
            LibraryEditCommand.self, LibraryExportCommand.self, LibraryRemoveCommand.self,
        ]
    )
}
