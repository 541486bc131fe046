import ShelfImaging
import ShelfOCR
import ShelfText

/// How far a second, independent reading of a spine bears out the title parsed from the first
/// (`SpineReader.titleCheck`). Two readings that agree are evidence a confidence model learned on
/// rendered spines does not have: on real photos, misread lettering seldom misreads the same way twice.
public enum TitleCheck {
    /// At or above this agreement the second reading confirms the title.
    public static let confirming = 0.8
    /// At or above this agreement the second reading bears the title out in full. Between
    /// `confirming` and this, it bears out most of the title's letters but not all: on real photos
    /// such titles are often a title with a stray mark or a word lost at one end.
    public static let fullyConfirming = 0.9
    /// The agreement that bears out an author no name list knows: every letter read alike twice.
    /// Two readings a letter apart ("Hotmes", "Hotimes") hold a misreading, and with no list to
    /// say which is right the name is left for the person to fill in, not stored misspelled.
    public static let spelledAlike = 1.0

    /// What the check reading says of a title.
    public struct Outcome: Sendable, Equatable {
        /// How well it bears the title's letters out (`agreement(title:check:)`).
        public var agreement: Double
        /// Whether it reads the title going on beside its words (`readsOn(beyond:apartFrom:besides:in:)`).
        public var readsOn: Bool

        public init(agreement: Double, readsOn: Bool = false) {
            self.agreement = agreement
            self.readsOn = readsOn
        }
    }

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

    /// The sides of a title on which a reading reads it going on with a name: the word right
    /// before the title's words on their line (`before`), or right after (`after`), is a word of
    /// `names` (the author's, the publisher's), no farther from them than twice the type's height.
    public struct Sides: Sendable, Equatable {
        public var before = false
        public var after = false

        public init(before: Bool = false, after: Bool = false) {
            self.before = before
            self.after = after
        }
    }

    /// Whether the check reading goes on beside the title: on the line where it reads the title's
    /// letters (words that together match them, `confirming` or better), right before or after
    /// those words — closer than the type is tall, at its size (0.75–1.33 of it) — it reads a word
    /// of two letters or more (or a one-letter joining word, "y") read with confidence 40 or more,
    /// that is no part of `names` (the author's, the publisher's), on a side where the first
    /// reading read no name (`namedSides`: a name cut short by the check's stretch reads as any
    /// scrap). The check cuts the spine a little beyond the title's words, so it sees lettering
    /// there that the first reading missed or the parse left out: the title's first or last words,
    /// or the rest of a word cut short.
    public static func readsOn(
        beyond title: String, apartFrom names: [String], besides namedSides: Sides = Sides(), in check: RecognizedText
    ) -> Bool {
        let target = title.folded.filter { $0.isLetter || $0.isNumber }
        guard target.count >= 4, let (words, span) = bestMatch(of: target, in: check) else { return false }
        let heights = words[span].map(\.capitalHeight).sorted()
        let size = heights[heights.count / 2]
        func goesOn(_ word: RecognizedText.Word, gap: Int) -> Bool {
            let letters = word.text.folded.filter(\.isLetter)
            let isWordLike = letters.count >= 2 || SpineTextParser.joiningWords.contains(letters)
            let ratio = word.capitalHeight / size
            guard isWordLike, word.text.count - letters.count <= 1, word.confidence >= 40,
                ratio >= 0.75, ratio <= 1.33, Double(gap) > -0.3 * size, Double(gap) < size
            else { return false }
            return !isPart(letters, of: names)
        }
        if !namedSides.before, span.lowerBound > words.startIndex {
            let before = words[span.lowerBound - 1]
            if goesOn(before, gap: words[span.lowerBound].box.x - before.box.maxX) { return true }
        }
        if !namedSides.after, span.upperBound + 1 < words.endIndex {
            let after = words[span.upperBound + 1]
            if goesOn(after, gap: after.box.x - words[span.upperBound].box.maxX) { return true }
        }
        return false
    }

    /// The sides of the title, its words those of `text` inside `titleBox`, on which `text` reads a
    /// word of `names` right beside it (`Sides`): before its first line's title words, after its
    /// last line's.
    public static func namedSides(of titleBox: PixelRect, in text: RecognizedText, names: [String]) -> Sides {
        func isInTitle(_ word: RecognizedText.Word) -> Bool {
            let x = word.box.x + word.box.width / 2, y = word.box.y + word.box.height / 2
            return x >= titleBox.x && x <= titleBox.maxX && y >= titleBox.y && y <= titleBox.maxY
        }
        func isName(_ word: RecognizedText.Word, besideTitleWord titleWord: RecognizedText.Word) -> Bool {
            let gap = word.box.x < titleWord.box.x ? titleWord.box.x - word.box.maxX : word.box.x - titleWord.box.maxX
            return Double(gap) < 2 * titleWord.capitalHeight && isPart(word.text.folded.filter(\.isLetter), of: names)
        }
        let titleLines = text.lines.map(\.words).filter { $0.contains(where: isInTitle) }
        var sides = Sides()
        if let words = titleLines.first, let first = words.firstIndex(where: isInTitle), first > words.startIndex {
            sides.before = isName(words[first - 1], besideTitleWord: words[first])
        }
        if let words = titleLines.last, let last = words.lastIndex(where: isInTitle), last + 1 < words.endIndex {
            sides.after = isName(words[last + 1], besideTitleWord: words[last])
        }
        return sides
    }

    /// Whether folded `letters` are a word of `names` or a piece of one read apart ("…ura" of a
    /// surname cut short): two letters must be found whole in a word, more may differ by a few.
    static func isPart(_ letters: String, of names: [String]) -> Bool {
        guard letters.count >= 2 else { return false }
        let leastOccurrence = letters.count <= 2 ? 1.0 : 0.6
        let nameWords = names.flatMap { $0.folded.split(separator: " ").map(String.init) }.filter { $0.count >= 2 }
        return nameWords.contains { Similarity.occurrence(of: letters, in: $0) >= leastOccurrence }
    }

    /// The line's words and the run of them whose letters best match `target` (folded letters and
    /// digits), when that match is `confirming` or better.
    static func bestMatch(of target: String, in check: RecognizedText) -> ([RecognizedText.Word], ClosedRange<Int>)? {
        var best: (score: Double, line: Int, span: ClosedRange<Int>)?
        for (index, line) in check.lines.enumerated() {
            let letters = line.words.map { $0.text.folded.filter { $0.isLetter || $0.isNumber } }
            for start in letters.indices {
                var joined = ""
                for end in start..<letters.count {
                    joined += letters[end]
                    // A match longer than the title by more than a short word is no match of it.
                    if joined.count > target.count + 6 { break }
                    let score = Similarity.ratio(joined, target)
                    if score > best?.score ?? 0 { best = (score, index, start...end) }
                }
            }
        }
        guard let best, best.score >= confirming else { return nil }
        return (check.lines[best.line].words, best.span)
    }
}
