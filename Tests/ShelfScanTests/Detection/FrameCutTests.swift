import Foundation
import Testing

@testable import ShelfDetection
@testable import ShelfImaging

/// A photo whose edge cuts through the books of a row it barely shows: the stubs of those books
/// hold no whole title and are not reported; the whole row above them is.
@Suite(.tags(.accuracy))
struct FrameCutTests {
    /// A row of `books` upright books, and below it the top `stub` pixels of a row of `stubs`
    /// books, where the photo ends; with the whole row's outlines.
    static func rowAboveStubs(stub: Int, books: Int = 14, stubs: Int = 14) -> (image: Image, outlines: [[Point]]) {
        let (whole, outlines) = SpineLayoutTests.leaningRow(count: books, degrees: 0)
        let (below, _) = SpineLayoutTests.leaningRow(count: stubs, degrees: 0)
        // The rows below begin a little above their books' tops (170 in `leaningRow`).
        let from = 120, extra = 50 + stub
        let channels = whole.format.channels
        var pixels = [UInt8]()
        pixels.reserveCapacity(whole.width * (whole.height + extra) * channels)
        whole.withUnsafeBytes { pixels.append(contentsOf: $0) }
        below.withUnsafeBytes { pixels.append(contentsOf: $0[(from * below.width * channels)..<((from + extra) * below.width * channels)]) }
        let image = Image(width: whole.width, height: whole.height + extra, format: whole.format, pixels: pixels)
        return (image, outlines)
    }

    @Test func stubsOfBooksTheFrameCutsAreLeftOut() {
        let (image, outlines) = Self.rowAboveStubs(stub: 150)
        let rowFoot = 700.0
        let spines = SpineDetector().spines(in: image)
        let matching = OutlineMatching(truth: outlines, detected: spines.map(\.polygon))
        #expect(matching.recall >= 0.9, "the whole row: \(matching.matches.count) of 14 books")
        let stubs = spines.filter { $0.centre.y > rowFoot }
        #expect(stubs.isEmpty, "\(stubs.count) stubs below the row, \(stubs.map(\.length))")
        // Without the rule, the stubs are outlines: the photo does show them as books.
        var keepingStubs = SpineDetector()
        keepingStubs.minCutLengthShare = 0
        #expect(keepingStubs.spines(in: image).filter { $0.centre.y > rowFoot }.count >= 10)
    }

    @Test func booksCutShortOfTheirMedianLengthStay() {
        // Cut at three quarters of their length, the books below are most of a book: kept.
        let (image, _) = Self.rowAboveStubs(stub: 330)
        let spines = SpineDetector().spines(in: image)
        #expect(spines.filter { $0.centre.y > 700 }.count >= 10)
    }

    @Test func stubsOutnumberingTheWholeBooksAreLeftOut() {
        // Six whole books over fourteen stubs: the stubs are most of the outlines, and their
        // length is no measure of a book's.
        let (image, outlines) = Self.rowAboveStubs(stub: 150, books: 6, stubs: 14)
        let spines = SpineDetector().spines(in: image)
        let matching = OutlineMatching(truth: outlines, detected: spines.map(\.polygon))
        #expect(matching.recall >= 0.8, "the whole row: \(matching.matches.count) of 6 books")
        let stubs = spines.filter { $0.centre.y > 700 }
        #expect(stubs.isEmpty, "\(stubs.count) stubs below the row, \(stubs.map(\.length))")
    }

    @Test func stubsCutByTheBlackFillOfATurnedPhotoAreLeftOut() {
        // Turned in an editor: the photo's foot is now the border of the black fill in its corners.
        let (upright, _) = Self.rowAboveStubs(stub: 150)
        let degrees = 5.0
        let image = upright.rotated(byDegrees: degrees, fill: 0)
        let (footLeft, footRight) = (
            upright.pointAfterRotation(Point(x: 0, y: 700), byDegrees: degrees),
            upright.pointAfterRotation(Point(x: Double(upright.width), y: 700), byDegrees: degrees)
        )
        func isBelowTheRow(_ spine: DetectedSpine) -> Bool {
            let share = (spine.centre.x - footLeft.x) / (footRight.x - footLeft.x)
            return spine.centre.y > footLeft.y + share * (footRight.y - footLeft.y)
        }
        let spines = SpineDetector().spines(in: image)
        #expect(spines.filter { !isBelowTheRow($0) }.count >= 12, "the whole row")
        let stubs = spines.filter(isBelowTheRow)
        #expect(stubs.isEmpty, "\(stubs.count) stubs below the row, \(stubs.map(\.length))")
        var keepingStubs = SpineDetector()
        keepingStubs.minCutLengthShare = 0
        #expect(keepingStubs.spines(in: image).filter(isBelowTheRow).count >= 10)
    }
}
