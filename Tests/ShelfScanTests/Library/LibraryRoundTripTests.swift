import Foundation
import Testing

import GRDB

@testable import ShelfLibrary

/// Import → export → import keeps every field a service's export carries: a person who moves
/// their library through shelfscan keeps their ratings, shelves and reading history.
struct LibraryRoundTripTests {
    /// The fields compared, by name, with each book's value as text.
    static func fields(of book: LibraryBook) -> [String: String] {
        func text(_ value: Any?) -> String { value.map { "\($0)" } ?? "nil" }
        let day = LibraryExporter.dayFormatter
        return [
            "title": book.title, "subtitle": text(book.subtitle), "series": text(book.series),
            "authors": book.authors.joined(separator: "; "), "isbn13": text(book.isbn13), "isbn10": text(book.isbn10),
            "publisher": text(book.publisher), "year": text(book.year), "editionYear": text(book.editionYear),
            "shelf": text(book.shelf), "bookshelves": book.bookshelves.joined(separator: "; "),
            "copies": String(book.copies),
            "dateAdded": day.string(from: book.dateAdded), "rating": text(book.rating),
            "dateRead": text(book.dateRead.map(day.string)), "readCount": text(book.readCount),
            "binding": text(book.binding),
            "pages": text(book.pages), "review": text(book.review), "notes": text(book.notes),
        ]
    }

    static func library(importing file: String) throws -> Library {
        let library = try Library.inMemory()
        _ = try library.importFile(at: file)
        return library
    }

    /// Per fixture, the fields its rows fill in (so that the round trip is not of empty fields).
    static let filledFields: [String: [String]] = [
        "goodreads_library_export.csv": [
            "rating", "binding", "pages", "editionYear", "dateRead", "bookshelves", "review", "readCount",
        ],
        "librarything_export.csv": ["rating", "binding", "pages", "editionYear", "dateRead", "bookshelves"],
        "storygraph_export.csv": ["rating", "binding", "dateRead", "readCount", "bookshelves", "review"],
    ]

    @Test(arguments: ["goodreads_library_export.csv", "librarything_export.csv", "storygraph_export.csv"])
    func exportingAndImportingAgainKeepsEveryField(file: String) throws {
        let first = try Self.library(importing: Fixtures.path("library/\(file)"))
        let books = try first.books()
        for name in Self.filledFields[file] ?? [] {
            #expect(books.contains { !["nil", ""].contains(Self.fields(of: $0)[name]) }, "\(file): no \(name) read")
        }
        let csv = LibraryExporter.goodreadsCSV(books, sources: try first.sources(of: books))
        let exported = FileManager.default.temporaryDirectory.appendingPathComponent(
            "shelfscan-\(UUID().uuidString).csv")
        try csv.write(to: exported, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: exported) }
        let again = try Self.library(importing: exported.path).books()

        #expect(again.count == books.count)
        var compared = 0
        for book in books {
            guard let copy = again.first(where: { $0.title == book.title && $0.authors == book.authors }) else {
                Issue.record("\(file): \(book.title) lost")
                continue
            }
            let (before, after) = (Self.fields(of: book), Self.fields(of: copy))
            for name in before.keys.sorted() where before[name] != after[name] {
                Issue.record("\(file): \(book.title): \(name) was \(before[name]!), came back \(after[name]!)")
            }
            compared += before.count
        }
        #expect(compared == books.count * 20)
    }

    /// The fields that v1 lost, read from the Goodreads fixture and written back.
    @Test func aGoodreadsRowKeepsItsRatingShelvesDatesAndEdition() throws {
        let library = try Self.library(importing: Fixtures.path("library/goodreads_library_export.csv"))
        let books = try library.books()
        let rated = try #require(books.first { $0.rating != nil })
        let csv = LibraryExporter.goodreadsCSV(books, sources: try library.sources(of: books))
        let table = CSVTable(text: csv)
        let row = try #require(table.rows.first { table.cell($0, "Title") == rated.fullTitle })
        let rating = try #require(rated.rating), id = try #require(rated.id)
        #expect(table.cell(row, "My Rating") == LibraryExporter.number(rating))
        // Goodreads's own id, not shelfscan's row id.
        let source = try #require(try library.sources(ofBook: id).first)
        #expect(table.cell(row, "Book Id") == source.externalId)
        #expect(table.cell(row, "Book Id") != String(id))
    }

    @Test func theJSONExportHasASchemaVersionAndRealArrays() throws {
        let library = try Library.inMemory()
        _ = try library.add([
            ScannedCopy(
                book: ScannedBook(
                    title: "Silent Spring", author: "Rachel Carson", isbn: nil, text: "SILENT SPRING | CARSON"),
                publisher: nil, photo: "/photos/a.jpg", outline: [[0, 0], [10, 0], [10, 90], [0, 90]], confidence: 0.9)
        ])
        let books = try library.books()
        let json = try LibraryExporter.json(books, sources: try library.sources(of: books))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == LibraryExporter.jsonSchemaVersion)
        let book = try #require((object["books"] as? [[String: Any]])?.first)
        #expect(book["authors"] as? [String] == ["Rachel Carson"])
        let source = try #require((book["sources"] as? [[String: Any]])?.first)
        #expect(source["outline"] as? [[Double]] == [[0, 0], [10, 0], [10, 90], [0, 90]])
    }
}

/// A library written by the previous version (schema v1) is brought to v2 when opened, for writing
/// or only for reading: its books stay, and the new fields start empty.
struct LibraryMigrationTests {
    @Test(arguments: [Library.Access.readWrite, .read])
    func aVersionOneLibraryIsUpgradedWithItsBooksKept(openedFor purpose: Library.Access) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shelfscan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("library.sqlite").path
        do {
            let queue = try DatabaseQueue(path: path)
            try Library.migrator.migrate(queue, upTo: "v1: books and where they came from")
            try queue.write { db in
                try db.execute(
                    sql: "INSERT INTO book (title, authors, isbn13, copies, dateAdded) VALUES (?, ?, ?, ?, ?)",
                    arguments: ["Silent Spring", "[\"Rachel Carson\"]", "9780618249060", 2, Date()])
            }
        }
        let library = try Library.open(at: path, for: purpose)
        let migrations = try library.read { db in try Library.migrator.appliedIdentifiers(db) }
        #expect(
            migrations == [
                "v1: books and where they came from", "v2: the owner's reading and the edition",
                "v3: a wanted book has no copies",
            ])
        let book = try #require(try library.books().first)
        #expect(book.title == "Silent Spring" && book.authors == ["Rachel Carson"] && book.copies == 2)
        #expect(book.isbn13 == "9780618249060")
        #expect(book.rating == nil && book.bookshelves.isEmpty && book.dateRead == nil && book.notes == nil)
    }
}
