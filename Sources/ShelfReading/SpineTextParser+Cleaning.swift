import ShelfOCR
import ShelfText

extension SpineTextParser {
    /// The text without doubtful words whose boxes no lettering could have: one lying over most of
    /// its neighbour's, or letters far narrower than they are tall. Tesseract makes them of pictures.
    func withoutImpossibleWords(_ text: RecognizedText) -> RecognizedText {
        var kept = text
        for (lineIndex, line) in text.lines.enumerated() {
            let words = line.words
            var impossible = Set<Int>()
            for (index, word) in words.enumerated() where word.confidence < 70 {
                let letters = word.text.filter(\.isLetter).count
                if letters >= 3 && Double(word.box.width) < 0.15 * Double(word.box.height * letters) {
                    impossible.insert(index)
                }
                for other in [index - 1, index + 1] where words.indices.contains(other) {
                    let overlap = min(word.box.maxX, words[other].box.maxX) - max(word.box.x, words[other].box.x)
                    if Double(overlap) > 0.5 * Double(min(word.box.width, words[other].box.width))
                        && word.confidence < words[other].confidence
                    {
                        impossible.insert(index)
                    }
                }
            }
            kept.lines[lineIndex].words = words.indices.filter { !impossible.contains($0) }.map { words[$0] }
        }
        kept.lines.removeAll { $0.words.isEmpty }
        return kept
    }

    /// The text with the sizes of doubtful words held to the size of their neighbours: a word read
    /// with low confidence and boxes far taller than the words beside it ("Brave" 150 px before
    /// "New World" 55 px) is a mark merged with the edge of the crop, not large type. Only a
    /// neighbour read at least as surely is a measure: a scrap one pixel tall beside a word is
    /// itself the mark. Such a word of three letters or fewer read under 40 that ends its line is
    /// dropped instead ("Summer With Maria XE"): held to its neighbour's size it would pass for a
    /// surname, where `trimmingJunk` would have taken it for the mark it is.
    func steadyingHeights(_ text: RecognizedText) -> RecognizedText {
        var steadied = text
        for (lineIndex, line) in text.lines.enumerated() {
            var strayAtEnd = false
            for (wordIndex, word) in line.words.enumerated() where word.confidence < 60 {
                let neighbours = [wordIndex - 1, wordIndex + 1].filter { line.words.indices.contains($0) }.map {
                    line.words[$0]
                }
                .filter { $0.text.filter(\.isLetter).count >= 2 && $0.confidence >= word.confidence }
                guard let size = neighbours.map(\.capitalHeight).max(), word.capitalHeight > 1.6 * size else {
                    continue
                }
                if wordIndex == line.words.count - 1, wordIndex > 0, word.confidence < 40,
                    (1...3).contains(word.text.count(where: \.isLetter))
                {
                    strayAtEnd = true
                    continue
                }
                steadied.lines[lineIndex].words[wordIndex].characters = word.characters.map {
                    ($0.character, min($0.height, Int(size)))
                }
            }
            if strayAtEnd {
                steadied.lines[lineIndex].words.removeLast()
                steadied.lines[lineIndex].fitBoxToWords()
            }
        }
        return steadied
    }

    /// The text without lines that say again what an earlier line said: a spine that prints its
    /// title and author several times over ("SILVER / HARBOUR / EDITH / BLAKE", twice) is read
    /// once. Lines are compared by their letters and digits, three or more of them, allowing a
    /// misread letter in five ("HARBOUR", "HARBOLR").
    func withoutRepeatedLines(_ text: RecognizedText) -> RecognizedText {
        var seen: [String] = []
        let lines = text.lines.filter { line in
            let key = line.text.folded.filter { $0.isLetter || $0.isNumber }
            guard key.count >= 3 else { return true }
            if seen.contains(where: { key.editDistance(to: $0, limit: key.count / 5) <= key.count / 5 }) { return false }
            seen.append(key)
            return true
        }
        return RecognizedText(lines: lines)
    }

