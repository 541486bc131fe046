import Testing

@testable import ShelfDetection
@testable import ShelfImaging

/// The detector's working frame maps its deskewed, reduced pixels back to the photo's.
struct WorkingFrameTests {
    @Test(arguments: [0.0, 3.5, -11.0])
    func mapsPointsBackToThePhoto(skew: Double) {
        let working = Image(width: 300, height: 200, format: .rgb)
        let frame = WorkingFrame(factor: 4, workingWidth: 300, workingHeight: 200, skew: skew)
        for point in [Point(x: 10, y: 20), Point(x: 150, y: 100), Point(x: 290.5, y: 180.25)] {
            // Where deskewing put the point, mapped back, is where it was (times the factor).
            let deskewed = skew == 0 ? point : working.pointAfterRotation(point, byDegrees: -skew)
            let photo = frame.photoPoint(deskewed, photoWidth: 1200, photoHeight: 800)
            #expect(abs(photo.x - point.x * 4) < 1e-6 && abs(photo.y - point.y * 4) < 1e-6)
        }
    }

    @Test func validSpansCoverThePhotoAndNotTheFill() {
        let frame = WorkingFrame(factor: 1, workingWidth: 400, workingHeight: 300, skew: 8)
        #expect(frame.width > 400 && frame.height > 300)
        // The middle row shows the photo across nearly its whole width; the top row only a little.
        let middle = frame.validSpans[frame.height / 2]
        #expect(middle.count > 380)
        #expect(frame.validSpans[0].count < 120)
    }
}
