import ArgumentParser
import Foundation
import ShelfISBN
import ShelfLibrary

/// The fields of a library book a person can type, shared by `library add` and `library edit`.
/// Every option is optional: `edit` changes only those given, and an empty value ("") clears an
/// optional field.
struct BookFieldOptions: ParsableArguments {
    @Option(name: .long, help: "The title; a subtitle after a colon and a series in brackets are split off.")
    var title: String?

    @Option(name: .long, help: ArgumentHelp("An author, main author first; repeat for several.", valueName: "name"))
    var author: [String] = []

    @Option(name: .long, help: "The ISBN-10 or ISBN-13 (hyphens allowed).")
    var isbn: String?

    @Option(name: .long, help: "The shelf: read, to-read, currently-reading, or one of your own.")
    var shelf: String?

    @Option(name: .long, help: "The publisher.")
    var publisher: String?

    @Option(name: .long, help: "The year the work was first published.")
    var year: String?

    @Option(name: .long, help: "How many copies you own (0 on a to-read shelf: a book you want).")
    var copies: Int?

    @Option(name: .long, help: "Your rating, 0 to 5.")
    var rating: String?

    @Option(name: .long, help: ArgumentHelp("Another shelf or tag; repeat for several.", valueName: "tag"))
    var tag: [String] = []

    @Option(name: .long, help: "Your private notes.")
    var notes: String?

    /// Whether any field was given.
    var isEmpty: Bool {
        title == nil && author.isEmpty && isbn == nil && shelf == nil && publisher == nil && year == nil
            && copies == nil && rating == nil && tag.isEmpty && notes == nil
    }

    func validate() throws {
        if let title, title.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--title cannot be empty.")
        }
        if let isbn, !isbn.isEmpty {
            do {
                _ = try ISBN(isbn)
            } catch {
                throw ValidationError("--isbn \(isbn) is not a valid ISBN-10 or ISBN-13 (check digit?).")
            }
        }
        if let year, !year.isEmpty, Int(year) == nil { throw ValidationError("--year takes a year, such as 1988.") }
        if let copies, copies < 0 { throw ValidationError("--copies cannot be negative.") }
        if let rating, !rating.isEmpty {
            guard let value = Double(rating), (0...5).contains(value) else {
                throw ValidationError("--rating takes a number from 0 to 5.")
            }
        }
    }

    /// `book` with the fields given set.
    func applied(to book: LibraryBook) -> LibraryBook {
        var book = book
        func optional(_ text: String?) -> String?? {
            guard let text else { return nil }
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            return .some(trimmed.isEmpty ? nil : trimmed)
        }
        if let title {
            let parts = LibraryBook.splitTitle(title)
            (book.title, book.subtitle, book.series) = (parts.title, parts.subtitle, parts.series)
        }
        if !author.isEmpty {
            book.authors = author.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        if let isbn = optional(isbn) {
            let parsed = isbn.flatMap { try? ISBN($0) }
            (book.isbn13, book.isbn10) = (parsed?.isbn13, parsed?.isbn10)
        }
        if let shelf = optional(shelf) { book.shelf = shelf }
        if let publisher = optional(publisher) { book.publisher = publisher }
        if let year = optional(year) { book.year = year.flatMap { Int($0) } }
        if let copies { book.copies = copies }
        if let rating = optional(rating) { book.rating = rating.flatMap { Double($0) } }
        if !tag.isEmpty { book.bookshelves = tag.filter { !$0.isEmpty } }
        if let notes = optional(notes) { book.notes = notes }
        return book
    }
}