    /// The text without the marks Tesseract makes of logos and edges at either end of a spine.
    func withoutEdgeJunk(_ text: RecognizedText) -> RecognizedText {
        var lines = text.lines
        // A fragment set close to the next word is part of it ("he Quiet Shore": the T was lost).
        func isCloseToNext(_ line: RecognizedText.Line) -> Bool {
            guard line.words.count >= 2 else { return false }
            let gap = Double(line.words[1].box.x - line.words[0].box.maxX)
            return gap < 0.5 * line.words[1].capitalHeight || isPhrase(line.words[0], line.words[1])
        }
        // Words in lower case read with confidence, beside another, are a phrase ("la casa vella").
        func isPhrase(_ word: RecognizedText.Word, _ neighbour: RecognizedText.Word) -> Bool {
            [word, neighbour].allSatisfy {
                $0.confidence >= 85 && $0.text.count >= 3 && $0.text.allSatisfy(\.isLowercase)
                    && lexicon.isOrdinaryWord($0.text.folded)
            }
        }
        // A doubtful word far out beyond the end of the lettering is a mark on the spine's edge;
        // unless it holds more letters than all the rest of its line, when it is the lettering.
        func isOutlier(
            _ word: RecognizedText.Word, _ neighbour: RecognizedText.Word?, in line: RecognizedText.Line
        ) -> Bool {
            guard let neighbour, word.confidence < 60 else { return false }
            let letters = word.text.count(where: \.isLetter)
            let others = line.words.reduce(0) { $0 + $1.text.count(where: \.isLetter) } - letters
            if letters >= 6 && letters > others { return false }
            let gap = Double(max(neighbour.box.x - word.box.maxX, word.box.x - neighbour.box.maxX))
            return gap > 4 * max(word.capitalHeight, neighbour.capitalHeight)
        }
        while let line = lines.first, let first = line.words.first,
            isJunk(first, atEdge: !isCloseToNext(line)) || isOutlier(first, line.words.dropFirst().first, in: line)
        {
            lines[0].words.removeFirst()
            if lines[0].words.isEmpty { lines.removeFirst() }
        }
        // A word read surely after a comma is one the comma leads on to ("aviat, que?").
        func isCloseToPrevious(_ line: RecognizedText.Line) -> Bool {
            guard line.words.count >= 2 else { return false }
            let last = line.words[line.words.count - 1], previous = line.words[line.words.count - 2]
            return Double(last.box.x - previous.box.maxX) < 0.5 * previous.capitalHeight || isPhrase(last, previous)
                || (previous.text.hasSuffix(",") && last.confidence >= 60) || endsSentenceCase(last, after: previous)
        }
        // A word in small letters read surely that the lists know, a word space after another word
        // read surely that they know (no mark between them), ends a title set in sentence case
        // ("Un amor", "The end").
        func endsSentenceCase(_ last: RecognizedText.Word, after previous: RecognizedText.Word) -> Bool {
            let folded = previous.text.folded
            guard previous.text.allSatisfy(\.isLetter) else { return false }
            let isKnown = Self.shortWords.contains(folded) || (folded.count >= 3 && lexicon.isOrdinaryWord(folded))
            let gap = Double(last.box.x - previous.box.maxX)
            return [last, previous].allSatisfy { $0.confidence >= 85 } && isKnown
                && last.text.count >= 3 && last.text.allSatisfy(\.isLowercase) && lexicon.knows(last.text.folded)
                && gap < 1.1 * max(last.capitalHeight, previous.capitalHeight)
        }
        while let line = lines.last, let last = line.words.last,
            isJunk(last, atEdge: !isCloseToPrevious(line)) || isOutlier(last, line.words.dropLast().last, in: line)
        {
            lines[lines.count - 1].words.removeLast()
            if lines[lines.count - 1].words.isEmpty { lines.removeLast() }
        }
        // Every line has ends: a line in the middle ("The Letters of" … "Xan", a crest read as a
        // word) loses its far doubtful marks too, so that a title cut at "of" goes on to the next line.
        for index in lines.indices {
            while let last = lines[index].words.last, lines[index].words.count >= 2,
                isOutlier(last, lines[index].words.dropLast().last, in: lines[index])
            {
                lines[index].words.removeLast()
            }
            while let first = lines[index].words.first, lines[index].words.count >= 2,
                isOutlier(first, lines[index].words.dropFirst().first, in: lines[index])
            {
                lines[index].words.removeFirst()
            }
            lines[index].fitBoxToWords()
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
        // A short word read under 40 and set at another size than the rest, at the run's end, is a
        // mark after the lettering ("THE LONG WALK TOP"), even where it spells a word. (At its start it
        // is as often a first word half lost.)
        func isStray(_ word: RecognizedText.Word) -> Bool {
            let others = run.words.filter { $0 != word }.map(\.capitalHeight).sorted()
            guard word.confidence < 40, (1...3).contains(word.text.count(where: \.isLetter)), !others.isEmpty
            else { return false }
            let median = others[others.count / 2]
            return word.capitalHeight > 1.2 * median || word.capitalHeight < 0.8 * median
        }
        while let first = words.first, isJunk(first) || isScrap(first) { words.removeFirst() }
        while let last = words.last, isJunk(last) || isScrap(last) || isStray(last) { words.removeLast() }
        return words.isEmpty ? nil : Run(words: Array(words), line: run.line)
    }

    /// The runs without the doubtful scraps set between two runs of words ("HARBOUR / Fie / ey) /
    /// LIGHTS"): marks a picture or a crease behind the lettering made, which would part a title's
    /// words. A scrap is a run of words of three letters or fewer, each read with confidence under
    /// 60 and, unless under 40, no word of three letters the lists know ("HAL" stays); the runs on
    /// either side, a line apart at most, each hold a word of four letters or more that the lists
    /// know, or a word read surely.
    func droppingScrapsBetweenWords(_ runs: [Run]) -> [Run] {
        func isKnownWord(_ word: RecognizedText.Word) -> Bool {
            let letters = String(word.text.filter(\.isLetter)).folded
            return letters.count >= 4 && lexicon.knows(letters)
        }
        func isScrap(_ word: RecognizedText.Word) -> Bool {
            let letters = String(word.text.filter(\.isLetter)).folded
            return letters.count <= 3 && word.confidence < 60
                && (word.confidence < 40 || letters.count < 3 || !lexicon.knows(letters))
        }
        func isScrap(_ run: Run) -> Bool { run.words.allSatisfy(isScrap) }
        func holdsWords(_ run: Run) -> Bool {
            run.words.contains { isKnownWord($0) || ($0.confidence >= 70 && $0.text.filter(\.isLetter).count >= 3) }
        }
        var kept: [Run] = []
        var index = runs.startIndex
        while index < runs.endIndex {
            guard isScrap(runs[index]), let before = kept.last, holdsWords(before) else {
                kept.append(runs[index])
                index += 1
                continue
            }
            let end = runs[index...].firstIndex { !isScrap($0) } ?? runs.endIndex
            if end < runs.endIndex, holdsWords(runs[end]), abs(runs[end].line - before.line) <= 1 {
                index = end
            } else {
                kept += runs[index..<end]
                index = end
            }
        }
        return kept
    }

    /// A mark Tesseract makes of a logo, an edge or a stain: a lone digit, a short lower-case
    /// fragment that is not a word (in English, or of four letters in the other lists: "rosa"), a
    /// lower-case non-word read with little confidence, a short word read with very little, a
    /// fragment led by a bracket or bar.
    func isJunk(_ word: RecognizedText.Word, atEdge: Bool = false) -> Bool {
        let letters = word.text.filter(\.isLetter)
        let folded = word.text.folded
        if word.text.count == 1 && word.text.allSatisfy(\.isNumber) { return true }
        let isLowerCase = !letters.isEmpty && letters.allSatisfy(\.isLowercase)
        if isLowerCase && letters.count <= 4 && !Self.titleWords.contains(folded) && !lexicon.isPublisher(folded)
            && (atEdge || !(lexicon.isOrdinaryWord(folded) || (letters.count == 4 && lexicon.isWord(folded))))
        {
            return true
        }
        if isLowerCase && word.confidence < 60 && !lexicon.knows(folded)
            && !lexicon.isPublisher(folded)
        {
            return true
        }
        if letters.count <= 3 && word.confidence < 40 && !lexicon.isWord(folded) { return true }
        if let first = word.text.first, "[|\\{}<>".contains(first), letters.count <= 3,
            !lexicon.isWord(String(letters).folded)
        {
            return true
        }
        return false
    }
}
