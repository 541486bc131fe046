import Testing

@testable import ShelfImaging

/// Lines of lettering found each against its own surroundings.
@Suite struct TextLinesTests {
    /// Dark lettering on a cream head and light lettering on a navy foot, in two sizes.
    static func twoPartLabel() -> Image {
        var image = Image(width: 900, height: 140, format: .rgb, filledWith: 0)
        image.fill(PixelRect(x: 0, y: 0, width: 450, height: 140), with: Image.Colour(red: 235, green: 225, blue: 200))
        image.fill(PixelRect(x: 450, y: 0, width: 450, height: 140), with: Image.Colour(red: 25, green: 35, blue: 80))
        image.drawText("HARBOUR", at: (20, 40), scale: 7, colour: Image.Colour(red: 40, green: 30, blue: 30))
        image.drawText("EDITH VANCE", at: (520, 60), scale: 4, colour: Image.Colour(red: 235, green: 225, blue: 200))
        return image.grayscale()
    }

    @Test func findsEachLineWithItsPolarityAndSize() throws {
        let lines = Self.twoPartLabel().textLines()
        // The title, dark on the cream head: from x 20, 7 × 7 pixels tall from y 40.
        let dark = lines.filter { !$0.isLight }
        #expect(dark.count == 1, "\(lines)")
        let title = try #require(dark.first)
        #expect(title.box.x == 20 && title.box.maxX < 450 && title.box.y == 40 && title.box.height == 49, "\(title)")
        // The name, light on the navy foot and smaller: its words may make a line each.
        let light = lines.filter(\.isLight)
        #expect(!light.isEmpty, "\(lines)")
        #expect(
            light.allSatisfy { $0.box.x >= 520 && $0.box.y == 60 && $0.letterHeight < title.letterHeight }, "\(light)")
        // Top to bottom.
        #expect(lines.map(\.box.y) == lines.map(\.box.y).sorted())
    }

    @Test func findsNoLinesInBlankOrPlainImages() {
        #expect(Image(width: 600, height: 100, format: .gray, filledWith: 200).textLines().isEmpty)
        // Bars and a solid block are not letters.
        var bars = Image(width: 600, height: 100, format: .gray, filledWith: 230)
        for x in stride(from: 10, to: 590, by: 8) {
            bars.fill(PixelRect(x: x, y: 5, width: 3, height: 92), with: .black)
        }
        bars.fill(PixelRect(x: 200, y: 20, width: 200, height: 60), with: .black)
        #expect(bars.textLines().isEmpty)
    }

    /// No size or content traps: slivers, single rows and columns, noise.
    @Test func neverTrapsOnHostileImages() {
        var generator = SystemRandomNumberGenerator()
        for (width, height) in [(0, 0), (1, 1), (7, 300), (300, 7), (8, 8), (1, 5000), (5000, 9), (37, 41)] {
            var noise = Image(width: width, height: height, format: .gray, filledWith: 0)
            for y in 0..<height {
                for x in 0..<width { noise[x: x, y: y] = UInt8.random(in: 0...255, using: &generator) }
            }
            let lines = noise.textLines()
            #expect(
                lines.allSatisfy { $0.box.x >= 0 && $0.box.y >= 0 && $0.box.maxX <= width && $0.box.maxY <= height })
        }
    }
}
