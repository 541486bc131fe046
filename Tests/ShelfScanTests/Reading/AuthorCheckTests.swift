import Testing

@testable import ShelfDetection
@testable import ShelfImaging
@testable import ShelfOCR
@testable import ShelfPipeline
@testable import ShelfReading

/// The second reading of an author no name list knows, before its book is selected with that author.
@Suite struct AuthorCheckTests {
    /// A spine with its title at the head and an author at the foot, read whichever way it runs: the
    /// check reads the stretch that holds the author, where the name read is borne out and a scrap
    /// read in its place is not.
    @Test(arguments: [TextOrientation.topToBottom, .bottomToTop])
    func checksTheStretchThatHoldsTheAuthor(orientation: TextOrientation) throws {
        let ink = Image.Colour(red: 20, green: 20, blue: 30)
        var readable = Image(width: 1400, height: 140, format: .rgb, filledWith: 235)
        readable.drawText("HARBOUR LIGHTS", at: (60, 45), scale: 7, colour: ink)
        readable.drawText("JANE VASHKORIN", at: (930, 52), scale: 5, colour: ink)
        let book = try TitleCheckTests.read(readable, running: orientation)
        let (standing, outline, reader, engine, reading, parsed) = (
            book.photo, book.outline, book.reader, book.engine, book.reading, book.parsed
        )
        #expect(parsed.author.map { SpineReaderTests.similar($0, "Jane Vashkorin") } == true, "\(reading.text.text)")
        let part = reader.stretch(holding: try #require(parsed.authorBox), of: reading, outline: outline)
        // From the head of the readable image: the author is in its last half.
        let fromHead = orientation == .bottomToTop ? (1 - part.upperBound)...(1 - part.lowerBound) : part
        #expect(fromHead.lowerBound > 0.5, "\(part)")
        func agreement(_ parsed: ParsedSpine) -> Double? {
            reader.authorAgreement(of: parsed, readIn: reading, outline: outline, in: standing, engine: engine)
        }
        #expect(try #require(agreement(parsed)) >= TitleCheck.confirming)
        var scrap = parsed
        scrap.author = "Pelvor Dunst"
        #expect(try #require(agreement(scrap)) < TitleCheck.confirming)
        scrap.author = nil
        #expect(agreement(scrap) == nil)
    }

    /// A check reading that bears a name out only a letter off does not end the check when the
    /// name must be spelled alike (`TitleCheck.spelledAlike`, the author check): the plain-grey
    /// reading is made too. A title check stops at the first reading that confirms.
    @Test func readsOnInGreyUntilTheNameIsSpelledAlike() throws {
        let ink = Image.Colour(red: 20, green: 20, blue: 30)
        var readable = Image(width: 1400, height: 140, format: .rgb, filledWith: 235)
        readable.drawText("HARBOUR LIGHTS", at: (60, 45), scale: 7, colour: ink)
        let book = try TitleCheckTests.read(readable, running: .topToBottom)
        func check(enough: Double) -> (agreement: Double, readings: Int) {
            let before = book.engine.recognitions
            let (agreement, _) = book.reader.bestCheck(
                of: "Harbour Lighta", of: book.outline, along: 0...1, orientation: .topToBottom, in: book.photo,
                engine: book.engine, enough: enough)
            return (agreement, book.engine.recognitions - before)
        }
        let confirmed = check(enough: TitleCheck.confirming)
        #expect(confirmed.agreement >= TitleCheck.confirming && confirmed.agreement < 1, "\(confirmed)")
        #expect(confirmed.readings == 1)
        #expect(check(enough: TitleCheck.spelledAlike).readings == 2)
    }

    /// Only the author of a book that would be selected, and that no list knows a word of or that is
    /// one short word, is read again: a known name, an author already no name, a doubtful book or
    /// one withheld is not.
    @Test func checksOnlyAnUnlistedAuthorOfABookToBeSelected() throws {
        let stage = try SpineReadingStageTests.stage()
        func findings(author: String?, modelled: Double = 0.9, titleAgreement: Double? = 1) -> SpineFindings {
            var parsed = ParsedSpine(title: "The Salt Road", author: author)
            parsed.authorBox = PixelRect(x: 0, y: 0, width: 10, height: 10)
            return SpineFindings(
                spine: TitleCheckTests.saltRoad.spine, reading: TitleCheckTests.saltRoad.reading, parsed: parsed,
                assessment: Assessment(signals: [:], modelled: modelled, isbnFloor: 0.95),
                titleAgreement: titleAgreement)
        }
        #expect(stage.isAuthorToCheck(in: findings(author: "Vashkorin")))
        #expect(stage.isAuthorToCheck(in: findings(author: "Pelvor Vashkorin", titleAgreement: nil)))
        #expect(!stage.isAuthorToCheck(in: findings(author: "Jane Vashkorin")))
        // A known surname of four letters or fewer alone is checked: the lists know most short words
        // as someone's name. A longer one, or a short one beside a given name, is not.
        #expect(stage.isAuthorToCheck(in: findings(author: "Poe")))
        #expect(stage.isAuthorToCheck(in: findings(author: "WOLF")))
        #expect(!stage.isAuthorToCheck(in: findings(author: "Austen")))
        #expect(!stage.isAuthorToCheck(in: findings(author: "Edgar Poe")))
        #expect(!stage.isAuthorToCheck(in: findings(author: "tewnor")))
        #expect(!stage.isAuthorToCheck(in: findings(author: nil)))
        #expect(!stage.isAuthorToCheck(in: findings(author: "Vashkorin", modelled: 0.5)))
        #expect(!stage.isAuthorToCheck(in: findings(author: "Vashkorin", titleAgreement: 0.5)))
        var withheld = findings(author: "Vashkorin")
        withheld.isReadInPlainGrey = true
        #expect(!stage.isAuthorToCheck(in: withheld))
    }
}

extension AuthorCheckTests {
    /// Through the reading stage: a spine sure enough to be selected, its author a name no list
    /// has or a short surname alone, comes out with the check's agreement; with a known full name
    /// it is not checked.
    @Test func theStageChecksAnUnlistedAuthor() throws {
        let ink = Image.Colour(red: 20, green: 20, blue: 30)
        func findings(author: String) throws -> SpineFindings {
            var readable = Image(width: 1400, height: 140, format: .rgb, filledWith: 235)
            readable.drawText("HARBOUR LIGHTS", at: (60, 45), scale: 7, colour: ink)
            readable.drawText(author, at: (930, 52), scale: 5, colour: ink)
            let standing = readable.rotated(quarterTurns: 4 - TextOrientation.topToBottom.quarterTurns)
            let spine = DetectedSpine(polygon: SpineReaderTests.wholeOutline(of: standing), score: 0.9, row: 0, lean: 0)
            let stage = try SpineReadingStageTests.stage()
            return stage.findings(of: spine, in: standing, engine: try TesseractEngine()).0
        }
        let unlisted = try findings(author: "ODRELLAN")
        let read = unlisted.reading.text.text
        #expect(unlisted.parsed.author.map { SpineReaderTests.similar($0, "Odrellan") } == true, "\(read)")
        #expect(try #require(unlisted.authorAgreement) >= TitleCheck.confirming)
        let known = try findings(author: "JANE AUSTEN")
        #expect(known.parsed.author != nil && known.authorAgreement == nil)
        // A short surname alone is checked even though the lists know it, and stays when read alike.
        let short = try findings(author: "POE")
        #expect(short.parsed.author.map { SpineReaderTests.similar($0, "Poe") } == true, "\(short.reading.text.text)")
        #expect(try #require(short.authorAgreement) >= TitleCheck.spelledAlike)
    }
}

/// An unlisted author whose check reading spells a known name a letter or two away: the first
/// reading misread the name.
@Suite struct AuthorReadAgainTests {
    static let lexicon = AuthorNameTests.lexicon

