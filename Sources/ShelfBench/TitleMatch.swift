import Foundation
import ShelfText

/// How the benchmark decides that a reading is a truth's title or author: the rules of the
/// evaluation set's scorer, so that both give the same figures on the same report. Text is
/// compared normalised (accents dropped, lower case, anything but letters and digits a space),
/// by Levenshtein similarity.
public enum TitleMatch {
    /// The lowest similarity at which two titles (or names) count as the same.
    public static let threshold = 0.8

    /// `text` decomposed (NFKD) without combining marks, lower case, with every run of characters
    /// other than a–z and 0–9 made one space.
    public static func normalised(_ text: String?) -> String {
        guard let text else { return "" }
        var scalars: [Unicode.Scalar] = []
        for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars
        where scalar.properties.canonicalCombiningClass == .notReordered {
            scalars.append(scalar)
        }
        var output = ""
        var pendingSpace = false
        for character in String(String.UnicodeScalarView(scalars)).lowercased().unicodeScalars {
            let isKept = ("a"..."z").contains(character) || ("0"..."9").contains(character)
            if isKept {
                if pendingSpace && !output.isEmpty { output.append(" ") }
                pendingSpace = false
                output.unicodeScalars.append(character)
            } else {
                pendingSpace = true
            }
        }
        return output
    }

    /// 1 − edit distance ÷ the longer length, of the normalised texts (1 when both are empty, 0
    /// when one is).
    public static func similarity(_ a: String?, _ b: String?) -> Double {
        let left = normalised(a), right = normalised(b)
        if left.isEmpty && right.isEmpty { return 1 }
        if left.isEmpty || right.isEmpty { return 0 }
        // Normalised text is ASCII: characters are the scorer's code points.
        return 1 - Double(left.editDistance(to: right)) / Double(max(left.count, right.count))
    }

    /// Whether a reported title is the truth's. As in the scorer, a book without a title "is" a
    /// truth without one.
    public static func isTitle(_ reported: String?, of truth: String?) -> Bool {
        similarity(reported, truth) >= threshold
    }

    /// Whether a reported author is the truth's: the whole name alike, or, for a short name, one of
    /// its words alike the truth's surname ("Serra, Jaume" → "serra"; "Octavia E. Butler" → "butler").
    public static func isAuthor(_ reported: String?, of truth: String?) -> Bool {
        guard let reported, let truth, !reported.isEmpty, !truth.isEmpty else { return false }
        if similarity(reported, truth) >= threshold { return true }
        let words = normalised(reported).split(separator: " ").map(String.init)
        // A name, not the spine's whole text.
        if words.count > max(4, normalised(truth).split(separator: " ").count + 2) { return false }
        let named = truth.contains(",") ? String(truth.split(separator: ",", maxSplits: 1)[0]) : truth
        guard let surname = normalised(named).split(separator: " ").last.map(String.init) else { return false }
        return words.contains { similarity($0, surname) >= threshold }
    }

    /// Whether `needle` appears in the normalised words `haystack`, as a run of as many words as
    /// it has, or one more or fewer, alike it.
    public static func appears(_ needle: String?, in haystack: [String]) -> Bool {
        let words = normalised(needle).split(separator: " ").map(String.init)
        guard !words.isEmpty else { return false }
        let target = words.joined(separator: " ")
        for width in [words.count - 1, words.count, words.count + 1] where width > 0 {
            for start in 0..<max(1, haystack.count - width + 1) {
                let run = haystack[start..<min(haystack.count, start + width)].joined(separator: " ")
                if similarity(run, target) >= threshold { return true }
            }
        }
        return false
    }
}
