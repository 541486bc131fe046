import Testing

@testable import ShelfDetection
@testable import ShelfISBN
import ShelfLibrary
@testable import ShelfImaging
@testable import ShelfOCR
@testable import ShelfPipeline
@testable import ShelfReading
@testable import ShelfText

/// The second, independent reading that checks a title before its book is selected.
@Suite struct TitleCheckTests {
    static func reading(_ lines: [String]) -> RecognizedText {
        let box = PixelRect(x: 0, y: 0, width: 10, height: 10)
        return RecognizedText(lines: lines.map { line in
            RecognizedText.Line(
                words: line.split(separator: " ").map { RecognizedText.Word(text: String($0), confidence: 80, box: box) },
                box: box)
        })
    }

    @Test func agreementToleratesSlipsAndWordsRunTogether() {
        let check = Self.reading(["N 823 Orw", "THESALTROAD — J. ORWIN"])
        #expect(TitleCheck.agreement(title: "The Salt Road", check: check) == 1)
        #expect(TitleCheck.agreement(title: "The Sa1t Road", check: check) >= TitleCheck.confirming)
        #expect(TitleCheck.agreement(title: "Çafé Noir", check: Self.reading(["CAFE NOIR"])) == 1)
        #expect(TitleCheck.agreement(title: "Harbour Lights", check: check) < 0.5)
        #expect(TitleCheck.agreement(title: "", check: check) == 0)
        #expect(TitleCheck.agreement(title: "The Salt Road", check: Self.reading([])) == 0)
    }

    /// A spine set light on dark, lying on its side: each check reading turns it dark on white
    /// itself (Tesseract's own inversion is off) and reads it; a wrong title is not borne out.
    @Test func checksLightLetteringOnADarkSpineBothWays() throws {
        var spine = Image(width: 900, height: 140, format: .rgb, filledWith: 0)
        spine.fill(PixelRect(x: 0, y: 0, width: 900, height: 140), with: Image.Colour(red: 25, green: 35, blue: 80))
        spine.drawText("HARBOUR LIGHTS", at: (40, 42), scale: 7, colour: Image.Colour(red: 235, green: 225, blue: 200))
        let standing = spine.rotated(quarterTurns: 1)
        let outline = SpineReaderTests.wholeOutline(of: standing)
        let engine = try TesseractEngine()
        let reader = SpineReader()
        let first = reader.read(outline, in: standing, engine: engine)
        #expect(first.orientation == .topToBottom)
        let crop = reader.colourCrop(outline, in: standing).image
        for preparation in SpineReader.CheckPreparation.allCases {
            let check = reader.checkReading(of: crop, preparedBy: preparation, orientation: .topToBottom, engine: engine)
            #expect(TitleCheck.agreement(title: "Harbour Lights", check: check) >= TitleCheck.confirming, "\(preparation): \(check.text)")
        }
        #expect(reader.titleAgreement("Harbour Lights", of: outline, orientation: .topToBottom, in: standing, engine: engine) >= 0.8)
        #expect(reader.titleAgreement("Marble Nights", of: outline, orientation: .topToBottom, in: standing, engine: engine) < 0.8)
    }

