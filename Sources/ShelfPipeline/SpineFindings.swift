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

    /// The confidence of the parse alone, with the ISBN printed in its text if any: what decides
    /// whether a spine is read again, and which of two readings is kept.
    public var confidence: Double { assessment.confidence(hasISBN: parsed.isbn != nil) }
}
