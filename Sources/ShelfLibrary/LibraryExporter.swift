import Foundation
import ShelfISBN

/// Writes the library out: as a CSV in Goodreads's export layout (which Goodreads, LibraryThing and
/// StoryGraph all import), or as JSON with every field and where each book came from.
public enum LibraryExporter {
    /// Goodreads's export columns, in its order.
    public static let goodreadsHeader = [
        "Book Id", "Title", "Author", "Author l-f", "Additional Authors", "ISBN", "ISBN13", "My Rating",
        "Average Rating", "Publisher", "Binding", "Number of Pages", "Year Published", "Original Publication Year",
        "Date Read", "Date Added", "Bookshelves", "Bookshelves with positions", "Exclusive Shelf", "My Review",
        "Spoiler", "Private Notes", "Read Count", "Owned Copies",
    ]

    /// The books as a Goodreads CSV. ISBNs are written `="…"`, as Goodreads does, so that spreadsheet
    /// programs keep them as text (leading zeros, no exponent).
    public static func goodreadsCSV(_ books: [LibraryBook]) -> String {
        var lines = [goodreadsHeader.map(csvCell).joined(separator: ",")]
        for book in books {
            let author = book.authors.first ?? ""
            let exclusiveShelves: Set<String> = ["read", "to-read", "currently-reading"]
            let cells: [String] = [
                book.id.map(String.init) ?? "", book.fullTitle, author, lastFirst(author),
                book.authors.dropFirst().joined(separator: ", "), "=\"\(book.isbn10 ?? "")\"", "=\"\(book.isbn13 ?? "")\"",
                "0", "", book.publisher ?? "", "", "", book.year.map(String.init) ?? "", book.year.map(String.init) ?? "",
                "", dayFormatter.string(from: book.dateAdded), book.shelf.map { exclusiveShelves.contains($0) ? "" : $0 } ?? "",
                "", book.shelf.flatMap { exclusiveShelves.contains($0) ? $0 : nil } ?? "to-read", "", "", "", "0",
                String(book.copies),
            ]
            lines.append(cells.map(csvCell).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The books, and where each came from, as pretty-printed JSON.
    public static func json(_ books: [LibraryBook], sources: [Int64: [BookSource]]) throws -> String {
        struct Exported: Encodable {
            var book: LibraryBook
            var sources: [BookSource]

            enum CodingKeys: String, CodingKey {
                case id, title, subtitle, series, authors, isbn13, isbn10, publisher, year, shelf, copies, dateAdded, sources
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(book.id, forKey: .id)
                try container.encode(book.title, forKey: .title)
                try container.encode(book.subtitle, forKey: .subtitle)
                try container.encode(book.series, forKey: .series)
                try container.encode(book.authors, forKey: .authors)
                try container.encode(book.isbn13, forKey: .isbn13)
                try container.encode(book.isbn10, forKey: .isbn10)
                try container.encode(book.publisher, forKey: .publisher)
                try container.encode(book.year, forKey: .year)
                try container.encode(book.shelf, forKey: .shelf)
                try container.encode(book.copies, forKey: .copies)
                try container.encode(book.dateAdded, forKey: .dateAdded)
                try container.encode(sources, forKey: .sources)
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let exported = books.map { Exported(book: $0, sources: $0.id.flatMap { sources[$0] } ?? []) }
        return String(decoding: try encoder.encode(exported), as: UTF8.self)
    }

    /// "Ursula K. Le Guin" → "Le Guin, Ursula K." (a particle stays with the surname).
    static func lastFirst(_ name: String) -> String {
        var words = name.split(separator: " ").map(String.init)
        guard words.count > 1 else { return name }
        var surname = [words.removeLast()]
        while let previous = words.last, words.count > 1, BookKey.particles.contains(previous.lowercased()) {
            surname.insert(words.removeLast(), at: 0)
        }
        return surname.joined(separator: " ") + ", " + words.joined(separator: " ")
    }

    static func csvCell(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "=" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static let dayFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy/MM/dd"
        return formatter
    }()
}
