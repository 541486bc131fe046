import Testing

@testable import ShelfBarcodes
@testable import ShelfImaging

struct BarcodeRegionFinderTests {
    static func gray(_ relative: String) throws -> Image {
        try ImageDecoder().decodePhoto(atPath: Fixtures.path(relative)).image.grayscale()
    }

    @Test(arguments: ["barcode-001.jpg", "barcode-006.jpg", "barcode-12mp.jpg"])
    func findsTheBarcodeWhereTheTruthPutsIt(name: String) throws {
        let truth = try Fixtures.json(PhotoTruth.self, "barcodes/\(name).truth.json")
        let regions = BarcodeRegionFinder().regions(in: try Self.gray("barcodes/\(name)"))
        let centre = BoundingBox(truth.barcodes[0].polygon!.map { Point(x: $0[0], y: $0[1]) }).centre
        let biggest = try #require(regions.first)
        let box = biggest.box
        #expect(Double(box.x) <= centre.x && centre.x <= Double(box.maxX), "\(box) misses \(centre)")
        #expect(Double(box.y) <= centre.y && centre.y <= Double(box.maxY), "\(box) misses \(centre)")
    }

    @Test func findsTheDirectionAcrossTheBars() throws {
        let gray = try Self.gray("barcodes/barcode-001.jpg")
        let upright = try #require(BarcodeRegionFinder().regions(in: gray).first)
        let turned = try #require(BarcodeRegionFinder().regions(in: gray.rotated(byDegrees: 30, fill: 128)).first)
        #expect(BarcodeRegionFinder.angleDifference(turned.angle, upright.angle + 30) < 6)
    }

    @Test(arguments: ["pages/page-001.jpg", "pages/page-004.jpg", "imaging/jpeg-baseline.jpg"])
    func findsNoBarcodeOnAPageOfText(relative: String) throws {
        #expect(BarcodeRegionFinder().regions(in: try Self.gray(relative)).isEmpty)
    }
}
