import Testing

@testable import ShelfBarcodes
@testable import ShelfISBN
@testable import ShelfImaging
@testable import ShelfReading
@testable import ShelfOCR

@Suite(.tags(.accuracy))
struct PrintedISBNReaderTests {
    static let pages = Fixtures.photos(in: "pages")

    @Test func readsThePrintedISBNsOfEveryPageWayUpWithoutTheTraps() async throws {
        #expect(Self.pages.count >= 8)
        var found = 0, total = 0
        for name in Self.pages {
            let truth = try Fixtures.json(PhotoTruth.self, "pages/\(name).truth.json")
            let image = try ImageDecoder().decodePhoto(atPath: Fixtures.path("pages/\(name)")).image
            let reading = try await PrintedISBNReader().read(image, recognizer: TextRecognizer())
            let reported = Set(reading.findings.map(\.isbn.isbn13))
            // Every page carries LCCNs, phone numbers or printing lines that pass the ISBN-10 check.
            #expect(reported.isSubset(of: Set(truth.isbns)), "\(name): wrong \(reported.subtracting(truth.isbns))")
            total += truth.isbns.count
            found += Set(truth.isbns).intersection(reported).count
        }
        #expect(found >= total, "found \(found) of \(total) printed ISBNs")
    }

    @Test(arguments: [0, 1, 2, 3])
    func findsTheWayUp(turns: Int) async throws {
        let image = try ImageDecoder().decodePhoto(atPath: Fixtures.path("pages/page-001.jpg")).image
        let reading = try await PrintedISBNReader().read(
            image.rotated(quarterTurns: turns), recognizer: TextRecognizer())
        #expect(reading.quarterTurns == (4 - turns) % 4)
        #expect(reading.findings.map(\.isbn.isbn13) == ["9781909290471"])
        #expect(reading.confidence > 70)
    }

    @Test func outlinesTheISBNLineInThePhoto() async throws {
        let image = try ImageDecoder().decodePhoto(atPath: Fixtures.path("pages/page-004.jpg")).image
        let reading = try await PrintedISBNReader().read(image, recognizer: TextRecognizer())
        #expect(!reading.findings.isEmpty)
        for finding in reading.findings {
            let box = BoundingBox(finding.polygon)
            #expect(
                box.minX >= 0 && box.minY >= 0 && box.maxX <= Double(image.width) && box.maxY <= Double(image.height))
            // page-004's text runs down the photo (turned 90°): each ISBN line is tall and narrow.
            #expect(box.height > box.width)
        }
    }

    @Test func extractsWordsWithConfidences() async throws {
        let page = try ImageDecoder().decodePhoto(atPath: Fixtures.path("pages/page-001.jpg")).image.grayscale()
        let text = try await TextRecognizer().recognize(page, segmentation: .auto)
        #expect(text.words.count > 40)
        #expect(text.lines.count >= 10)
        #expect(text.meanConfidence > 60)
        #expect(text.words.allSatisfy { $0.box.width > 0 && $0.box.height > 0 })
    }
}
