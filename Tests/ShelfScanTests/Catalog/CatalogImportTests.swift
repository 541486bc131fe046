import Foundation
import ShelfCatalog
import ShelfTestSupport
import Testing

/// Importing into the catalogue from what people have: Open Library's dump lines (in the shapes
/// real records take, most fields missing in many), catalogue exports and inventory CSVs; a
/// damaged gzip file and a stopped import leave the catalogue as it was.
struct CatalogImportTests {
    static let author = """
        /type/author\t/authors/OL26320A\t12\t2021-12-26T20:24:43.392826\t{"name": "Ursula K. Le Guin", "personal_name": "Ursula K. Le Guin", "key": "/authors/OL26320A", "birth_date": "21 October 1929", "type": {"key": "/type/author"}, "revision": 12}
        """
    static let work = """
        /type/work\t/works/OL59863W\t35\t2023-01-12T10:05:09.133270\t{"title": "The Left Hand of Darkness", "key": "/works/OL59863W", "authors": [{"type": {"key": "/type/author_role"}, "author": {"key": "/authors/OL26320A"}}], "type": {"key": "/type/work"}, "subjects": ["Science fiction"], "first_publish_date": "March 1969", "revision": 35}
        """
    static let edition = """
        /type/edition\t/books/OL7587142M\t9\t2022-11-15T13:38:58.101318\t{"publishers": ["Ace"], "number_of_pages": 304, "isbn_10": ["0441478123"], "isbn_13": ["9780441478125"], "title": "The Left Hand of Darkness", "works": [{"key": "/works/OL59863W"}], "key": "/books/OL7587142M", "authors": [{"key": "/authors/OL26320A"}], "type": {"key": "/type/edition"}, "revision": 9}
        """
    /// Records as real dumps hold them too: a name only, a title only, an edition with no ISBN,
    /// one of no work, a redirect, a line cut short, JSON that is not.
    static let sparse = [
        "/type/author\t/authors/OL1A\t1\t2008-04-01T03:28:50.625462\t{\"key\": \"/authors/OL1A\", \"type\": {\"key\": \"/type/author\"}}",
        "/type/work\t/works/OL2W\t2\t2009-10-15T11:01:01.1\t{\"key\": \"/works/OL2W\", \"title\": \"Tales\"}",
        "/type/work\t/works/OL3W\t2\t2009-10-15T11:01:01.1\t{\"key\": \"/works/OL3W\", \"authors\": []}",
        "/type/edition\t/books/OL4M\t1\t2009-10-15T11:01:01.1\t{\"key\": \"/books/OL4M\", \"works\": [{\"key\": \"/works/OL2W\"}]}",
        "/type/edition\t/books/OL5M\t1\t2009-10-15T11:01:01.1\t{\"key\": \"/books/OL5M\", \"isbn_13\": [\"9780306406157\"]}",
        "/type/redirect\t/works/OL6W\t1\t2009-10-15T11:01:01.1\t{\"location\": \"/works/OL2W\"}",
        "/type/work\t/works/OL7W\t1",
        "/type/work\t/works/OL8W\t1\t2009-10-15T11:01:01.1\t{\"title\": \"Cut",
    ]

