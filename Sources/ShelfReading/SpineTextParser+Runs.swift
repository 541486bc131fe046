import ShelfOCR
import ShelfText

extension SpineTextParser {

    /// Words grouped into runs: a new run starts where the type size changes, a gap wider than a
    /// word space opens, or capitals give way to lower case at a run's edge.
    func runs(of text: RecognizedText) -> [Run] {
        var runs: [Run] = []
        for (lineIndex, line) in text.lines.enumerated() {
            var words = Self.joiningSpacedLetters(line.words.flatMap(separatingInitials))
            words = joiningPiecesOfWords(rejoiningLetterSpacing(words)).flatMap(separatingNames)
            let gaps = zip(words, words.dropFirst()).map { Double($1.box.x - $0.box.maxX) }.sorted()
            // A gap far wider than the line's usual word space parts a title from a name.
            let wideGap = gaps.count >= 2 ? 2.2 * max(gaps[gaps.count / 2], 1) : .infinity
            let spacing = Self.wordSpacing(of: words)
            var current: [RecognizedText.Word] = []
            for word in words {
                if let last = current.last {
                    let size = Run(words: current, line: lineIndex).height
                    let height = Self.capitalHeight(word)
                    let ratio = max(size, height) / max(1, min(size, height))
                    let gap = Double(word.box.x - last.box.maxX)
                    let isShortWord = word.text.count <= 2 || last.text.count <= 2
                    // Letter heights the boxes contradict (smaller letters in a taller box) are misread,
                    // when the words are read with confidence: doubtful words have doubtful boxes.
                    let boxHeights = current.map(\.box.height).sorted()
                    let boxHeight = boxHeights[boxHeights.count / 2]
                    let isContradicted =
                        word.confidence >= 80 && last.confidence >= 80
                        && (height < size ? word.box.height >= boxHeight : word.box.height <= boxHeight)
                    // Letters spaced wide are spaced words too: a gap within the wider letter pitch
                    // of the two words is a word space.
                    let pitch = Self.letterPitch(of: [last, word])
                    let wordSpace = max(1.1 * max(size, height), 1.2 * pitch)
                    let isEvenSpace = ratio < 1.15 && Self.isEvenSpace(gap, at: size, among: spacing)
                    if (ratio > 1.25 && !isShortWord && !isContradicted) || (gap > wordSpace && !isEvenSpace)
                        || (gap > wideGap && gap > 0.6 * min(size, height))
                    {
                        runs.append(Run(words: current, line: lineIndex))
                        current = []
                    }
                }
                current.append(word)
            }
            if !current.isEmpty { runs.append(Run(words: current, line: lineIndex)) }
        }
        return runs
    }

    static func capitalHeight(_ word: RecognizedText.Word) -> Double { word.capitalHeight }

    /// The gaps between neighbouring words of a line, each with the two words' letter height.
    static func wordSpacing(of words: [RecognizedText.Word]) -> [(gap: Double, height: Double)] {
        zip(words, words.dropFirst()).map { left, right in
            (Double(right.box.x - left.box.maxX), (left.capitalHeight + right.capitalHeight) / 2)
        }
    }

    /// Whether `gap` is the word space of a line set evenly: three gaps or more of the line, this one
    /// among them, within a fifth of it between words of `height`, and no wider than two and a half
    /// letters' height. Words set apart by the same wide space three times or more are one line of
    /// text ("RUN  THE  LONG  ROAD"), where a title and its author are set apart once.
    static func isEvenSpace(_ gap: Double, at height: Double, among spacing: [(gap: Double, height: Double)]) -> Bool {
        guard gap > 0, gap <= 2.5 * height else { return false }
        let alike = spacing.count { abs($0.gap - gap) <= 0.2 * gap && max($0.height, height) < 1.15 * min($0.height, height) }
        return alike >= 3
    }

    /// The widest letter pitch (box width per character) among `words` of three characters or
    /// more; 0 when there are none.
    static func letterPitch(of words: [RecognizedText.Word]) -> Double {
        let pitches: [Double] = words.filter { $0.text.count >= 3 }.map { Double($0.box.width) / Double($0.text.count) }
        return pitches.max() ?? 0
    }

