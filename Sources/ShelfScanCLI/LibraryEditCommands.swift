import ArgumentParser
import Foundation
import ShelfLibrary

/// `shelfscan library add --title …`: a book typed in by hand.
struct LibraryAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a book by hand.",
        discussion: """
            Refused when the library has the book already (the same ISBN, or the same title and an \
            author in common): the message names that entry, and `library edit` can change it instead.

            Example:
              shelfscan library add --title "The Left Hand of Darkness" \\
                --author "Ursula K. Le Guin" --isbn 9780441478125 --shelf read
            """
    )

    @OptionGroup var libraryOptions: LibraryOptions
    @OptionGroup var fields: BookFieldOptions

    func validate() throws {
        if fields.title == nil { throw ValidationError("A book needs --title.") }
    }

    func run() throws {
        let library = try libraryOptions.open()
        let book = fields.applied(to: LibraryBook(title: "", copies: 1))
        do {
            let saved = try library.add(book)
            StandardStreams.print("added #\(saved.id ?? 0): \(LibraryPrinter.line(saved))", what: "the book added")
        } catch {
            throw error.exit()
        }
    }
}

/// `shelfscan library edit ID --title …`: corrects any field of a book.
struct LibraryEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change fields of a book (by id, as `library list` shows it).",
        discussion: """
            Only the fields given change; an empty value ("") clears an optional one. --author and \
            --tag replace the whole list when given.

            Examples:
              shelfscan library edit 12 --title "The Dispossessed" --shelf read
              shelfscan library edit 12 --isbn ""        # forget a wrong ISBN
            """
    )

    @OptionGroup var libraryOptions: LibraryOptions

    @Argument(help: "The id of the book.")
    var id: Int64

    @OptionGroup var fields: BookFieldOptions

    func validate() throws {
        if fields.isEmpty { throw ValidationError("Name at least one field to change, such as --title.") }
    }

    func run() throws {
        guard let library = try libraryOptions.openIfPresent(forWriting: true) else {
            ReportPrinter.printError("\(libraryOptions.path): no library yet; nothing to edit")
            throw ExitCode.failure
        }
        do throws(LibraryError) {
            guard let book = try library.book(id: id) else {
                throw LibraryError(.noSuchBook, path: library.path ?? "", reason: "no book has id \(id); nothing was changed")
            }
            let changed = fields.applied(to: book)
            try library.update(changed)
            StandardStreams.print("changed #\(id): \(LibraryPrinter.line(changed))", what: "the book changed")
        } catch {
            throw error.exit()
        }
    }
}
