import Testing

@testable import ShelfImaging
@testable import ShelfOCR
@testable import ShelfReading
@testable import ShelfText

/// The Tesseract engine as the pipeline drives it.
@Suite struct TesseractEngineTests {
    /// The lines Tesseract reads are kept uncompressed (`Sources/CTesseractLines/shim.c`), and
    /// read as before: the first books of a rendered shelf, at their true outlines, come out with
    /// their titles. Without the shortcut in the linked binary, every line costs a PNG round trip.
    @Test func linesAreReadWithoutCompressingThem() throws {
        let truth = try ShelfTruth.load("shelf-003.jpg")
        let photo = try ImageDecoder().decodePhoto(atPath: Fixtures.path("shelves/shelf-003.jpg"))
        let reader = SpineReader(lexicon: SpineReaderTests.models.lexicon)
        let engine = try TesseractEngine()
        let before = TesseractEngine.uncompressedLineImages
        let books = truth.books.filter { $0.polygon != nil }.prefix(6)
        var titlesRead = 0
        for book in books {
            let text = reader.read(book.outline, in: photo.image, engine: engine).text
            let words = text.lines.map(\.text).joined(separator: " ").folded
            if Similarity.occurrence(of: book.title.folded, in: words) >= 0.8 { titlesRead += 1 }
        }
        #expect(TesseractEngine.uncompressedLineImages - before >= books.count)
        #expect(titlesRead >= books.count - 1, "\(titlesRead) of \(books.count) titles in the text")
    }
}
