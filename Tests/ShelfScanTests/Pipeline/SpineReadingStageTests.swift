import Foundation
import Testing

@testable import ShelfBarcodes
@testable import ShelfDetection
@testable import ShelfISBN
@testable import ShelfImaging
@testable import ShelfOCR
@testable import ShelfPipeline
@testable import ShelfReading
@testable import ShelfText
@testable import ShelfWorkers

/// The reading stage on a rendered shelf's spines at their true outlines: each spine read through
/// on its own, and the ISBN lines chosen by the barcodes whenever the barcode search ends.
@Suite(.tags(.pipeline))
struct SpineReadingStageTests {
    struct Shelf {
        var image: Image
        var spines: [DetectedSpine]
        /// Per spine, the ISBN the truth says it carries.
        var isbns: [String?]
    }

    /// shelf-003's spines that carry an ISBN line, and two that carry none.
    static func shelf() throws -> Shelf {
        let truth = try ShelfTruth.load("shelf-003.jpg")
        let image = try ImageDecoder().decodePhoto(atPath: Fixtures.path("shelves/shelf-003.jpg")).image
        let books = truth.books.filter { $0.polygon != nil }
        let chosen = books.filter { $0.isbn != nil } + books.filter { $0.isbn == nil }.prefix(2)
        return Shelf(
            image: image, spines: chosen.map { DetectedSpine(polygon: $0.outline, score: 1, row: 0, lean: 0) },
            isbns: chosen.map(\.isbn))
    }

    static func stage() throws -> SpineReadingStage {
        let models = try ScanModels.load()
        return SpineReadingStage(
            reader: SpineReader(lexicon: models.lexicon), parser: models.parser,
            assessor: BookAssessor(model: models.confidence), recognizer: TextRecognizer())
    }

    /// The stage without the line-by-line reading, which reads the small ISBNs of shelf-003's
    /// spines itself: the tests of the ISBN lines need spines whose ISBN only their line gives.
    static func stageReadingISBNLines() throws -> SpineReadingStage {
        var stage = try stage()
        stage.readsLineByLine = false
        return stage
    }

    /// The ISBN of each spine as the photo gives it: printed in its text, or on its ISBN line.
    static func isbns(_ outcome: SpineReadingStage.Outcome) -> [String?] {
        zip(outcome.findings, outcome.lineISBNs).map { ($0.parsed.isbn ?? $1)?.isbn13 }
    }

    /// A barcode search that ends only after every spine is read (a slow search on a large photo)
    /// loses no ISBN line: the spines that waited for it are looked at when it ends.
    @Test func readsTheISBNLinesOfSpinesThatWaitedForTheBarcodes() async throws {
        let shelf = try Self.shelf()
        #expect(shelf.isbns.count(where: { $0 != nil }) >= 2)
        let spinesRead = Locked(0)
        let count = shelf.spines.count
        let outcome = try await Self.stageReadingISBNLines().read(
            shelf.spines, in: shelf.image,
            barcodes: {
                while spinesRead.withLock({ $0 }) < count { try await Task.sleep(for: .milliseconds(20)) }
                return []
            },
            onEach: { spinesRead.withLock { $0 += 1 } })
        #expect(outcome.findings.count == count && outcome.lineISBNs.count == count)
        #expect(outcome.findings.map(\.spine.polygon) == shelf.spines.map(\.polygon), "the spines' order is kept")
        #expect(Self.isbns(outcome) == shelf.isbns)
        #expect(outcome.lineISBNs.contains { $0 != nil }, "some ISBN comes from a line, not the spine's text")
        for part in SpineReadingStage.ReadingPart.allCases {
            #expect(outcome.partTimes[part.rawValue] != nil, "no time for \(part.rawValue)")
        }
        #expect((outcome.partTimes["read.first"] ?? 0) > 0 && (outcome.partTimes["read.isbnLine"] ?? 0) > 0)
    }

