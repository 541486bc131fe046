import ShelfOCR
import ShelfText

/// How far a second, independent reading of a spine bears out the title parsed from the first
/// (`SpineReader.titleAgreement`). Two readings that agree are evidence a confidence model learned on
/// rendered spines does not have: on real photos, misread lettering seldom misreads the same way twice.
public enum TitleCheck {
    /// At or above this agreement the second reading confirms the title.
    public static let confirming = 0.8

    /// How well the title's letters and digits occur in the check reading's (1 − edits / title
    /// length, anywhere in the text, spaces ignored since either reading may run words together);
    /// 0 for an empty title or reading.
    public static func agreement(title: String, check: RecognizedText) -> Double {
        let compactTitle = title.folded.filter { $0 != " " }
        let compactText = check.lines.map(\.text).joined(separator: " ").folded.filter { $0 != " " }
        return Similarity.occurrence(of: compactTitle, in: compactText)
    }
}
