import Testing

@testable import ShelfDetection
@testable import ShelfISBN
@testable import ShelfImaging

/// The line finder on bands drawn here: a spine 72 px wide, its edge band 25 px deep, lettering
/// 7 px tall (the bitmap font at scale 1).
struct ISBNLineFinderTests {
    static let spineWidth = 72.0
    static let cloth = Image.Colour(red: 120, green: 30, blue: 40)
    static let gilt = Image.Colour(red: 230, green: 200, blue: 120)

    static func band(width: Int = 700, height: Int = 25, _ draw: (inout Image) -> Void = { _ in }) -> Image {
        var band = Image(width: width, height: height, format: .rgb, filledWith: 0)
        band.fill(PixelRect(x: 0, y: 0, width: width, height: height), with: cloth)
        draw(&band)
        return band
    }

    @Test func findsAPrintedISBNLineWhereItIsDrawn() throws {
        let band = Self.band { $0.drawText("ISBN 978-0-14-044913-6", at: (420, 10), scale: 1, colour: Self.gilt) }
        let lines = ISBNLineFinder().lines(in: band, spineWidth: Self.spineWidth)
        let line = try #require(lines.first)
        #expect(lines.count == 1)
        let (width, height) = Image.textSize("ISBN 978-0-14-044913-6", scale: 1)
        #expect(abs(line.box.x - 420) <= 1 && abs(line.box.maxX - (420 + width)) <= 1)
        #expect(abs(line.box.y - 10) <= 1 && abs(line.textHeight - height) <= 1)
    }

    @Test func findsItDarkOnLightAndUnderShading() throws {
        var band = Self.band { $0.drawText("ISBN 9780140449136", at: (200, 12), scale: 1, colour: .black) }
        // A light spine shaded towards its edge, as on a rounded spine.
        for y in 0..<band.height {
            for x in 0..<band.width {
                let light = UInt8(235 - 4 * y)
                for channel in 0..<3 where band[x: x, y: y, channel: 0] != 0 {
                    band[x: x, y: y, channel: channel] = light
                }
            }
        }
        let line = try #require(ISBNLineFinder().lines(in: band, spineWidth: Self.spineWidth).first)
        #expect(abs(line.box.x - 200) <= 1 && abs(line.box.y - 12) <= 1)
    }

    @Test func ignoresAPlainBand() {
        #expect(ISBNLineFinder().lines(in: Self.band(), spineWidth: Self.spineWidth).isEmpty)
    }

    @Test func ignoresTitleLettersCutByTheBandsInnerEdge() {
        // The feet of a large title reach into the band from above.
        let band = Self.band { $0.drawText("SCARLET LETTER", at: (30, -20), scale: 4, colour: Self.gilt) }
        #expect(ISBNLineFinder().lines(in: band, spineWidth: Self.spineWidth).isEmpty)
    }

    @Test(arguments: [
        ("ISBN", "too short"),
        ("ISBN 978-0-14-044913-6-978-0-14-044913-6", "too long"),
    ])
    func ignoresLinesOfTheWrongLength(text: String, why: String) {
        let band = Self.band { $0.drawText(text, at: (20, 10), scale: 1, colour: Self.gilt) }
        #expect(ISBNLineFinder().lines(in: band, spineWidth: Self.spineWidth).isEmpty, "\(why)")
    }

    @Test func ignoresPrintTooLargeForAnISBNLine() {
        // An author's name in letters a third of the spine's width: large print, not small.
        let band = Self.band(height: 40) { $0.drawText("MADAME BOVARY", at: (20, 6), scale: 4, colour: Self.gilt) }
        #expect(ISBNLineFinder().lines(in: band, spineWidth: Self.spineWidth).isEmpty)
    }
}
