import Testing

@testable import ShelfDetection
@testable import ShelfImaging

/// The camera's roll, read from a picture of upright stripes turned by a known angle.
struct SkewEstimatorTests {
    /// Upright stripes of varying widths and colours on a light ground, turned clockwise by `degrees`.
    static func stripes(turnedBy degrees: Double) -> Image {
        var image = Image(width: 600, height: 400, format: .rgb, filledWith: 225)
        var x = 40
        var shade: UInt8 = 30
        while x < 560 {
            let width = 8 + (x * 7) % 23
            image.fill(
                PixelRect(x: x, y: 60, width: width, height: 280), with: Image.Colour(red: shade, green: 60, blue: 140))
            x += width + 6 + (x % 11)
            shade = shade &+ 37
        }
        return image.rotated(byDegrees: degrees, fill: 225)
    }

    @Test(arguments: [-7.0, -2.5, 0.0, 1.0, 4.0, 9.0])
    func readsTheRoll(degrees: Double) {
        let skew = SkewEstimator.skew(of: GradientField(image: Self.stripes(turnedBy: degrees)))
        #expect(abs(skew - degrees) <= 0.35, "read \(skew)° for \(degrees)°")
    }

    /// Books leaning together under level boards (a camera pitched at the shelf) have no roll to
    /// undo; turned as a whole, the boards give the roll.
    @Test(arguments: [0.0, 4.0])
    func levelBoardsOutweighLeaningBooks(degrees: Double) {
        var image = Self.stripes(turnedBy: 6)
        for y in [16, 44, 346, 374] {
            image.fill(
                PixelRect(x: 0, y: y, width: image.width, height: 12), with: Image.Colour(red: 60, green: 40, blue: 20))
        }
        let skew = SkewEstimator.skew(of: GradientField(image: image.rotated(byDegrees: degrees, fill: 225)))
        #expect(abs(skew - degrees) <= 0.35, "read \(skew)° for boards at \(degrees)°")
    }

    @Test func edgesLeaningClockwiseGetPositiveAngles() {
        let field = GradientField(image: Self.stripes(turnedBy: 10))
        var counts = [Int](repeating: 0, count: 2 * GradientField.maxEdgeLean + 1)
        for angle in field.verticalEdgeAngles where angle != GradientField.noEdge { counts[Int(angle)] += 1 }
        let peak = counts.indices.max { counts[$0] < counts[$1] }!
        #expect(abs(peak - GradientField.maxEdgeLean - 10) <= 1)
    }
}
