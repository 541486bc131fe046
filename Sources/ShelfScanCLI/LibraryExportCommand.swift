import ArgumentParser
import Foundation
import ShelfFiles
import ShelfLibrary

/// `shelfscan library export`: the library as a Goodreads CSV or JSON.
struct LibraryExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the library as a CSV that Goodreads imports, or as JSON.",
        discussion: """
            ISBNs are written as text (="…"), as Goodreads writes them, so spreadsheets keep their \
            leading zeros.

            Examples:
              shelfscan library export > my-books.csv
              shelfscan library export --format json > my-books.json
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case goodreads
        case json
    }

    @OptionGroup var libraryOptions: LibraryOptions

    @Option(name: .long, help: "goodreads (CSV) or json.")
    var format: Format = .goodreads

    @Option(
        name: [.short, .long], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    func run() throws {
        let library = try libraryOptions.openIfPresent()
        let text: String, books: [LibraryBook]
        do {
            books = try library?.books() ?? []
            switch format {
            case .goodreads:
                text = LibraryExporter.goodreadsCSV(books, sources: try library?.sources(of: books) ?? [:])
            case .json:
                text = try LibraryExporter.json(books, sources: try library?.sources(of: books) ?? [:]) + "\n"
            }
        } catch let error as LibraryError {
            throw error.exit()
        }
        guard let output else {
            StandardStreams.write(text, what: "the export")
            return
        }
        do {
            // A file is written beside the target and moved over it, so that an interrupted export
            // never leaves half a file; a link is followed, a FIFO or device written in place.
            try OutputFile.write(Data(text.utf8), to: output, what: "the export")
        } catch {
            ReportPrinter.printError(error.description)
            throw ExitCode.failure
        }
        StandardStreams.writeError("shelfscan: wrote \(books.count) books to \(output)\n")
    }
}

/// `shelfscan library remove ID…`: books out of the library.
struct LibraryRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove books from the library by id (as `library list` shows them).",
        discussion: """
            All or nothing: when an id is not in the library, nothing is removed.

            Example:
              shelfscan library remove 12 31
            """
    )

    @OptionGroup var libraryOptions: LibraryOptions

    @Argument(help: "Ids of the books to remove.")
    var ids: [Int64]

    func validate() throws {
        if ids.isEmpty { throw ValidationError("Name at least one book id.") }
    }

    func run() throws {
        guard let library = try libraryOptions.openIfPresent(forWriting: true) else {
            ReportPrinter.printError("\(libraryOptions.path): no library yet; nothing to remove")
            throw ExitCode.failure
        }
        do {
            for book in try library.remove(ids: ids) {
                StandardStreams.print(
                    "removed #\(book.id ?? 0): \(book.fullTitle)\(book.author.map { " by \($0)" } ?? "")",
                    what: "the books removed")
            }
        } catch {
            throw error.exit()
        }
    }
}