    @Test func aNameTheCheckSpellsReplacesTheWordMisreadInTheFirstReading() {
        let lexicon = Self.lexicon
        #expect(lexicon.author("Hemingwaz", asReadAgainIn: ["ERNEST", "HEMINGWAY", "Fé"]) == "Hemingway")
        #expect(lexicon.author("HEMINGWAZ", asReadAgainIn: ["Hemingway"]) == "HEMINGWAY")
        #expect(lexicon.author("Jobn Vashkorin", asReadAgainIn: ["|", "John", "Vashkorin"]) == "John Vashkorin")
        #expect(lexicon.author("Ernest Hemingwaz", asReadAgainIn: ["Hemingway,"]) == "Ernest Hemingway")
    }

    @Test func anUnlistedNameOrOneCloseToNoSingleKnownNameStays() {
        let lexicon = Self.lexicon
        // Read alike again, or read again as another name no list knows: no known name to go by.
        #expect(lexicon.author("Vashkorin", asReadAgainIn: ["VASHKORIN"]) == nil)
        #expect(lexicon.author("Vashkorin", asReadAgainIn: ["Vashkorim"]) == nil)
        // A known name is never replaced, nor a word too far from the name read again.
        #expect(lexicon.author("Auster", asReadAgainIn: ["Austen"]) == nil)
        #expect(lexicon.author("Hemxxgwaz", asReadAgainIn: ["Hemingway"]) == nil)
        // Two known names fit equally: no telling which.
        #expect(lexicon.author("Austel", asReadAgainIn: ["Austen", "Auster"]) == nil)
        #expect(lexicon.author("Austel", asReadAgainIn: ["Austen"]) == "Austen")
        // A word of three letters is too short to tell names apart by a letter.
        #expect(lexicon.author("Bxrr", asReadAgainIn: ["Barr"]) == "Barr")
        #expect(lexicon.author("Lxe", asReadAgainIn: ["Lee"]) == nil)
    }

