import Testing

@testable import ShelfDetection
@testable import ShelfImaging

struct SpineOutlinerTests {
    /// A book at the right edge of the photo whose right side leans out of the frame above the row:
    /// its top is checked against the sides' support over rows where that side lies past the last
    /// column. This trapped (`Range requires lowerBound <= upperBound`) and lost the whole batch.
    @Test func aSideLeaningPastTheRightEdgeDoesNotTrap() {
        var image = Image(width: 200, height: 200, format: .rgb, filledWith: 240)
        // A blue book from x 150 to the edge, its top at y 60, with a band of "lettering".
        image.fill(PixelRect(x: 150, y: 60, width: 50, height: 140), with: Image.Colour(red: 20, green: 40, blue: 160))
        for y in stride(from: 90, to: 190, by: 12) {
            image.fill(PixelRect(x: 165, y: y, width: 20, height: 4), with: .white)
        }
        let field = GradientField(image: image)
        let left = BoundaryLine(x: 150, slope: 0, referenceY: 140, coverage: 0.9)
        // At y 60 this side is at x 235, past the last column (199).
        let right = BoundaryLine(x: 195, slope: 0.5, referenceY: 140, coverage: 0.9)
        let outlines = SpineOutliner().outlines(
            in: field, image: image, row: 80..<200, ceiling: 0, boundaries: [left, right],
            validSpans: Array(repeating: 0..<200, count: 200))
        #expect(outlines.allSatisfy { $0.top >= 0 && $0.bottom <= 200 })
    }

    @Test(arguments: [
        (centre: 5.0, count: 10, expected: 3...7 as ClosedRange<Int>?),
        (centre: 0.4, count: 10, expected: 0...2),
        (centre: 11.0, count: 10, expected: 9...9),
        (centre: 12.5, count: 10, expected: nil),
        (centre: -3.0, count: 10, expected: nil),
        (centre: 1e300, count: 10, expected: nil),
        (centre: -.infinity, count: 10, expected: nil),
        (centre: .nan, count: 10, expected: nil),
        (centre: 0, count: 0, expected: nil),
    ])
    func indicesAroundAPointStayInside(centre: Double, count: Int, expected: ClosedRange<Int>?) {
        #expect(ClosedRange.around(centre, radius: 2, within: count) == expected)
    }

    /// Row and column ranges held to an image: empty, not a trap, when their ends cross or lie
    /// outside it (`max(0, a)..<min(count, b)` traps for `a` past `count` or `b` below 0).
    @Test(arguments: [
        (lower: 2, upper: 8, count: 10, expected: 2..<8),
        (lower: -5, upper: 4, count: 10, expected: 0..<4),
        (lower: 7, upper: 30, count: 10, expected: 7..<10),
        (lower: 12, upper: 30, count: 10, expected: 10..<10),
        (lower: -9, upper: -2, count: 10, expected: 0..<0),
        (lower: 6, upper: 3, count: 10, expected: 6..<6),
        (lower: Int.min, upper: Int.max, count: 10, expected: 0..<10),
        (lower: 0, upper: 5, count: 0, expected: 0..<0),
    ])
    func rangesHeldInsideNeverInvert(lower: Int, upper: Int, count: Int, expected: Range<Int>) {
        #expect(Range<Int>.clamped(lower, upper, within: count) == expected)
    }

    @Test func saturatingConversionNeverTraps() {
        #expect(Int(saturating: 1e300) == .max)
        #expect(Int(saturating: -1e300) == .min)
        #expect(Int(saturating: .nan) == 0)
        #expect(Int(saturating: -7.9) == -7)
    }
}
