import Foundation
import GRDB
import ShelfTestSupport
import Testing

@testable import ShelfISBN
@testable import ShelfImaging
@testable import ShelfLibrary
@testable import ShelfPipeline

/// The library database: schema, safety on bad files, import, search, export, remove and add.
struct LibraryTests {
    /// A fresh folder for one test's database files.
    static func temporaryFolder() throws -> URL {
        try Scratch.folder("library")
    }

    static func importedFixture(_ name: String, into library: Library) throws -> ImportSummary {
        try library.importFile(at: Fixtures.path("library/\(name)"))
    }

    // MARK: - Schema and files

    @Test func createsItsSchemaWithWALAndForeignKeys() throws {
        let folder = try Self.temporaryFolder()
        let path = folder.appendingPathComponent("nested/library.sqlite").path
        let library = try Library.open(at: path)
        let (journal, foreignKeys, tables, migrations) = try library.read { db in
            (
                try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Bool.fetchOne(db, sql: "PRAGMA foreign_keys"),
                try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"),
                try Library.migrator.appliedIdentifiers(db)
            )
        }
        #expect(journal == "wal")
        #expect(foreignKeys == true)
        #expect(tables.contains("book") && tables.contains("bookSource"))
        #expect(
            migrations == [
                "v1: books and where they came from", "v2: the owner's reading and the edition",
                "v3: a wanted book has no copies",
            ])
        // Opening again applies nothing new and keeps the books.
        _ = try Self.importedFixture("storygraph_export.csv", into: library)
        #expect(try Library.open(at: path).count() == 6)
    }

    @Test func refusesAFileThatIsNotADatabaseAndLeavesItAlone() throws {
        let path = try Self.temporaryFolder().appendingPathComponent("notes.sqlite").path
        let content = Data("My reading list\nDune\n".utf8)
        try content.write(to: URL(fileURLWithPath: path))
        #expect { try Library.open(at: path) } throws: { ($0 as? LibraryError)?.code == .notALibrary }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == content)
    }

    @Test func refusesAnotherProgramsDatabase() throws {
        let path = try Self.temporaryFolder().appendingPathComponent("other.sqlite").path
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "CREATE TABLE invoice (id INTEGER PRIMARY KEY)")
        }
        #expect { try Library.open(at: path) } throws: { ($0 as? LibraryError)?.code == .notALibrary }
        let tables = try DatabaseQueue(path: path).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master")
        }
        #expect(tables == ["invoice"])
    }

    @Test func reportsADamagedDatabase() throws {
        let path = try Self.temporaryFolder().appendingPathComponent("damaged.sqlite").path
        let library = try Library.open(at: path)
        _ = try Self.importedFixture("goodreads_library_export.csv", into: library)
        try library.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        // Keep SQLite's header, scribble over the pages that follow it.
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: 100)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 8000))
        try handle.close()
        #expect { try Library.open(at: path).books() } throws: {
            [.corrupt, .notALibrary].contains(($0 as? LibraryError)?.code)
        }
    }

    @Test func defaultPathFollowsXDG() {
        #expect(
            Library.defaultPath(environment: ["HOME": "/home/ann"]) == "/home/ann/.local/share/shelfscan/library.sqlite"
        )
        #expect(
            Library.defaultPath(environment: ["HOME": "/home/ann", "XDG_DATA_HOME": "/data"])
                == "/data/shelfscan/library.sqlite")
        #expect(
            Library.defaultPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"])
                == "/h/.local/share/shelfscan/library.sqlite")
        #expect(
            Library.defaultPath(environment: ["SHELFSCAN_LIBRARY": "/x/l.sqlite", "XDG_DATA_HOME": "/data"])
                == "/x/l.sqlite")
    }

    // MARK: - Import

    @Test func importsGoodreads() throws {
        let library = try Library.inMemory()
        let summary = try Self.importedFixture("goodreads_library_export.csv", into: library)
        #expect(summary.format == .goodreads)
        #expect(summary.rows == 8)
        #expect(
            summary.imported.map(\.title) == [
                "The Road", "To Kill a Mockingbird", "Sapiens", "Harry Potter and the Chamber of Secrets",
                "Slaughterhouse-Five",
                "Pride and Prejudice",
            ])
        #expect(summary.skipped.map(\.row) == [3])
        #expect(summary.alreadyPresent.map(\.row) == [8])
        let potter = try #require(summary.imported.first { $0.title.hasPrefix("Harry Potter") })
        #expect(potter.series == "Harry Potter, #2")
        #expect(potter.authors.first == "J.K. Rowling")
        #expect(potter.isbn13 == "9780439064873")
        let sapiens = try #require(summary.imported.first { $0.title == "Sapiens" })
        #expect(sapiens.subtitle?.hasPrefix("A Brief History") == true)
        #expect(summary.imported.first { $0.title == "Pride and Prejudice" }?.copies == 2)
        #expect(summary.imported.first { $0.title == "Slaughterhouse-Five" }?.isbn13 == nil)
        #expect(Set(summary.imported.compactMap(\.shelf)) == ["read", "to-read", "currently-reading"])
    }

    @Test func importsLibraryThing() throws {
        let library = try Library.inMemory()
        let summary = try Self.importedFixture("librarything_export.csv", into: library)
        #expect(summary.format == .libraryThing)
        #expect(summary.imported.count == 6)
        let books = Dictionary(uniqueKeysWithValues: summary.imported.map { ($0.title, $0) })
        #expect(books["The Left Hand of Darkness"]?.authors == ["Ursula K. Le Guin"])
        #expect(books["Frankenstein"]?.authors == ["Mary Shelley"])  // the editor is not an author
        #expect(books["Frankenstein"]?.publisher == "Penguin Classics")
        #expect(books["The Hitchhiker's Guide to the Galaxy"]?.isbn13 == "9780330258647")  // from its ISBN-10
        #expect(books["Moby-Dick"]?.isbn13 == nil)
        #expect(books["Beloved"]?.shelf == "currently-reading")
        #expect(books["Crime and Punishment"]?.shelf == "to-read")
    }

    @Test func importsStoryGraph() throws {
        let library = try Library.inMemory()
        let summary = try Self.importedFixture("storygraph_export.csv", into: library)
        #expect(summary.format == .storyGraph)
        #expect(summary.imported.count == 6 && summary.skipped.isEmpty)
        let books = Dictionary(uniqueKeysWithValues: summary.imported.map { ($0.title, $0) })
        #expect(books["Good Omens"]?.authors == ["Terry Pratchett", "Neil Gaiman"])
        #expect(books["Jane Eyre"]?.isbn13 == nil)  // a StoryGraph id is not an ISBN
        #expect(books["Catch-22"]?.shelf == "did-not-finish")
    }

    @Test func importingTheSameFileTwiceAddsNothing() throws {
        let library = try Library.inMemory()
        for name in ["goodreads_library_export.csv", "librarything_export.csv", "storygraph_export.csv"] {
            _ = try Self.importedFixture(name, into: library)
        }
        #expect(try library.count() == 18)
        let again = try Self.importedFixture("goodreads_library_export.csv", into: library)
        #expect(again.imported.isEmpty)
        #expect(again.alreadyPresent.count == 7)
        #expect(try library.count() == 18)
    }

    @Test func refusesAnUnknownExportAndChangesNothing() throws {
        let library = try Library.inMemory()
        #expect { try Self.importedFixture("not_an_export.csv", into: library) } throws: {
            ($0 as? LibraryError)?.code == .badImport
        }
        #expect(try library.count() == 0)
    }

    // MARK: - Search, export, remove

    @Test func searchToleratesTyposAndFindsISBNsInEitherForm() throws {
        let library = try Library.inMemory()
        _ = try Self.importedFixture("librarything_export.csv", into: library)
        #expect(try library.search("hitchiker galaxy").map(\.title) == ["The Hitchhiker's Guide to the Galaxy"])
        #expect(try library.search("dostoyevsky").map(\.title) == ["Crime and Punishment"])
        #expect(try library.search("0-330-25864-8").map(\.title) == ["The Hitchhiker's Guide to the Galaxy"])
        #expect(try library.search("9780441478125").map(\.title) == ["The Left Hand of Darkness"])
        #expect(try library.search("zebra").isEmpty)
    }

    @Test func exportsGoodreadsCSVThatImportsBackUnchanged() throws {
        let library = try Library.inMemory()
        _ = try Self.importedFixture("librarything_export.csv", into: library)
        _ = try Self.importedFixture("storygraph_export.csv", into: library)
        let csv = LibraryExporter.goodreadsCSV(try library.books())
        #expect(csv.contains("\"=\"\"9780330258647\"\"\""))
        let file = try Self.temporaryFolder().appendingPathComponent("export.csv")
        try csv.write(to: file, atomically: true, encoding: .utf8)

        let copy = try Library.inMemory()
        let summary = try copy.importFile(at: file.path)
        #expect(summary.format == .goodreads && summary.imported.count == 12)
        let key = { (book: LibraryBook) in "\(book.fullTitle)|\(book.authors)|\(book.isbn13 ?? "")|\(book.copies)" }
        #expect(Set(try copy.books().map(key)) == Set(try library.books().map(key)))
        // Importing it into the library it came from adds nothing.
        #expect(try library.importFile(at: file.path).imported.isEmpty)
    }

    @Test func removesAllOrNothing() throws {
        let library = try Library.inMemory()
        let imported = try Self.importedFixture("storygraph_export.csv", into: library).imported.compactMap(\.id)
        #expect { try library.remove(ids: [imported[0], 9999]) } throws: { ($0 as? LibraryError)?.code == .noSuchBook }
        #expect(try library.count() == 6)
        let removed = try library.remove(ids: [imported[0]])
        #expect(removed.map(\.title) == ["Good Omens"])
        #expect(try library.count() == 5)
        // Its sources went with it (foreign key, on delete cascade).
        #expect(try library.sources(ofBook: imported[0]).isEmpty)
        #expect(try library.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM bookSource") } == 5)
    }

    // MARK: - Adding a scan

    static func scannedBook(_ title: String, _ author: String?, confidence: Double = 0.9, selected: Bool = true)
        -> DetectedBook
    {
        DetectedBook(
            title: title, author: author, confidence: confidence, detectionScore: 0.9,
            status: selected ? .detected : .uncertain,
            selected: selected,
            polygon: [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 90), Point(x: 0, y: 90)],
            text: [title, author ?? ""].joined(separator: " | ").uppercased())
    }

    @Test func addsEachDistinctSelectedBookOnceWithItsCopies() throws {
        let library = try Library.inMemory()
        _ = try Self.importedFixture("storygraph_export.csv", into: library)
        let report = ScanReport(images: [
            ImageReport(
                path: "/photos/a.jpg",
                books: [
                    Self.scannedBook("The Stand", "Stephen King"),
                    Self.scannedBook("The Stand", "King", confidence: 0.8),  // a second copy, read less well
                    Self.scannedBook("Good Omens", "Terry Pratchett"),  // owned: not added
                    Self.scannedBook("Xqzt Vvrl", nil, confidence: 0.3, selected: false),  // not selected
                ]),
            ImageReport(path: "/photos/b.jpg", books: [Self.scannedBook("Silent Spring", "Rachel Carson")]),
        ])
        let first = try library.add(report.selectedCopies)
        #expect(first.added.map(\.title).sorted() == ["Silent Spring", "The Stand"])
        #expect(first.added.first { $0.title == "The Stand" }?.copies == 2)
        #expect(first.added.first { $0.title == "The Stand" }?.authors == ["Stephen King"])  // the best read names it
        #expect(first.alreadyPresent.count == 1)
        let stand = try #require(first.added.first { $0.title == "The Stand" }?.id)
        let sources = try library.sources(ofBook: stand)
        #expect(sources.count == 2 && sources.allSatisfy { $0.kind == .scan && $0.file == "/photos/a.jpg" })
        #expect(sources.first?.outline == "[[0,0],[10,0],[10,90],[0,90]]")
        #expect(try library.count() == 8)

        let second = try library.add(report.selectedCopies)
        #expect(second.added.isEmpty)
        #expect(try library.count() == 8)
    }

    @Test func addsATitleReadWithItsSubtitleAsTitleAndSubtitle() throws {
        let library = try Library.inMemory()
        let report = ScanReport(images: [
            ImageReport(path: "/photos/a.jpg", books: [Self.scannedBook("Harbour Lights: A Coastal Walk", "Nora Vance")])
        ])
        let added = try library.add(report.selectedCopies).added
        #expect(added.map(\.title) == ["Harbour Lights"] && added.map(\.subtitle) == ["A Coastal Walk"])
        // The same book read without its subtitle is the one the library has.
        let again = ScanReport(images: [ImageReport(path: "/photos/b.jpg", books: [Self.scannedBook("Harbour Lights", "Nora Vance")])])
        #expect(try library.add(again.selectedCopies).added.isEmpty)
    }
}
