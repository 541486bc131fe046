import Testing

@testable import ShelfBarcodes
@testable import ShelfISBN
@testable import ShelfImaging

/// Reads every barcode fixture, like ZXing's black-box tests: minimum pass counts set at what the
/// scanner achieves, so that a regression fails; a wrong ISBN fails at once.
@Suite(.tags(.accuracy))
struct BarcodeScannerTests {
    static let photos = Fixtures.photos(in: "barcodes")

    struct Outcome: Sendable {
        var name: String
        var truth: PhotoTruth
        var found: [BarcodeFinding]
    }

    static func scan(_ name: String) throws -> Outcome {
        let truth = try Fixtures.json(PhotoTruth.self, "barcodes/\(name).truth.json")
        let photo = try ImageDecoder().decodePhoto(atPath: Fixtures.path("barcodes/\(name)"))
        #expect(photo.image.width == truth.width && photo.image.height == truth.height)
        return Outcome(name: name, truth: truth, found: BarcodeScanner().isbnBarcodes(in: photo.image))
    }

    @Test func readsTheFixturesWithTheirAddOnsAndNothingWrong() async throws {
        #expect(Self.photos.count >= 15)
        let outcomes = try await withThrowingTaskGroup(of: Outcome.self) { group in
            for name in Self.photos { group.addTask { try Self.scan(name) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        var isbnsRead = 0, isbnsTotal = 0, addonsRead = 0, addonsTotal = 0
        for outcome in outcomes {
            let truth = Set(outcome.truth.isbns)
            let reported = Set(outcome.found.map(\.isbn.isbn13))
            #expect(reported.isSubset(of: truth), "\(outcome.name): wrong ISBN \(reported.subtracting(truth))")
            isbnsTotal += truth.count
            isbnsRead += truth.intersection(reported).count
            for barcode in outcome.truth.barcodes where barcode.addon != nil {
                addonsTotal += 1
                if outcome.found.contains(where: { $0.isbn.isbn13 == barcode.isbn && $0.addon == barcode.addon }) {
                    addonsRead += 1
                }
            }
        }
        #expect(isbnsTotal >= 13)
        #expect(isbnsRead == isbnsTotal, "read \(isbnsRead) of \(isbnsTotal) ISBN barcodes")
        #expect(addonsRead >= addonsTotal, "read \(addonsRead) of \(addonsTotal) add-ons")
    }

    /// On a shelf the scanner searches only where bars are seen: codes in plain view are still read,
    /// none wrongly, without the whole-photo copies.
    @Test func searchingOnlyWhereBarsAreSeenStillReadsCodesInPlainView() async throws {
        let found = try await withThrowingTaskGroup(of: (Set<String>, Set<String>).self) { group in
            for name in Self.photos {
                group.addTask {
                    let truth = try Fixtures.json(PhotoTruth.self, "barcodes/\(name).truth.json")
                    let photo = try ImageDecoder().decodePhoto(atPath: Fixtures.path("barcodes/\(name)"))
                    let read = BarcodeScanner(searchesWholePhoto: false).isbnBarcodes(in: photo.image)
                    return (Set(truth.isbns), Set(read.map(\.isbn.isbn13)))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for (truth, read) in found { #expect(read.isSubset(of: truth), "wrong ISBN \(read.subtracting(truth))") }
        let readCount = found.reduce(0) { $0 + $1.0.intersection($1.1).count }
        let total = found.reduce(0) { $0 + $1.0.count }
        #expect(total >= 13 && readCount == total, "read \(readCount) of \(total) ISBN barcodes")
    }

    /// On a shelf, whole-photo copies are read only on a photo of few pixels (a crop of a code),
    /// where they are cheap: not on a 640-pixel shelf photo (0.4 s of a core), nor on a 12 MP one.
    @Test(arguments: [(640, 640, false), (4000, 3000, false), (900, 675, false), (500, 500, true), (290, 127, true)])
    func onAShelfOnlyAPhotoOfFewPixelsGetsTheWholePhotosCopies(width: Int, height: Int, reads: Bool) {
        let photo = Image(width: width, height: height, format: .gray, filledWith: 128)
        #expect(BarcodeScanner(searchesWholePhoto: false).readsWholePhotoCopies(of: photo) == reads)
        #expect(BarcodeScanner().readsWholePhotoCopies(of: photo))
    }

    /// A blurred crop of a code, 300 pixels long, reads only from the whole photo's copies: on a
    /// shelf it gets them, being a photo of few pixels; set in a 640-pixel photo, it does not.
    @Test func aBlurredCropOfACodeGetsTheWholePhotosCopiesOnAShelfAndA640PixelPhotoDoesNot() throws {
        let name = "barcode-001.jpg"
        let truth = try Fixtures.json(PhotoTruth.self, "barcodes/\(name).truth.json")
        let corners = try #require(truth.barcodes.first?.polygon)
        let (xs, ys) = (corners.map { $0[0] }, corners.map { $0[1] })
        let (width, height) = (xs.max()! - xs.min()!, ys.max()! - ys.min()!)
        let code = PixelRect(
            x: Int(xs.min()! - 0.15 * width), y: Int(ys.min()! - 0.15 * height), width: Int(1.3 * width),
            height: Int(1.3 * height))
        let cover = try ImageDecoder().decodePhoto(atPath: Fixtures.path("barcodes/\(name)")).image.grayscale()
        let crop = cover.cropped(to: code)
        let small = crop.scaled(by: 300 / Double(max(crop.width, crop.height)))
        let blurred = small.scaled(by: 2).boxBlurred(radius: 3).scaled(by: 0.5)
        var shelf = Image(width: 640, height: 640, format: .gray, filledWith: 255)
        for y in 0..<blurred.height {
            for x in 0..<blurred.width { shelf[x: x + 100, y: y + 100] = blurred[x: x, y: y] }
        }
        let scanner = BarcodeScanner(searchesWholePhoto: false)
        #expect(scanner.isbnBarcodes(in: blurred).map(\.isbn.isbn13) == truth.isbns)
        #expect(scanner.isbnBarcodes(in: shelf).isEmpty)
    }

    /// A back cover seen small and turned (a code about 200 pixels long at 28°, on a dark table):
    /// the blocks that look like bars miss the code's ends, and a crop twice as wide around them
    /// reads it, on a shelf too.
    @Test(arguments: ["barcode-004.jpg", "barcode-013.jpg"])
    func readsASmallTurnedCodeWhoseEndsTheBarsMiss(_ name: String) throws {
        let truth = try Fixtures.json(PhotoTruth.self, "barcodes/\(name).truth.json")
        let cover = try ImageDecoder().decodePhoto(atPath: Fixtures.path("barcodes/\(name)")).image.grayscale()
        let turned = cover.scaled(by: 0.45).rotated(byDegrees: -28, fill: 52)
        var table = Image(
            width: max(turned.width + 100, 1800), height: max(turned.height + 100, 1900), format: .gray, filledWith: 52)
        for y in 0..<turned.height {
            for x in 0..<turned.width { table[x: x + 50, y: y + 50] = turned[x: x, y: y] }
        }
        let read = BarcodeScanner(searchesWholePhoto: false).isbnBarcodes(in: table)
        #expect(read.map(\.isbn.isbn13) == truth.isbns)
    }

    @Test func outlinesTheBarcodeWhereItIs() throws {
        let outcome = try Self.scan("barcode-001.jpg")
        let finding = try #require(outcome.found.first)
        let truthBox = BoundingBox(outcome.truth.barcodes[0].polygon!.map { Point(x: $0[0], y: $0[1]) })
        let centre = BoundingBox(finding.polygon).centre
        #expect(truthBox.distance(to: centre) == 0, "centre \(centre) outside \(truthBox.corners)")
    }

    @Test func reportsNoISBNForAProductEAN() throws {
        let products = try Self.photos.filter {
            try Fixtures.json(PhotoTruth.self, "barcodes/\($0).truth.json").ean != nil
        }
        #expect(products.count >= 2)
        for name in products {
            #expect(try Self.scan(name).found.isEmpty, "\(name) reported a product EAN as an ISBN")
        }
    }

    @Test func zxingReadsATwelveMegapixelPhotoAtFullResolution() throws {
        let truth = try Fixtures.json(PhotoTruth.self, "barcodes/barcode-12mp.jpg.truth.json")
        let image = try ImageDecoder().decodePhoto(atPath: Fixtures.path("barcodes/barcode-12mp.jpg")).image.grayscale()
        #expect(image.pixelCount >= 12_000_000)
        let read = try #require(ZXingReader.readEAN13(in: image))
        #expect(read.digits == truth.barcodes[0].isbn)
    }

    @Test func readsACodeTurnedFortyFiveDegreesAndOutlinesItThere() throws {
        let truth = try Fixtures.json(PhotoTruth.self, "barcodes/barcode-001.jpg.truth.json")
        let image = try ImageDecoder().decodePhoto(atPath: Fixtures.path("barcodes/barcode-001.jpg")).image
        let turned = image.grayscale().rotated(byDegrees: 45, fill: 200)
        let found = BarcodeScanner().isbnBarcodes(in: turned)
        #expect(found.map(\.isbn.isbn13) == [truth.barcodes[0].isbn])
        let truthCentre = BoundingBox(truth.barcodes[0].polygon!.map { Point(x: $0[0], y: $0[1]) }).centre
        let expected = image.pointAfterRotation(truthCentre, byDegrees: 45)
        let centre = BoundingBox(try #require(found.first).polygon).centre
        #expect(abs(centre.x - expected.x) < 80 && abs(centre.y - expected.y) < 80, "\(centre) vs \(expected)")
    }

    @Test func findsNothingOnAPageWithoutBarcodes() throws {
        let image = try ImageDecoder().decodePhoto(atPath: Fixtures.path("pages/page-001.jpg")).image
        #expect(BarcodeScanner().isbnBarcodes(in: image).isEmpty)
    }
}