    /// Read line by line, the small ISBN printed on a doubtful spine comes out of its text: shelf-003's
    /// spines need no ISBN line, and their ISBNs are the ones their lines give.
    @Test func readsTheSmallISBNsOfDoubtfulSpinesLineByLine() async throws {
        let shelf = try Self.shelf()
        let outcome = try await Self.stage().read(shelf.spines, in: shelf.image, barcodes: { [] })
        #expect(Self.isbns(outcome) == shelf.isbns)
        #expect(outcome.lineISBNs.allSatisfy { $0 == nil })
        #expect((outcome.partTimes["read.lines"] ?? 0) > 0)
    }

    /// A spine a barcode lies on gets its ISBN from the barcode: its ISBN line is not read.
    @Test func readsNoISBNLineOnASpineWithABarcode() async throws {
        let shelf = try Self.shelf()
        let stage = try Self.stageReadingISBNLines()
        let withoutBarcodes = try await stage.read(shelf.spines, in: shelf.image, barcodes: { [] })
        let index = try #require(withoutBarcodes.lineISBNs.firstIndex { $0 != nil })
        let spine = shelf.spines[index]
        let centre = Point(
            x: spine.polygon.map(\.x).reduce(0, +) / 4, y: spine.polygon.map(\.y).reduce(0, +) / 4)
        let barcode = BarcodeFinding(
            isbn: try ISBN("9780306406157"), addon: nil,
            polygon: [-5, 5].flatMap { dx in [-5, 5].map { dy in Point(x: centre.x + dx, y: centre.y + dy) } },
            engines: [.zbar])
        let withBarcode = try await stage.read(shelf.spines, in: shelf.image, barcodes: { [barcode] })
        #expect(withBarcode.barcodes == [barcode])
        #expect(withBarcode.lineISBNs[index] == nil)
        var others = withoutBarcodes.lineISBNs
        others[index] = nil
        #expect(withBarcode.lineISBNs == others, "the other spines' lines are read as before")
    }

    /// A doubtful spine whose background varies is read once more in plain grey, and that reading
    /// is kept when it is the one trusted most: the title of a part-mottled spine comes out, to be
    /// shown, not selected.
    @Test func keepsThePlainGreyReadingOfAMottledSpine() throws {
        let image = SpineReaderTests.mottledSpine().rotated(quarterTurns: 1)
        let outline = SpineReaderTests.wholeOutline(of: image)
        let spine = DetectedSpine(polygon: outline, score: 1, row: 0, lean: 0)
        let (found, work) = try Self.stage().findings(of: spine, in: image, engine: try TesseractEngine())
        #expect(found.parsed.title?.folded.contains("harbour lights") == true, "\(found.reading.text.text)")
        #expect(found.isReadInPlainGrey && found.titleAgreement == nil, "read in grey, so not checked")
        #expect((work.times["read.again"] ?? 0) > 0 && (work.calls["read.again"] ?? 0) >= 2 && work.keptFrom == .again)
        #expect(work.calls["read.check"] == nil)
    }

    /// A doubtful spine is read line by line, and that reading is kept when it is the one trusted
    /// most: the small lines beside a large title, which the block readings lose, join the title.
    @Test func keepsTheLineByLineReadingOfSmallLinesBesideATitle() throws {
        let image = LineReadingTests.labelledSpine().rotated(quarterTurns: 1)
        let spine = DetectedSpine(polygon: SpineReaderTests.wholeOutline(of: image), score: 1, row: 0, lean: 0)
        let (found, work) = try Self.stage().findings(of: spine, in: image, engine: try TesseractEngine())
        let title = try #require(found.parsed.title?.folded, "\(found.reading.text.text)")
        #expect(title.hasPrefix("atlas of") && title.hasSuffix("high peaks"), "\(found.reading.text.text)")
        #expect((work.times["read.lines"] ?? 0) > 0 && work.keptFrom == .lines)
        // One Tesseract call a line at least: the label, "ATLAS OF", "THE" and the title.
        #expect((work.calls["read.lines"] ?? 0) >= 4)
        // The line reading settled it: the readings of the whole spine against local backgrounds and
        // in grey are not made.
        #expect(found.confidence >= SpineReadingStage.doubtfulConfidence && work.times["read.again"] == nil)
    }

