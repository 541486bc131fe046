import Foundation
import ShelfISBN

/// The catalogue services whose exports shelfscan imports, told apart by their header rows.
public enum ExportFormat: String, Sendable, CaseIterable {
    case goodreads
    case libraryThing = "librarything"
    case storyGraph = "storygraph"

    /// The format whose columns `table` has, or nil.
    public static func detect(_ table: CSVTable) -> ExportFormat? {
        if table.hasColumn("Title"), table.hasColumn("Author l-f") || table.hasColumn("Exclusive Shelf") {
            return .goodreads
        }
        if table.hasColumn("Title"), table.hasColumn("ISBN/UID") || table.hasColumn("Read Status") {
            return .storyGraph
        }
        if table.hasColumn("Title") || table.hasColumn("TITLE"),
            table.hasColumn("Primary Author") || table.hasColumn("AUTHOR (last, first)") || table.hasColumn("ISBNs")
        {
            return .libraryThing
        }
        return nil
    }

    /// What the service calls itself.
    public var displayName: String {
        switch self {
        case .goodreads: "Goodreads"
        case .libraryThing: "LibraryThing"
        case .storyGraph: "StoryGraph"
        }
    }
}

/// One row of an export, read: the book it describes, or why it was skipped.
public enum ImportedRow: Sendable, Equatable {
    case book(LibraryBook, externalId: String?)
    case skipped(reason: String)
}

extension ExportFormat {
    /// Reads one data row of a table in this format.
    public func read(_ row: [String], of table: CSVTable) -> ImportedRow {
        guard let rawTitle = table.cell(row, "Title", "TITLE") else { return .skipped(reason: "no title") }
        let parts = LibraryBook.splitTitle(rawTitle)
        guard !parts.title.isEmpty else { return .skipped(reason: "no title") }
        var book = LibraryBook(title: parts.title, subtitle: parts.subtitle, series: parts.series)
        var externalId: String?
        switch self {
        case .goodreads:
            externalId = table.cell(row, "Book Id")
            book.authors = Self.names(
                table.cell(row, "Author"), splittingMain: false, then: table.cell(row, "Additional Authors"))
            book.isbn13 =
                Self.isbn(in: table.cell(row, "ISBN13"))?.isbn13 ?? Self.isbn(in: table.cell(row, "ISBN"))?.isbn13
            book.publisher = table.cell(row, "Publisher")
            book.year =
                Self.year(in: table.cell(row, "Original Publication Year"))
                ?? Self.year(in: table.cell(row, "Year Published"))
            book.editionYear = Self.year(in: table.cell(row, "Year Published"))
            book.shelf = table.cell(row, "Exclusive Shelf")
            // Kept as listed (Goodreads lists "to-read" there too, "read" not), so an export gives it back.
            book.bookshelves = Self.list(table.cell(row, "Bookshelves"))
            // 0 is kept: on "to-read", a book the owner wants; blank is a copy.
            book.copies = Self.copies(in: table.cell(row, "Owned Copies")) ?? 1
            book.dateAdded = Self.date(in: table.cell(row, "Date Added")) ?? book.dateAdded
            // Goodreads writes 0 for a book not rated.
            book.rating = Self.number(in: table.cell(row, "My Rating")).flatMap { $0 > 0 ? $0 : nil }
            book.binding = table.cell(row, "Binding")
            book.pages = Self.number(in: table.cell(row, "Number of Pages")).map { Int($0) }
            book.dateRead = Self.date(in: table.cell(row, "Date Read"))
            book.readCount = Self.number(in: table.cell(row, "Read Count")).map { Int($0) }
            book.review = table.cell(row, "My Review")
            book.notes = table.cell(row, "Private Notes")
        case .libraryThing:
            externalId = table.cell(row, "Book Id", "BOOK ID")
            let author = table.cell(row, "Primary Author", "AUTHOR (last, first)", "AUTHOR (first, last)")
            // Editors and translators are not authors.
            let secondRole = table.cell(row, "Secondary Author Roles") ?? "Author"
            let second =
                secondRole.localizedCaseInsensitiveContains("author")
                ? table.cell(row, "Secondary Author").map(LibraryBook.nameInReadingOrder) : nil
            book.authors = Self.names(author.map(LibraryBook.nameInReadingOrder), splittingMain: false, then: second)
            book.isbn13 =
                Self.isbn(in: table.cell(row, "ISBNs"))?.isbn13 ?? Self.isbn(in: table.cell(row, "ISBN"))?.isbn13
            let publication = table.cell(row, "Publication", "PUBLICATION INFO")
            // "Penguin Books (2003), Edition: Reprint, 320 pages": the publisher is what comes before the year.
            book.publisher = publication.map {
                String($0.prefix { $0 != "(" && $0 != "," }).trimmingCharacters(in: .whitespaces)
            }
            .flatMap { $0.isEmpty ? nil : $0 }
            book.year = Self.year(in: table.cell(row, "Date", "DATE")) ?? Self.year(in: publication)
            book.shelf = Self.libraryThingShelf(
                collections: table.cell(row, "Collections", "COLLECTIONS"), dateRead: table.cell(row, "Date Read"))
            book.copies = Self.copies(in: table.cell(row, "Copies", "COPIES")) ?? 1
            // A wishlist entry not in the owner's library is a book they want; one read but unowned, not theirs.
            let collections = (table.cell(row, "Collections", "COLLECTIONS") ?? "").lowercased()
            if (collections.contains("wishlist") && !collections.contains("your library"))
                || collections.contains("read but unowned")
            {
                book.copies = 0
            }
            book.dateAdded = Self.date(in: table.cell(row, "Entry Date", "ENTRY DATE")) ?? book.dateAdded
            // "Date" is the work's year; the year in "Publication" is this edition's.
            book.editionYear = Self.year(in: publication)
            book.rating = Self.number(in: table.cell(row, "Rating")).flatMap { $0 > 0 ? $0 : nil }
            book.binding = table.cell(row, "Media")
            book.pages = Self.number(in: table.cell(row, "Page Count")).map { Int($0) }
            book.dateRead = Self.date(in: table.cell(row, "Date Read"))
            book.bookshelves = Self.list(table.cell(row, "Tags"))
            book.review = table.cell(row, "Review")
            book.notes = table.cell(row, "Private Comment") ?? table.cell(row, "Comment")
        case .storyGraph:
            book.authors = Self.names(table.cell(row, "Authors"), splittingMain: true, then: nil)
            book.isbn13 = Self.isbn(in: table.cell(row, "ISBN/UID"))?.isbn13
            book.shelf = table.cell(row, "Read Status")
            book.dateAdded = Self.date(in: table.cell(row, "Date Added")) ?? book.dateAdded
            book.rating = Self.number(in: table.cell(row, "Star Rating")).flatMap { $0 > 0 ? $0 : nil }
            book.binding = table.cell(row, "Format")
            book.dateRead = Self.date(in: table.cell(row, "Last Date Read"))
            book.readCount = Self.number(in: table.cell(row, "Read Count")).map { Int($0) }
            book.bookshelves = Self.list(table.cell(row, "Tags"))
            book.review = table.cell(row, "Review")
            if let owned = table.cell(row, "Owned?")?.lowercased() { book.copies = owned == "no" ? 0 : 1 }
        }
        book.isbn10 = book.isbn?.isbn10
        return .book(book, externalId: externalId)
    }

