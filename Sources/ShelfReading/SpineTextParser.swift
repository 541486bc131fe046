import ShelfISBN
import ShelfOCR
import ShelfText

/// Finds the title, author, publisher and ISBN in the words read on a spine, from the words
/// themselves and their sizes and places.
///
/// Words are grouped into runs of one type size on one line. Runs that are an ISBN or a publisher's
/// mark are set aside; the title is the largest remaining run that is not a person's name (and runs
/// of the same size on neighbouring lines, when a title wraps); the author is the run most like a
/// person's name — given names, initials, particles — or, failing that, a lone word in capitals
/// beside the title (a surname).
public struct SpineTextParser: Sendable {
    public var lexicon: Lexicon
    public var extractor: ISBNExtractor

    public init(lexicon: Lexicon, extractor: ISBNExtractor = ISBNExtractor()) {
        self.lexicon = lexicon
        self.extractor = extractor
    }

    /// A run of words of one size on one line.
    struct Run: Equatable {
        var words: [RecognizedText.Word]
        var line: Int

        var text: String { words.map(\.text).joined(separator: " ") }
        /// The median capital height of the words, of those with two letters or more when there
        /// are any: an initial's box is often stretched by its full stop.
        var height: Double {
            let sized = words.filter { $0.text.filter(\.isLetter).count >= 2 }
            let heights = (sized.isEmpty ? words : sized).map(SpineTextParser.capitalHeight).sorted()
            return heights[heights.count / 2]
        }
        var letterCount: Int { words.reduce(0) { $0 + $1.text.filter(\.isLetter).count } }
    }

    /// Parses the words read on one spine.
    public func parse(_ text: RecognizedText) -> ParsedSpine {
        let prepared = splitPublishers(in: runs(of: withoutEdgeJunk(withoutCallNumbers(steadyingHeights(withoutImpossibleWords(text)))))).compactMap(trimmingJunk).flatMap(Self.splittingCapitalsAtEdges)
        var runs = joiningNames(splitNames(in: prepared).flatMap(splittingSurnameAtEdges))
        var parsed = ParsedSpine()
        let totalLetters = max(1, runs.reduce(0) { $0 + $1.letterCount })

        if let match = extractor.matches(in: text.text).first { parsed.isbn = match.isbn }
        runs.removeAll { isISBN($0) }
        // The publisher's mark: at the foot, so the last run or else the first that is one.
        // Away from the end, a mark is set smaller than the rest: a large "VINTAGE" is a title.
        let tallest = runs.map(\.height).max() ?? 0
        let marks = runs.indices.filter {
            runs[$0].words.count <= 3 && lexicon.isPublisher(runs[$0].text.folded)
                && ($0 == runs.count - 1 || runs[$0].height < 0.9 * tallest)
        }
        if let index = marks.contains(runs.count - 1) ? runs.count - 1 : marks.first {
            parsed.publisher = runs[index].text
            parsed.evidence.publisherFound = 1
            runs.remove(at: index)
        } else if let index = unlistedMark(in: runs) {
            parsed.publisher = runs[index].text
            runs.remove(at: index)
        }
        guard let (titleRange, authorIndex) = titleAndAuthor(in: runs) else {
            parsed.evidence.leftoverShare = Double(runs.reduce(0) { $0 + $1.letterCount }) / Double(totalLetters)
            return parsed
        }
        if let authorIndex {
            parsed.author = Self.tidy(runs[authorIndex].text)
            parsed.evidence.authorNameScore = nameScore(runs[authorIndex])
        }
        let titleWords: [RecognizedText.Word] = runs[titleRange].flatMap { $0.words }
        parsed.title = Self.tidy(titleWords.map(\.text).joined(separator: " "))
        let letters = titleWords.reduce(0) { $0 + $1.text.filter(\.isLetter).count }
        parsed.evidence.titleConfidence = titleWords.reduce(0) { $0 + $1.confidence } / Double(titleWords.count) / 100
        parsed.evidence.titleLength = min(Double(letters), 20) / 20
        let folded = titleWords.flatMap { $0.text.folded.split(separator: " ").map(String.init) }
        parsed.evidence.titleWordShare = folded.isEmpty
            ? 0 : Double(folded.filter { $0.count == 1 ? ["a", "i"].contains($0) || $0.first!.isNumber : lexicon.isWord($0) || lexicon.isOrdinaryWord($0) || $0.allSatisfy(\.isNumber) }.count) / Double(folded.count)
        parsed.evidence.titleNameScore = nameScore(Run(words: titleWords, line: runs[titleRange.lowerBound].line))
        let firstLetter = titleWords.lazy.flatMap(\.text).first(where: \.isLetter)
        parsed.evidence.titleStartsLowerCase = firstLetter?.isLowercase ?? false ? 1 : 0
        let leftover = runs.indices.filter { !titleRange.contains($0) && $0 != authorIndex }.map { runs[$0].letterCount }
        parsed.evidence.leftoverShare = Double(leftover.reduce(0, +)) / Double(totalLetters)
        return parsed
    }

