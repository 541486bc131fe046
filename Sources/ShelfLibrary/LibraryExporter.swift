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

    /// The books as a Goodreads CSV, every field the library keeps in its column. ISBNs are
    /// written `="…"`, as Goodreads does, so that spreadsheet programs keep them as text (leading
    /// zeros, no exponent). `Book Id` is the book's Goodreads id when it was imported from Goodreads
    /// (never shelfscan's own row id, which Goodreads would take for one of its books).
    public static func goodreadsCSV(_ books: [LibraryBook], sources: [Int64: [BookSource]] = [:]) -> String {
        var lines = [goodreadsHeader.map(csvCell).joined(separator: ",")]
        for book in books {
            let author = book.authors.first ?? ""
            let goodreadsId = book.id.flatMap { sources[$0] }?.first { $0.format == ExportFormat.goodreads.rawValue }?
                .externalId
            // The shelves as the import listed them; the owner's shelf is the exclusive one, whatever
            // its name (Goodreads lets people make their own, "did-not-finish"), and none when the
            // library has none (a scanned book): to-read would say the owner has not read it.
            let cells: [String] = [
                goodreadsId ?? "", book.fullTitle, author, lastFirst(author),
                book.authors.dropFirst().joined(separator: ", "),
                "=\"\(book.isbn10 ?? "")\"", "=\"\(book.isbn13 ?? "")\"", book.rating.map(number) ?? "0", "",
                book.publisher ?? "", book.binding ?? "", book.pages.map(String.init) ?? "",
                book.editionYear.map(String.init) ?? "", book.year.map(String.init) ?? "",
                book.dateRead.map(dayFormatter.string) ?? "", dayFormatter.string(from: book.dateAdded),
                book.bookshelves.joined(separator: ", "), "", book.shelf ?? "", book.review ?? "", "", book.notes ?? "",
                book.readCount.map(String.init) ?? "", String(book.copies),
            ]
            lines.append(cells.map(csvCell).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The version of the JSON export's layout: 2 added the reading fields and real arrays.
    public static let jsonSchemaVersion = 2

    /// The books, and where each came from, as pretty-printed JSON:
    /// `{"schemaVersion": 2, "books": [{…, "sources": [{…, "outline": [[x, y], …]}]}]}`.
    public static func json(_ books: [LibraryBook], sources: [Int64: [BookSource]]) throws -> String {
        struct Exported: Encodable {
            var schemaVersion: Int
            var books: [ExportedBook]
        }
        struct ExportedBook: Encodable {
            var book: LibraryBook
            var sources: [BookSource]

            enum CodingKeys: String, CodingKey {
                case id, title, subtitle, series, authors, isbn13, isbn10, publisher, year, editionYear, shelf,
                    bookshelves
                case copies, dateAdded, rating, dateRead, readCount, binding, pages, review, notes, sources
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
                try container.encode(book.editionYear, forKey: .editionYear)
                try container.encode(book.shelf, forKey: .shelf)
                try container.encode(book.bookshelves, forKey: .bookshelves)
                try container.encode(book.copies, forKey: .copies)
                try container.encode(book.dateAdded, forKey: .dateAdded)
                try container.encode(book.rating, forKey: .rating)
                try container.encode(book.dateRead, forKey: .dateRead)
                try container.encode(book.readCount, forKey: .readCount)
                try container.encode(book.binding, forKey: .binding)
                try container.encode(book.pages, forKey: .pages)
                try container.encode(book.review, forKey: .review)
                try container.encode(book.notes, forKey: .notes)
                try container.encode(sources.map(ExportedSource.init), forKey: .sources)
            }
        }
        /// A source with its outline as an array, not as the JSON text the database keeps.
        struct ExportedSource: Encodable {
            var source: BookSource

            enum CodingKeys: String, CodingKey { case kind, file, format, externalId, outline, confidence, addedAt }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(source.kind, forKey: .kind)
                try container.encode(source.file, forKey: .file)
                try container.encode(source.format, forKey: .format)
                try container.encode(source.externalId, forKey: .externalId)
                let outline = source.outline.flatMap { try? JSONDecoder().decode([[Double]].self, from: Data($0.utf8)) }
                try container.encode(outline, forKey: .outline)
                try container.encode(source.confidence, forKey: .confidence)
                try container.encode(source.addedAt, forKey: .addedAt)
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let exported = Exported(
            schemaVersion: jsonSchemaVersion,
            books: books.map { ExportedBook(book: $0, sources: $0.id.flatMap { sources[$0] } ?? []) })
        return String(decoding: try encoder.encode(exported), as: UTF8.self)
    }

    /// A rating as a person writes it: "4", "4.5".
    static func number(_ value: Double) -> String {
        value.isFinite && abs(value) < 1e15 && value == value.rounded() ? String(Int(value)) : String(value)
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
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "=" }) else {
            return text
        }
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
