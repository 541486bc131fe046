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

extension TesseractEngineTests {
    /// An image of one line of `text` in the bitmap font, dark on white, with a margin all round.
    static func line(_ text: String, scale: Int = 4) -> Image {
        let size = Image.textSize(text, scale: scale)
        var image = Image(width: size.width + 40, height: size.height + 40, format: .gray, filledWith: 255)
        image.drawText(text, at: (20, 20), scale: scale, colour: .black)
        return image
    }

    /// The engine counts the length of the lines it recognises in thousandths of a line height: a
    /// line of type 13 times as long as it is tall counts about 8,000 (Tesseract pads the line image
    /// it reads), the same line twice over about twice that, and a blank image, on which Tesseract
    /// finds no line, nothing.
    @Test func countsTheLengthOfTheLinesItRecognises() throws {
        let engine = try TesseractEngine()
        var before = engine.lineLengthThousandths
        let short = engine.recognize(Self.line("SHELF SCAN 2026"), segmentation: .singleBlock)
        let shortLength = engine.lineLengthThousandths - before
        before = engine.lineLengthThousandths
        _ = engine.recognize(Self.line("SHELF SCAN 2026 SHELF SCAN 2026"), segmentation: .singleBlock)
        let longLength = engine.lineLengthThousandths - before
        before = engine.lineLengthThousandths
        _ = engine.recognize(Image(width: 400, height: 80, format: .gray, filledWith: 255), segmentation: .singleBlock)
        #expect(short.text.contains("SHELF"), "\(short.text)")
        #expect(shortLength > 5000 && shortLength < 15000, "\(shortLength)")
        #expect(
            longLength * 10 > 17 * shortLength && longLength * 10 < 23 * shortLength,
            "\(longLength) against \(shortLength)")
        #expect(engine.lineLengthThousandths == before)
    }
}