    /// The text without doubtful words whose boxes no lettering could have: one lying over most of
    /// its neighbour's, or letters far narrower than they are tall. Tesseract makes them of pictures.
    func withoutImpossibleWords(_ text: RecognizedText) -> RecognizedText {
        var kept = text
        for (lineIndex, line) in text.lines.enumerated() {
            let words = line.words
            var impossible = Set<Int>()
            for (index, word) in words.enumerated() where word.confidence < 70 {
                let letters = word.text.filter(\.isLetter).count
                if letters >= 3 && Double(word.box.width) < 0.15 * Double(word.box.height * letters) { impossible.insert(index) }
                for other in [index - 1, index + 1] where words.indices.contains(other) {
                    let overlap = min(word.box.maxX, words[other].box.maxX) - max(word.box.x, words[other].box.x)
                    if Double(overlap) > 0.5 * Double(min(word.box.width, words[other].box.width)) && word.confidence < words[other].confidence {
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
    /// "New World" 55 px) is a mark merged with the edge of the crop, not large type.
    func steadyingHeights(_ text: RecognizedText) -> RecognizedText {
        var steadied = text
        for (lineIndex, line) in text.lines.enumerated() {
            for (wordIndex, word) in line.words.enumerated() where word.confidence < 60 {
                let neighbours = [wordIndex - 1, wordIndex + 1].filter { line.words.indices.contains($0) }.map { line.words[$0] }
                    .filter { $0.text.filter(\.isLetter).count >= 2 }
                guard let size = neighbours.map(\.capitalHeight).max(), word.capitalHeight > 1.6 * size else { continue }
                steadied.lines[lineIndex].words[wordIndex].characters = word.characters.map { ($0.character, min($0.height, Int(size))) }
            }
        }
        return steadied
    }

    // MARK: - Runs

    /// Words grouped into runs: a new run starts where the type size changes, a gap wider than a
    /// word space opens, or capitals give way to lower case at a run's edge.
    func runs(of text: RecognizedText) -> [Run] {
        var runs: [Run] = []
        for (lineIndex, line) in text.lines.enumerated() {
            var words = Self.joiningSpacedLetters(line.words.flatMap(separatingInitials))
            words = joiningPiecesOfWords(Self.rejoiningLetterSpacing(words)).flatMap(separatingNames)
            let gaps = zip(words, words.dropFirst()).map { Double($1.box.x - $0.box.maxX) }.sorted()
            // A gap far wider than the line's usual word space parts a title from a name.
            let wideGap = gaps.count >= 2 ? 2.2 * max(gaps[gaps.count / 2], 1) : .infinity
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
                    let isContradicted = word.confidence >= 80 && last.confidence >= 80
                        && (height < size ? word.box.height >= boxHeight : word.box.height <= boxHeight)
                    if (ratio > 1.25 && !isShortWord && !isContradicted) || gap > 1.1 * max(size, height)
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

    /// "KAFKA Amerika" → "KAFKA" "Amerika": a word in capitals at either end of a run in
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
            return [Run(words: [run.words[0]], line: run.line), Run(words: Array(run.words.dropFirst()), line: run.line)]
        }
        if let last = run.words.last, isCapitals(last), hasLowerCase(run.words.dropLast()),
            !isCapitals(run.words[run.words.count - 2])
        {
            return [Run(words: Array(run.words.dropLast()), line: run.line), Run(words: [last], line: run.line)]
        }
        return [run]
    }

    /// "C a n di de" → "Candide": in a line read as many fragments of a letter or two (a title
    /// set with wide letter spacing), the fragments are joined and cut again only at the widest gaps.
    static func rejoiningLetterSpacing(_ words: [RecognizedText.Word]) -> [RecognizedText.Word] {
        func isFragment(_ word: RecognizedText.Word) -> Bool {
            word.text.count <= 2 && word.text.allSatisfy(\.isLetter)
                && !["a", "i", "of", "to", "in", "on", "at", "by", "is", "an", "as", "or", "it", "me", "my", "we", "no", "up",
                    "la", "le", "el", "de", "di", "du", "un", "en", "et", "il", "lo", "da", "do", "y"]
                    .contains(word.text.lowercased())
        }
        guard var result = words.first.map({ [$0] }) else { return words }
        for word in words.dropFirst() {
            let previous = result[result.count - 1]
            let gap = Double(word.box.x - previous.box.maxX)
            let heights = (word.capitalHeight, previous.capitalHeight)
            // A lower-case scrap beside a word in capitals, or of another size, is a mark, not a letter of it.
            let isCapitals = { (word: RecognizedText.Word) in word.text.count >= 4 && word.text.allSatisfy(\.isUppercase) }
            let isLowerCase = { (word: RecognizedText.Word) in word.text.allSatisfy(\.isLowercase) }
            // Nor is a capital after lower-case letters ("he Harbour"): it begins a word of its own.
            let startsWord = isLowerCase(previous) && (word.text.first?.isUppercase ?? false)
            let matches = max(heights.0, heights.1) < 1.5 * min(heights.0, heights.1)
                && !(isCapitals(previous) && isLowerCase(word)) && !startsWord
            // A doubtful scrap beside a whole word read with confidence is a mark ("VONNEGUT Si").
            let isScrapBesideWord = { (scrap: RecognizedText.Word, whole: RecognizedText.Word) in
                scrap.confidence < 40 && whole.text.count >= 5 && whole.confidence >= 60
            }
            let isClose = gap < 0.6 * max(heights.0, heights.1)
            if isClose && isFragment(word) && isScrapBesideWord(word, previous) { continue }
            if isClose && isFragment(previous) && isScrapBesideWord(previous, word) {
                result[result.count - 1] = word
                continue
            }
            if (isFragment(word) || isFragment(previous)) && matches && isClose {
                result[result.count - 1].append(word)
            } else {
                result.append(word)
            }
        }
        return result
    }

    /// "Siddha rtha" → "Siddhartha", "REB ECC A" → "REBECCA": pieces of one word the OCR cut at
    /// wide letter spacing, set close together, that the word lists know only when joined.
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
                if joined.count >= 5, lexicon.isWord(joined) || lexicon.isOrdinaryWord(joined),
                    pieces.contains(where: { $0.count < 2 || !(lexicon.isWord($0) || lexicon.isOrdinaryWord($0)) })
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
    private func separatingInitials(_ word: RecognizedText.Word) -> [RecognizedText.Word] {
        let characters = Array(word.text)
        guard let dot = characters.lastIndex(of: "."), dot >= 1, dot <= 4, characters.count - dot - 1 >= 3,
            characters[(dot + 1)...].allSatisfy(\.isLetter), characters[..<dot].allSatisfy({ $0.isLetter || $0 == "." })
        else { return [word] }
        let headWidth = word.box.width * (dot + 1) / characters.count
        var first = word, second = word
        first.text = String(characters[...dot])
        first.characters = Array(word.characters.prefix(dot + 1))
        second.characters = Array(word.characters.dropFirst(dot + 1))
        first.box.width = headWidth
        second.text = String(characters[(dot + 1)...])
        second.box.x += headWidth
        second.box.width -= headWidth
        return [first, second]
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

    /// A word that is two run-together names becomes two words, each with its share of the box.
    private func separatingNames(_ word: RecognizedText.Word) -> [RecognizedText.Word] {
        guard let (head, tail) = separatedName(word.text) else { return [word] }
        let headWidth = word.box.width * head.count / word.text.count
        var first = word, second = word
        first.text = head
        first.characters = Array(word.characters.prefix(head.count))
        second.characters = Array(word.characters.dropFirst(head.count))
        first.box.width = headWidth
        second.text = tail
        second.box.x += headWidth
        second.box.width -= headWidth
        return [first, second]
    }

    /// Splits a publisher's mark off either end of a run ("DRACULA Ace"), where the OCR put the
    /// foot of the spine on the title's line.
    func splitPublishers(in runs: [Run]) -> [Run] {
        // A run that is a publisher by itself is the foot; then no other run's first word is taken.
        let hasWholeMark = runs.contains { lexicon.publishers.contains($0.text.folded) }
        return runs.flatMap { run -> [Run] in
            guard run.words.count >= 2 else { return [run] }
            // The foot ends the line on a spine read top to bottom, starts it on one read bottom to top.
            for length in [2, 1] where length < run.words.count {
                let tail = Array(run.words.suffix(length))
                if lexicon.publishers.contains(tail.map(\.text).joined(separator: " ").folded) {
                    return [Run(words: Array(run.words.dropLast(length)), line: run.line), Run(words: tail, line: run.line)]
                }
            }
            for length in [2, 1] where length < run.words.count && !hasWholeMark {
                let head = Array(run.words.prefix(length))
                if lexicon.publishers.contains(head.map(\.text).joined(separator: " ").folded) {
                    return [Run(words: head, line: run.line), Run(words: Array(run.words.dropFirst(length)), line: run.line)]
                }
            }
            return [run]
        }
    }

    private func isISBN(_ run: Run) -> Bool {
        let folded = run.text.folded
        return folded.contains("isbn") || run.text.filter(\.isNumber).count >= 9
    }

    /// Words that occur in titles and never in names.
    static let titleWords: Set<String> = [
        "the", "of", "and", "a", "an", "in", "on", "to", "for", "with", "from", "at", "by", "into", "is", "my", "your",
        "our", "their", "how", "what", "why", "when", "who", "its", "it", "this", "that", "as", "or",
    ]

    /// Text with stray marks trimmed from its ends, set in title case if read in capitals.
    static func tidy(_ text: String) -> String? {
        var characters = Substring(text)
        while let first = characters.first, !(first.isLetter || first.isNumber) { characters.removeFirst() }
        while let last = characters.last, !(last.isLetter || last.isNumber || "!?.)'".contains(last)) {
            characters.removeLast()
        }
        let collapsed = characters.split(separator: " ").joined(separator: " ")
        return collapsed.isEmpty ? nil : collapsed.titleCasedIfShouting
    }
}