    /// Whether `run` is one word alone on the line after `previous`'s one word, under it: words
    /// stacked one a line across a spine.
    static func isStacked(_ run: Run, under previous: Run) -> Bool {
        guard run.line == previous.line + 1, run.words.count == 1, previous.words.count == 1 else { return false }
        let (upper, lower) = (previous.words[0].box, run.words[0].box)
        let overlap = min(upper.maxX, lower.maxX) - max(upper.x, lower.x)
        return Double(overlap) > 0.5 * Double(min(upper.width, lower.width))
            && Double(lower.y - upper.maxY) < 2 * max(previous.height, run.height)
    }

    /// "B E O W U LF" → "BEOWULF": a title set with wide letter spacing, read letter by letter.
    static func joiningSpacedLetters(_ words: [RecognizedText.Word]) -> [RecognizedText.Word] {
        var result: [RecognizedText.Word] = []
        var index = 0
        while index < words.count {
            var end = index
            while end < words.count && words[end].text.count <= 2 && words[end].text.allSatisfy(\.isLetter)
                && words[end].text.allSatisfy(\.isUppercase)
            {
                end += 1
            }
            if end - index >= 3 {
                var joined = words[index]
                for word in words[(index + 1)..<end] { joined.append(word) }
                result.append(joined)
                index = end
            } else {
                result.append(words[index])
                index += 1
            }
        }
        return result
    }

    /// Words of one or two letters common in titles of English and the word lists' languages: the
    /// lists hold nearly every pair of letters, so these are what tells a short word from a scrap.
    static let shortWords: Set<String> = [
        "a", "i", "of", "to", "in", "on", "at", "by", "is", "an", "as", "or", "it", "me", "my", "we", "no",
        "up", "us", "he", "be", "so", "go", "if", "am",
        "la", "le", "el", "de", "di", "du", "un", "en", "et", "il", "lo", "da", "do", "y",
    ]

    /// "And" and "or" in Spanish, Catalan and Italian, in lower case: words of their own, not a
    /// letter of the word beside them.
    static let conjunctions: Set<String> = ["e", "o", "u"]

    /// "C a n di de" → "Candide": in a line read as many fragments of a letter or two (a title
    /// set with wide letter spacing), the fragments are joined and cut again only at the widest gaps.
    func rejoiningLetterSpacing(_ words: [RecognizedText.Word]) -> [RecognizedText.Word] {
        func isFragment(_ word: RecognizedText.Word) -> Bool {
            word.text.count <= 2 && word.text.allSatisfy(\.isLetter) && !Self.shortWords.contains(word.text.lowercased())
        }
        // Pronouns, conjunctions and particles that are words, but as often a scrap beside a word
        // ("HALLORAN Si"), and titles before a name ("Mr"): joined to a neighbour only when the two
        // make a word ("Ficcion es"), and still dropped when doubtful beside a sure word.
        func isWordOfItsOwn(_ word: RecognizedText.Word) -> Bool {
            if Self.conjunctions.contains(word.text) { return true }  // "Tomas Vance e hijos"
            let lowered = word.text.lowercased()
            return Self.honorifics.contains(lowered)
                || ["jo", "yo", "tu", "mi", "se", "te", "si", "ni", "ya", "es", "su", "al", "ja", "je", "zu"].contains(lowered)
        }
        func isJoinable(_ word: RecognizedText.Word, with other: RecognizedText.Word, making joined: String) -> Bool {
            guard isFragment(word) else { return false }
            guard isWordOfItsOwn(word) else { return true }
            let folded = joined.folded
            guard !isWordOfItsOwn(other) else { return false }
            // A conjunction only into an ordinary word: the lists hold names of every shape ("Bey"
            // "e" → "Beye"), while a spaced-out name is joined ("Al" "exandre" → "Alexandre").
            return Self.conjunctions.contains(word.text) ? lexicon.isOrdinaryWord(folded) : lexicon.knows(folded)
        }
        guard var result = words.first.map({ [$0] }) else { return words }
        for word in words.dropFirst() {
            let previous = result[result.count - 1]
            let gap = Double(word.box.x - previous.box.maxX)
            let heights = (word.capitalHeight, previous.capitalHeight)
            // A lower-case scrap beside a word in capitals, or of another size, is a mark, not a letter of it.
            let isCapitals = { (word: RecognizedText.Word) in
                word.text.count >= 4 && word.text.allSatisfy(\.isUppercase)
            }
            let isLowerCase = { (word: RecognizedText.Word) in word.text.allSatisfy(\.isLowercase) }
            // Nor is a capital after lower-case letters ("he Harbour"): it begins a word of its own.
            let startsWord = isLowerCase(previous) && (word.text.first?.isUppercase ?? false)
            let matches =
                max(heights.0, heights.1) < 1.5 * min(heights.0, heights.1)
                && !(isCapitals(previous) && isLowerCase(word)) && !startsWord
            // A doubtful scrap beside a whole word read with confidence is a mark ("HALLORAN Si").
            let isScrapBesideWord = { (scrap: RecognizedText.Word, whole: RecognizedText.Word) in
                scrap.confidence < 40 && whole.text.count >= 5 && whole.confidence >= 60
            }
            let isClose = gap < 0.6 * max(heights.0, heights.1)
            if isClose && isFragment(word) && isScrapBesideWord(word, previous) { continue }
            if isClose && isFragment(previous) && isScrapBesideWord(previous, word) {
                result[result.count - 1] = word
                continue
            }
            let areLetters = previous.text.allSatisfy(\.isLetter) && word.text.allSatisfy(\.isLetter)
            let joined = previous.text + word.text
            if (isJoinable(word, with: previous, making: joined) || isJoinable(previous, with: word, making: joined)) && areLetters
                && matches && isClose
            {
                result[result.count - 1].append(word)
            } else {
                result.append(word)
            }
        }
        return result
    }