    /// The check reads only the stretch of the spine that holds the title, found from the first
    /// reading's words whichever way the lettering runs: there the title is borne out, and the
    /// author's name at the spine's other end is not read at all (a check of the whole spine reads it).
    @Test(arguments: [TextOrientation.topToBottom, .bottomToTop, .horizontal])
    func checksTheStretchThatHoldsTheTitle(orientation: TextOrientation) throws {
        let ink = Image.Colour(red: 20, green: 20, blue: 30)
        var readable: Image
        if orientation == .horizontal {
            // A face-out cover: the title in the upper rows, the author near the foot.
            readable = Image(width: 700, height: 900, format: .rgb, filledWith: 235)
            readable.drawText("HARBOUR", at: (90, 120), scale: 12, colour: ink)
            readable.drawText("LIGHTS", at: (120, 240), scale: 12, colour: ink)
            readable.drawText("JANE ORWIN", at: (150, 760), scale: 7, colour: ink)
        } else {
            // A spine as it reads: the title from the left (the head, once stood up), the author at the end.
            readable = Image(width: 1400, height: 140, format: .rgb, filledWith: 235)
            readable.drawText("HARBOUR LIGHTS", at: (60, 45), scale: 7, colour: ink)
            readable.drawText("JANE ORWIN", at: (1050, 52), scale: 5, colour: ink)
        }
        let book = try Self.read(readable, running: orientation)
        let (standing, outline, reader, engine, reading, parsed) = (
            book.photo, book.outline, book.reader, book.engine, book.reading, book.parsed
        )
        #expect(parsed.title.map { SpineReaderTests.similar($0, "Harbour Lights") } == true, "\(reading.text.text)")
        let part = reader.stretch(holding: try #require(parsed.titleBox), of: reading, outline: outline)
        // From the title's end of the readable image: the head, except for lettering running up.
        let fromTitle = orientation == .bottomToTop ? (1 - part.upperBound)...(1 - part.lowerBound) : part
        #expect(fromTitle.lowerBound < 0.1 && fromTitle.upperBound > 0.35 && fromTitle.upperBound < 0.7, "\(part)")
        #expect(try #require(reader.titleCheck(of: parsed, readIn: reading, outline: outline, in: standing, engine: engine)).agreement >= TitleCheck.confirming)
        var author = parsed
        author.title = "Jane Orwin"
        #expect(try #require(reader.titleCheck(of: author, readIn: reading, outline: outline, in: standing, engine: engine)).agreement < 0.5)
        #expect(reader.titleAgreement("Jane Orwin", of: outline, orientation: orientation, in: standing, engine: engine) >= TitleCheck.confirming)
    }

    /// A book drawn for a test, read whole and parsed as the pipeline reads a spine.
    struct ReadBook {
        var photo: Image
        var outline: [Point]
        var reader: SpineReader
        var engine: TesseractEngine
        var reading: SpineReader.Reading
        var parsed: ParsedSpine
    }

    /// `readable` (a spine with its head at the left, or a cover upright) stood up so that its
    /// lettering runs `orientation`, read within its whole outline and parsed; the reading is
    /// expected to run that way.
    static func read(_ readable: Image, running orientation: TextOrientation) throws -> ReadBook {
        let standing = readable.rotated(quarterTurns: 4 - orientation.quarterTurns)
        let outline = SpineReaderTests.wholeOutline(of: standing)
        let models = try ScanModels.load()
        let reader = SpineReader(lexicon: models.lexicon)
        let engine = try TesseractEngine()
        let reading = reader.read(outline, in: standing, engine: engine)
        #expect(reading.orientation == orientation)
        return ReadBook(
            photo: standing, outline: outline, reader: reader, engine: engine, reading: reading,
            parsed: models.parser.parse(reading.text))
    }

    /// On a rendered shelf read at its true outlines, the check — over the stretch of each spine
    /// that holds its title, as the pipeline makes it — bears out nearly every right title, and not
    /// the title of the next book on the shelf (a reading gone wrong in a plausible way).
    @Test(.tags(.accuracy)) func checkConfirmsRightTitlesOnARenderedShelf() async throws {
        let models = try ScanModels.load()
        let truth = try ShelfTruth.load("shelf-003.jpg")
        let photo = try ImageDecoder().decodePhoto(atPath: Fixtures.path("shelves/shelf-003.jpg"))
        let reader = SpineReader(lexicon: models.lexicon)
        let engine = try TesseractEngine()
        let books = truth.books.filter { $0.polygon != nil }
        var right = 0, confirmed = 0, othersConfirmed = 0
        for (index, book) in books.enumerated() {
            let reading = reader.read(book.outline, in: photo.image, engine: engine)
            let parsed = models.parser.parse(reading.text)
            guard let title = parsed.title, SpineReaderTests.similar(title, book.title) else { continue }
            right += 1
            let agreement = reader.titleCheck(
                of: parsed, readIn: reading, outline: book.outline, in: photo.image, engine: engine)?.agreement
            if agreement ?? 0 >= TitleCheck.confirming { confirmed += 1 }
            let other = books[(index + 1) % books.count].title
            var otherParse = parsed
            otherParse.title = other
            let otherAgreement = reader.titleCheck(
                of: otherParse, readIn: reading, outline: book.outline, in: photo.image, engine: engine)?.agreement ?? 0
            if otherAgreement >= TitleCheck.confirming { othersConfirmed += 1 }
        }
        #expect(right >= 50)
        #expect(Double(confirmed) >= 0.85 * Double(right), "\(confirmed) of \(right)")
        #expect(othersConfirmed <= 1, "\(othersConfirmed) of \(right)")
    }

    /// At the outlines detection finds, which cut the lettering a little differently, the check
    /// still bears out the right titles: it counts every word it reads, since at its scale
    /// Tesseract is often unsure of words it reads right (dropping those left two of this shelf's
    /// right titles unconfirmed).
    @Test(.tags(.accuracy)) func checkConfirmsRightTitlesAtDetectedOutlines() throws {
        let models = try ScanModels.load()
        let truth = try ShelfTruth.load("shelf-002.jpg")
        let photo = try ImageDecoder().decodePhoto(atPath: Fixtures.path("shelves/shelf-002.jpg"))
        let reader = SpineReader(lexicon: models.lexicon)
        let engine = try TesseractEngine()
        var right = 0, confirmed = 0
        for spine in SpineDetector().spines(in: photo.image) {
            let reading = reader.read(spine.polygon, in: photo.image, engine: engine)
            let parsed = models.parser.parse(reading.text)
            guard let title = parsed.title, truth.books.contains(where: { SpineReaderTests.similar(title, $0.title) })
            else { continue }
            right += 1
            let agreement = reader.titleCheck(
                of: parsed, readIn: reading, outline: spine.polygon, in: photo.image, engine: engine)?.agreement
            if agreement ?? 0 >= TitleCheck.confirming { confirmed += 1 }
        }
        #expect(right >= 40)
        #expect(confirmed >= right - 1, "\(confirmed) of \(right)")
    }

    /// A small spine and a confident reading of its title, for the assessor.
    static var saltRoad: (spine: DetectedSpine, reading: SpineReader.Reading) {
        let spine = DetectedSpine(
            polygon: [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 100), Point(x: 0, y: 100)], score: 1,
            row: 0, lean: 0)
        return (spine, SpineReader.Reading(text: reading(["THE SALT ROAD"]), orientation: .topToBottom, scale: 1))
    }

