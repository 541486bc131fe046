import Foundation
import Testing

@testable import ShelfCatalog
@testable import ShelfDetection
@testable import ShelfImaging
@testable import ShelfOCR
@testable import ShelfPipeline
@testable import ShelfReading

/// A book the catalogue names by its title and author is read no further (nor the other way round)
/// and its title not checked: assembly takes the catalogue's title and author for it whatever
/// another reading says.
/// A book the catalogue does not know is read as without one.
@Suite(.tags(.pipeline))
struct IdentifiedSpineTests {
    /// A catalogue of `books`' titles and authors, imported from a CSV file as `catalog import` does.
    static func catalogue(of books: [ShelfTruth.Book]) throws -> CatalogIdentifier {
        let catalog = try Catalog.inMemory()
        let csv = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString).csv")
        let lines = ["title,author"] + books.map { "\"\($0.title)\",\"\($0.author ?? "")\"" }
        try lines.joined(separator: "\n").write(to: csv, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: csv) }
        _ = try catalog.importFile(at: csv.path)
        return CatalogIdentifier(catalog: catalog)
    }

    @Test func aBookTheCatalogueNamesIsReadNoFurtherNorChecked() throws {
        let truth = try ShelfTruth.load("shelf-003.jpg")
        let image = try ImageDecoder().decodePhoto(atPath: Fixtures.path("shelves/shelf-003.jpg")).image
        let books = Array(truth.books.filter { $0.polygon != nil && $0.author != nil }.prefix(7))
        let unknown = try #require(books.last)
        let plain = try SpineReadingStageTests.stage()
        var identifying = plain
        identifying.catalog = try Self.catalogue(of: Array(books.dropLast()))
        let engine = try TesseractEngine()
        var identified = 0, furtherWorkSaved = 0
        for book in books {
            let spine = DetectedSpine(polygon: book.outline, score: 1, row: 0, lean: 0)
            let (before, workBefore) = plain.findings(of: spine, in: image, engine: engine)
            let (after, workAfter) = identifying.findings(of: spine, in: image, engine: engine)
            if book.title == unknown.title {
                #expect(workAfter.calls == workBefore.calls, "\(book.title): read as without a catalogue")
                #expect(after.titleAgreement == before.titleAgreement && after.reading == before.reading)
                continue
            }
            guard identifying.isSurelyIdentified(after) else { continue }
            identified += 1
            // The readings up to the one the catalogue named are made as without it; none after it.
            if workAfter.keptFrom == .first {
                #expect(Set(workAfter.calls.keys) == ["read.first"], "\(book.title): \(workAfter.calls)")
            }
            for (part, calls) in workAfter.calls {
                #expect(calls <= workBefore.calls[part] ?? 0, "\(book.title): \(workAfter.calls) \(workBefore.calls)")
            }
            #expect(after.titleAgreement == nil && after.authorAgreement == nil, "\(book.title) was checked")
            #expect(workAfter.calls["read.check"] == nil)
            if workAfter.calls.values.reduce(0, +) < workBefore.calls.values.reduce(0, +) { furtherWorkSaved += 1 }
        }
        #expect(identified >= 4, "the catalogue named \(identified) of \(books.count - 1) books")
        #expect(furtherWorkSaved >= 1, "no book the catalogue named had been read further or checked")
    }

    /// A reading one way round that the catalogue names is kept without reading the spine the other
    /// ways round: two of `shelf-001`'s spines whose first reading is neither sure of its words nor
    /// accepted as it stands, but names its book.
    @Test func aWayRoundTheCatalogueNamesIsNotReadTheOthers() throws {
        let truth = try ShelfTruth.load("shelf-001.jpg")
        let image = try ImageDecoder().decodePhoto(atPath: Fixtures.path("shelves/shelf-001.jpg")).image
        let books = truth.books.filter { $0.polygon != nil && $0.author != nil }
        let plain = try SpineReadingStageTests.stage()
        var identifying = plain
        identifying.catalog = try Self.catalogue(of: books)
        let engine = try TesseractEngine()
        for title in ["Keeper", "The Quiet Tide"] {
            let book = try #require(books.first { $0.title == title })
            let spine = DetectedSpine(polygon: book.outline, score: 1, row: 0, lean: 0)
            let (_, workBefore) = plain.findings(of: spine, in: image, engine: engine)
            let (after, workAfter) = identifying.findings(of: spine, in: image, engine: engine)
            #expect(identifying.isSurelyIdentified(after), "\(title): \(after.parsed)")
            #expect(Set(workAfter.calls.keys) == ["read.first"], "\(title): \(workAfter.calls)")
            #expect(
                workAfter.calls["read.first", default: 0] < workBefore.calls["read.first", default: 0],
                "\(title): \(workAfter.calls) against \(workBefore.calls) without the catalogue")
        }
    }
}
