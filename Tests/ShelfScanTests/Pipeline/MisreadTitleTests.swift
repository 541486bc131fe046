import Testing

@testable import ShelfDetection
import ShelfCatalog
import ShelfISBN
@testable import ShelfPipeline
@testable import ShelfReading

/// A title with a word OCR misread by a letter is shown for the person to correct, never selected
/// as read; names and words of other languages are not taken for misreadings.
@Suite struct MisreadTitleTests {
    static let lexicon = try! ScanModels.load().lexicon

    @Test(arguments: [
        ("The Gardener's Dictionery of Roses", ["Dictionery"]),
        ("Patience Undr Pressure", ["Undr"]),
        ("Rhyning Couplets", ["Rhyning"]),
        ("Old Quarrels New Contradictlons", ["Contradictlons"]),
        ("A Theery of Harbours", ["Theery"]),
        // Letters OCR confuses: "m" read as "rn"; "h" as "b" and "e" as "c" in one word.
        ("A Comrnunity of Readers", ["Comrnunity"]),
        ("The Time Macbinc", ["Macbinc"]),
    ])
    func wordsALetterFromEnglishAreMisread(_ title: String, _ misread: [String]) {
        #expect(Self.lexicon.misreadWords(in: title) == misread)
    }

    @Test(arguments: [
        "The Salt Road", "Siddhartha", "Camins de sal", "El Hombre Que Miraba el Mar", "Americanah",
        "Kafka on the Shore", "1984",
    ])
    func wordsOfTitlesAsPrintedAreNot(_ title: String) {
        #expect(Self.lexicon.misreadWords(in: title).isEmpty, "\(Self.lexicon.misreadWords(in: title))")
    }

    static func book(title: String, isbn: ISBN? = nil, lexicon: Lexicon? = MisreadTitleTests.lexicon) throws -> DetectedBook {
        let assessor = BookAssessor(model: try ScanModels.load().confidence, lexicon: lexicon)
        let findings = SpineFindings(
            spine: TitleCheckTests.saltRoad.spine, reading: TitleCheckTests.saltRoad.reading, parsed: ParsedSpine(title: title),
            assessment: Assessment(signals: [:], modelled: 0.9, isbnFloor: 0.95), titleAgreement: 1)
        return assessor.book(from: findings, isbn: isbn)
    }

    @Test func aMisreadTitleIsShownNotSelected() throws {
        let misread = try Self.book(title: "The Salt Raod")
        #expect(!misread.selected && misread.signals[BookAssessor.titleMisreadSignal] == 1)
        #expect(misread.doubts.contains { $0.contains("likely misread") })
        let asPrinted = try Self.book(title: "The Salt Road")
        #expect(asPrinted.selected && asPrinted.signals[BookAssessor.titleMisreadSignal] == nil)
        // Shown below the minimum confidence, as every book left unselected is.
        #expect(misread.confidence < 0.7 && misread.confidence < asPrinted.confidence)
        // An ISBN read names the book whatever its title's words; without the lists nothing is judged.
        #expect(try Self.book(title: "The Salt Raod", isbn: try ISBN("9780306406157")).selected)
        #expect(try Self.book(title: "The Salt Raod", lexicon: nil).selected)
    }

    /// A catalogue that names the book by title and author replaces the words read: it is selected,
    /// the misreading no longer held against it.
    @Test func aBookTheCatalogueNamesIsSelectedDespiteTheMisreading() throws {
        var book = try Self.book(title: "The Salt Raod")
        let work = CatalogWork(key: "/works/OL1W", title: "The Salt Road", authors: ["Jane Rawson"], isbns: [])
        book.markIdentified(CatalogMatch(work: work, matchedBy: .titleAndAuthor, similarity: 0.92), minimumConfidence: 0.7)
        #expect(book.selected && book.signals[BookAssessor.titleMisreadSignal] == nil)
        #expect(!book.doubts.contains { $0.contains("likely misread") })
    }
}
