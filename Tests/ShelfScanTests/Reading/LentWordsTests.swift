import Testing

@testable import ShelfImaging
@testable import ShelfOCR
@testable import ShelfPipeline
@testable import ShelfReading

/// Words one reading of a spine lacks, lent by another reading of the same cut
/// (`SpineReader.merging(wordsOf:into:)`), and words it misread, mended by one
/// (`SpineReader.mendingMisreadWords(of:from:)`).
@Suite struct LentWordsTests {
    static let reader = SpineReader(lexicon: try! ScanModels.load().lexicon)

    /// A word read at `x` on the line band from y 40 to 80 (40 pixels tall), 30 pixels a letter.
    static func word(_ text: String, at x: Int, confidence: Double = 95, y: Int = 40) -> RecognizedText.Word {
        RecognizedText.Word(
            text: text, confidence: confidence, box: PixelRect(x: x, y: y, width: 30 * text.count, height: 40))
    }

    /// A reading of one line of `words`, turned as `orientation` says.
    static func reading(_ words: [RecognizedText.Word], _ orientation: TextOrientation = .topToBottom)
        -> SpineReader.Reading
    {
        let box = words.dropFirst().reduce(words[0].box) { $0.union($1.box) }
        return SpineReader.Reading(
            text: RecognizedText(lines: [RecognizedText.Line(words: words, box: box)]), orientation: orientation,
            scale: 1)
    }

    static let kept = reading([word("THE", at: 0), word("SILVER", at: 110), word("HARBOUR", at: 310)])

    /// The next word of the title, read surely by the other reading where the kept one read
    /// nothing, joins the kept line in its place.
    @Test func aSureWordTheReadingLackedJoinsItsLine() throws {
        let other = Self.reading([Self.word("HARBOUR", at: 312, confidence: 60), Self.word("LIGHTS", at: 540)])
        let merged = try #require(Self.reader.merging(wordsOf: other, into: Self.kept))
        #expect(merged.text.text == "THE SILVER HARBOUR LIGHTS")
        #expect(merged.orientation == .topToBottom)
    }

    /// A word set before the others goes before them.
    @Test func aLentWordTakesItsPlaceAlongTheLine() throws {
        let kept = Self.reading([Self.word("SILVER", at: 110), Self.word("HARBOUR", at: 310)])
        let merged = try #require(Self.reader.merging(wordsOf: Self.reading([Self.word("THE", at: 10)]), into: kept))
        #expect(merged.text.text == "THE SILVER HARBOUR")
    }

    /// Nothing is lent that is unsure, no word, over a word already read, off the lines, far
    /// along the line from any word, or read the other way round.
    @Test func onlySureWordsBesideTheLinesAreLent() {
        let lends: [(String, SpineReader.Reading)] = [
            ("unsure", Self.reading([Self.word("LIGHTS", at: 540, confidence: 55)])),
            ("no word", Self.reading([Self.word("XQZVWK", at: 540)])),
            ("too short", Self.reading([Self.word("AB", at: 540)])),
            ("over a word", Self.reading([Self.word("HARBOR", at: 330)])),
            ("off the line", Self.reading([Self.word("LIGHTS", at: 540, y: 120)])),
            ("far along", Self.reading([Self.word("LIGHTS", at: 1000)])),
            ("other way round", Self.reading([Self.word("LIGHTS", at: 540)], .bottomToTop)),
        ]
        for (reason, other) in lends {
            #expect(Self.reader.merging(wordsOf: other, into: Self.kept) == nil, "\(reason)")
        }
        #expect(SpineReader().merging(wordsOf: Self.reading([Self.word("LIGHTS", at: 540)]), into: Self.kept) == nil)
    }

    /// A word misread ("HARBCUR", "VVIND": one letter, or one read as two) takes the word another
    /// reading read surely over most of its box, a letter or two from it.
    @Test func aMisreadWordIsMendedByTheWordReadInItsPlace() throws {
        let kept = Self.reading([Self.word("THE", at: 0), Self.word("VVIND", at: 110), Self.word("HARBCUR", at: 310)])
        let other = Self.reading([
            Self.word("WIND", at: 120), Self.word("HARBOUR", at: 305), Self.word("LIGHTS", at: 540),
        ])
        let mended = try #require(Self.reader.mendingMisreadWords(of: kept, from: other))
        #expect(mended.text.text == "THE WIND HARBOUR")
    }

    /// Nothing is mended by a word read unsurely, elsewhere, too far from the word, that is no
    /// word, misread too or shorter than four letters, or read the other way round; nor is a word
    /// that is not misread.
    @Test func onlyAMisreadWordIsMendedAndOnlyByASureWordInItsPlace() {
        let kept = Self.reading([Self.word("THE", at: 0), Self.word("SILVER", at: 110), Self.word("HARBCUR", at: 310)])
        let mends: [(String, SpineReader.Reading)] = [
            ("unsure", Self.reading([Self.word("HARBOUR", at: 310, confidence: 55)])),
            ("elsewhere", Self.reading([Self.word("HARBOUR", at: 540)])),
            ("too far", Self.reading([Self.word("HARBINGER", at: 300)])),
            ("misread too", Self.reading([Self.word("HARBQUR", at: 310)])),
            ("no word", Self.reading([Self.word("HARBCUB", at: 310)])),
            ("other way round", Self.reading([Self.word("HARBOUR", at: 310)], .bottomToTop)),
        ]
        for (reason, other) in mends {
            #expect(Self.reader.mendingMisreadWords(of: kept, from: other) == nil, "\(reason)")
        }
        // "PENZ" is not mended into a shorter word ("PEN"): a word cut short.
        let cut = Self.reading([Self.word("THE", at: 0), Self.word("PENZ", at: 110)])
        #expect(Self.reader.mendingMisreadWords(of: cut, from: Self.reading([Self.word("PEN", at: 110)])) == nil)
        let sure = Self.reading([Self.word("THE", at: 0), Self.word("SILVER", at: 110), Self.word("HARBOUR", at: 310)])
        #expect(Self.reader.mendingMisreadWords(of: sure, from: Self.reading([Self.word("HARBOR", at: 310)])) == nil)
        #expect(SpineReader().mendingMisreadWords(of: kept, from: Self.reading([Self.word("HARBOUR", at: 310)])) == nil)
    }
}
