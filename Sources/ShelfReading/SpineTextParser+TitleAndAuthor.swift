import ShelfDetection
import ShelfOCR
import ShelfText

extension SpineTextParser {
    /// The title's run and the author's together: the pair whose sizes, words and names explain the
    /// spine best. The title is large and made of words, and is not a given name with a surname; the
    /// author is the run most like a person's name among the others, set apart by case when it can.
    func titleAndAuthor(in runs: [Run]) -> (title: ClosedRange<Int>, author: Int?)? {
        let candidates = runs.indices.filter { isTitleOrName(runs[$0]) }
        guard let largest = candidates.map({ runs[$0].height }).max(), largest > 0 else { return nil }
        var best: (score: Double, title: ClosedRange<Int>, author: Int?)?
        for title in candidates {
            let extent = titleExtent(from: title, in: runs, author: nil)
            let run = Run(words: runs[extent].flatMap { $0.words }, line: runs[title].line)
            let words = run.words.map(\.text.folded)
            let confidence = run.words.reduce(0) { $0 + $1.confidence } / Double(run.words.count) / 100
            // One word: a title as often as a surname, whether or not it is an English word.
            let wordLikeness = words.count >= 2 ? wordShare(of: run) : 0.5
            var titleScore = min(runs[title].height / largest, 1) + 0.3 * wordLikeness + 0.1 * confidence
                + 0.125 * Double(min(words.count - 1, 2))
            if words.count >= 2 && words.contains(where: { Self.titleWords.contains($0) }) { titleScore += 0.2 }
            // A name is the author, unless it stands out as the largest text ("Tom Jones" above
            // "FIELDING"): titles can be names.
            let standsOut = candidates.allSatisfy { $0 == title || runs[title].height >= 1.25 * runs[$0].height }
            if nameScore(runs[title]) >= 1 && !standsOut { titleScore -= 0.8 }
            // A short lone word that is no English word is more often a misread ornament than a title.
            if words.count == 1 && run.letterCount <= 4 && !lexicon.words.contains(words[0]) { titleScore -= 0.3 }
            var pick: (score: Double, author: Int?) = (0, nil)
            for author in runs.indices where author != title && !extent.contains(author) {
                let score = authorScore(runs[author], beside: run)
                if score > pick.score { pick = (score, author) }
            }
            let total = titleScore + pick.score
            if total > best?.score ?? -.infinity { best = (total, extent, pick.author) }
        }
        return best.map { ($0.title, $0.author) }
    }

    /// A publisher's mark the lists do not know: a lone capitalised word at either end of three runs
    /// or more, set smaller than all the others, and no given name.
    func unlistedMark(in runs: [Run]) -> Int? {
        let texts = runs.filter { $0.letterCount >= 2 }
        guard texts.count >= 3 else { return nil }
        for index in [runs.count - 1, 0] {
            let run = runs[index]
            guard run.words.count == 1, run.letterCount >= 3, run.words[0].text.first?.isUppercase ?? false,
                !lexicon.givenNames.contains(run.text.folded)
            else { continue }
            if texts.allSatisfy({ $0 == run || run.height < 0.8 * $0.height }) { return index }
        }
        return nil
    }

    /// Whether a run can be a title or a name at all: four letters or more, or a short capitalised
    /// word read with confidence ("It", "Ng"); a lone word in lower case only when it is an English
    /// word. Scraps like "oe", "iF", "La" read off logos and edges are neither.
    func isTitleOrName(_ run: Run) -> Bool {
        let confidence = run.words.reduce(0) { $0 + $1.confidence } / Double(run.words.count)
        let capitalised = run.words[0].text.first(where: \.isLetter)?.isUppercase ?? false
        if run.letterCount < 2 || (run.letterCount < 4 && !(capitalised && confidence >= 75)) { return false }
        if run.words.count == 1, !capitalised {
            let folded = run.words[0].text.folded
            return folded.count >= 4 && lexicon.isOrdinaryWord(folded) || run.words[0].text.dropFirst().contains(where: \.isUppercase)
        }
        return true
    }

    /// How likely `run` is the author beside the title `title`: its name score, raised when its case
    /// sets it apart (a surname in capitals beside a title in lower case), lowered when it is set
    /// larger than the title.
    func authorScore(_ run: Run, beside title: Run) -> Double {
        var score = nameScore(run)
        guard score > 0 else { return 0 }
        func isCapitals(_ run: Run) -> Bool {
            let letters = run.words.flatMap { $0.text.filter(\.isLetter) }
            return letters.count >= 3 && letters.allSatisfy(\.isUppercase)
        }
        if isCapitals(run) && !isCapitals(title) { score += 0.15 }
        if run.height > 1.2 * title.height { score -= 0.1 }
        return score
    }

