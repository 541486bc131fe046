import Testing

@testable import ShelfDetection
@testable import ShelfImaging

/// Photos smaller than the detector's working size, as shared and downloaded shelf photos often
/// are (640 px and less): the detector enlarges them first, since its measures in pixels hold at
/// the sizes large photos are reduced to.
@Suite(.tags(.accuracy))
struct SmallPhotoTests {
    /// `scene` reduced so that its longer side is `side` pixels, with its outlines.
    static func reduced(_ scene: (image: Image, outlines: [[Point]]), toSide side: Int) -> (image: Image, outlines: [[Point]]) {
        let scale = Double(side) / Double(max(scene.image.width, scene.image.height))
        return (
            scene.image.scaled(by: scale), scene.outlines.map { $0.map { Point(x: $0.x * scale, y: $0.y * scale) } }
        )
    }

    static func found(_ detector: SpineDetector, in scene: (image: Image, outlines: [[Point]])) -> Int {
        OutlineMatching(truth: scene.outlines, detected: detector.spines(in: scene.image).map(\.polygon)).matches.count
    }

    /// Two copies side by side in a 400 px photo are about 20 px wide each: too few pixels for the
    /// search of the gap in their lettering, unless the photo is enlarged.
    @Test func copiesInASmallPhotoAreOutlinedOneByOne() {
        let scene = Self.reduced(SpineLayoutTests.rowWithCopies(.copies), toSide: 400)
        let asIs = Self.found(SpineDetector(minimumWorkingSide: 16), in: scene)
        #expect(asIs < scene.outlines.count, "at the photo's own size the copies are one outline")
        #expect(Self.found(SpineDetector(), in: scene) == scene.outlines.count)
    }

    /// An enlarged photo's outlines are in its own pixels, and as good as at full size: upright
    /// and leaning rows reduced to 320 px are outlined book by book.
    @Test(arguments: [0.0, 12.0])
    func aSmallPhotoIsOutlinedAsAtFullSize(lean degrees: Double) {
        let scene = Self.reduced(SpineLayoutTests.leaningRow(count: 16, degrees: degrees), toSide: 320)
        #expect(Self.found(SpineDetector(), in: scene) == scene.outlines.count)
    }
}
