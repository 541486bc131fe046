import Foundation
import ShelfISBN

/// One line of an Open Library dump (`ol_dump_authors_*`, `ol_dump_works_*`,
/// `ol_dump_editions_*`): five tab-separated columns — type, key, revision, last modified, and
/// the record as JSON — read into what the catalogue keeps. Real records carry many more fields,
/// and many lack most of these; a record that lacks what it needs is skipped with the reason.
enum OpenLibraryRecord: Equatable {
    case author(key: String, name: String)
    case work(key: String, title: String, subtitle: String?, authorKeys: [String], year: Int?)
    /// An edition: the ISBNs it gives its work.
    case edition(workKey: String, isbn13s: [String])
    /// A record of another type (a redirect, a deleted record, a list): not an error.
    case other

    /// Reads one dump line.
    ///
    /// - Throws: the reason the line was skipped, as a sentence.
    init(line: Substring) throws(Skip) {
        let columns = line.split(separator: "\t", maxSplits: 4, omittingEmptySubsequences: false)
        guard columns.count == 5 else { throw Skip("not a dump line (\(columns.count) of 5 tab-separated columns)") }
        let type = columns[0]
        guard type == "/type/author" || type == "/type/work" || type == "/type/edition" else {
            self = .other
            return
        }
        let json: Fields
        do {
            json = try JSONDecoder().decode(Fields.self, from: Data(columns[4].utf8))
        } catch {
            throw Skip("its record is not valid JSON")
        }
        let key = json.key ?? String(columns[1])
        switch type {
        case "/type/author":
            guard let name = (json.name ?? json.personal_name).map(Self.trimmed), !name.isEmpty else {
                throw Skip("an author without a name (\(key))")
            }
            self = .author(key: key, name: name)
        case "/type/work":
            guard let title = json.title.map(Self.trimmed), !title.isEmpty else {
                throw Skip("a work without a title (\(key))")
            }
            let authors = (json.authors ?? []).compactMap(\.key)
            self = .work(
                key: key, title: title, subtitle: json.subtitle.map(Self.trimmed).flatMap { $0.isEmpty ? nil : $0 },
                authorKeys: authors, year: json.first_publish_date.flatMap(Self.year))
        default:
            guard let workKey = json.works?.first?.key else { throw Skip("an edition of no work (\(key))") }
            var isbns: [String] = []
            for text in (json.isbn_13 ?? []) + (json.isbn_10 ?? []) {
                guard let isbn = try? ISBN(text), !isbns.contains(isbn.isbn13) else { continue }
                isbns.append(isbn.isbn13)
            }
            self = .edition(workKey: workKey, isbn13s: isbns)
        }
    }

    /// Why a line was skipped.
    struct Skip: Error, Equatable {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// The fields read; every one may be missing.
    private struct Fields: Decodable {
        var key: String?
        var name: String?
        var personal_name: String?
        var title: String?
        var subtitle: String?
        var first_publish_date: String?
        var authors: [AuthorReference]?
        var works: [Reference]?
        var isbn_13: [String]?
        var isbn_10: [String]?
    }

    private struct Reference: Decodable {
        var key: String?
    }

    /// A work names an author as `{"author": {"key": …}}`, an edition as `{"key": …}`; old
    /// records as `{"author": "/authors/…"}`.
    private struct AuthorReference: Decodable {
        var key: String?

        enum CodingKeys: String, CodingKey { case key, author }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let key = try? container.decode(String.self, forKey: .key) {
                self.key = key
            } else if let author = try? container.decode(Reference.self, forKey: .author) {
                key = author.key
            } else {
                key = try? container.decode(String.self, forKey: .author)
            }
        }
    }

    static func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// The first year in a date as Open Library writes them: "2008", "March 1998", "1998-03-01".
    static func year(in text: String) -> Int? {
        var digits = ""
        for character in text {
            if character.isASCII && character.isNumber {
                digits.append(character)
                if digits.count == 4 { return Int(digits).flatMap { (1000...2999).contains($0) ? $0 : nil } }
            } else {
                digits = ""
            }
        }
        return nil
    }
}
