import Testing

@testable import ShelfImaging

/// Each row's background colour on a spine of several colours (`Image.localRowBackgrounds`).
struct LocalBackgroundTests {
    /// A spine crop of random bands of colour, each band speckled with lettering-like dots.
    static func bandedSpine(width: Int, height: Int, seed: UInt64) -> Image {
        var random = SeededGenerator(seed: seed)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        var y = 0
        while y < height {
            let band = Int.random(in: 5...(3 * width), using: &random)
            let colour = (0..<3).map { _ in UInt8.random(in: 0...255, using: &random) }
            for row in y..<min(height, y + band) {
                for x in 0..<width {
                    let isDot = Int.random(in: 0..<10, using: &random) == 0
                    for channel in 0..<3 {
                        pixels[3 * (row * width + x) + channel] =
                            isDot ? UInt8.random(in: 0...255, using: &random) : colour[channel]
                    }
                }
            }
            y += band
        }
        return Image(width: width, height: height, format: .rgb, pixels: pixels)
    }

    /// The backgrounds as the doc comment defines them, by sorting each window's row medians.
    static func backgroundsBySorting(_ image: Image) -> [Image.RGB]? {
        let dominant = image.dominantColour()
        let step = max(1, image.width / 48)
        let medians: [Image.RGB] = (0..<image.height).map { y in
            let levels = (0..<3).map { channel in
                stride(from: 0, to: image.width, by: step).map { Int(image[x: $0, y: y, channel: channel]) }.sorted()
            }
            let middle = levels[0].count / 2
            return (levels[0][middle], levels[1][middle], levels[2][middle])
        }
        var changed = false
        let backgrounds: [Image.RGB] = (0..<image.height).map { y in
            let rows = medians[max(0, y - image.width)..<min(image.height, y + image.width + 1)]
            let near = rows.filter { colour in
                let (dr, dg, db) = (colour.0 - dominant.0, colour.1 - dominant.1, colour.2 - dominant.2)
                return dr * dr + dg * dg + db * db <= 40 * 40
            }
            guard Double(near.count) < 0.25 * Double(rows.count) else { return dominant }
            changed = true
            let sorted = (rows.map(\.0).sorted(), rows.map(\.1).sorted(), rows.map(\.2).sorted())
            return (sorted.0[rows.count / 2], sorted.1[rows.count / 2], sorted.2[rows.count / 2])
        }
        return changed ? backgrounds : nil
    }

    /// The running per-channel counts give exactly the medians that sorting each window gives, on
    /// spines short and long, narrow and wide.
    @Test(arguments: [(14, 300, 1), (140, 900, 2), (60, 2000, 3), (140, 420, 4), (3, 50, 5)] as [(Int, Int, UInt64)])
    func givesTheMediansOfEachWindowOfRows(width: Int, height: Int, seed: UInt64) throws {
        let spine = Self.bandedSpine(width: width, height: height, seed: seed)
        guard let expected = Self.backgroundsBySorting(spine), let found = spine.localRowBackgrounds() else {
            Issue.record("the bands change the background, by both ways of taking it")
            return
        }
        #expect(found.count == expected.count)
        let differing = zip(found, expected).filter { $0.0 != $0.1 }.count
        #expect(differing == 0)
    }
}