    /// The title's runs: the chosen one and its neighbours in reading order that continue it — the
    /// same size on the same or the next line, or close beside it — up to the author.
    func titleExtent(from index: Int, in runs: [Run], author: Int?) -> ClosedRange<Int> {
        func continues(_ candidate: Int, from neighbour: Int) -> Bool {
            guard candidate != author, runs.indices.contains(candidate) else { return false }
            let run = runs[candidate], next = runs[neighbour], title = runs[index]
            let name = nameScore(run)
            guard run.letterCount >= 2, abs(run.line - next.line) <= 1, name < 1 else { return false }
            // Sizes drift along a line in a photo taken at an angle.
            let similarSize = run.height > 0.75 * title.height && run.height < 1.33 * title.height
            // A word that could be a surname continues the title only when set as close as a word.
            if run.line != next.line {
                // A lone English word the lists do not know as a name ("MOORLAND / WALKING") goes on with the title.
                let folded = run.text.folded
                let loneWord = run.words.count == 1 && run.words[0].confidence >= 70 && folded.count >= 4 && lexicon.words.contains(folded)
                    && !lexicon.properNames.contains(folded)
                return similarSize && (name == 0 || (wordShare(of: run) > 0.5 && run.words.count >= 2) || loneWord)
            }
            let (left, right) = candidate < neighbour ? (run, next) : (next, run)
            let gap = Double(right.words[0].box.x - left.words[left.words.count - 1].box.maxX)
            let isWords = name == 0 || wordShare(of: run) == 1
            return (gap < 0.8 * min(left.height, right.height) && isWords) || (similarSize && name == 0)
        }
        // Both ways: a surname split off a title's line does not take the title back as its own.
        func joins(_ candidate: Int, _ neighbour: Int) -> Bool {
            continues(candidate, from: neighbour) && continues(neighbour, from: candidate)
        }
        // A title does not stop at "of", "the" or a comma: the next run finishes it, whatever it is.
        func finishes(_ candidate: Int, _ unfinished: Int) -> Bool {
            guard candidate != author, runs.indices.contains(candidate), runs.indices.contains(unfinished), runs[candidate].letterCount >= 2,
                abs(runs[candidate].line - runs[unfinished].line) <= 1, let last = runs[unfinished].words.last?.text
            else { return false }
            // A comma or colon leads on to a subtitle, not to the author's name.
            if last.hasSuffix(",") || last.hasSuffix(":") { return nameScore(runs[candidate]) < 1 }
            // Not into a name after a lone "a" or "an": those are more often letters of a spaced-out word.
            let folded = last.folded
            return Self.unfinishedEndings.contains(folded) && (!["a", "an"].contains(folded) || nameScore(runs[candidate]) < 1)
        }
        var lower = index, upper = index
        while joins(lower - 1, lower) || finishes(lower, lower - 1) { lower -= 1 }
        while joins(upper + 1, upper) || finishes(upper + 1, upper) { upper += 1 }
        return lower...upper
    }

    /// Words a title does not end with, in English and the languages of `Models/other-words.txt`.
    static let unfinishedEndings: Set<String> = [
        "the", "of", "and", "a", "an", "in", "on", "to", "for", "with", "from", "at", "by", "into", "my", "your", "our", "their",
        "de", "del", "dels", "la", "las", "los", "el", "les", "le", "des", "du", "y", "per", "para", "con", "al", "der", "die", "das", "und",
    ]

    /// The share of a run's words of two letters or more that are ordinary words (`Lexicon.isOrdinaryWord`).
    func wordShare(of run: Run) -> Double {
        let parts = run.words.flatMap { $0.text.folded.split(separator: " ").map(String.init) }.filter { $0.count >= 2 }
        return parts.isEmpty ? 0 : Double(parts.filter { lexicon.isOrdinaryWord($0) }.count) / Double(parts.count)
    }

