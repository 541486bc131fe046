import ArgumentParser
import Foundation
import ShelfISBN
import ShelfLibrary

/// `shelfscan library import FILE`: a Goodreads, LibraryThing or StoryGraph export into the library.
struct LibraryImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a Goodreads, LibraryThing or StoryGraph export (CSV), recognised by its columns.",
        discussion: """
            Books already in the library (same ISBN, or same title and author) are not added again, so \
            importing the same file twice adds nothing. Prints what was imported, what was already \
            present and what was skipped, with why. The import is one transaction: all or nothing. \
            Reads the CSV exports of Goodreads, LibraryThing and StoryGraph, and `scan --csv`.

            Examples:
              shelfscan library import goodreads_library_export.csv
              shelfscan scan shelf.jpg --csv > found.csv
              shelfscan library import found.csv
            """
    )

    @OptionGroup var libraryOptions: LibraryOptions

    @Argument(help: ArgumentHelp("The exported CSV file.", valueName: "file"))
    var file: String

    @Flag(name: .long, help: "List every row that was not imported.")
    var verbose = false

    func run() throws {
        let library = try libraryOptions.open()
        let summary: ImportSummary
        do {
            summary = try library.importFile(at: file)
        } catch {
            throw error.exit()
        }
        say(
            "\(file): \(summary.format.displayName) export, \(summary.rows) \(summary.rows == 1 ? "row" : "rows"): "
                + "\(summary.imported.count) imported, \(summary.alreadyPresent.count) already present, "
                + "\(summary.skipped.count) skipped")
        let shown = verbose ? Int.max : 10
        for present in summary.alreadyPresent.prefix(shown) {
            say(
                "  row \(present.row): already present: \(present.title) = #\(present.match.id) (\(present.match.matchedBy.rawValue))"
            )
        }
        for skipped in summary.skipped.prefix(shown) {
            say("  row \(skipped.row): skipped: \(skipped.reason)")
        }
        let hidden = max(0, summary.alreadyPresent.count - shown) + max(0, summary.skipped.count - shown)
        if hidden > 0 { say("  … \(hidden) more (--verbose lists them)") }
        say("library: \(library.path ?? "") now holds \(try count(library)) books")
    }

    private func say(_ line: String) {
        StandardStreams.print(line, what: "the import summary")
    }

    private func count(_ library: Library) throws -> Int {
        do { return try library.count() } catch { throw error.exit() }
    }
}