    /// A spine whose lettering-sized marks read as no words at all (rows of signs, a pattern): after
    /// the first reading and its lines leave it all but hopeless, it is not read against local
    /// backgrounds nor in grey, which rescue a doubtful title, not marks that spell none.
    @Test func makesNoFurtherReadingsOfMarksThatSpellNoWords() throws {
        var readable = Image(width: 1400, height: 140, format: .rgb, filledWith: 230)
        let ink = Image.Colour(red: 30, green: 30, blue: 40)
        readable.drawText("#-#-#-#/#-#-#", at: (60, 45), scale: 7, colour: ink)
        readable.drawText("//-//-//", at: (900, 55), scale: 4, colour: ink)
        let image = readable.rotated(quarterTurns: 1)
        let spine = DetectedSpine(polygon: SpineReaderTests.wholeOutline(of: image), score: 1, row: 0, lean: 0)
        let (found, work) = try Self.stage().findings(of: spine, in: image, engine: try TesseractEngine())
        #expect(found.confidence < SpineReadingStage.hopelessConfidence, "\(found.reading.text.text)")
        #expect((work.calls["read.lines"] ?? 0) > 0, "its marks are tall enough to read: \(work.calls)")
        #expect(work.calls["read.again"] == nil && work.times["read.again"] == nil, "\(work.calls)")
    }

    /// A spine lying on its side, dark green with pale capitals (the title 21 pixels tall, the
    /// author 14), shrunk `factor` times as a photo taken from further away shrinks it.
    static func smallLetteredSpine(shrunkBy factor: Int) -> Image {
        var spine = Image(width: 960, height: 96, format: .rgb, filledWith: 0)
        spine.fill(PixelRect(x: 0, y: 0, width: 960, height: 96), with: Image.Colour(red: 20, green: 70, blue: 45))
        let pale = Image.Colour(red: 235, green: 230, blue: 210)
        spine.drawText("THE SILENT ORCHARD", at: (40, 38), scale: 3, colour: pale)
        spine.drawText("MAREN HOLT", at: (700, 42), scale: 2, colour: pale)
        return spine.downscaled(byFactor: factor).rotated(quarterTurns: 1)
    }

    /// A spine so narrow in its photo (8 pixels, its letters 1 to 2 pixels tall) that it is legible
    /// to no one gets its first reading only. Half as narrow again (12 pixels, letters of 2 to 3,
    /// blurred a little taller), the doubtful spine's lines are read.
    @Test func makesNoFurtherReadingsOfASpineTooNarrowToRead() throws {
        let stage = try Self.stage()
        let engine = try TesseractEngine()
        let tiny = Self.smallLetteredSpine(shrunkBy: 12)
        let tinySpine = DetectedSpine(polygon: SpineReaderTests.wholeOutline(of: tiny), score: 1, row: 0, lean: 0)
        #expect(tinySpine.width < SpineReadingStage.leastWidthToReadFurther)
        let (illegible, tinyWork) = stage.findings(of: tinySpine, in: tiny, engine: engine)
        #expect(illegible.confidence < SpineReadingStage.doubtfulConfidence)
        #expect((tinyWork.calls["read.first"] ?? 0) > 0, "\(tinyWork.calls)")
        #expect(tinyWork.calls["read.lines"] == nil && tinyWork.calls["read.again"] == nil, "\(tinyWork.calls)")
        let small = Self.smallLetteredSpine(shrunkBy: 8)
        let smallSpine = DetectedSpine(polygon: SpineReaderTests.wholeOutline(of: small), score: 1, row: 0, lean: 0)
        #expect(smallSpine.width >= SpineReadingStage.leastWidthToReadFurther)
        let (smallFound, smallWork) = stage.findings(of: smallSpine, in: small, engine: engine)
        #expect(smallFound.confidence < SpineReadingStage.doubtfulConfidence)
        #expect((smallWork.calls["read.lines"] ?? 0) > 0, "\(smallWork.calls)")
    }

