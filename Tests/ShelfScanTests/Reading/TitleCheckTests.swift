import Testing

@testable import ShelfDetection
@testable import ShelfISBN
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

    /// On a rendered shelf read at its true outlines, the check bears out nearly every right title,
    /// and not the title of the next book on the shelf (a reading gone wrong in a plausible way).
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
            guard let title = models.parser.parse(reading.text).title, SpineReaderTests.similar(title, book.title) else {
                continue
            }
            right += 1
            let agreement = reader.titleAgreement(
                title, of: book.outline, orientation: reading.orientation, in: photo.image, engine: engine)
            if agreement >= TitleCheck.confirming { confirmed += 1 }
            let other = books[(index + 1) % books.count].title
            let otherAgreement = reader.titleAgreement(
                other, of: book.outline, orientation: reading.orientation, in: photo.image, engine: engine)
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
            guard let title = models.parser.parse(reading.text).title,
                truth.books.contains(where: { SpineReaderTests.similar(title, $0.title) })
            else { continue }
            right += 1
            let agreement = reader.titleAgreement(
                title, of: spine.polygon, orientation: reading.orientation, in: photo.image, engine: engine)
            if agreement >= TitleCheck.confirming { confirmed += 1 }
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
}