    static func file(_ lines: [String], gzip: Bool = false) throws -> String {
        let plain = Scratch.file("dump", extension: "txt").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: plain, atomically: true, encoding: .utf8)
        guard gzip else { return plain }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = [plain]
        try process.run()
        process.waitUntilExit()
        return plain + ".gz"
    }

    @Test func dumpFilesInAnyOrderMakeWorksWithAuthorsAndISBNs() throws {
        let catalog = try Catalog.inMemory()
        // Editions first: they wait for their work.
        let editions = try catalog.importFile(at: try Self.file([Self.edition], gzip: true))
        #expect(editions.editions == 1 && editions.isbns == 1 && editions.kind == "Open Library dump")
        #expect(try catalog.info().editionsWaiting == 1)
        _ = try catalog.importFile(at: try Self.file([Self.work], gzip: true))
        _ = try catalog.importFile(at: try Self.file([Self.author]))
        let info = try catalog.info()
        #expect(info.works == 1 && info.authors == 1 && info.isbns == 1 && info.editionsWaiting == 0 && info.files.count == 3)
        let found = try #require(try catalog.candidates(for: "LEFT HAND OF DARKNESS | LE GUIN").first)
        #expect(
            found == CatalogWork(
                key: "/works/OL59863W", title: "The Left Hand of Darkness", authors: ["Ursula K. Le Guin"],
                isbns: ["9780441478125"], year: 1969))
        // Found by the author's name, which came after the work, and by ISBN.
        #expect(try catalog.candidates(for: "guin").first?.key == "/works/OL59863W")
        #expect(try catalog.works(withISBN: "9780441478125").map(\.key) == ["/works/OL59863W"])
    }

    @Test func recordsMissingWhatTheyNeedAreCountedAndNamed() throws {
        let catalog = try Catalog.inMemory()
        let summary = try catalog.importFile(at: try Self.file(Self.sparse))
        #expect(summary.works == 1 && summary.editions == 1 && summary.authors == 0)
        #expect(summary.skippedCount == 5)
        #expect(summary.skipped.map(\.line) == [1, 3, 5, 7, 8])
        #expect(summary.skipped[0].reason == "an author without a name (/authors/OL1A)")
        #expect(summary.skipped[1].reason == "a work without a title (/works/OL3W)")
        #expect(summary.skipped[2].reason == "an edition of no work (/books/OL5M)")
        #expect(summary.skipped[3].reason.hasPrefix("not a dump line"))
        #expect(summary.skipped[4].reason == "its record is not valid JSON")
        #expect(try catalog.candidates(for: "tales").map(\.title) == ["Tales"])
    }

    @Test func exportsAndInventoriesAreImportedByTheirColumns() throws {
        let catalog = try Catalog.inMemory()
        let goodreads = try catalog.importFile(at: Fixtures.path("library/goodreads_library_export.csv"))
        #expect(goodreads.kind == "Goodreads export" && goodreads.works == 7 && goodreads.skippedCount == 1)
        let inventory = Scratch.file("stock", extension: "csv").path
        try """
            Barcode;ISBN-13;Autor;Título;Year
            0001;978-0-00-000000-2;Vallès, Jordi;La gran sargantana de Girona : contes;2008
            0002;;Ferrer, Núria, 1919-2020;Las Astrociencias : ¡qué viaje!;2010
            0003;9780306406157;;;
            0004;;Ek, Lína, 1939-2018;El meu Fanalet;1968
            0005;;Solberg, Ingrid (Editora);Cartes del port;2015
            """.write(toFile: inventory, atomically: true, encoding: .utf8)
        #expect(try catalog.info().isComplete == false)
        let stock = try catalog.importFile(at: inventory, asInventory: true)
        #expect(stock.kind == "CSV" && stock.works == 4 && stock.skippedCount == 1 && stock.isInventory)
        // A catalogue with an inventory in it holds every book of the shelves scanned.
        let info = try catalog.info()
        let complete = try catalog.isComplete()
        #expect(info.isComplete && info.files.map(\.isInventory) == [false, true] && complete)
        // Names as cataloguers write them: dates and roles go, a two-letter surname comes last.
        #expect(try catalog.candidates(for: "fanalet").first?.authors == ["Lína Ek"])
        #expect(try catalog.candidates(for: "cartes port").first?.authors == ["Ingrid Solberg"])
        let novel = try #require(try catalog.candidates(for: "GRAN SARGANTANA GIRONA VALLES").first)
        #expect(novel.title == "La gran sargantana de Girona" && novel.subtitle == "contes")
        #expect(novel.authors == ["Jordi Vallès"] && novel.isbns == ["9780000000002"] && novel.year == 2008)
        #expect(try catalog.candidates(for: "astrociencias").first?.authors == ["Núria Ferrer"])
        // Imported again, the same rows are the same works.
        _ = try catalog.importFile(at: inventory)
        #expect(try catalog.info().works == 11)
    }

    @Test func aDamagedGzipFileImportsNothing() throws {
        let catalog = try Catalog.inMemory()
        _ = try catalog.importFile(at: try Self.file([Self.author]))
        let lines = (0..<5000).map { "/type/work\t/works/OL\($0)W\t1\t2020-01-01T00:00:00\t{\"title\": \"Work number \($0)\"}" }
        let gzip = try Self.file(lines, gzip: true)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: gzip))
        let cut = Scratch.file("cut", extension: "gz").path
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cut))
        #expect {
            try catalog.importFile(at: cut)
        } throws: { error in
            (error as? CatalogError)?.code == .corrupt && "\(error)".contains(cut)
        }
        var flipped = bytes
        flipped[flipped.count / 2] ^= 0xFF
        let damaged = Scratch.file("damaged", extension: "gz").path
        try flipped.write(to: URL(fileURLWithPath: damaged))
        #expect(throws: CatalogError.self) { try catalog.importFile(at: damaged) }
        let info = try catalog.info()
        #expect(info.works == 0 && info.authors == 1 && info.files.count == 1)
    }

    @Test func aStoppedImportLeavesTheCatalogueAsItWas() throws {
        let path = Scratch.file("catalog", extension: "sqlite").path
        let catalog = try Catalog.open(at: path)
        _ = try catalog.importFile(at: try Self.file([Self.work]))
        let lines = (0..<30_000).map { "/type/work\t/works/OL\($0)W\t1\t2020-01-01T00:00:00\t{\"title\": \"Work number \($0)\"}" }
        let dump = try Self.file(lines, gzip: true)
        var checks = 0
        #expect {
            try catalog.importFile(
                at: dump,
                shouldStop: {
                    checks += 1
                    return true
                })
        } throws: { error in
            (error as? CatalogError)?.code == .interrupted
        }
        #expect(checks == 1)
        let reopened = try Catalog.open(at: path)
        #expect(try reopened.info().works == 1)
        #expect(try reopened.candidates(for: "work number").isEmpty)
    }

    @Test func otherFilesAreRefusedByName() throws {
        let catalog = try Catalog.inMemory()
        #expect(throws: CatalogError.self) { try catalog.importFile(at: Fixtures.path("library/not_an_export.csv")) }
        #expect(throws: CatalogError.self) { try catalog.importFile(at: "/no/such/dump.txt.gz") }
        let library = Scratch.file("library", extension: "sqlite").path
        try "not a catalogue".write(toFile: library, atomically: true, encoding: .utf8)
        #expect(throws: CatalogError.self) { try Catalog.open(at: library) }
        #expect(try String(contentsOfFile: library, encoding: .utf8) == "not a catalogue")
    }
}
