import Testing

@testable import ShelfImaging
@testable import ShelfPipeline

/// Drawing outlines and numbers for `--annotate`.
struct ImageDrawingTests {
    static let red = Image.Colour(red: 255, green: 0, blue: 0)

    static func isRed(_ image: Image, _ x: Int, _ y: Int) -> Bool {
        image[x: x, y: y, channel: 0] == 255 && image[x: x, y: y, channel: 1] == 0
    }

    @Test func fillClipsToTheImage() {
        var image = Image(width: 10, height: 10, format: .rgb)
        image.fill(PixelRect(x: -5, y: 8, width: 20, height: 20), with: Self.red)
        #expect(Self.isRed(image, 0, 8) && Self.isRed(image, 9, 9))
        #expect(!Self.isRed(image, 0, 7))
    }

    @Test func aPolygonIsClosedAndHollow() {
        var image = Image(width: 50, height: 50, format: .rgb)
        image.drawPolygon(
            [Point(x: 10, y: 10), Point(x: 40, y: 10), Point(x: 40, y: 40), Point(x: 10, y: 40)], colour: Self.red,
            thickness: 2)
        #expect(
            Self.isRed(image, 25, 10) && Self.isRed(image, 40, 25) && Self.isRed(image, 25, 40)
                && Self.isRed(image, 10, 25))
        #expect(!Self.isRed(image, 25, 25))
    }

    @Test func digitsAreDrawnAndDistinct() {
        var one = Image(width: 40, height: 20, format: .rgb)
        var eight = Image(width: 40, height: 20, format: .rgb)
        one.drawText("1", at: (2, 2), scale: 2, colour: .white)
        eight.drawText("8", at: (2, 2), scale: 2, colour: .white)
        let lit = { (image: Image) in image.pixels.filter { $0 == 255 }.count / 3 }
        #expect(lit(one) > 0 && lit(eight) > lit(one))
        #expect(Image.textSize("12", scale: 2) == (22, 14))
    }

    @Test func theAnnotatedPictureIsScaledAndOutlinesEveryBook() {
        let photo = Image(width: 4000, height: 1000, format: .rgb, filledWith: 40)
        let book = DetectedBook(
            confidence: 0, detectionScore: 0.9, status: .uncertain, selected: false,
            polygon: [Point(x: 1000, y: 100), Point(x: 1200, y: 100), Point(x: 1200, y: 900), Point(x: 1000, y: 900)])
        let picture = BookAnnotator.annotated(photo, books: [book], maxSide: 2000)
        // The photo at half scale, and the legend below it.
        #expect(picture.width == 2000 && picture.height == 500 + BookAnnotator.legendHeight(forWidth: 2000, height: 500))
        let colour = BookAnnotator.colour(for: .uncertain)
        // The left side of the outline, halfway down, at half scale.
        #expect(
            picture[x: 500, y: 250, channel: 0] == colour.red && picture[x: 500, y: 250, channel: 1] == colour.green)
        // Inside the outline, beside its label (centred on the book's middle).
        #expect(picture[x: 525, y: 250, channel: 0] == 40)
    }
}
