import Testing

@testable import ShelfImaging
@testable import ShelfOCR
@testable import ShelfReading

/// Reading a spine line by line, each line against its own surroundings.
@Suite struct LineReadingTests {
    /// A spine lying on its side, head at the left: navy, with a library's white call-number label
    /// at its head, a small line of pale capitals over a larger one beside it, and the title in
    /// large pale capitals.
    static func labelledSpine() -> Image {
        var spine = Image(width: 1300, height: 140, format: .rgb, filledWith: 0)
        spine.fill(PixelRect(x: 0, y: 0, width: 1300, height: 140), with: Image.Colour(red: 25, green: 35, blue: 80))
        spine.fill(
            PixelRect(x: 20, y: 15, width: 230, height: 110), with: Image.Colour(red: 245, green: 245, blue: 240))
        let ink = Image.Colour(red: 30, green: 30, blue: 30), pale = Image.Colour(red: 240, green: 235, blue: 220)
        spine.drawText("796 ATL", at: (40, 55), scale: 4, colour: ink)
        spine.drawText("ATLAS OF", at: (300, 40), scale: 3, colour: pale)
        spine.drawText("THE", at: (300, 80), scale: 3, colour: pale)
        spine.drawText("HIGH PEAKS", at: (560, 40), scale: 8, colour: pale)
        return spine
    }

    /// The block reading of the whole spine loses the small lines beside the large title (their
    /// lettering is a few pixels against the title's and the label's); read one by one, each line
    /// comes out, in reading order, with its boxes in the turned crop's pixels.
    @Test func readsSmallLinesBesideALargeTitleLineByLine() throws {
        let spine = Self.labelledSpine().rotated(quarterTurns: 1)
        let reader = SpineReader(lexicon: SpineReaderTests.models.lexicon)
        let engine = try TesseractEngine()
        let crop = reader.colourCrop(SpineReaderTests.wholeOutline(of: spine), in: spine)
        let first = reader.read(crop, engine: engine)
        #expect(first.orientation == .topToBottom)
        #expect(first.text.text.contains("HIGH PEAKS") && !first.text.text.contains("ATLAS"), "\(first.text.text)")
        let lines = reader.readByLines(crop, orientation: first.orientation, engine: engine)
        #expect(lines.orientation == .topToBottom && lines.scale == crop.scale)
        let text = lines.text.text
        #expect(text.contains("ATLAS OF") && text.contains("HIGH PEAKS") && text.contains("THE"), "\(text)")
        // The title's words lie where it was drawn: from x 560, 56 pixels tall from y 40.
        let peaks = try #require(lines.text.words.first { $0.text == "PEAKS" })
        #expect(
            peaks.box.x > 560 && peaks.box.maxX < 1040 && abs(peaks.box.y - 40) <= 4 && abs(peaks.box.height - 56) <= 6)
        // "THE", stacked under "ATLAS OF", is a line of its own after the one beside the title.
        #expect(lines.text.lines.last?.words.map(\.text) == ["THE"], "\(text)")
    }

    /// The same spine cut from a photo ten times smaller (each pixel of the cut a tenth of the
    /// photo's): the small lines' letters, 2 to 3 of the photo's pixels tall, are legible to no
    /// one and are not given to Tesseract; the title's, 5.6 pixels tall, are read.
    @Test func leavesOutLinesTooSmallInThePhotoToRead() throws {
        let spine = Self.labelledSpine().rotated(quarterTurns: 1)
        let reader = SpineReader(lexicon: SpineReaderTests.models.lexicon)
        let engine = try TesseractEngine()
        let crop = reader.colourCrop(SpineReaderTests.wholeOutline(of: spine), in: spine)
        let before = engine.recognitions
        let sharp = reader.readByLines(crop, orientation: .topToBottom, engine: engine)
        let sharpCalls = engine.recognitions - before
        let small = reader.readByLines((crop.image, 0.1), orientation: .topToBottom, engine: engine)
        let smallCalls = engine.recognitions - before - sharpCalls
        #expect(sharp.text.text.contains("ATLAS OF") && sharp.text.text.contains("HIGH PEAKS"), "\(sharp.text.text)")
        #expect(small.text.text.contains("HIGH PEAKS") && !small.text.text.contains("ATLAS"), "\(small.text.text)")
        #expect(smallCalls >= 1 && smallCalls < sharpCalls, "\(smallCalls) calls against \(sharpCalls)")
    }

    /// A reading of nothing: a blank spine, and a crop too small to hold a line.
    @Test func readsNothingOnABlankSpine() throws {
        let reader = SpineReader(lexicon: SpineReaderTests.models.lexicon)
        let engine = try TesseractEngine()
        let blank = Image(width: 140, height: 900, format: .rgb, filledWith: 200)
        #expect(reader.readByLines((blank, 1), orientation: .topToBottom, engine: engine).text.words.isEmpty)
        let tiny = Image(width: 3, height: 2, format: .rgb, filledWith: 0)
        #expect(reader.readByLines((tiny, 1), orientation: .bottomToTop, engine: engine).text.words.isEmpty)
    }
}
