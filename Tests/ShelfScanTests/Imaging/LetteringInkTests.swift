import Testing

@testable import ShelfImaging
@testable import ShelfReading

/// Finding the ink left on a spine crop that could be lettering.
struct LetteringInkTests {
    /// A 600×140 white crop with a spine's edge along the top, a border down the left side, a
    /// speck, a small word-sized blob of letters and a long word in small print.
    static func crop(withWord: Bool) -> Image {
        var image = Image(width: 600, height: 140, format: .gray, filledWith: 255)
        image.fill(PixelRect(x: 0, y: 0, width: 600, height: 3), with: .black)
        image.fill(PixelRect(x: 0, y: 0, width: 4, height: 140), with: .black)
        image.fill(PixelRect(x: 300, y: 120, width: 2, height: 2), with: .black)
        if withWord {
            for letter in 0..<5 {
                image.fill(PixelRect(x: 400 + letter * 14, y: 60, width: 8, height: 20), with: .black)
            }
            image.fill(PixelRect(x: 100, y: 100, width: 190, height: 14), with: .black)
        }
        return image
    }

    @Test func keepsLettersAndLeavesOutRulesAndSpecks() throws {
        let ink = Self.crop(withWord: true).letteringInk()
        let bounds = try #require(ink.bounds)
        #expect(bounds.x >= 92 && bounds.x <= 100 && bounds.maxX <= 480, "\(bounds)")
        #expect(bounds.y >= 52 && bounds.y <= 60 && bounds.maxY <= 120, "\(bounds)")
        #expect(ink.share > 0.004)
    }

    @Test func findsNothingWhereThereAreOnlyRules() {
        let ink = Self.crop(withWord: false).letteringInk()
        #expect(ink.bounds == nil)
        #expect(ink.share == 0)
    }
}