    /// A spine wide enough to read further whose letters are 1 to 2 pixels tall (set small on a
    /// wide spine, far away) is legible to no one all the same: the line reading finds no line to
    /// read, and the further readings are not made.
    @Test func makesNoFurtherReadingsOfLetteringTooSmallToRead() throws {
        var spine = Image(width: 960, height: 96, format: .rgb, filledWith: 0)
        spine.fill(PixelRect(x: 0, y: 0, width: 960, height: 96), with: Image.Colour(red: 20, green: 70, blue: 45))
        let pale = Image.Colour(red: 235, green: 230, blue: 210)
        spine.drawText("THE SILENT ORCHARD", at: (40, 40), scale: 1, colour: pale)
        spine.drawText("MAREN HOLT", at: (700, 44), scale: 1, colour: pale)
        let far = spine.downscaled(byFactor: 6).rotated(quarterTurns: 1)
        let outline = DetectedSpine(polygon: SpineReaderTests.wholeOutline(of: far), score: 1, row: 0, lean: 0)
        #expect(outline.width >= SpineReadingStage.leastWidthToReadFurther)
        let (found, work) = try Self.stage().findings(of: outline, in: far, engine: try TesseractEngine())
        #expect(found.confidence < SpineReadingStage.doubtfulConfidence)
        #expect(work.calls["read.lines"] == 0 && work.calls["read.again"] == nil, "\(work.calls)")
    }

    /// `image` with grain: each channel of each pixel moved by up to `amplitude` levels either way,
    /// from a fixed `seed`, as a dim photo's sensor noise and its JPEG blocks blur lettering.
    static func grainy(_ image: Image, amplitude: Int, seed: UInt64) -> Image {
        var state = seed
        let pixels = image.pixels.map { value -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let shift = Int((state >> 33) % UInt64(2 * amplitude + 1)) - amplitude
            return UInt8(min(255, max(0, Int(value) + shift)))
        }
        return Image(width: image.width, height: image.height, format: image.format, pixels: pixels)
    }

    /// The part-mottled spine (`SpineReaderTests.mottledSpine`), shrunk `factor` times and grainy.
    static func grainyMottledSpine(
        shrunkBy factor: Int, amplitude: Int, seed: UInt64
    ) -> (image: Image, spine: DetectedSpine) {
        let image = grainy(
            SpineReaderTests.mottledSpine().downscaled(byFactor: factor).rotated(quarterTurns: 1), amplitude: amplitude,
            seed: seed)
        return (image, DetectedSpine(polygon: SpineReaderTests.wholeOutline(of: image), score: 1, row: 0, lean: 0))
    }

    /// A doubtful spine narrower than 40 pixels whose lettering Tesseract reads unsurely (grain on
    /// letters about 10 pixels tall) is read line by line, but not inked again against its local
    /// backgrounds nor in grey, though its background varies: inking the same blurred pixels
    /// another way does not sharpen them. A wider spine read as unsurely is.
    @Test func inksNoNarrowSpineReadUnsurelyAgain() throws {
        let stage = try Self.stage()
        let engine = try TesseractEngine()
        let narrow = Self.grainyMottledSpine(shrunkBy: 4, amplitude: 90, seed: 2)
        #expect(narrow.spine.width < SpineReadingStage.leastWidthToWiden)
        // Its background varies: inked against its local backgrounds, it would be read again.
        let cut = stage.reader.colourCrop(narrow.spine.polygon, in: narrow.image).image
        #expect(cut.inkOnWhiteAgainstLocalBackground() != nil)
        let (unsure, work) = stage.findings(of: narrow.spine, in: narrow.image, engine: engine)
        #expect(unsure.confidence >= SpineReadingStage.hopelessConfidence, "\(unsure.reading.text.text)")
        #expect(unsure.confidence < SpineReadingStage.doubtfulConfidence)
        #expect(unsure.reading.text.meanConfidence < SpineReadingStage.leastWordConfidenceToInkAgain)
        #expect((work.calls["read.lines"] ?? 0) > 0 && work.calls["read.again"] == nil, "\(work.calls)")

        let wide = Self.grainyMottledSpine(shrunkBy: 3, amplitude: 90, seed: 7)
        #expect(wide.spine.width >= SpineReadingStage.leastWidthToWiden)
        let (alsoUnsure, wideWork) = stage.findings(of: wide.spine, in: wide.image, engine: engine)
        #expect(alsoUnsure.confidence < SpineReadingStage.doubtfulConfidence)
        #expect(alsoUnsure.reading.text.meanConfidence < SpineReadingStage.leastWordConfidenceToInkAgain)
        #expect((wideWork.calls["read.again"] ?? 0) > 0, "\(wideWork.calls)")
    }