    /// Through the stage: the findings take the name read again, assessed again, and the check's
    /// agreement is that of the name it read.
    @Test func theStageTakesTheNameTheCheckReads() throws {
        let stage = try SpineReadingStageTests.stage()
        var parsed = ParsedSpine(title: "The Salt Road", author: "Hemingwaz")
        parsed.authorBox = PixelRect(x: 0, y: 0, width: 10, height: 10)
        var findings = SpineFindings(
            spine: TitleCheckTests.saltRoad.spine, reading: TitleCheckTests.saltRoad.reading, parsed: parsed,
            assessment: Assessment(signals: [:], modelled: 0.9, isbnFloor: 0.95), titleAgreement: 1)
        findings.authorAgreement = 0.89
        func check(_ words: [String]) -> RecognizedText {
            RecognizedText(lines: [
                RecognizedText.Line(
                    words: words.enumerated().map { index, text in
                        RecognizedText.Word(
                            text: text, confidence: 90, box: PixelRect(x: index * 100, y: 0, width: 90, height: 30))
                    }, box: PixelRect(x: 0, y: 0, width: words.count * 100, height: 30))
            ])
        }
        let renamed = stage.withAuthor(of: findings, asReadAgainIn: check(["ERNEST", "HEMINGWAY"]))
        #expect(renamed.parsed.author == "Hemingway")
        #expect(renamed.parsed.title == "The Salt Road" && renamed.titleAgreement == 1)
        #expect(renamed.authorAgreement == 1)
        #expect(renamed.assessment.signals == stage.assessor.assess(renamed.parsed, on: renamed.spine).signals)
        let unchanged = stage.withAuthor(of: findings, asReadAgainIn: check(["HEMINGWAZ"]))
        #expect(unchanged.parsed.author == "Hemingwaz" && unchanged.authorAgreement == 0.89)
    }
}
