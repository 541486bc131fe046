import Foundation
import ShelfImaging
import ShelfPipeline
import ShelfTestSupport
import Testing

/// What `scan` writes for a person to look at or take elsewhere: crops, the HTML page, the CSV.
@Suite(.tags(.endToEnd))
struct ScanOutputFilesTests {
    static let shelf = EndToEndTests.fixture("shelves/shelf-001.jpg")
    static let blank = EndToEndTests.fixture("shelves/blank-wall.jpg")

    @Test func cropsAndThePageShowEveryBookAndEveryPictureTheyNameExists() throws {
        let folder = try Scratch.folder("page")
        let page = folder.appendingPathComponent("out/scan.html")
        let crops = folder.appendingPathComponent("crops")
        let run = try EndToEndTests.run([
            "scan", "--json", "--quiet", "--html", page.path, "--crops", crops.path, Self.shelf, Self.blank,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try JSONDecoder().decode(ScanEndToEndTests.Report.self, from: Data(run.stdout.utf8))
        let books = report.images[0].books

        // One crop per book, named after the photo and the book's number, readable: wider than
        // tall for a spine read along its length.
        let written = try FileManager.default.contentsOfDirectory(atPath: crops.path).sorted()
        #expect(written == (1...books.count).map { String(format: "shelf-001-%02d.png", $0) })
        let decoder = ImageDecoder()
        var wide = 0
        for name in written {
            let crop = try decoder.decodePhoto(atPath: crops.appendingPathComponent(name).path).image
            #expect(crop.width >= 8 && crop.height >= 8)
            if crop.width > crop.height { wide += 1 }
        }
        #expect(wide > books.count * 3 / 4, "spines are turned to read left to right")

        // The page: every picture it names exists, a row per book with its crop, an outline per book.
        let html = try String(contentsOf: page, encoding: .utf8)
        let sources = html.matches(of: /src="([^"]+)"/).map { String($0.1) }
        #expect(sources.count == books.count + 2, "the two annotated photos and a crop per book")
        for source in sources {
            let path = page.deletingLastPathComponent().appendingPathComponent(source.removingPercentEncoding ?? source)
                .standardizedFileURL.path
            #expect(FileManager.default.fileExists(atPath: path), "\(source)")
        }
        #expect(html.matches(of: /<tr id="photo0-book\d+" data-shape="photo0-shape\d+"/).count == books.count)
        #expect(html.matches(of: /<polygon id="photo0-shape\d+"/).count == books.count)
        #expect(!html.contains("http://") && !html.contains("https://"), "the page works offline")
        // Without --annotate, the annotated pictures live beside the page.
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/scan_files/shelf-001.annotated.png").path))
    }

    @Test func theCSVGoesIntoALibraryThroughImport() throws {
        let library = Scratch.file("csv-library", extension: "sqlite")
        let scan = try EndToEndTests.run(["scan", "--csv", "--quiet", "--library", library.path, Self.shelf])
        #expect(scan.status == 0, "\(scan.stderr)")
        let rows = scan.stdout.split(separator: "\n")
        #expect(rows.first?.hasPrefix("Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13") == true)
        let json = try EndToEndTests.run(["scan", "--json", "--quiet", Self.shelf])
        let report = try JSONDecoder().decode(ScanEndToEndTests.Report.self, from: Data(json.stdout.utf8))
        let selected = report.images[0].books.filter { $0.selected && $0.title != nil }
        // One row per distinct book, its copies in the last column: every selected book is a copy.
        let copies = rows.dropFirst().compactMap { $0.split(separator: ",").last.flatMap { Int($0) } }
        #expect(copies.count == rows.count - 1)
        #expect(copies.reduce(0, +) == selected.count)
        let file = Scratch.file("found", extension: "csv")
        try scan.stdout.write(to: file, atomically: true, encoding: .utf8)
        let imported = try EndToEndTests.run(["library", "import", "--library", library.path, file.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("\(rows.count - 1) imported"), "\(imported.stdout)")
        // Scanned again against that library, every selected book is already in it.
        let again = try EndToEndTests.run(["scan", "--json", "--quiet", "--library", library.path, Self.shelf])
        let second = try JSONDecoder().decode(ScanEndToEndTests.Report.self, from: Data(again.stdout.utf8))
        #expect(second.summary.duplicates >= selected.count)
    }

    @Test func addListsEachBookItAdded() throws {
        let library = Scratch.file("listed", extension: "sqlite")
        let run = try EndToEndTests.run(["scan", "--add", "--quiet", "--library", library.path, Self.shelf])
        #expect(run.status == 0)
        let list = try EndToEndTests.run(["library", "list", "--json", "--library", library.path])
        struct Listing: Decodable {
            struct Book: Decodable {
                var id: Int
                var title: String
            }
            var books: [Book]
        }
        let books = try JSONDecoder().decode(Listing.self, from: Data(list.stdout.utf8)).books
        #expect(!books.isEmpty)
        for book in books { #expect(run.stdout.contains("  #\(book.id)  \(book.title)"), "\(book.title)") }
        // The listing follows the table, never inside one of its lines.
        #expect(run.stdout.contains("uncertain\n\nadded \(books.count) books to \(library.path):\n"))
    }
}
