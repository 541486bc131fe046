import Testing

@testable import ShelfDetection
@testable import ShelfPipeline
@testable import ShelfReading

/// The reasons a book is in doubt, in words, as the review shows them.
@Suite struct BookDoubtsTests {
    /// A confident book of `parsed`, assessed with a title check of `agreement`.
    static func book(_ parsed: ParsedSpine, agreement: Double? = nil, checkReadsOn: Bool = false) throws -> DetectedBook {
        let assessor = BookAssessor(model: try ScanModels.load().confidence)
        var findings = SpineFindings(
            spine: TitleCheckTests.saltRoad.spine, reading: TitleCheckTests.saltRoad.reading, parsed: parsed,
            assessment: Assessment(signals: [:], modelled: 0.9, isbnFloor: 0.95), titleAgreement: agreement)
        findings.checkReadsOn = checkReadsOn
        return assessor.book(from: findings, isbn: nil)
    }

    @Test func eachReasonTheAssessorNamesIsPutInWords() throws {
        #expect(try Self.book(ParsedSpine(title: "The Salt Road"), agreement: 1).doubts.isEmpty)
        let readsOn = try Self.book(ParsedSpine(title: "Salt Road"), agreement: 1, checkReadsOn: true)
        #expect(readsOn.doubts == ["a second reading saw more lettering beside the title: words may be missing"])
        let unconfirmed = try Self.book(ParsedSpine(title: "The Salt Road"), agreement: 0.5)
        #expect(unconfirmed.doubts == ["a second reading of the spine did not bear the title out"])
        #expect(try Self.book(ParsedSpine(title: "The Salt Road"), agreement: 0.85).doubts.count == 1)
        var named = ParsedSpine(title: "Marta Vidal", author: "Lucas Prado")
        named.pairingDoubt = .titleMayBeAuthor
        #expect(try Self.book(named).doubts == [DetectedBook.explanation(of: ParsedSpine.PairingDoubt.titleMayBeAuthor)])
    }

    /// Every reason a parse can give has words of its own, so none is shown as another.
    @Test func everyReasonHasWordsOfItsOwn() throws {
        var explanations: [String] = []
        for doubt in ParsedSpine.PairingDoubt.allCases {
            var parsed = ParsedSpine(title: "Marta Vidal")
            parsed.pairingDoubt = doubt
            explanations += try Self.book(parsed).doubts
        }
        for reason in ParsedSpine.NotATitle.allCases {
            var parsed = ParsedSpine(title: "The Salt Road of")
            parsed.notATitle = reason
            explanations += try Self.book(parsed).doubts
        }
        #expect(explanations.count == ParsedSpine.PairingDoubt.allCases.count + ParsedSpine.NotATitle.allCases.count)
        #expect(Set(explanations).count == explanations.count)
    }
}