    /// A book whose readings all ran the wrong way along the spine (shelf-002's "Ninth Tide" and
    /// "Glass Keeper": their whole-spine readings were surer read backwards) is read line by line the
    /// other way too, when the line reading the way the first took makes no sure title.
    @Test(arguments: [10, 18]) func readsLineByLineTheOtherWayWhenThatWayMakesNoTitle(book index: Int) throws {
        let truth = try ShelfTruth.load("shelf-002.jpg")
        let image = try ImageDecoder().decodePhoto(atPath: Fixtures.path("shelves/shelf-002.jpg")).image
        let book = truth.books[index]
        let spine = DetectedSpine(polygon: book.outline, score: 1, row: 0, lean: 0)
        let (found, _) = try Self.stage().findings(of: spine, in: image, engine: try TesseractEngine())
        #expect(SpineReaderTests.similar(found.parsed.title, book.title), "\(found.reading.text.text)")
        #expect(found.reading.orientation.rawValue == book.textOrientation)
    }

    /// A doubtful book whose outline was drawn through its lettering (here the true outlines of
    /// fixture spines, narrowed by 15% a side) is read from a wider cut, which holds all of it.
    /// (Spines that, narrowed, are under 40 photo pixels across are not cut wider: these are wider.)
    @Test(arguments: [("shelf-003.jpg", 11), ("shelf-003.jpg", 12)])
    func readsABookOutlinedThroughItsLetteringFromAWiderCut(photo: String, index: Int) throws {
        let truth = try ShelfTruth.load(photo)
        let image = try ImageDecoder().decodePhoto(atPath: Fixtures.path("shelves/" + photo)).image
        let book = truth.books[index]
        let narrow = SpineReader.widened(book.outline, by: -0.15)
        // Without the line reading, which finds lines of its own, so that only the wider cut can help.
        var stage = try Self.stage()
        stage.readsLineByLine = false
        let engine = try TesseractEngine()
        let clipped = stage.parser.parse(stage.reader.read(stage.reader.colourCrop(narrow, in: image), engine: engine).text)
        #expect(!SpineReaderTests.similar(clipped.title, book.title), "the narrow cut alone reads \(clipped.title ?? "-")")
        let spine = DetectedSpine(polygon: narrow, score: 1, row: 0, lean: 0)
        let (found, work) = stage.findings(of: spine, in: image, engine: engine)
        #expect(SpineReaderTests.similar(found.parsed.title, book.title), "\(found.reading.text.text)")
        #expect((work.times["read.wider"] ?? 0) > 0 && work.keptFrom == .wider)
    }

