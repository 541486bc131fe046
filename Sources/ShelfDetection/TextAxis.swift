import ShelfImaging

/// Whether the lines of text in an image run across it or down it, from ink projection profiles:
/// across a page of horizontal lines, the row profile alternates between lines and gaps while the
/// column profile stays smooth.
package enum TextAxis: Sendable, Equatable {
    case horizontal
    case vertical

    /// The likelier axis of the text in a gray image.
    package static func estimate(in gray: Image) -> TextAxis {
        let small = gray.fitting(maxSide: 900)
        let ink = small.adaptivelyBinarized(radius: max(4, max(small.width, small.height) / 60), offset: 10)
        var rows = [Double](repeating: 0, count: ink.height)
        var columns = [Double](repeating: 0, count: ink.width)
        ink.withUnsafeBytes { samples in
            for y in 0..<ink.height {
                for x in 0..<ink.width where samples[y * ink.width + x] == 0 {
                    rows[y] += 1
                    columns[x] += 1
                }
            }
        }
        return alternation(rows) >= alternation(columns) ? .horizontal : .vertical
    }

    /// The horizontal band, `fraction` of the height, holding the most ink: where lines of text are.
    package static func densestBand(in gray: Image, fraction: Double) -> PixelRect {
        let small = gray.fitting(maxSide: 600)
        let ink = small.adaptivelyBinarized(radius: max(4, max(small.width, small.height) / 60), offset: 10)
        var rows = [Int](repeating: 0, count: ink.height)
        ink.withUnsafeBytes { samples in
            for y in 0..<ink.height {
                for x in 0..<ink.width where samples[y * ink.width + x] == 0 { rows[y] += 1 }
            }
        }
        let window = max(1, min(ink.height, Int(Double(ink.height) * fraction)))
        var sum = rows.prefix(window).reduce(0, +), best = (sum: sum, top: 0)
        for top in 1..<max(1, ink.height - window + 1) {
            sum += rows[top + window - 1] - rows[top - 1]
            if sum > best.sum { best = (sum, top) }
        }
        let scale = Double(gray.height) / Double(ink.height)
        let top = Int(Double(best.top) * scale), height = Int(Double(window) * scale)
        return PixelRect(x: 0, y: top, width: gray.width, height: min(height, gray.height - top))
    }

    /// How strongly a profile swings between neighbouring entries, relative to its level.
    private static func alternation(_ profile: [Double]) -> Double {
        guard profile.count > 2 else { return 0 }
        var swing = 0.0, level = 0.0
        for index in 1..<profile.count {
            let step = profile[index] - profile[index - 1]
            swing += step * step
            level += profile[index] * profile[index]
        }
        return level > 0 ? swing / level : 0
    }
}