    // MARK: - Cells

    /// LibraryThing has collections, not shelves: "To read" and "Currently reading" are shelves, and
    /// a book with a date read has been read.
    static func libraryThingShelf(collections: String?, dateRead: String?) -> String? {
        let names = (collections ?? "").lowercased()
        if names.contains("currently reading") { return "currently-reading" }
        if names.contains("to read") { return "to-read" }
        if names.contains("wishlist") { return "wishlist" }
        return dateRead == nil ? nil : "read"
    }

    /// An ISBN in a cell as the services write it: `="9780306406157"`, `[0306406152]`,
    /// `0306406152, 9780306406157`. The first valid one wins.
    static func isbn(in cell: String?) -> ISBN? {
        guard let cell else { return nil }
        let candidates = cell.split { !($0.isNumber || $0 == "X" || $0 == "x" || $0 == "-") }
        for candidate in candidates {
            if let isbn = try? ISBN(String(candidate)) { return isbn }
        }
        return nil
    }

    /// Authors from a main cell (one name, or several comma-separated with `splittingMain`) and a
    /// comma-separated additional-authors cell.
    static func names(_ main: String?, splittingMain: Bool, then additional: String?) -> [String] {
        var names: [String] = []
        let lists = [
            main.map { splittingMain ? $0.split(separator: ",").map(String.init) : [$0] },
            additional.map { $0.split(separator: ",").map(String.init) },
        ]
        for list in lists.compactMap({ $0 }) {
            for name in list {
                let trimmed = name.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty && !names.contains(trimmed) { names.append(trimmed) }
            }
        }
        return names
    }

    /// A number in a cell ("4.5", "304 ", "[2]"); nil when there is none or it is not a count a
    /// person would write (negative, or beyond a million).
    static func number(in cell: String?) -> Double? {
        guard let cell else { return nil }
        let text = cell.filter { $0.isNumber || $0 == "." || $0 == "-" }
        guard let value = Double(text), value.isFinite, (0...1_000_000).contains(value) else { return nil }
        return value
    }

    /// A count of copies ("2", " 0 "); nil when the cell is empty or holds no such count.
    static func copies(in cell: String?) -> Int? {
        guard let text = cell?.trimmingCharacters(in: .whitespaces), let count = Int(text), (0...10_000).contains(count)
        else { return nil }
        return count
    }

    /// A comma-separated list ("favorites, science fiction"), trimmed, without empty entries.
    static func list(_ cell: String?) -> [String] {
        (cell ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    static func year(in cell: String?) -> Int? {
        guard let cell else { return nil }
        var digits = ""
        for character in cell {
            if character.isASCII && character.isNumber {
                digits.append(character)
                if digits.count == 4, let year = Int(digits), (1000...2999).contains(year) { return year }
            } else {
                digits = ""
            }
        }
        return nil
    }

    /// "2024/01/15", "2024-01-15", with or without a time.
    static func date(in cell: String?) -> Date? {
        guard let cell else { return nil }
        let numbers = cell.split { !$0.isNumber }.prefix(3).compactMap { Int($0) }
        guard numbers.count == 3, numbers[0] > 1000 else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (numbers[0], numbers[1], numbers[2])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: components)
    }
}
