import Testing

@testable import ShelfDetection
@testable import ShelfISBN
@testable import ShelfImaging
@testable import ShelfOCR
@testable import ShelfPipeline
@testable import ShelfReading

/// The check reading that reads a title going on beside its words: the parse lost its first or
/// last words, or cut a word short.
@Suite struct TitleCheckReadsOnTests {
    /// A line of check words, each `(text, height, gap before it)`, read with `confidence`.
    static func line(_ words: [(String, Int, Int)], confidence: Double = 85) -> RecognizedText {
        var x = 0
        let read = words.map { text, height, gap in
            x += gap
            let box = PixelRect(x: x, y: 40 - height, width: 18 * text.count, height: height)
            let word = RecognizedText.Word(text: text, confidence: confidence, box: box)
            x += 18 * text.count
            return word
        }
        let box = PixelRect(x: 0, y: 0, width: x, height: 40)
        return RecognizedText(lines: [RecognizedText.Line(words: read, box: box)])
    }

    @Test func wordsOfTheTitlesSizeBesideItGoOn() {
        let check = Self.line([("THE", 30, 0), ("SALT", 30, 12), ("HARBOUR", 30, 12)])
        #expect(TitleCheck.readsOn(beyond: "Salt Harbour", apartFrom: [], in: check))
        #expect(!TitleCheck.readsOn(beyond: "The Salt Harbour", apartFrom: [], in: check))
        // Read a little differently by the check, the title is still found there.
        #expect(TitleCheck.readsOn(beyond: "The Salt", apartFrom: [], in: check))
        #expect(TitleCheck.readsOn(beyond: "Salt Harbovr", apartFrom: [], in: check))
        // The rest of a word cut short.
        let cut = Self.line([("SALT", 30, 0), ("HARB", 30, 12), ("OUR", 30, 6)])
        #expect(TitleCheck.readsOn(beyond: "Salt Harb", apartFrom: [], in: cut))
    }

    @Test func theAuthorOrPublisherBesideTheTitleIsNoPartOfIt() {
        let check = Self.line([("SALT", 30, 0), ("HARBOUR", 30, 12), ("NORA", 30, 20), ("VANCE", 30, 12)])
        #expect(!TitleCheck.readsOn(beyond: "Salt Harbour", apartFrom: ["Nora Vance"], in: check))
        #expect(TitleCheck.readsOn(beyond: "Salt Harbour", apartFrom: [], in: check))
        // A piece of the name, cut by the check's stretch or read apart.
        let piece = Self.line([("SALT", 30, 0), ("HARBOUR", 30, 12), ("ANCE", 30, 20)])
        #expect(!TitleCheck.readsOn(beyond: "Salt Harbour", apartFrom: ["Nora Vance"], in: piece))
        let publisher = Self.line([("KESTREL", 30, 0), ("SALT", 30, 14), ("HARBOUR", 30, 12)])
        #expect(!TitleCheck.readsOn(beyond: "Salt Harbour", apartFrom: ["Kestrel"], in: publisher))
    }

    /// A name the first reading read right beside the title, cut short by the check's stretch,
    /// reads as a scrap that is no part of the name ("CHI"): on that side nothing goes on.
    @Test func aSideWhereTheFirstReadingReadANameDoesNotGoOn() {
        let first = Self.line([("SALT", 30, 0), ("HARBOUR", 30, 12), ("NORA", 20, 40), ("VANCE", 20, 10)])
        let titleBox = first.words[0].box.union(first.words[1].box)
        let sides = TitleCheck.namedSides(of: titleBox, in: first, names: ["Nora Vance"])
        #expect(sides == TitleCheck.Sides(before: false, after: true))
        #expect(TitleCheck.namedSides(of: titleBox, in: first, names: ["Ines Moreau"]) == TitleCheck.Sides())
        let farther = Self.line([("SALT", 30, 0), ("HARBOUR", 30, 12), ("NORA", 20, 70), ("VANCE", 20, 10)])
        #expect(TitleCheck.namedSides(of: titleBox, in: farther, names: ["Nora Vance"]) == TitleCheck.Sides())
        let check = Self.line([("SALT", 30, 0), ("HARBOUR", 30, 12), ("CHI", 30, 20)])
        #expect(TitleCheck.readsOn(beyond: "Salt Harbour", apartFrom: ["Nora Vance"], in: check))
        #expect(!TitleCheck.readsOn(beyond: "Salt Harbour", apartFrom: ["Nora Vance"], besides: sides, in: check))
        let lostStart = Self.line([("THE", 30, 0), ("SALT", 30, 12), ("HARBOUR", 30, 12), ("CHI", 30, 20)])
        #expect(TitleCheck.readsOn(beyond: "Salt Harbour", apartFrom: ["Nora Vance"], besides: sides, in: lostStart))
    }