    /// "Harb our" → "Harbour", "SOL BER G" → "SOLBERG": pieces of one word the OCR cut at
    /// wide letter spacing, set close together, that the word lists know only when joined. Words
    /// that are all words already ("A LITTLE", which the lists' misspellings know as "alittle") stay.
    func joiningPiecesOfWords(_ words: [RecognizedText.Word]) -> [RecognizedText.Word] {
        var result: [RecognizedText.Word] = []
        var index = 0
        while index < words.count {
            var joinedEnd: Int?
            var end = index + 1
            while end < min(words.count, index + 6) {
                let previous = words[end - 1], word = words[end]
                let height = max(previous.capitalHeight, word.capitalHeight)
                guard Double(word.box.x - previous.box.maxX) < 0.45 * height,
                    height < 1.4 * min(previous.capitalHeight, word.capitalHeight),
                    word.text.allSatisfy(\.isLetter), previous.text.allSatisfy(\.isLetter)
                else { break }
                let pieces = words[index...end].map(\.text.folded)
                let joined = pieces.joined()
                // Not two words that make a third ("any one"): a piece must be no word of its own.
                // "A" or "I" beside words of four letters or more is the word itself ("A LITTLE"); beside
                // shorter pieces, a letter of the word they make ("SOL BER G").
                let isArticle = { (piece: String) in
                    ["a", "i"].contains(piece) && pieces.allSatisfy { $0.count == 1 || ($0.count >= 4 && lexicon.knows($0)) }
                }
                if joined.count >= 5, lexicon.knows(joined),
                    pieces.contains(where: { $0.count < 2 ? !isArticle($0) : !lexicon.knows($0) })
                {
                    joinedEnd = end
                }
                end += 1
            }
            guard let last = joinedEnd else {
                result.append(words[index])
                index += 1
                continue
            }
            var joined = words[index]
            for word in words[(index + 1)...last] { joined.append(word) }
            result.append(joined)
            index = last + 1
        }
        return result
    }

    /// "A.HEINLEIN" → "A." "HEINLEIN": initials the OCR glued to the surname.
    func separatingInitials(_ word: RecognizedText.Word) -> [RecognizedText.Word] {
        let characters = Array(word.text)
        guard let dot = characters.lastIndex(of: "."), dot >= 1, dot <= 4, characters.count - dot - 1 >= 3,
            characters[(dot + 1)...].allSatisfy(\.isLetter), characters[..<dot].allSatisfy({ $0.isLetter || $0 == "." })
        else { return [word] }
        return Self.split(word, into: [String(characters[...dot]), String(characters[(dot + 1)...])])
    }

    /// A word that is two run-together names becomes two words, each with its share of the box.
    func separatingNames(_ word: RecognizedText.Word) -> [RecognizedText.Word] {
        guard let (head, tail) = separatedName(word.text) else { return [word] }
        return Self.split(word, into: [head, tail])
    }
}
