import ShelfOCR
import ShelfText

/// How far a second, independent reading of a spine bears out the title parsed from the first
/// (`SpineReader.titleAgreement`). Two readings that agree are evidence a confidence model learned on
/// rendered spines does not have: on real photos, misread lettering seldom misreads the same way twice.
public enum TitleCheck {
    /// At or above this agreement the second reading confirms the title.
    public static let confirming = 0.8
    /// At or above this agreement the second reading bears the title out in full. Between
    /// `confirming` and this, it bears out most of the title's letters but not all: on real photos
    /// such titles are often a title with a stray mark or a word lost at one end.
    public static let fullyConfirming = 0.9

    /// The share of its confidence a title keeps after a check of agreement `agreement`: `lowShare`
    /// below `confirming`, rising evenly from there to all of it at `fullyConfirming`, so that a
    /// check bearing out a title only in part lowers it in part rather than across a cliff.
    public static func confidenceShare(agreement: Double, lowShare: Double) -> Double {
        guard agreement >= confirming else { return lowShare }
        let rise = min(1, (agreement - confirming) / (fullyConfirming - confirming))
        return lowShare + (1 - lowShare) * rise
    }

    /// How well the title's letters and digits occur in the check reading's (1 − edits / title
    /// length, anywhere in the text, spaces ignored since either reading may run words together);
    /// 0 for an empty title or reading.
    public static func agreement(title: String, check: RecognizedText) -> Double {
        let compactTitle = title.folded.filter { $0 != " " }
        let compactText = check.lines.map(\.text).joined(separator: " ").folded.filter { $0 != " " }
        return Similarity.occurrence(of: compactTitle, in: compactText)
    }
}
