import ShelfImaging
import ShelfOCR

extension SpineReader {
    /// The least Tesseract confidence (0…100) of a word another reading lends (`merging`): the
    /// confidence at which a whole reading is taken without comparison (`acceptedConfidence`'s
    /// default).
    static let lentWordConfidence = 70.0

    /// `reading` with the words of `other`, a reading of the same cut turned the same way, that it
    /// lacks: each a word the lexicon knows, of three letters or more, read with confidence
    /// `lentWordConfidence` or more, where `reading` read nothing, on the band of one of its lines
    /// and within two line heights of a word of it. Readings of one spine inked or cut into lines
    /// differently lose different words ("THE SILVER HARBOUR" in one, "HARBOUR LIGHTS" in
    /// another); a word read surely in one is the spine's. Nil when `other` lends nothing.
    public func merging(wordsOf other: Reading, into reading: Reading) -> Reading? {
        guard let lexicon, other.orientation == reading.orientation, !reading.text.lines.isEmpty else { return nil }
        var lines = reading.text.lines
        var lent = false
        for word in other.text.words {
            guard word.confidence >= Self.lentWordConfidence, word.text.filter(\.isLetter).count >= 3,
                lexicon.knows(word.text.folded)
            else { continue }
            let isCovered = lines.contains { line in line.words.contains { !$0.box.intersection(word.box).isEmpty } }
            guard !isCovered else { continue }
            let nearLine = lines.indices.first { index in
                lines[index].words.contains { neighbour in
                    let gap = max(neighbour.box.x - word.box.maxX, word.box.x - neighbour.box.maxX)
                    return verticalOverlap(word.box, neighbour.box) >= 0.5
                        && Double(gap) <= 2 * Double(max(word.box.height, neighbour.box.height))
                }
            }
            guard let index = nearLine else { continue }
            Self.insert(word, into: &lines[index])
            lent = true
        }
        guard lent else { return nil }
        return Reading(text: RecognizedText(lines: lines), orientation: reading.orientation, scale: reading.scale)
    }
}

extension SpineReader {
    /// `reading` with each word that holds a misread one (`Lexicon.misreadWords(in:)`) replaced by
    /// the word `other`, a reading of the same cut turned the same way, read in its place: one whose
    /// words the lexicon knows, one of four letters or more, read with confidence
    /// `lentWordConfidence` or more, over most of the same box, and at most `mendingDistance` letters
    /// from it ("mtelligence" read again "Intelligence", "VVith" "With"). Two readings rarely
    /// misread a word alike. Nil when nothing is mended.
    public func mendingMisreadWords(of reading: Reading, from other: Reading) -> Reading? {
        guard let lexicon, other.orientation == reading.orientation else { return nil }
        // Words of four letters or more, as misread ones are: a shorter one is the word cut short.
        func isKnown(_ text: String) -> Bool {
            let parts = text.split(whereSeparator: { !$0.isLetter }).map { String($0).folded }.filter { $0.count >= 3 }
            return parts.contains { $0.count >= 4 } && parts.allSatisfy(lexicon.knows)
                && lexicon.misreadWords(in: text).isEmpty
        }
        var lines = reading.text.lines
        var mended = false
        for (lineIndex, line) in lines.enumerated() {
            for (wordIndex, word) in line.words.enumerated() where !lexicon.misreadWords(in: word.text).isEmpty {
                let letters = String(word.text.filter(\.isLetter)).folded
                let replacement = other.text.words.first { candidate in
                    candidate.confidence >= Self.lentWordConfidence && Self.sharesMostOfBox(candidate.box, word.box)
                        && String(candidate.text.filter(\.isLetter)).folded.editDistance(
                            to: letters, limit: Self.mendingDistance) <= Self.mendingDistance
                        && isKnown(candidate.text)
                }
                guard let replacement else { continue }
                lines[lineIndex].words[wordIndex] = replacement
                lines[lineIndex].fitBoxToWords()
                mended = true
            }
        }
        guard mended else { return nil }
        return Reading(text: RecognizedText(lines: lines), orientation: reading.orientation, scale: reading.scale)
    }

    /// The most letters a word read again may differ by from the misread word it mends: two, as
    /// "m" read for "in" or "VV" for "W" takes.
    static let mendingDistance = 2

    /// Whether two boxes overlap over at least half the smaller one.
    static func sharesMostOfBox(_ a: PixelRect, _ b: PixelRect) -> Bool {
        let shared = a.intersection(b)
        guard !shared.isEmpty else { return false }
        return 2 * shared.width * shared.height >= min(a.width * a.height, b.width * b.height)
    }
}
