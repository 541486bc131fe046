import ShelfOCR
import ShelfText

extension SpineTextParser {
    /// Splits a publisher's mark off either end of a run ("DRACULA Ace"), where the OCR put the
    /// foot of the spine on the title's line. A mark that starts the line (a spine read bottom to
    /// top) is split off only where it stands apart (`standsApart`): publishers' names are words
    /// and names too, and one set a word space from the next word starts a title or a name
    /// ("PENGUIN ISLAND", "PAN TADEUSZ").
    func splitPublishers(in runs: [Run]) -> [Run] {
        // A run that is a publisher by itself is the foot; then no other run's first word is taken.
        let hasWholeMark = runs.contains { lexicon.publishers.contains($0.text.folded) }
        return runs.flatMap { run -> [Run] in
            guard run.words.count >= 2 else { return [run] }
            // The foot ends the line on a spine read top to bottom, starts it on one read bottom to top.
            for length in [2, 1] where length < run.words.count {
                let tail = Array(run.words.suffix(length))
                if lexicon.publishers.contains(tail.map(\.text).joined(separator: " ").folded) {
                    return [
                        Run(words: Array(run.words.dropLast(length)), line: run.line), Run(words: tail, line: run.line),
                    ]
                }
            }
            for length in [2, 1] where length < run.words.count && !hasWholeMark {
                let head = Array(run.words.prefix(length))
                if lexicon.publishers.contains(head.map(\.text).joined(separator: " ").folded),
                    Self.standsApart(run.words[length - 1], from: run.words[length])
                {
                    return [
                        Run(words: head, line: run.line),
                        Run(words: Array(run.words.dropFirst(length)), line: run.line),
                    ]
                }
            }
            return [run]
        }
    }

    /// Whether a gap wider than a word space parts two neighbouring words of a run: at least 0.8 of
    /// their letters' height, where word spaces on spines are 0.3–0.7 of it.
    static func standsApart(_ word: RecognizedText.Word, from next: RecognizedText.Word) -> Bool {
        Double(next.box.x - word.box.maxX) >= 0.8 * max(word.capitalHeight, next.capitalHeight)
    }

    /// "VANCE Saltmarsh" → "VANCE" "Saltmarsh": a word in capitals at either end of a run in
    /// lower case is a surname set apart by its case.
    static func splittingCapitalsAtEdges(_ run: Run) -> [Run] {
        guard run.words.count >= 2 else { return [run] }
        func isCapitals(_ word: RecognizedText.Word) -> Bool {
            let letters = word.text.filter(\.isLetter)
            return letters.count >= 3 && letters.allSatisfy(\.isUppercase)
        }
        func hasLowerCase(_ words: ArraySlice<RecognizedText.Word>) -> Bool {
            words.contains { $0.text.contains(where: \.isLowercase) }
        }
        if isCapitals(run.words[0]) && hasLowerCase(run.words.dropFirst()) && !isCapitals(run.words[1]) {
            return [
                Run(words: [run.words[0]], line: run.line), Run(words: Array(run.words.dropFirst()), line: run.line),
            ]
        }
        if let last = run.words.last, isCapitals(last), hasLowerCase(run.words.dropLast()),
            !isCapitals(run.words[run.words.count - 2])
        {
            return [Run(words: Array(run.words.dropLast()), line: run.line), Run(words: [last], line: run.line)]
        }
        return [run]
    }

    /// "New Atlantis Bacon" → "New Atlantis" "Bacon": a word that can be a surname, at either end
    /// of a run of words, set off by a wider space or another size (by both, when it is also an
    /// English word, and by another size than its neighbour's too) — a surname on the title's line.
    func splittingSurnameAtEdges(_ run: Run) -> [Run] {
        let words = run.words
        guard words.count >= 3 else { return [run] }
        let gaps = zip(words, words.dropFirst()).map { Double($1.box.x - $0.box.maxX) }
        // Whether a word can be a surname, and whether it must be set off both ways to count: a
        // capitalised word the lists do not know, one read in lower case that is no English word
        // (a capital the OCR lost), or an English word that is also a surname ("Bacon", "Hunter").
        func surnameKind(_ word: RecognizedText.Word) -> (isSurname: Bool, needsBoth: Bool) {
            let folded = word.text.folded
            let letters = word.text.filter(\.isLetter)
            guard letters.count >= 3, letters.count == word.text.count || word.text.dropLast().allSatisfy(\.isLetter),
                !Self.titleWords.contains(folded), !lexicon.isPublisher(folded)
            else { return (false, false) }
            let capitalised = word.text.first?.isUppercase ?? false
            if !lexicon.isOrdinaryWord(folded) { return (capitalised || letters.count >= 5, false) }
            return (capitalised, true)
        }
        func isSetOff(
            _ word: RecognizedText.Word, gap: Double, from rest: ArraySlice<RecognizedText.Word>,
            neighbour: RecognizedText.Word, otherGaps: ArraySlice<Double>
        ) -> Bool {
            let (isSurname, needsBoth) = surnameKind(word)
            guard isSurname else { return false }
            let usual = otherGaps.sorted()[otherGaps.count / 2]
            // Another size than the rest's; for an English word, than its neighbour's too: type
            // that shrinks steadily along a spine seen at a slant is one size.
            let restHeight = rest.map(\.capitalHeight).sorted()[rest.count / 2]
            let sizes = needsBoth ? [restHeight, neighbour.capitalHeight] : [restHeight]
            let sizeRatio = sizes.map { max(word.capitalHeight, $0) / max(1, min(word.capitalHeight, $0)) }.min() ?? 1
            let hasWords = rest.contains {
                $0.text.filter(\.isLetter).count >= 3 && lexicon.isOrdinaryWord($0.text.folded)
            }
            let (wider, sized) = (gap > 1.6 * max(usual, 1), sizeRatio > 1.12)
            // An English word is set off by both, and by a space wider than a word space at its size.
            return hasWords && (needsBoth ? wider && sized && gap > 0.8 * word.capitalHeight : wider || sized)
        }
        if let last = words.last,
            isSetOff(
                last, gap: gaps[gaps.count - 1], from: words.dropLast(), neighbour: words[words.count - 2],
                otherGaps: gaps.dropLast())
        {
            return [Run(words: Array(words.dropLast()), line: run.line), Run(words: [last], line: run.line)]
        }
        if isSetOff(
            words[0], gap: gaps[0], from: words.dropFirst(), neighbour: words[1], otherGaps: gaps.dropFirst()) {
            return [Run(words: [words[0]], line: run.line), Run(words: Array(words.dropFirst()), line: run.line)]
        }
        return [run]
    }
}
