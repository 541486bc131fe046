import ShelfImaging
import ShelfOCR
import ShelfText

extension SpineTextParser {
    /// The text with words the OCR ran together split apart ("ofthewinter" → "of" "the" "winter",
    /// "ELCAMINANTE" → "EL" "CAMINANTE"): Tesseract often loses the spaces of lettering set tight
    /// along a spine. Each part keeps its share of the word's box and characters.
    func separatingGluedWords(_ text: RecognizedText) -> RecognizedText {
        var separated = text
        for lineIndex in text.lines.indices {
            separated.lines[lineIndex].words = text.lines[lineIndex].words.flatMap { word in
                (gluedParts(of: word.text) ?? gluedCapital(of: word.text)).map { Self.split(word, into: $0) } ?? [word]
            }
        }
        return separated
    }

    /// The words `word` is made of, in its own letters and case, when it is no word itself but
    /// splits wholly into small words (`functionWords`) and at most one other, an ordinary word of
    /// six letters or more (`Lexicon`), as few as can be. Nil for a word the lists know (a word, a
    /// name, a publisher) and for one under seven letters: shorter words and pieces split too
    /// easily by chance ("VOLINDE" → "volin" "de"). Marks at either end stay with the end parts.
    func gluedParts(of word: String) -> [String]? {
        let characters = Array(word)
        guard let first = characters.firstIndex(where: \.isLetter), let last = characters.lastIndex(where: \.isLetter)
        else { return nil }
        let core = characters[first...last]
        guard (Self.shortestGluedWord...40).contains(core.count), core.allSatisfy(\.isLetter) else { return nil }
        // Folding keeps one character for each letter here, so a cut in the folded word is a cut in the word.
        let folded = Array(String(core).folded)
        guard folded.count == core.count else { return nil }
        let whole = String(folded)
        guard !lexicon.isWord(whole), !lexicon.otherWords.contains(whole), !lexicon.isPublisher(whole) else { return nil }

        // best[i]: how the first i letters split with the fewest words that are not function words,
        // then the fewest words, and where the last word begins.
        var best: [(content: Int, parts: Int, start: Int)?] = Array(repeating: nil, count: folded.count + 1)
        best[0] = (0, 0, 0)
        for end in 1...folded.count {
            for start in 0..<end {
                guard let before = best[start], before.parts < Self.mostGluedParts else { continue }
                let part = String(folded[start..<end])
                let isFunctionWord = Self.functionWords.contains(part)
                guard isFunctionWord || (part.count >= 6 && lexicon.isOrdinaryWord(part)) else { continue }
                // "y" and "i" ("and") end many names ("GALLAY"), and begin some.
                if ["y", "i"].contains(part) && (start == 0 || end == folded.count) { continue }
                let candidate = (content: before.content + (isFunctionWord ? 0 : 1), parts: before.parts + 1, start: start)
                if best[end].map({ (candidate.content, candidate.parts) < ($0.content, $0.parts) }) ?? true { best[end] = candidate }
            }
        }
        // Two words of substance and more split names the lists do not know ("WINTERGARDEN" →
        // "winter" "garden"); a word with the small words it ran into is what spines lose spaces in.
        guard let split = best[folded.count], split.parts >= 2, split.content <= 1 else { return nil }
        var cuts: [Int] = []
        var end = folded.count
        while end > 0, let step = best[end] {
            cuts.insert(step.start, at: 0)
            end = step.start
        }
        let bounds = zip(cuts, cuts.dropFirst() + [folded.count]).map { $0..<$1 }
        let offset = core.startIndex
        return bounds.enumerated().map { index, range in
            let from = index == 0 ? 0 : offset + range.lowerBound
            let to = index == bounds.count - 1 ? characters.count : offset + range.upperBound
            return String(characters[from..<to])
        }
    }

    /// A lone capital run into the capitalised word after it ("AHouse" → "A" "House", "JWatson" →
    /// "J" "Watson"): Tesseract often loses the narrow space after a one-letter word or an
    /// initial. Split only when the whole is in no list and the word after the capital is one the
    /// lists know, of three letters or more, its case that of a word (a capital, then small
    /// letters; "PHPUnit" stays).
    func gluedCapital(of word: String) -> [String]? {
        let characters = Array(word)
        let letters = characters.prefix(while: \.isLetter)
        guard letters.count >= 4, letters[0].isUppercase, letters[1].isUppercase,
            letters.dropFirst(2).allSatisfy(\.isLowercase), !characters[letters.count...].contains(where: \.isLetter)
        else { return nil }
        let rest = String(letters.dropFirst())
        guard !lexicon.knows(String(letters).folded), lexicon.isWord(rest.folded) else { return nil }
        return [String(characters[0]), String(characters.dropFirst())]
    }

    /// The commonest small words of titles, which run into their neighbours on spines, in English,
    /// Spanish, Catalan, French and German: articles, prepositions, conjunctions. The word lists hold
    /// nearly every pair of letters, so they cannot say which short piece is a word; rarer small
    /// words ("su", "il", "me") split names ("DeLillo" → "del" "il" "lo") more often than they mend
    /// titles.
    static let functionWords: Set<String> = [
        "a", "an", "and", "as", "at", "by", "for", "from", "in", "is", "it", "no", "not", "of", "on", "or", "the", "to",
        "with", "al", "con", "de", "del", "el", "els", "en", "i", "la", "las", "les", "los", "por", "que", "un", "una",
        "y", "des", "du", "le", "une", "das", "der", "die", "und",
    ]

    /// The shortest run of letters looked at for words glued together.
    static let shortestGluedWord = 7
    /// The most words one glued word is split into.
    static let mostGluedParts = 6

    /// `word` cut into `parts` (its text, in order): each part gets the share of the box and the
    /// characters its letters take.
    static func split(_ word: RecognizedText.Word, into parts: [String]) -> [RecognizedText.Word] {
        let total = max(1, parts.reduce(0) { $0 + $1.count })
        var words: [RecognizedText.Word] = []
        var consumed = 0
        for part in parts {
            let x = word.box.x + word.box.width * consumed / total
            let maxX = word.box.x + word.box.width * (consumed + part.count) / total
            let characters = Array(word.characters.dropFirst(consumed).prefix(part.count))
            words.append(
                RecognizedText.Word(
                    text: part, confidence: word.confidence,
                    box: PixelRect(x: x, y: word.box.y, width: max(1, maxX - x), height: word.box.height),
                    characters: characters))
            consumed += part.count
        }
        return words
    }
}
