/// Makes the reported book of one spine from what the stages found on it: the outline, the reading,
/// the parse and any barcode on it; gives it a confidence, a status and the selection.
public struct BookAssessor: Sendable {
    public var model: ConfidenceModel
    /// Books at or above this confidence are selected.
    public var minimumConfidence: Double

    public init(model: ConfidenceModel, minimumConfidence: Double = 0.7) {
        self.model = model
        self.minimumConfidence = minimumConfidence
    }

    /// The confidence of a spine's parse alone, without a barcode: what decides between two
    /// readings of one spine.
    public func confidence(of parsed: ParsedSpine, on spine: DetectedSpine) -> Double {
        model.confidence(signals: ConfidenceModel.signals(detectionScore: spine.score, parsed: parsed), hasISBN: parsed.isbn != nil)
    }

    /// The book of one spine. `barcode` is an ISBN barcode found on the spine, which wins over
    /// printed text when both were read.
    public func book(
        spine: DetectedSpine, reading: SpineReader.Reading, parsed: ParsedSpine, barcode: ISBN? = nil
    ) -> DetectedBook {
        let isbn = barcode ?? parsed.isbn
        let signals = ConfidenceModel.signals(detectionScore: spine.score, parsed: parsed)
        let confidence = model.confidence(signals: signals, hasISBN: isbn != nil)
        let selected = confidence >= minimumConfidence
        let status: DetectedBook.Status = !selected ? .uncertain : isbn != nil ? .confirmed : .detected
        return DetectedBook(
            title: parsed.title, author: parsed.author, isbn: isbn, confidence: confidence,
            detectionScore: spine.score, status: status, selected: selected, polygon: spine.polygon,
            textOrientation: reading.text.words.isEmpty ? nil : reading.orientation,
            text: reading.text.lines.map(\.text).joined(separator: " | "), publisher: parsed.publisher, signals: signals)
    }
}
