import Foundation
import ShelfTestSupport
import Testing

/// `shelfscan catalog …` and scanning with a catalogue, as a user runs them: a catalogue of the
/// test shelf's books (its truth file's titles, authors and catalogue ISBNs) among other works.
@Suite(.tags(.endToEnd))
struct CatalogEndToEndTests {
    struct TruthBook: Decodable {
        var title: String
        var author: String
        var catalogueIsbn: String?
    }

    struct Truth: Decodable {
        var books: [TruthBook]
    }

    static let shelf = EndToEndTests.fixture("shelves/shelf-001.jpg")

    /// An inventory CSV of the shelf's books, and of as many made-up others with the same words.
    static func inventory() throws -> (path: String, books: [TruthBook]) {
        let truth = try JSONDecoder().decode(Truth.self, from: Data(contentsOf: URL(fileURLWithPath: shelf + ".truth.json")))
        var lines = ["Título;Autor;ISBN"]
        for book in truth.books {
            lines.append("\(book.title);\(book.author);\(book.catalogueIsbn ?? "")")
            // A near miss of each: the same title going on, by another author.
            lines.append("\(book.title) Returns;Another Writer;")
        }
        let path = Scratch.file("inventory", extension: "csv").path
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return (path, truth.books)
    }

    @Test func importInfoAndSearch() throws {
        let catalog = Scratch.file("catalog", extension: "sqlite").path
        let (inventory, books) = try Self.inventory()
        let imported = try EndToEndTests.run(["catalog", "import", "--catalog", catalog, inventory])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("\(inventory): CSV: \(books.count * 2) works, 0 skipped"), "\(imported.stdout)")
        let info = try EndToEndTests.run(["catalog", "info", "--catalog", catalog])
        #expect(info.stdout.hasPrefix("\(catalog): \(books.count * 2) works, 0 authors"), "\(info.stdout)")
        let search = try EndToEndTests.run(["catalog", "search", "--catalog", catalog, "salt", "inheritance"])
        #expect(search.status == 0 && search.stdout.hasPrefix("The Salt Inheritance by Dorian Dunmore"), "\(search.stdout)")
        let none = try EndToEndTests.run(["catalog", "search", "--catalog", catalog, "zzyzx"])
        #expect(none.status == 1 && none.stderr.contains("nothing in the catalogue"))
        let bad = try EndToEndTests.run(["catalog", "import", "--catalog", catalog, EndToEndTests.fixture("library/not_an_export.csv")])
        #expect(bad.status == 1 && bad.stderr.contains("not_an_export.csv: neither an Open Library dump nor a CSV with a title column"))
    }

    /// With the shelf's books in the catalogue, spines read in part are reported as the books they
    /// are, none as another, and --add stores the catalogue's ISBN.
    @Test func aScanIdentifiesTheShelfsBooksAndAddsThemWithTheirISBNs() throws {
        let catalog = Scratch.file("catalog", extension: "sqlite").path
        let (inventory, books) = try Self.inventory()
        #expect(try EndToEndTests.run(["catalog", "import", "--catalog", catalog, inventory]).status == 0)
        let without = try JSONDecoder().decode(
            ScanEndToEndTests.Report.self,
            from: Data(try EndToEndTests.run(["scan", "--json", "--quiet", "--no-catalog", Self.shelf]).stdout.utf8))
        let library = try LibraryEndToEndTests.temporaryLibrary()
        let run = try EndToEndTests.run(["scan", "--json", "--quiet", "--add", "--catalog", catalog, "--library", library, Self.shelf])
        #expect(run.status == 0, "\(run.stderr)")
        let with = try JSONDecoder().decode(ScanEndToEndTests.Report.self, from: Data(run.stdout.utf8))
        let identified = with.images[0].books.filter { $0.identified != nil }
        #expect(identified.count >= books.count / 2, "\(identified.count) of \(books.count) identified")
        let titles = Set(books.map(\.title))
        for book in identified {
            #expect(titles.contains(book.title ?? ""), "identified as a book not on the shelf: \(book.title ?? "")")
            // Title and author agreeing is selected; a title alone keeps the reading's own judgement.
            #expect(book.selected || book.identified?.matchedBy == "title")
        }
        #expect(with.images[0].books.filter(\.selected).count > without.images[0].books.filter(\.selected).count)
        // The library has the catalogue's ISBN for the identified books.
        let list = try EndToEndTests.run(["library", "export", "--library", library])
        let withISBN = books.filter { book in book.catalogueIsbn.map { list.stdout.contains($0) } ?? false }
        #expect(withISBN.count >= identified.count - 2, "\(withISBN.count) ISBNs stored for \(identified.count) identified")
    }

    /// An inventory holds every book of the shelves scanned: a title read that none of its books
    /// is, is doubted and withheld, with the reason; the books it holds are identified as before.
    @Test func anInventoryDoubtsTitlesItDoesNotHold() throws {
        let catalog = Scratch.file("catalog", extension: "sqlite").path
        let truth = try JSONDecoder().decode(Truth.self, from: Data(contentsOf: URL(fileURLWithPath: Self.shelf + ".truth.json")))
        // The shop's stock: the shelf's first half only.
        let stocked = Array(truth.books.prefix(truth.books.count / 2))
        let path = Scratch.file("stock", extension: "csv").path
        try (["title,author,isbn"] + stocked.map { "\"\($0.title)\",\"\($0.author)\",\($0.catalogueIsbn ?? "")" })
            .joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let imported = try EndToEndTests.run(["catalog", "import", "--inventory", "--catalog", catalog, path])
        #expect(imported.status == 0, "\(imported.stderr)")
        let info = try EndToEndTests.run(["catalog", "info", "--catalog", catalog])
        #expect(info.stdout.contains("CSV (inventory): ") && info.stdout.contains("complete: a title read"), "\(info.stdout)")

        let run = try EndToEndTests.run(["scan", "--json", "--quiet", "--catalog", catalog, Self.shelf])
        #expect(run.status == 0, "\(run.stderr)")
        let books = try JSONDecoder().decode(ScanEndToEndTests.Report.self, from: Data(run.stdout.utf8)).images[0].books
        let doubted = books.filter { $0.signals?["notInCatalog"] == 1 }
        let identified = books.filter { $0.identified != nil }
        #expect(identified.count >= stocked.count / 2, "\(identified.count) of \(stocked.count) stocked books identified")
        #expect(doubted.count >= (truth.books.count - stocked.count) / 2, "\(doubted.count) doubted")
        for book in doubted {
            #expect(!book.selected && book.identified == nil && book.isbn == nil)
        }
        // Every book selected is a stocked one: the others were withheld.
        let stockedTitles = Set(stocked.map(\.title))
        for book in books where book.selected && book.isbn == nil {
            #expect(stockedTitles.contains(book.title ?? ""), "selected though not stocked: \(book.title ?? "")")
        }
        // Without --inventory the same catalogue is a selection: nothing is doubted for not being in it.
        let plain = Scratch.file("catalog", extension: "sqlite").path
        #expect(try EndToEndTests.run(["catalog", "import", "--catalog", plain, path]).status == 0)
        let again = try EndToEndTests.run(["scan", "--json", "--quiet", "--catalog", plain, Self.shelf])
        let plainBooks = try JSONDecoder().decode(ScanEndToEndTests.Report.self, from: Data(again.stdout.utf8)).images[0].books
        #expect(!plainBooks.contains { $0.signals?["notInCatalog"] != nil })
    }

    @Test func aNamedCatalogueThatIsNotThereStopsTheScan() throws {
        let missing = Scratch.file("missing", extension: "sqlite").path
        let run = try EndToEndTests.run(["scan", "--catalog", missing, Self.shelf])
        #expect(run.status == 1)
        #expect(run.stderr.contains("\(missing): no catalogue there"))
    }
}
