import ShelfImaging
import ShelfOCR

extension SpineReader {
    /// The height a line of lettering is scaled to before it is read on its own.
    static let lineReadingHeight = 48.0
    /// Letters less tall than this many of the photo's pixels are legible to no one: such a "line"
    /// is specks, grain or the stubs of larger letters, and is not read.
    static let leastLegibleLetterHeight = 3.0

    /// A reading of a book line by line, for when the readings of the whole spine were doubtful:
    /// the crop in plain grey, turned the way `orientation` says, its lines of lettering found
    /// each against its own surroundings (`Image.textLines`), and each cut out with a margin, made
    /// dark on light, scaled to one letter height and read by Tesseract as one line. Read as one
    /// block, a spine's lines share one threshold and one layout analysis, and a line of another
    /// size or colour than the rest (a title over a picture, a word in a band, a label beside it)
    /// is often lost; alone, it is read as well as a page's line. Lines side by side come out as
    /// one line, left to right; word boxes are in the turned crop's pixels, as in `read`.
    public func readByLines(
        _ crop: (image: Image, scale: Double), orientation: TextOrientation, engine: TesseractEngine
    ) -> Reading {
        let turned = crop.image.grayscale().rotated(quarterTurns: orientation.quarterTurns)
        let bounds = PixelRect(x: 0, y: 0, width: turned.width, height: turned.height)
        var read: [RecognizedText.Line] = []
        for line in turned.textLines() where line.letterHeight * crop.scale >= Self.leastLegibleLetterHeight {
            let margin = Int(0.3 * Double(line.box.height)) + 2
            let region = line.box.insetBy(-margin).intersection(bounds)
            guard !region.isEmpty else { continue }
            var cut = turned.cropped(to: region)
            if line.isLight { cut = cut.inverted() }
            let enlargement = min(max(Self.lineReadingHeight / Double(max(line.box.height, 1)), 0.5), 4)
            let text = cleaned(engine.recognize(cut.scaled(by: enlargement), segmentation: .singleLine))
            for var found in text.lines {
                found.words = found.words.map { Self.placed($0, readIn: region, enlargedBy: enlargement) }
                found.fitBoxToWords()
                read.append(found)
            }
        }
        return Reading(
            text: RecognizedText(lines: Self.sideBySideJoined(read)), orientation: orientation, scale: crop.scale)
    }

    /// Lines in reading order, top to bottom, those that share half the lower one's height joined
    /// into one, left to right.
    static func sideBySideJoined(_ lines: [RecognizedText.Line]) -> [RecognizedText.Line] {
        var joined: [RecognizedText.Line] = []
        for line in lines.sorted(by: { ($0.box.y, $0.box.x) < ($1.box.y, $1.box.x) }) {
            if let index = joined.firstIndex(where: { other in
                let shared = min(other.box.maxY, line.box.maxY) - max(other.box.y, line.box.y)
                let apart = line.box.x >= other.box.maxX || line.box.maxX <= other.box.x
                return apart && 2 * shared >= min(other.box.height, line.box.height)
            }) {
                let words = (joined[index].words + line.words).sorted { $0.box.x < $1.box.x }
                joined[index] = RecognizedText.Line(words: words, box: joined[index].box.union(line.box))
            } else {
                joined.append(line)
            }
        }
        return joined
    }
}
