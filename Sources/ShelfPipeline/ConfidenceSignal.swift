import ShelfDetection
import ShelfReading

/// A named piece of evidence about one book that the confidence model weighs. The names are the
/// ones `Models/confidence.json` lists and the JSON report's `signals` carries; a model naming a
/// signal not here is refused when it loads.
public enum ConfidenceSignal: String, Sendable, CaseIterable, Codable {
    case detection
    case hasTitle
    case titleConfidence
    case titleWordShare
    case titleLength
    case authorNameScore
    case leftoverShare
    case publisherFound
    case titleNameScore
    case titleStartsLowerCase

    /// The signals of a book: the parser's evidence and the detector's score.
    public static func values(detectionScore: Double, parsed: ParsedSpine) -> [ConfidenceSignal: Double] {
        let evidence = parsed.evidence
        return [
            .detection: detectionScore,
            .hasTitle: parsed.title == nil ? 0 : 1,
            .titleConfidence: evidence.titleConfidence,
            .titleWordShare: evidence.titleWordShare,
            .titleLength: evidence.titleLength,
            .authorNameScore: evidence.authorNameScore,
            .leftoverShare: evidence.leftoverShare,
            .publisherFound: evidence.publisherFound,
            .titleNameScore: evidence.titleNameScore,
            .titleStartsLowerCase: evidence.titleStartsLowerCase,
        ]
    }
}