    @Test func smallerFarOrUnsureMarksDoNotGoOn() {
        // A subtitle or an author set smaller, words set apart, a stray mark, a scrap read unsurely.
        func goesOn(_ words: [(String, Int, Int)]) -> Bool {
            TitleCheck.readsOn(beyond: "Salt Harbour", apartFrom: [], in: Self.line(words))
        }
        #expect(!goesOn([("SALT", 30, 0), ("HARBOUR", 30, 12), ("STORIES", 16, 10)]))
        #expect(!goesOn([("SALT", 30, 0), ("HARBOUR", 30, 12), ("STORIES", 30, 45)]))
        #expect(!goesOn([("|", 30, 0), ("SALT", 30, 8), ("HARBOUR", 30, 12)]))
        #expect(goesOn([("SALT", 30, 0), ("HARBOUR", 30, 12), ("STORIES", 30, 10)]))
        var unsure = Self.line([("SALT", 30, 0), ("HARBOUR", 30, 12), ("ee", 30, 10)])
        unsure.lines[0].words[2].confidence = 25
        #expect(!TitleCheck.readsOn(beyond: "Salt Harbour", apartFrom: [], in: unsure))
        // No line holds the title: nothing to go on from.
        let other = Self.line([("THE", 30, 0), ("SALT", 30, 12)])
        #expect(!TitleCheck.readsOn(beyond: "Marble Nights", apartFrom: [], in: other))
    }

    /// On a rendered spine, the check of a title that lost its first word reads that word beside
    /// it (the check's cut reaches past the title's words by a twentieth of the spine's length);
    /// the check of the whole title reads nothing more (the author is set apart, and smaller).
    @Test func theCheckReadsTheWordATitleLost() throws {
        let ink = Image.Colour(red: 20, green: 20, blue: 30)
        var readable = Image(width: 2400, height: 140, format: .rgb, filledWith: 235)
        // Words set as type is, a space half a capital wide (the bitmap font's own is wider).
        readable.drawText("THE", at: (60, 45), scale: 7, colour: ink)
        readable.drawText("SALT", at: (200, 45), scale: 7, colour: ink)
        readable.drawText("HARBOUR", at: (382, 45), scale: 7, colour: ink)
        readable.drawText("JANE ORWIN", at: (1900, 52), scale: 5, colour: ink)
        let standing = readable.rotated(quarterTurns: 1)
        let outline = SpineReaderTests.wholeOutline(of: standing)
        let models = try ScanModels.load()
        let reader = SpineReader(lexicon: models.lexicon)
        let engine = try TesseractEngine()
        let reading = reader.read(outline, in: standing, engine: engine)
        let parsed = models.parser.parse(reading.text)
        #expect(parsed.title.map { SpineReaderTests.similar($0, "The Salt Harbour") } == true, "\(reading.text.text)")
        func check(_ parsed: ParsedSpine) throws -> TitleCheck.Outcome {
            try #require(reader.titleCheck(of: parsed, readIn: reading, outline: outline, in: standing, engine: engine))
        }
        let whole = try check(parsed)
        #expect(whole.agreement >= TitleCheck.confirming && !whole.readsOn)
        // The same spine parsed without its first word: the title and its box are the last two words.
        var lost = parsed
        let kept = reading.text.words.filter { $0.text.hasPrefix("SALT") || $0.text.hasPrefix("HARBOUR") }
        #expect(kept.count == 2, "\(reading.text.text)")
        lost.title = "Salt Harbour"
        lost.titleBox = kept.dropFirst().reduce(kept.first?.box) { $0?.union($1.box) }
        let partial = try check(lost)
        #expect(partial.agreement >= TitleCheck.confirming && partial.readsOn)
    }

    /// A book whose title the check reads going on is shown, not selected, the reason named among
    /// its signals; an ISBN read on it still names it.
    @Test func aTitleTheCheckReadsGoingOnIsNotSelected() throws {
        let assessor = BookAssessor(model: try ScanModels.load().confidence)
        var findings = SpineFindings(
            spine: TitleCheckTests.saltRoad.spine, reading: TitleCheckTests.saltRoad.reading,
            parsed: ParsedSpine(title: "Salt Road"),
            assessment: Assessment(signals: [:], modelled: 0.9, isbnFloor: 0.95), titleAgreement: 1)
        #expect(assessor.book(from: findings, isbn: nil).selected)
        findings.checkReadsOn = true
        #expect(findings.withheldBecause == [BookAssessor.checkReadsOnSignal])
        let book = assessor.book(from: findings, isbn: nil)
        #expect(!book.selected && book.status == .uncertain && book.signals[BookAssessor.checkReadsOnSignal] == 1)
        #expect(assessor.book(from: findings, isbn: try ISBN("9780306406157")).selected)
    }
}
