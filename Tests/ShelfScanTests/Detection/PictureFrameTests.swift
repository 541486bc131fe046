import Testing

@testable import ShelfDetection
@testable import ShelfImaging

/// Where a photo's picture ends: its edges, or the border of the black fill a turn in an editor
/// leaves in its corners.
@Suite
struct PictureFrameTests {
    /// A grey 300 × 200 photo with a black book standing in its middle.
    static func photoWithADarkBook() -> Image {
        var image = Image(width: 300, height: 200, format: .rgb, filledWith: 150)
        image.fill(PixelRect(x: 130, y: 40, width: 40, height: 120), with: .black)
        return image
    }

    @Test func aPhotoWithoutFillEndsAtItsEdges() {
        let frame = PictureFrame(of: Self.photoWithADarkBook())
        #expect(!frame.isOnEdge(Point(x: 150, y: 100), margin: 3), "the dark book is picture, not fill")
        #expect(!frame.isOnEdge(Point(x: 50, y: 100), margin: 3))
        #expect(frame.isOnEdge(Point(x: 2, y: 100), margin: 3))
        #expect(frame.isOnEdge(Point(x: 150, y: 198), margin: 3))
        #expect(frame.isOnEdge(Point(x: -5, y: 100), margin: 3), "outside the photo")
    }

    @Test func aTurnedPhotoEndsWhereItsBlackFillBegins() {
        let upright = Self.photoWithADarkBook()
        let degrees = 10.0
        let turned = upright.rotated(byDegrees: degrees, fill: 0)
        let frame = PictureFrame(of: turned)
        // The upright photo's corners and the middles of its sides lie on the turned picture's edge.
        let (w, h) = (Double(upright.width), Double(upright.height))
        let edgePoints = [
            Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h), Point(x: w / 2, y: h),
        ]
        for point in edgePoints {
            #expect(frame.isOnEdge(upright.pointAfterRotation(point, byDegrees: degrees), margin: 3), "\(point)")
        }
        // Well inside the picture, however close to the canvas's corner, is not.
        for point in [Point(x: 20, y: 20), Point(x: w - 20, y: h - 20), Point(x: w / 2, y: h / 2)] {
            #expect(!frame.isOnEdge(upright.pointAfterRotation(point, byDegrees: degrees), margin: 3), "\(point)")
        }
    }

    @Test(arguments: [(1, 1), (7, 1), (1, 9), (40, 30)])
    func aPhotoAllBlackIsAllEdge(width: Int, height: Int) {
        let frame = PictureFrame(of: Image(width: width, height: height, format: .gray, filledWith: 0))
        #expect(frame.isOnEdge(Point(x: Double(width) / 2, y: Double(height) / 2), margin: 0))
        #expect(frame.isOnEdge(Point(x: .nan, y: 3), margin: 0))
    }
}
