import Testing

@testable import ShelfCatalog
@testable import ShelfDetection
@testable import ShelfImaging
@testable import ShelfLibrary
@testable import ShelfOCR
@testable import ShelfPipeline
import ShelfText

/// The reading in plain grey, which is never selected on its own, is made with a catalogue only
/// where the catalogue holds a work the reading so far points to; without a catalogue, always.
@Suite(.tags(.pipeline))
struct PlainGreyReadingTests {
    @Test func aDoubtfulBookIsReadInPlainGreyOnlyWhereTheCataloguePointsToAWork() throws {
        let truth = try ShelfTruth.load("shelf-003.jpg")
        let image = try ImageDecoder().decodePhoto(atPath: Fixtures.path("shelves/shelf-003.jpg")).image
        let plain = try SpineReadingStageTests.stage()
        let engine = try TesseractEngine()
        // A spine whose reading has its author's surname, as the first reading parsed it.
        var found: (book: ShelfTruth.Book, findings: SpineFindings)?
        for book in truth.books where book.polygon != nil && book.author != nil && found == nil {
            let spine = DetectedSpine(polygon: book.outline, score: 1, row: 0, lean: 0)
            let (findings, _) = plain.findings(of: spine, in: image, engine: engine)
            let surname = BookKey(title: "", authors: [book.author!]).surnames.first ?? ""
            if surname.count >= CatalogIdentifier.shortestLeadSurname,
                findings.reading.text.text.folded.contains(surname)
            {
                found = (book, findings)
            }
        }
        let (book, findings) = try #require(found)
        #expect(plain.isWorthReadingInPlainGrey(findings), "without a catalogue, always")

        // Another work by the same author: not this book, but a lead to it.
        var withLead = plain
        withLead.catalog = try IdentifiedSpineTests.catalogue(of: [
            ShelfTruth.Book(title: "Salt Roads of the North Sea", author: book.author)
        ])
        #expect(!withLead.isSurelyIdentified(findings))
        #expect(withLead.isWorthReadingInPlainGrey(findings), "\(book.title): \(findings.parsed)")

        // Works the reading points to nowhere.
        var withoutLead = plain
        withoutLead.catalog = try IdentifiedSpineTests.catalogue(of: [
            ShelfTruth.Book(title: "Salt Roads of the North Sea", author: "Odile Marchbank"),
            ShelfTruth.Book(title: "Ninety Lanterns", author: "Piet Vrolijk"),
        ])
        #expect(!withoutLead.isWorthReadingInPlainGrey(findings), "\(book.title): \(findings.parsed)")
    }

    /// Wired into the reading: a part-mottled spine that the inked readings leave doubtful (its
    /// title read, its author's name lost) is read in plain grey without a catalogue and with one
    /// that holds a longer title with the words read, and not with one that holds nothing the
    /// reading points to.
    @Test func theMottledSpineIsReadInPlainGreyOnlyWithALeadOrNoCatalogue() throws {
        let image = SpineReaderTests.mottledSpine().rotated(quarterTurns: 1)
        let spine = DetectedSpine(polygon: SpineReaderTests.wholeOutline(of: image), score: 1, row: 0, lean: 0)
        let engine = try TesseractEngine()
        let plain = try SpineReadingStageTests.stage()
        var withLead = plain
        withLead.catalog = try IdentifiedSpineTests.catalogue(of: [
            ShelfTruth.Book(title: "Harbour Lights at Midwinter", author: "Edith Quayle")
        ])
        var withoutLead = plain
        withoutLead.catalog = try IdentifiedSpineTests.catalogue(of: [
            ShelfTruth.Book(title: "Ninety Lanterns", author: "Piet Vrolijk")
        ])
        let (alone, aloneWork) = plain.findings(of: spine, in: image, engine: engine)
        let (led, ledWork) = withLead.findings(of: spine, in: image, engine: engine)
        let (unled, unledWork) = withoutLead.findings(of: spine, in: image, engine: engine)
        #expect(alone.isReadInPlainGrey && led.isReadInPlainGrey, "\(alone.parsed) \(led.parsed)")
        #expect(ledWork.calls["read.again"] == aloneWork.calls["read.again"])
        #expect(!unled.isReadInPlainGrey, "\(unled.parsed) \(unled.reading.text.text)")
        #expect(
            (unledWork.calls["read.again"] ?? 0) < (aloneWork.calls["read.again"] ?? 0),
            "\(unledWork.calls) against \(aloneWork.calls)")
    }
}
