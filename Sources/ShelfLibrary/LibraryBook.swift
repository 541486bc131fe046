import Foundation
import ShelfISBN

/// One distinct book in the owner's library, with how many copies they own.
public struct LibraryBook: Sendable, Equatable, Identifiable, Codable {
    /// The row id; nil until the book is saved.
    public var id: Int64?
    /// The title without subtitle or series ("The Snowman").
    public var title: String
    /// What followed a colon in the title ("A Novel").
    public var subtitle: String?
    /// A series or edition written in brackets after the title ("Discworld, #1", "Penguin Classics").
    public var series: String?
    /// Authors as "First Last", main author first.
    public var authors: [String]
    public var isbn13: String?
    public var isbn10: String?
    public var publisher: String?
    public var year: Int?
    /// The owner's shelf: "read", "to-read", "currently-reading", …
    public var shelf: String?
    /// The copies the owner has: 0 for a book they want but do not own yet (see ``isWanted``).
    public var copies: Int
    public var dateAdded: Date
    /// The owner's rating, 0…5 (halves and quarters as StoryGraph gives them); nil when unrated.
    public var rating: Double?
    /// The owner's shelves or tags as the export listed them ("favorites", "science fiction";
    /// Goodreads lists "to-read" among them too).
    public var bookshelves: [String] = []
    /// When the owner last finished it.
    public var dateRead: Date?
    /// How many times the owner has read it.
    public var readCount: Int?
    /// The edition's binding or format ("Paperback", "ebook").
    public var binding: String?
    /// The edition's number of pages.
    public var pages: Int?
    /// The year this edition was published (`year` is the work's original year, when known).
    public var editionYear: Int?
    /// The owner's review.
    public var review: String?
    /// The owner's private notes.
    public var notes: String?

    public init(
        id: Int64? = nil, title: String, subtitle: String? = nil, series: String? = nil, authors: [String] = [],
        isbn: ISBN? = nil, publisher: String? = nil, year: Int? = nil, shelf: String? = nil, copies: Int = 1,
        dateAdded: Date = Date()
    ) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.series = series
        self.authors = authors
        self.isbn13 = isbn?.isbn13
        self.isbn10 = isbn?.isbn10
        self.publisher = publisher
        self.year = year
        self.shelf = shelf
        self.copies = copies
        self.dateAdded = dateAdded
    }

    /// The ISBN, when the library has one.
    public var isbn: ISBN? { isbn13.flatMap { try? ISBN($0) } }

    /// Shelves on which a book without copies is one the owner wants, not one they have.
    public static let wishShelves: Set<String> = [
        "to-read", "want-to-read", "wishlist", "wish-list", "to-buy", "wanted",
    ]

    /// Whether the owner wants this book rather than owns it: no copy, and on a wish shelf
    /// (Goodreads's "to-read" with 0 owned copies, StoryGraph's "to-read" not owned, LibraryThing's
    /// wishlist). A book without copies on another shelf ("read") is one they keep track of.
    public var isWanted: Bool {
        copies == 0 && shelf.map { Self.wishShelves.contains($0.lowercased()) } == true
    }

    /// The main author, or nil.
    public var author: String? { authors.first }

    /// Title, subtitle and series as one line: "The Snowman: A Novel (Harry Hole, #7)".
    public var fullTitle: String {
        var text = title
        if let subtitle, !subtitle.isEmpty { text += ": " + subtitle }
        if let series, !series.isEmpty { text += " (" + series + ")" }
        return text
    }
}

extension LibraryBook {
    /// Splits a title as catalogues write it into title, subtitle and bracketed series:
    /// "Holes (Vintage International)" → ("Holes", nil, "Vintage International").
    public static func splitTitle(_ text: String) -> (title: String, subtitle: String?, series: String?) {
        var rest = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var series: String?
        if rest.hasSuffix(")"), let open = rest.lastIndex(of: "("), open > rest.startIndex {
            let inside = rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]
            series = inside.trimmingCharacters(in: .whitespaces)
            rest = rest[..<open].trimmingCharacters(in: .whitespaces)
        }
        var subtitle: String?
        if let colon = rest.firstIndex(of: ":"), colon > rest.startIndex {
            let after = rest[rest.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if !after.isEmpty {
                subtitle = after
                rest = rest[..<colon].trimmingCharacters(in: .whitespaces)
            }
        }
        return (rest, subtitle, series?.isEmpty == true ? nil : series)
    }

    /// A title without the alternative title an old convention adds after "or" ("Blood Meridian,
    /// or the Evening Redness in the West", "Frankenstein; or, The Modern Prometheus"): the title a
    /// spine prints and a person types. `title` itself when it has none, or nothing before it.
    public static func withoutAlternativeTitle(_ title: String) -> String {
        for separator in ["; or, ", "; or ", ", or, ", ", or "] {
            guard let range = title.range(of: separator, options: .caseInsensitive) else { continue }
            let main = title[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
            let alternative = title[range.upperBound...].trimmingCharacters(in: .whitespaces)
            if main.contains(where: \.isLetter), alternative.contains(where: \.isLetter) { return main }
        }
        return title
    }

    /// "Tolstoy, Leo" → "Leo Tolstoy"; a name already in order is kept.
    public static func nameInReadingOrder(_ name: String) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        let parts = trimmed.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        // "F, Scott Fitzgerald" is a misread initial, not a surname first; "Oz, Amós" is a surname.
        guard parts.count == 2, parts[0].filter(\.isLetter).count >= 2, !parts[1].isEmpty else { return trimmed }
        let suffixes: Set<String> = ["jr", "jr.", "sr", "sr.", "ii", "iii", "iv"]
        if suffixes.contains(parts[1].lowercased()) { return trimmed }
        return parts[1] + " " + parts[0]
    }
}
