import Foundation
import GRDB
import Testing

@testable import ShelfLibrary

/// Owned versus wanted: a book on a wish shelf with no copy is one the owner wants. A scan that
/// finds it says so (not "already in the library"), `--add` makes it theirs, and an export gives
/// back the shelves and copies that went in.
struct WantedBooksTests {
    static func library(importing file: String) throws -> Library {
        let library = try Library.inMemory()
        _ = try library.importFile(at: Fixtures.path("library/\(file)"))
        return library
    }

    @Test func aToReadRowWithNoOwnedCopyIsWantedNotOwned() throws {
        let books = try Self.library(importing: "goodreads_library_export.csv").books()
        let mockingbird = try #require(books.first { $0.title == "To Kill a Mockingbird" })
        #expect(mockingbird.copies == 0 && mockingbird.isWanted)
        // Read with no copy recorded (as most Goodreads rows are): kept track of, not wanted.
        let sapiens = try #require(books.first { $0.title == "Sapiens" })
        #expect(sapiens.copies == 0 && !sapiens.isWanted)
        #expect(books.first { $0.title == "Pride and Prejudice" }?.copies == 2)
        #expect(books.filter(\.isWanted).map(\.title) == ["To Kill a Mockingbird"])

        let storyGraph = try Self.library(importing: "storygraph_export.csv").books()
        #expect(storyGraph.filter(\.isWanted).map(\.title) == ["Educated"])
        let libraryThing = try Self.library(importing: "librarything_export.csv").books()
        #expect(libraryThing.first { $0.title == "Moby-Dick" }?.copies == 0)
        #expect(libraryThing.filter(\.isWanted).isEmpty)
    }

    /// A scan matches the wanted entry as a wanted one, and adding it makes an owned copy of that
    /// entry: no second entry, nothing reported as already there.
    @Test func addingAWantedBookMakesItOwned() throws {
        let library = try Self.library(importing: "goodreads_library_export.csv")
        let count = try library.count()
        let spine = ScannedBook(
            title: "To Kill a Mockingbird", author: "Lee", isbn: nil, text: "TO KILL A MOCKINGBIRD | HARPER LEE")
        let match = try #require(try library.matcher().match(for: spine))
        #expect(match.isWanted && match.shelf == "to-read")
        let copy = ScannedCopy(book: spine, publisher: nil, photo: "/photos/a.jpg", outline: [[0, 0]], confidence: 0.9)
        let summary = try library.add([copy, copy])
        #expect(summary.added.isEmpty && summary.alreadyPresent.isEmpty)
        let owned = try #require(summary.nowOwned.first)
        #expect(summary.nowOwned.count == 1 && owned.id == match.id && owned.copies == 2 && !owned.isWanted)
        #expect(try library.count() == count)
        // Owned now: a later scan finds it in the library.
        #expect(try library.matcher().match(for: spine)?.isWanted == false)
        #expect(try library.add([copy]).alreadyPresent.count == 1)
    }

    /// The export gives back what the import read: the exclusive shelf, the shelves as listed, and
    /// the owned copies, 0 included; a scanned book, on no shelf, comes back on none.
    @Test func anExportGivesBackTheShelvesAndCopiesThatWentIn() throws {
        let original = try CSVTable(data: Data(contentsOf: URL(fileURLWithPath: Fixtures.path("library/goodreads_library_export.csv"))), path: "fixture")
        let library = try Self.library(importing: "goodreads_library_export.csv")
        _ = try library.add([
            ScannedCopy(
                book: ScannedBook(title: "Silent Spring", author: "Rachel Carson", isbn: nil, text: "SILENT SPRING"),
                publisher: nil, photo: "/photos/a.jpg", outline: [[0, 0]], confidence: 0.9)
        ])
        let books = try library.books()
        let exported = CSVTable(text: LibraryExporter.goodreadsCSV(books, sources: try library.sources(of: books)))
        var compared = 0
        for row in original.rows {
            guard let id = original.cell(row, "Book Id"),
                let back = exported.rows.first(where: { exported.cell($0, "Book Id") == id })
            else { continue }
            for column in ["Exclusive Shelf", "Bookshelves", "Owned Copies"] {
                #expect(exported.cell(back, column) == original.cell(row, column), "\(id) \(column)")
                compared += 1
            }
        }
        #expect(compared == 6 * 3)
        let scanned = try #require(exported.rows.first { exported.cell($0, "Title") == "Silent Spring" })
        #expect(exported.cell(scanned, "Exclusive Shelf") == nil)
        #expect(exported.cell(scanned, "Owned Copies") == "1")
    }

    /// A library written before wanted books (schema v2) is brought to v3 with its books and their
    /// sources kept, and then takes a book with no copies.
    @Test func aVersionTwoLibraryTakesWantedBooksAfterItsUpgrade() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shelfscan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("library.sqlite").path
        do {
            let queue = try DatabaseQueue(path: path)
            try Library.migrator.migrate(queue, upTo: "v2: the owner's reading and the edition")
            try queue.write { db in
                try db.execute(
                    sql: "INSERT INTO book (title, authors, copies, dateAdded, bookshelves) VALUES (?, ?, ?, ?, ?)",
                    arguments: ["Silent Spring", "[\"Rachel Carson\"]", 2, Date(), "[\"science\"]"])
                try db.execute(
                    sql: "INSERT INTO bookSource (bookId, kind, file, addedAt) VALUES (1, 'scan', '/photos/a.jpg', ?)",
                    arguments: [Date()])
                #expect(throws: (any Error).self) {
                    try db.execute(sql: "UPDATE book SET copies = 0 WHERE id = 1")
                }
            }
        }
        let library = try Library.open(at: path)
        let book = try #require(try library.books().first)
        #expect(book.title == "Silent Spring" && book.copies == 2 && book.bookshelves == ["science"])
        #expect(try library.sources(ofBook: 1).map(\.file) == ["/photos/a.jpg"])
        var wanted = LibraryBook(title: "Educated", authors: ["Tara Westover"], shelf: "to-read", copies: 0)
        try library.write { db in try wanted.insert(db) }
        #expect(try library.books().first { $0.title == "Educated" }?.isWanted == true)
        #expect(try library.read { db in try String.fetchOne(db, sql: "PRAGMA foreign_key_check") } == nil)
    }
}