    /// "New Atlantis Bacon" → "New Atlantis" "Bacon": a word that can be a surname, at either end
    /// of a run of words, set off by a wider space or another size (by both, when it is also an
    /// English word) — a surname on the title's line.
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
        func isSetOff(_ word: RecognizedText.Word, gap: Double, from rest: ArraySlice<RecognizedText.Word>, otherGaps: ArraySlice<Double>) -> Bool {
            let (isSurname, needsBoth) = surnameKind(word)
            guard isSurname else { return false }
            let usual = otherGaps.sorted()[otherGaps.count / 2]
            let restHeight = rest.map(\.capitalHeight).sorted()[rest.count / 2]
            let sizeRatio = max(word.capitalHeight, restHeight) / max(1, min(word.capitalHeight, restHeight))
            let hasWords = rest.contains { $0.text.filter(\.isLetter).count >= 3 && lexicon.isOrdinaryWord($0.text.folded) }
            let (wider, sized) = (gap > 1.6 * max(usual, 1), sizeRatio > 1.12)
            // An English word is set off by both, and by a space wider than a word space at its size.
            return hasWords && (needsBoth ? wider && sized && gap > 0.8 * word.capitalHeight : wider || sized)
        }
        if let last = words.last, isSetOff(last, gap: gaps[gaps.count - 1], from: words.dropLast(), otherGaps: gaps.dropLast()) {
            return [Run(words: Array(words.dropLast()), line: run.line), Run(words: [last], line: run.line)]
        }
        if isSetOff(words[0], gap: gaps[0], from: words.dropFirst(), otherGaps: gaps.dropFirst()) {
            return [Run(words: [words[0]], line: run.line), Run(words: Array(words.dropFirst()), line: run.line)]
        }
        return [run]
    }

    /// The text without the marks Tesseract makes of logos and edges at either end of a spine.
    func withoutEdgeJunk(_ text: RecognizedText) -> RecognizedText {
        var lines = text.lines
        // A fragment set close to the next word is part of it ("he Awakening": the T was lost).
        func isCloseToNext(_ line: RecognizedText.Line) -> Bool {
            guard line.words.count >= 2 else { return false }
            let gap = Double(line.words[1].box.x - line.words[0].box.maxX)
            return gap < 0.5 * line.words[1].capitalHeight || isPhrase(line.words[0], line.words[1])
        }
        // Words in lower case read with confidence, beside another, are a phrase ("la mala dona").
        func isPhrase(_ word: RecognizedText.Word, _ neighbour: RecognizedText.Word) -> Bool {
            [word, neighbour].allSatisfy {
                $0.confidence >= 85 && $0.text.count >= 3 && $0.text.allSatisfy(\.isLowercase) && lexicon.isOrdinaryWord($0.text.folded)
            }
        }
        // A doubtful word far out beyond the end of the lettering is a mark on the spine's edge.
        func isOutlier(_ word: RecognizedText.Word, _ neighbour: RecognizedText.Word?) -> Bool {
            guard let neighbour, word.confidence < 60 else { return false }
            let gap = Double(max(neighbour.box.x - word.box.maxX, word.box.x - neighbour.box.maxX))
            return gap > 4 * max(word.capitalHeight, neighbour.capitalHeight)
        }
        while let line = lines.first, let first = line.words.first,
            isJunk(first, atEdge: !isCloseToNext(line)) || isOutlier(first, line.words.dropFirst().first)
        {
            lines[0].words.removeFirst()
            if lines[0].words.isEmpty { lines.removeFirst() }
        }
        func isCloseToPrevious(_ line: RecognizedText.Line) -> Bool {
            guard line.words.count >= 2 else { return false }
            let last = line.words[line.words.count - 1], previous = line.words[line.words.count - 2]
            return Double(last.box.x - previous.box.maxX) < 0.5 * previous.capitalHeight || isPhrase(last, previous)
        }
        while let line = lines.last, let last = line.words.last,
            isJunk(last, atEdge: !isCloseToPrevious(line)) || isOutlier(last, line.words.dropLast().last)
        {
            lines[lines.count - 1].words.removeLast()
            if lines[lines.count - 1].words.isEmpty { lines.removeLast() }
        }
        return RecognizedText(lines: lines)
    }

    /// A run without the junk at its ends ("CANDIDE ss"), nil when nothing else is left.
    func trimmingJunk(_ run: Run) -> Run? {
        var words = run.words[...]
        // A lower-case scrap beside words in capitals ("CANDIDE ss") is a mark whatever it spells.
        func isScrap(_ word: RecognizedText.Word) -> Bool {
            let letters = word.text.filter(\.isLetter)
            let others = run.words.filter { $0 != word }.flatMap { $0.text.filter(\.isLetter) }
            return !letters.isEmpty && letters.count <= 4 && letters.allSatisfy(\.isLowercase) && others.count >= 4
                && others.allSatisfy(\.isUppercase)
        }
        while let first = words.first, isJunk(first) || isScrap(first) { words.removeFirst() }
        while let last = words.last, isJunk(last) || isScrap(last) { words.removeLast() }
        return words.isEmpty ? nil : Run(words: Array(words), line: run.line)
    }

    /// A mark Tesseract makes of a logo, an edge or a stain: a lone digit, a short lower-case
    /// fragment that is not a word, a lower-case non-word read with little confidence, a short word
    /// read with very little, a fragment led by a bracket or bar.
    func isJunk(_ word: RecognizedText.Word, atEdge: Bool = false) -> Bool {
        let letters = word.text.filter(\.isLetter)
        let folded = word.text.folded
        if word.text.count == 1 && word.text.allSatisfy(\.isNumber) { return true }
        let isLowerCase = !letters.isEmpty && letters.allSatisfy(\.isLowercase)
        if isLowerCase && letters.count <= 4 && !Self.titleWords.contains(folded) && !lexicon.isPublisher(folded)
            && (atEdge || !lexicon.words.contains(folded))
        {
            return true
        }
        if isLowerCase && word.confidence < 60 && !lexicon.isWord(folded) && !lexicon.isOrdinaryWord(folded) && !lexicon.isPublisher(folded) { return true }
        if letters.count <= 3 && word.confidence < 40 && !lexicon.isWord(folded) { return true }
        if let first = word.text.first, "[|\\{}<>".contains(first), letters.count <= 3, !lexicon.isWord(String(letters).folded) {
            return true
        }
        return false
    }
}
