import Testing

@testable import ShelfImaging
@testable import ShelfReading

/// Telling lettering that stands upright from lettering upside down by where its letters line up,
/// so that a spine is read the right way round first.
@Suite struct UprightLetteringTests {
    /// A line of blocks standing on one baseline, as lower-case letters do: x-height letters, and
    /// every third an ascender twice as tall.
    static func standingLetters() -> Image {
        var image = Image(width: 400, height: 80, format: .gray, filledWith: 255)
        for index in 0..<16 {
            let height = index % 3 == 0 ? 40 : 20
            image.fill(PixelRect(x: 10 + index * 24, y: 60 - height, width: 14, height: height), with: .black)
        }
        return image
    }

    @Test func lettersOnABaselineStandUpright() throws {
        let upright = try #require(Self.standingLetters().uprightLetteringScore())
        let upsideDown = try #require(Self.standingLetters().rotated(quarterTurns: 2).uprightLetteringScore())
        #expect(upright > 0.15, "\(upright)")
        #expect(upsideDown < -0.15, "\(upsideDown)")
    }

    @Test func saysNothingWithoutLetters() {
        #expect(Image(width: 300, height: 60, format: .gray, filledWith: 255).uprightLetteringScore() == nil)
        // One solid block is no letter; three blocks are too few to line up.
        var block = Image(width: 300, height: 60, format: .gray, filledWith: 255)
        block.fill(PixelRect(x: 0, y: 0, width: 300, height: 60), with: .black)
        #expect(block.uprightLetteringScore() == nil)
        var three = Image(width: 300, height: 60, format: .gray, filledWith: 255)
        for x in [20, 60, 100] { three.fill(PixelRect(x: x, y: 10, width: 14, height: 30), with: .black) }
        #expect(three.uprightLetteringScore() == nil)
    }

    /// The fixture shelf's spines, cut and inked as the reader cuts them and turned to read top to
    /// bottom: the score says which way up most of them are.
    @Test(.tags(.accuracy)) func tellsWhichWayUpTheFixtureSpinesAre() throws {
        let truth = try ShelfTruth.load("shelf-003.jpg")
        let photo = try ImageDecoder().decodePhoto(atPath: Fixtures.path("shelves/shelf-003.jpg"))
        let reader = SpineReader()
        var readDown: [Double?] = [], readUp: [Double?] = []
        for book in truth.books where book.polygon != nil {
            let crop = reader.colourCrop(book.outline, in: photo.image).image.inkOnWhite()
            let score = crop.rotated(quarterTurns: TextOrientation.topToBottom.quarterTurns).uprightLetteringScore()
            switch book.textOrientation {
            case "topToBottom": readDown.append(score)
            case "bottomToTop": readUp.append(score)
            default: break
            }
        }
        let flipped = { (scores: [Double?]) in scores.count { ($0 ?? 0) < -SpineReader.upsideDownScore } }
        #expect(readDown.count >= 50 && readUp.count >= 8, "\(readDown.count) down, \(readUp.count) up")
        // Spines that read top to bottom are seldom taken for upside down; many that read bottom to
        // top are (half of this shelf's, 80% over the rendered shelves).
        #expect(flipped(readDown) * 10 <= readDown.count, "\(flipped(readDown)) of \(readDown.count)")
        #expect(flipped(readUp) * 10 >= 4 * readUp.count, "\(flipped(readUp)) of \(readUp.count)")
        #expect(flipped(readUp) * readDown.count > 4 * flipped(readDown) * readUp.count)
    }
}
