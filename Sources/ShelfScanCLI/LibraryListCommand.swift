import ArgumentParser
import Foundation
import ShelfISBN
import ShelfLibrary

/// `shelfscan library list`: every book in the library.
struct LibraryListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the books in the library.",
        discussion: """
            One line per book, by title: its id (for `library edit` and `library remove`), title, \
            authors, ISBN-13, year, copies and shelf.

            Examples:
              shelfscan library list
              shelfscan library list --json --library ~/classroom.sqlite
            """)

    @OptionGroup var libraryOptions: LibraryOptions

    @Flag(name: .long, help: "Print the books as JSON.")
    var json = false

    func run() throws {
        guard let library = try libraryOptions.openIfPresent() else {
            if json {
                StandardStreams.print("[]", what: "the list")
            } else {
                StandardStreams.print("\(libraryOptions.path): no library yet (import a file or scan with --add)", what: "the list")
            }
            return
        }
        do {
            try LibraryPrinter.print(try library.books(), of: library, json: json)
        } catch let error as LibraryError {
            throw error.exit()
        }
    }
}

/// `shelfscan library search QUERY`: books by title, author or ISBN, tolerant of typos.
struct LibrarySearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find books by title, author or ISBN (typos are tolerated).",
        discussion: """
            Exits 0 when something was found, 1 when nothing was.

            Examples:
              shelfscan library search le guin
              shelfscan library search 978-0-441-47812-5
            """
    )

    @OptionGroup var libraryOptions: LibraryOptions

    @Argument(help: "Words of the title or author, or an ISBN-10/13.")
    var query: [String]

    @Flag(name: .long, help: "Print the books as JSON.")
    var json = false

    func validate() throws {
        if query.joined().trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("Say what to search for.")
        }
    }

    func run() throws {
        let found: [LibraryBook]
        let library = try libraryOptions.openIfPresent()
        do {
            found = try library?.search(query.joined(separator: " ")) ?? []
        } catch {
            throw error.exit()
        }
        if let library {
            try LibraryPrinter.print(found, of: library, json: json)
        } else {
            StandardStreams.print(
                json ? "[]" : "\(libraryOptions.path): no library yet (import a file or scan with --add)", what: "the books found")
        }
        if found.isEmpty { throw ExitCode.failure }
    }
}