    /// A title the check does not bear out loses its selection and part of its confidence; an ISBN
    /// read on the book is check enough.
    @Test func anUnconfirmedTitleIsNotSelected() throws {
        let assessor = BookAssessor(model: try ScanModels.load().confidence)
        func book(agreement: Double?, isbn: ISBN? = nil) -> DetectedBook {
            let findings = SpineFindings(
                spine: Self.saltRoad.spine, reading: Self.saltRoad.reading, parsed: ParsedSpine(title: "The Salt Road"),
                assessment: Assessment(signals: [:], modelled: 0.9, isbnFloor: 0.95), titleAgreement: agreement)
            return assessor.book(from: findings, isbn: isbn)
        }
        let confirmed = book(agreement: 0.9), unchecked = book(agreement: nil)
        #expect(confirmed.selected && confirmed.confidence == 0.9 && confirmed.signals["titleCheck"] == 0.9)
        #expect(unchecked.selected && unchecked.signals["titleCheck"] == nil)
        let unconfirmed = book(agreement: 0.4)
        #expect(!unconfirmed.selected && unconfirmed.status == .uncertain)
        #expect(abs(unconfirmed.confidence - 0.9 * BookAssessor.unconfirmedShare) < 1e-9)
        let isbn = try ISBN("9780306406157")
        #expect(book(agreement: 0.4, isbn: isbn).selected)
    }

    /// A check that bears a title out only in part lowers its confidence in part: evenly from the
    /// unconfirmed share at `confirming` to none at `fullyConfirming`, so that a confident title
    /// bearing out 0.85 stays selected and one bearing out 0.82 no longer is.
    @Test func aTitleBorneOutInPartLosesPartOfItsConfidence() throws {
        let low = BookAssessor.unconfirmedShare
        #expect(TitleCheck.confidenceShare(agreement: 0.79, lowShare: low) == low)
        #expect(abs(TitleCheck.confidenceShare(agreement: 0.85, lowShare: low) - (low + 1) / 2) < 1e-9)
        #expect(TitleCheck.confidenceShare(agreement: TitleCheck.fullyConfirming, lowShare: low) == 1)
        #expect(TitleCheck.confidenceShare(agreement: 1, lowShare: low) == 1)
        let assessor = BookAssessor(model: try ScanModels.load().confidence)
        func book(agreement: Double) -> DetectedBook {
            let findings = SpineFindings(
                spine: Self.saltRoad.spine, reading: Self.saltRoad.reading, parsed: ParsedSpine(title: "The Salt Road"),
                assessment: Assessment(signals: [:], modelled: 0.9, isbnFloor: 0.95), titleAgreement: agreement)
            return assessor.book(from: findings, isbn: nil)
        }
        let mostly = book(agreement: 0.85), barely = book(agreement: 0.82)
        #expect(mostly.selected && abs(mostly.confidence - 0.9 * (low + 1) / 2) < 1e-9)
        #expect(!barely.selected && barely.status == .uncertain)
    }

