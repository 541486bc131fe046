import ShelfDetection
import ShelfReading

/// What the reading stages found on one spine: its outline, the reading kept, its parse and how far
/// that parse is trusted. Stages return new findings rather than changing old ones.
public struct SpineFindings: Sendable {
    public let spine: DetectedSpine
    public let reading: SpineReader.Reading
    public let parsed: ParsedSpine
    public let assessment: Assessment
    /// How far a second, independent reading bears out the parsed title (`TitleCheck.agreement`);
    /// nil when the book was not checked.
    public var titleAgreement: Double?
    /// Whether that reading goes on beside the title with words that are not the author's or the
    /// publisher's (`TitleCheck.readsOn(beyond:apartFrom:besides:in:)`): the title may have lost its
    /// first or last words, or a word cut short. Such a book is shown, not selected.
    public var checkReadsOn = false
    /// How far a second reading of the author's stretch bears out the author parsed
    /// (`SpineReader.authorAgreement`); nil when it was not checked (`SpineReadingStage.isAuthorToCheck`).
    public var authorAgreement: Double?
    /// Whether the reading kept is the one in plain grey (`SpineReader.readInPlainGrey`), made when
    /// two inked readings left the book doubtful: such a book is shown, not selected.
    public var isReadInPlainGrey = false

    public init(
        spine: DetectedSpine, reading: SpineReader.Reading, parsed: ParsedSpine, assessment: Assessment,
        titleAgreement: Double? = nil
    ) {
        self.spine = spine
        self.reading = reading
        self.parsed = parsed
        self.assessment = assessment
        self.titleAgreement = titleAgreement
    }

    /// Why the book is shown but not selected without an ISBN, as the report's signal names, in the
    /// order the assessor applies them: its reading in plain grey (`BookAssessor.plainGreySignal`),
    /// a doubt about its title and author (`ParsedSpine.PairingDoubt`), words that are no title
    /// (`ParsedSpine.NotATitle`): such a book is not worth a title check either. Or, found by that
    /// check, a title going on beside its words (`checkReadsOn`, `BookAssessor.checkReadsOnSignal`).
    public var withheldBecause: [String] {
        var reasons: [String] = []
        if isReadInPlainGrey { reasons.append(BookAssessor.plainGreySignal) }
        if let doubt = parsed.pairingDoubt { reasons.append(doubt.rawValue) }
        if let reason = parsed.notATitle { reasons.append(reason.rawValue) }
        if checkReadsOn { reasons.append(BookAssessor.checkReadsOnSignal) }
        return reasons
    }

    /// Whether nothing found on the outline says it is a book: no lettering was read on it (fewer
    /// than `leastLettersOfABook` letters) and it is less than `leastLengthOfABook` times as long as
    /// it is wide. Such outlines are walls, boxes, pictures and the sides of bookcases; a spine
    /// with nothing readable on it is still long and narrow.
    public var showsNoBook: Bool {
        let letters = reading.text.words.reduce(0) { $0 + $1.text.count(where: \.isLetter) }
        return letters < Self.leastLettersOfABook && spine.length < Self.leastLengthOfABook * spine.width
    }

    /// The letters read on an outline that make it worth showing whatever its shape.
    public static let leastLettersOfABook = 3
    /// How many times as long as it is wide an outline with no lettering must be to be shown as a book.
    public static let leastLengthOfABook = 2.0

    /// The confidence of the parse alone, with the ISBN printed in its text if any: what decides
    /// whether a spine is read again, and which of two readings is kept. A parse that leaves its
    /// title in doubt (`ParsedSpine.PairingDoubt`, `ParsedSpine.NotATitle`) and has no ISBN is
    /// trusted as its book would be (`BookAssessor.unconfirmedShare` of it), so that another
    /// reading whose title is in no doubt is kept before it.
    public var confidence: Double {
        let confidence = assessment.confidence(hasISBN: parsed.isbn != nil)
        guard parsed.isbn == nil, parsed.pairingDoubt != nil || parsed.notATitle != nil else { return confidence }
        return confidence * BookAssessor.unconfirmedShare
    }
}
