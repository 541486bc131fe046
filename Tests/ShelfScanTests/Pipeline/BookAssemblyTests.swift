import Testing

@testable import ShelfBarcodes
@testable import ShelfDetection
@testable import ShelfISBN
@testable import ShelfImaging
@testable import ShelfOCR
@testable import ShelfPipeline
@testable import ShelfReading

/// The last stage: which outlines become reported books.
@Suite(.tags(.pipeline))
struct BookAssemblyTests {
    static let models = try! ScanModels.load()
    static let assembly = BookAssembly(assessor: BookAssessor(model: models.confidence), library: nil)

    /// An upright outline `width` by `length` photo pixels at `x`.
    static func spine(x: Double, width: Double, length: Double) -> DetectedSpine {
        DetectedSpine(
            polygon: [
                Point(x: x, y: 100), Point(x: x + width, y: 100), Point(x: x + width, y: 100 + length),
                Point(x: x, y: 100 + length),
            ], score: 0.8, row: 0, lean: 0)
    }

    /// The findings on `spine` of a reading of `words` (none: nothing read).
    static func findings(on spine: DetectedSpine, reading words: [String]) -> SpineFindings {
        var x = 10
        let read = words.map { word -> RecognizedText.Word in
            defer { x += word.count * 20 + 15 }
            return RecognizedText.Word(text: word, confidence: 90, box: PixelRect(x: x, y: 40, width: word.count * 20, height: 30))
        }
        let text = RecognizedText(lines: read.isEmpty ? [] : [RecognizedText.Line(words: read, box: read[0].box)])
        let parsed = models.parser.parse(text)
        return SpineFindings(
            spine: spine, reading: SpineReader.Reading(text: text, orientation: .topToBottom, scale: 1), parsed: parsed,
            assessment: assembly.assessor.assess(parsed, on: spine))
    }

    @Test func leavesOutWideOutlinesWithNoLettering() {
        // A poster, a box or a bookcase's side: as wide as it is long, nothing read on it.
        let wall = Self.findings(on: Self.spine(x: 0, width: 400, length: 500), reading: [])
        // A spine whose lettering did not read is still long and narrow: a book to show.
        let unreadSpine = Self.findings(on: Self.spine(x: 500, width: 40, length: 600), reading: [])
        // Wide, with its title read: a face-out cover.
        let cover = Self.findings(on: Self.spine(x: 600, width: 400, length: 550), reading: ["SILVER", "HARBOUR"])
        // Wide, with a scrap of two letters only: no lettering to speak of.
        let scrap = Self.findings(on: Self.spine(x: 1100, width: 300, length: 350), reading: ["ee"])
        let (books, _) = Self.assembly.books(
            of: [wall, unreadSpine, cover, scrap], barcodes: [], lineISBNs: [nil, nil, nil, nil])
        #expect(books.map { $0.polygon[0].x } == [500, 600])
        #expect(books.last?.title == "Silver Harbour")
    }

    /// A reading whose title is in doubt is trusted, when readings are compared, as its book would
    /// be: less than the same reading in no doubt, unless it carries an ISBN.
    @Test func trustsAReadingWhoseTitleIsInDoubtAsItsBook() throws {
        let spine = Self.spine(x: 0, width: 40, length: 600)
        let clear = Self.findings(on: spine, reading: ["SILVER", "HARBOUR"])
        var parsed = clear.parsed
        parsed.pairingDoubt = .titleMayBeAuthor
        let doubtful = SpineFindings(spine: spine, reading: clear.reading, parsed: parsed, assessment: clear.assessment)
        #expect(clear.confidence > 0)
        #expect(doubtful.confidence == clear.confidence * BookAssessor.unconfirmedShare)
        parsed.isbn = try ISBN("9780306406157")
        let withISBN = SpineFindings(spine: spine, reading: clear.reading, parsed: parsed, assessment: clear.assessment)
        #expect(withISBN.confidence == clear.assessment.confidence(hasISBN: true))
    }

    @Test func keepsAWideOutlineThatCarriesAnISBN() throws {
        let isbn = try ISBN("9780306406157")
        let backCover = Self.findings(on: Self.spine(x: 0, width: 400, length: 500), reading: [])
        let other = Self.findings(on: Self.spine(x: 500, width: 400, length: 500), reading: [])
        let barcode = BarcodeFinding(
            isbn: isbn, addon: nil,
            polygon: [Point(x: 600, y: 300), Point(x: 700, y: 300), Point(x: 700, y: 360), Point(x: 600, y: 360)],
            engines: [.zbar])
        let (books, isbns) = Self.assembly.books(
            of: [backCover, other], barcodes: [barcode], lineISBNs: [isbn, nil])
        #expect(books.map(\.isbn) == [isbn, isbn])
        #expect(isbns.count == 1)
    }
}