    /// A book whose title and author may be wrongly paired is shown, not selected, however
    /// confident, the doubt named among its signals; an ISBN read on it still names it.
    @Test(arguments: ParsedSpine.PairingDoubt.allCases)
    func aBookWhosePairingIsInDoubtIsNotSelected(_ doubt: ParsedSpine.PairingDoubt) throws {
        var parsed = ParsedSpine(title: "Marta Vidal", author: "Lucas Prado")
        parsed.pairingDoubt = doubt
        try expectWithheld(parsed, naming: doubt.rawValue)
    }

    /// A book whose title is other text of a book (a back cover's blurb or price) is shown, not
    /// selected, however confident, the reason named among its signals; an ISBN read on it still
    /// names it.
    @Test(arguments: ParsedSpine.NotATitle.allCases)
    func aBookWhoseTitleIsNoTitleIsNotSelected(_ reason: ParsedSpine.NotATitle) throws {
        var parsed = ParsedSpine(title: "A quiet, tender story of the sea. Readers will remember its harbour long")
        parsed.notATitle = reason
        try expectWithheld(parsed, naming: reason.rawValue)
    }

    /// Expects a confident book of `parsed` to be shown, not selected, with `signal` among its
    /// signals, and selected once an ISBN is read on it.
    private func expectWithheld(_ parsed: ParsedSpine, naming signal: String) throws {
        let assessor = BookAssessor(model: try ScanModels.load().confidence)
        let findings = SpineFindings(
            spine: Self.saltRoad.spine, reading: Self.saltRoad.reading, parsed: parsed,
            assessment: Assessment(signals: [:], modelled: 0.9, isbnFloor: 0.95))
        #expect(findings.withheldBecause == [signal])
        let book = assessor.book(from: findings, isbn: nil)
        #expect(!book.selected && book.status == .uncertain && book.signals[signal] == 1)
        #expect(assessor.book(from: findings, isbn: try ISBN("9780306406157")).selected)
    }

    /// A book whose reading in plain grey was kept is shown with its title but not selected, however
    /// confident; an ISBN read on it still names it.
    @Test func aBookReadInPlainGreyIsNotSelected() throws {
        let assessor = BookAssessor(model: try ScanModels.load().confidence)
        func book(isbn: ISBN? = nil) -> DetectedBook {
            var findings = SpineFindings(
                spine: Self.saltRoad.spine, reading: Self.saltRoad.reading, parsed: ParsedSpine(title: "The Salt Road"),
                assessment: Assessment(signals: [:], modelled: 0.9, isbnFloor: 0.95))
            findings.isReadInPlainGrey = true
            return assessor.book(from: findings, isbn: isbn)
        }
        let grey = book()
        #expect(!grey.selected && grey.status == .uncertain && grey.title == "The Salt Road")
        #expect(abs(grey.confidence - 0.9 * BookAssessor.unconfirmedShare) < 1e-9)
        #expect(grey.signals[BookAssessor.plainGreySignal] == 1)
        let withISBN = book(isbn: try ISBN("9780306406157"))
        #expect(withISBN.selected && withISBN.status == .confirmed)
    }

    /// On a page, a book (a line of its text) is not selected, even one confirmed by an ISBN on
    /// its line; a book already in the library keeps its match.
    @Test func aBookOnAPageIsNotSelected() throws {
        let assessor = BookAssessor(model: try ScanModels.load().confidence)
        let findings = SpineFindings(
            spine: Self.saltRoad.spine, reading: Self.saltRoad.reading, parsed: ParsedSpine(title: "The Salt Road"),
            assessment: Assessment(signals: [:], modelled: 0.9, isbnFloor: 0.95))
        let confirmed = assessor.book(from: findings, isbn: try ISBN("9780306406157"))
        #expect(confirmed.selected && confirmed.status == .confirmed)
        let onPage = assessor.takenAsPageText(confirmed)
        #expect(!onPage.selected && onPage.status == .uncertain && onPage.isbn == confirmed.isbn)
        #expect(abs(onPage.confidence - confirmed.confidence * BookAssessor.unconfirmedShare) < 1e-9)
        #expect(onPage.signals[BookAssessor.pageTextSignal] == 1)
        var owned = confirmed
        owned.markInLibrary(
            LibraryMatch(id: 3, title: "The Salt Road", author: nil, isbn: nil, matchedBy: .titleAndAuthor, similarity: 1))
        #expect(assessor.takenAsPageText(owned) == owned)
    }
}