    /// A failed barcode search fails the stage as the barcode search's failure, not reading's.
    @Test func tellsAFailedBarcodeSearchFromAFailedReading() async throws {
        let shelf = try Self.shelf()
        struct Broken: Error {}
        await #expect(throws: SpineReadingStage.BarcodeSearchFailure.self) {
            _ = try await Self.stage().read(
                Array(shelf.spines.prefix(1)), in: shelf.image, barcodes: { throw Broken() })
        }
    }

    // MARK: - Words lent between readings of one cut

    /// A reading of one line of words, each 40 pixels tall and 30 a letter, from (x, 40).
    static func reading(_ words: [(String, Int)]) -> SpineReader.Reading {
        let read = words.map { text, x in
            RecognizedText.Word(
                text: text, confidence: 95, box: PixelRect(x: x, y: 40, width: 30 * text.count, height: 40))
        }
        let box = read.dropFirst().reduce(read[0].box) { $0.union($1.box) }
        return SpineReader.Reading(
            text: RecognizedText(lines: [RecognizedText.Line(words: read, box: box)]), orientation: .topToBottom,
            scale: 1)
    }

    /// The findings of `reading` as the stage makes them.
    static func findings(_ reading: SpineReader.Reading, stage: SpineReadingStage) -> SpineFindings {
        let spine = DetectedSpine(polygon: [], score: 1, row: 0, lean: 0)
        let parsed = stage.parser.parse(reading.text)
        return SpineFindings(
            spine: spine, reading: reading, parsed: parsed, assessment: stage.assessor.assess(parsed, on: spine))
    }

    static let keptTitle = reading([("THE", 0), ("SILVER", 110), ("HARBOUR", 310)])
    static let lending = reading([("HARBOUR", 312), ("LIGHTS", 540)])

    /// The kept reading of a doubtful book takes the title's last word from another reading of
    /// its cut, and stays the reading in plain grey if it was.
    @Test func theKeptReadingTakesTheWordsItsCutsOtherReadingsReadSurely() throws {
        let stage = try Self.stage()
        var kept = Self.findings(Self.keptTitle, stage: stage)
        kept.isReadInPlainGrey = true
        let lent = stage.withLentWords(kept, from: [Self.lending, Self.keptTitle])
        #expect(lent.parsed.title?.folded == "the silver harbour lights", "\(lent.parsed.title ?? "no title")")
        #expect(lent.confidence >= kept.confidence)
        #expect(lent.isReadInPlainGrey)
    }

    /// A kept reading of another cut (the wider one) takes no words: their places do not line up.
    @Test func aReadingOfAnotherCutTakesNoWords() throws {
        let stage = try Self.stage()
        let kept = Self.findings(Self.keptTitle, stage: stage)
        let lent = stage.withLentWords(kept, from: [Self.lending])
        #expect(lent.reading == kept.reading)
        #expect(lent.parsed.title == kept.parsed.title)
    }

    /// A title with a word misread takes the word another reading of its cut read surely in its
    /// place; without such a reading it stays as read.
    @Test func aMisreadWordOfTheTitleIsMendedByAnotherReadingOfItsCut() throws {
        var stage = try Self.stage()
        stage.assessor.lexicon = stage.parser.lexicon
        let kept = Self.findings(Self.reading([("THE", 0), ("SILVER", 110), ("HARBCUR", 310)]), stage: stage)
        #expect(stage.isTitleMisread(kept))
        let mended = stage.withMisreadWordsMended(kept, from: [kept.reading, Self.lending])
        #expect(mended.parsed.title?.folded == "the silver harbour", "\(mended.parsed.title ?? "no title")")
        #expect(!stage.isTitleMisread(mended))
        let unmended = stage.withMisreadWordsMended(kept, from: [kept.reading, Self.reading([("LIGHTS", 540)])])
        #expect(unmended.reading == kept.reading)
    }

    // MARK: - Doubts shared between readings

    /// A reading typed as the parser's tests type them (`SpineTextParserTests.reading`).
    static func reading(_ spec: String) -> SpineReader.Reading {
        SpineReader.Reading(text: SpineTextParserTests.reading(spec), orientation: .topToBottom, scale: 1)
    }

    /// A title that another reading of the spine read with words going on unread before it is
    /// doubted in the reading kept too, which missed those words; a doubt about another title is not.
    @Test func aDoubtOfWordsUnreadBesideTheTitleIsShared() throws {
        let stage = try Self.stage()
        let kept = Self.findings(Self.reading("Keys:50 to:50 Better:50 Tennis:50 | | JOHN:30 SMITH:30"), stage: stage)
        #expect(kept.parsed.title == "Keys to Better Tennis" && kept.parsed.notATitle == nil)
        let unread = Self.findings(
            Self.reading("Xqzvr:50:45 ¦ Keys:50 to:50 Better:50 Tennis:50 | | JOHN:30 SMITH:30"), stage: stage)
        #expect(unread.parsed.title == kept.parsed.title && unread.parsed.notATitle == .titleGoesOnUnread)
        let shared = stage.withDoubtsShared(kept, by: [kept, unread])
        #expect(shared.parsed.notATitle == .titleGoesOnUnread && shared.confidence < kept.confidence)
        // The reading in plain grey stays so when doubted.
        var grey = kept
        grey.isReadInPlainGrey = true
        #expect(stage.withDoubtsShared(grey, by: [grey, unread]).isReadInPlainGrey)
        let other = Self.findings(
            Self.reading("Xqzvr:50:45 ¦ Keys:50 to:50 Better:50 Golf:50 | | JOHN:30 SMITH:30"), stage: stage)
        #expect(other.parsed.notATitle == .titleGoesOnUnread)
        #expect(stage.withDoubtsShared(kept, by: [kept, other]).parsed.notATitle == nil)
    }
}
