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
    /// How the title and author are chosen among the runs (`Models/title-choice.json`).
    public var weights: TitleChoiceWeights
    public var extractor: ISBNExtractor

    public init(lexicon: Lexicon, weights: TitleChoiceWeights, extractor: ISBNExtractor = ISBNExtractor()) {
        self.lexicon = lexicon
        self.weights = weights
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
        /// Where the run lies along its line: from its first word's left edge to its last word's right.
        var span: (x: Int, maxX: Int) { (words.first?.box.x ?? 0, words.last?.box.maxX ?? 0) }
    }

    /// Parses the words read on one spine: the passes clean the words and group them into runs,
    /// the ISBN and the publisher's mark are set aside, and the title and author are chosen.
    public func parse(_ text: RecognizedText) -> ParsedSpine {
        var runs = runs(afterPassesOver: text)
        var parsed = ParsedSpine()
        let totalLetters = max(1, runs.reduce(0) { $0 + $1.letterCount })

        if let match = extractor.matches(in: text.text).first { parsed.isbn = match.isbn }
        runs.removeAll { isISBN($0) }
        takePublisherMark(from: &runs, into: &parsed)
        takeFurniture(from: &runs, into: &parsed)
        guard let (titleRange, chosenAuthor) = titleAndAuthor(in: runs) else {
            parsed.evidence.leftoverShare = Double(runs.reduce(0) { $0 + $1.letterCount }) / Double(totalLetters)
            return parsed
        }
        var authorIndex = chosenAuthor
        // The author is judged apart from the title: what cannot be a name is no author.
        if let index = authorIndex, !couldBeName(runs[index]) {
            parsed.droppedAuthor = Self.tidy(runs[index].text)
            authorIndex = nil
        }
        if let authorIndex {
            parsed.author = Self.tidy(runs[authorIndex].text)
            let authorWords = runs[authorIndex].words
            parsed.authorBox = authorWords.dropFirst().reduce(authorWords.first?.box) { $0?.union($1.box) }
            parsed.evidence.authorNameScore = nameScore(runs[authorIndex])
        }
        parsed.pairingDoubt = pairingDoubt(title: titleRange, author: authorIndex, in: runs)
        let titleWords: [RecognizedText.Word] = runs[titleRange].flatMap { $0.words }
        parsed.title = Self.tidy(Self.titleText(of: runs[titleRange]))
        parsed.titleBox = titleWords.dropFirst().reduce(titleWords.first?.box) { $0?.union($1.box) }
        let subtitleIndex = subtitle(of: titleRange, author: authorIndex, in: runs)
        if let subtitleIndex, let title = parsed.title, let subtitle = Self.tidy(runs[subtitleIndex].text) {
            parsed.title = Self.titleText(title, subtitle: subtitle)
            parsed.titleBox = runs[subtitleIndex].words.reduce(parsed.titleBox) { $0?.union($1.box) }
        }
        parsed.notATitle =
            Self.isProse(titleWords) ? .titleIsProse
            : titleWords.contains { Self.isPrice($0.text) } ? .titleHasPrice
            : Self.isUnfinished(titleWords) ? .titleIsUnfinished
            : goesOnUnread(title: titleRange, author: authorIndex, in: runs) ? .titleGoesOnUnread
            : startIsLost(title: titleRange, author: authorIndex, in: runs) ? .titleStartIsLost : nil
        describeTitle(titleWords, line: runs[titleRange.lowerBound].line, in: &parsed.evidence)
        let leftover = runs.indices.filter { !titleRange.contains($0) && $0 != authorIndex && $0 != subtitleIndex }.map {
            runs[$0].letterCount
        }
        parsed.evidence.leftoverShare = Double(leftover.reduce(0, +)) / Double(totalLetters)
        return parsed
    }

    /// The runs of the words read, after every pass in order: `textPasses` over the words, then
    /// `runPasses` over the runs they make.
    func runs(afterPassesOver text: RecognizedText) -> [Run] {
        let cleaned = Self.textPasses.reduce(text) { text, pass in pass.apply(self, text) }
        return Self.runPasses.reduce(runs(of: cleaned)) { runs, pass in pass.apply(self, runs) }
    }

    /// Moves the publisher's mark out of `runs`: at the foot, so the last run or else the first that
    /// is one; away from the end a mark is set smaller than the rest (a large "VINTAGE" is a title).
    /// Failing a listed publisher, an unlisted mark (`unlistedMark(in:)`).
    func takePublisherMark(from runs: inout [Run], into parsed: inout ParsedSpine) {
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
    }

    /// The evidence about the chosen title: how confidently it was read, its length, its share of
    /// real words, how name-like it is, whether it starts in lower case.
    func describeTitle(_ titleWords: [RecognizedText.Word], line: Int, in evidence: inout ParsedSpine.Evidence) {
        let letters = titleWords.reduce(0) { $0 + $1.text.filter(\.isLetter).count }
        evidence.titleConfidence = titleWords.reduce(0) { $0 + $1.confidence } / Double(titleWords.count) / 100
        evidence.titleLength = min(Double(letters), 20) / 20
        let folded = titleWords.flatMap { $0.text.folded.split(separator: " ").map(String.init) }
        let words = folded.filter { word in
            guard let first = word.first else { return false }
            if word.count == 1 { return ["a", "i"].contains(word) || first.isNumber }
            return lexicon.knows(word) || word.allSatisfy(\.isNumber)
        }
        evidence.titleWordShare = folded.isEmpty ? 0 : Double(words.count) / Double(folded.count)
        evidence.titleNameScore = nameScore(Run(words: titleWords, line: line))
        let firstLetter = titleWords.lazy.flatMap(\.text).first(where: \.isLetter)
        evidence.titleStartsLowerCase = firstLetter?.isLowercase ?? false ? 1 : 0
    }

    /// Whether words taken for a title read as prose: a dozen words or more with a sentence ending
    /// inside them ("… urgent and wise. A memory …"), as on the blurb of a back cover. A full stop
    /// after an initial or a short abbreviation ("F. Scott", "Mr. Chips") ends no sentence.
    static func isProse(_ words: [RecognizedText.Word]) -> Bool {
        guard words.count >= 12 else { return false }
        return zip(words, words.dropFirst()).contains { word, next in
            guard let last = word.text.last, ".!?".contains(last), word.text.filter(\.isLetter).count >= 3 else { return false }
            return next.text.first(where: \.isLetter)?.isUppercase ?? false
        }
    }

    /// Whether a word is a price: a currency sign with a number ("$16.95US", "£9.99", "€12"), or a
    /// number with decimals and a currency sign or code after it ("12,90€", "16.95US").
    static func isPrice(_ word: String) -> Bool {
        let digits = word.filter(\.isNumber).count
        guard digits >= 1 else { return false }
        if word.contains(where: { "$£€¥".contains($0) }) { return true }
        let hasDecimals = word.contains { $0 == "." || $0 == "," } && digits >= 3
        let upper = word.uppercased()
        return hasDecimals && ["US", "USD", "CAN", "CAD", "EUR", "GBP", "UK"].contains { upper.hasSuffix($0) }
    }

    /// What, if anything, leaves the pairing of the title (`title`'s runs) and the author open
    /// (`ParsedSpine.PairingDoubt`).
    func pairingDoubt(title: ClosedRange<Int>, author: Int?, in runs: [Run]) -> ParsedSpine.PairingDoubt? {
        if title.count == 1, nameScore(runs[title.lowerBound]) >= 1 {
            // A title that is a name stands out as the largest text ("ANNA KARENINA" over "Leo Tolstoy").
            let name = runs[title.lowerBound]
            guard let author, nameScore(runs[author]) >= 1,
                max(name.height, runs[author].height) >= 1.25 * min(name.height, runs[author].height)
            else { return .titleMayBeAuthor }
        }
        guard let author, runs[author].words.count == 1, author == title.upperBound + 1 || author == title.lowerBound - 1
        else { return nil }
        let surname = runs[author]
        let titleWords = runs[title].filter { $0.line == surname.line }.flatMap(\.words)
        guard titleWords.count >= 2 else { return nil }
        let words = (titleWords + surname.words).sorted { $0.box.x < $1.box.x }
        let gaps = zip(words, words.dropFirst()).map { Double($1.box.x - $0.box.maxX) }
        let surnameGap = author > title.upperBound ? gaps[gaps.count - 1] : gaps[0]
        let titleGaps = (author > title.upperBound ? gaps.dropLast() : gaps.dropFirst()).sorted()
        // A word space is at least a third of the type's height: boxes that overlap (a word's box
        // stretched by a mark) measure none.
        let usual = max(titleGaps[titleGaps.count / 2], runs[title.lowerBound].height / 3)
        return surnameGap <= 1.5 * usual ? .authorMayContinueTitle : nil
    }

    /// Whether a title's last word is one no title ends with (`impossibleEndings`).
    static func isUnfinished(_ titleWords: [RecognizedText.Word]) -> Bool {
        guard titleWords.count >= 2, let last = titleWords.last?.text.folded else { return false }
        return impossibleEndings.contains(last)
    }

    /// Whether the run just before or after the title, not the author, is on the title's line, its
    /// nearest word no farther from the title's than one and a half times that word's height and
    /// set at two thirds of it or more, and is of three letters or more read with mean confidence
    /// under 60 or led by a bracket, bar or backslash (the edge of a letter cut off): words of the
    /// title misread. Or, read surely or not, it is of two letters or more at the title's size
    /// (0.75–1.33 of it), closer to the title than that size, and not beside the author: words the
    /// title may go on with, which the parse could not place. Or words at its size after it,
    /// within two lines and not the author, end as no title does (`impossibleEndings`).
    func goesOnUnread(title: ClosedRange<Int>, author: Int?, in runs: [Run]) -> Bool {
        let first = runs[title.lowerBound], last = runs[title.upperBound]
        func isUnreadPart(_ index: Int, beside titleRun: Run) -> Bool {
            let isBefore = index < title.lowerBound
            guard index != author, runs.indices.contains(index), let runFirst = runs[index].words.first,
                let near = isBefore ? runs[index].words.last : runFirst,
                let nearTitleWord = isBefore ? titleRun.words.first : titleRun.words.last
            else { return false }
            let run = runs[index]
            let confidence = run.words.reduce(0) { $0 + $1.confidence } / Double(run.words.count)
            let isCut = runFirst.text.first.map { "[]|\\{}".contains($0) } ?? false
            let gap = isBefore ? nearTitleWord.box.x - near.box.maxX : near.box.x - nearTitleWord.box.maxX
            // Words at the title's size, closer than its letters are tall, that the parse took neither
            // into the title nor as the author: where the title starts or ends is open. (Not words
            // beside the author on its line, a part of its name it lost: its surname after it, or a
            // given name before an author that does not start with one. Runs are numbered line
            // after line, so the next run may start the next line.)
            let neighbour = isBefore ? index - 1 : index + 1
            let isBesideAuthor = author == neighbour && runs[neighbour].line == run.line
                && (isBefore || !startsWithGivenName(runs[neighbour]))
            let size = nearTitleWord.capitalHeight
            if run.line == titleRun.line, run.letterCount >= 2, !isBesideAuthor, Double(gap) < size,
                near.capitalHeight >= 0.75 * size, near.capitalHeight <= 1.33 * size
            {
                return true
            }
            guard run.line == titleRun.line, run.letterCount >= 3, confidence < 60 || isCut else { return false }
            return Double(gap) < 1.5 * nearTitleWord.capitalHeight
                && near.capitalHeight >= 0.67 * nearTitleWord.capitalHeight
        }
        if isUnreadPart(title.lowerBound - 1, beside: first) || isUnreadPart(title.upperBound + 1, beside: last) { return true }
        // A run of words after it at its size ends as no title does ("ONE OF THE"): the title goes
        // on there (as `startIsLost` reads such words before it).
        return runs.indices.contains { $0 > title.upperBound && endsAsNoTitleDoes($0, beside: last, author: author, in: runs) }
    }

    /// Whether a run starts with a given name or initials.
    func startsWithGivenName(_ run: Run) -> Bool {
        guard let first = run.words.first else { return false }
        return isNameStart(String(first.text.filter(\.isLetter)).folded, original: first.text)
    }

    /// Whether the run at `index`, not the author, is of two words or more at the size of
    /// `titleRun` (0.75–1.33 of it), within two lines of it, and ends as no title does
    /// (`impossibleEndings`): words of the title read apart from it.
    func endsAsNoTitleDoes(_ index: Int, beside titleRun: Run, author: Int?, in runs: [Run]) -> Bool {
        let run = runs[index]
        guard index != author, run.words.count >= 2, abs(run.line - titleRun.line) <= 2,
            run.height > 0.75 * titleRun.height && run.height < 1.33 * titleRun.height,
            let last = run.words.last?.text.folded
        else { return false }
        return Self.impossibleEndings.contains(last)
    }

    /// Whether the title's start was lost (`ParsedSpine.NotATitle.titleStartIsLost`): its first word
    /// is in lower case while a later word of three letters or more is capitalised, as no title
    /// is printed; or its first word joins ("de", "of", "and": `joiningWords`) and the run just
    /// before it, not the author, is on its line, of three letters or more, and set at two thirds
    /// of its size or more: words of the title read apart from it; or words at its size before it,
    /// within two lines, end as no title does (`impossibleEndings`): the title began there.
    func startIsLost(title: ClosedRange<Int>, author: Int?, in runs: [Run]) -> Bool {
        let titleRun = runs[title.lowerBound]
        guard let first = titleRun.words.first, let firstLetter = first.text.first(where: \.isLetter) else { return false }
        let laterWords = runs[title].flatMap(\.words).dropFirst()
        if firstLetter.isLowercase,
            laterWords.contains(where: { $0.text.filter(\.isLetter).count >= 3 && ($0.text.first?.isUppercase ?? false) })
        {
            return true
        }
        // A run of words before it at its size ends as no title does ("SONGS OF" / a name /
        // "HARBOUR LIGHTS"): the title began there.
        if runs[..<title.lowerBound].indices.contains(where: { endsAsNoTitleDoes($0, beside: titleRun, author: author, in: runs) }) {
            return true
        }
        let before = title.lowerBound - 1
        guard Self.joiningWords.contains(first.text.folded), before != author, runs.indices.contains(before) else { return false }
        let run = runs[before]
        return run.line == titleRun.line && run.letterCount >= 3 && run.height >= 0.67 * titleRun.height
    }

    /// Words that join the parts of a phrase and so do not start one after words set beside them:
    /// conjunctions and the prepositions "of" and "de" in the languages of the word lists.
    static let joiningWords: Set<String> = ["and", "or", "of", "y", "de", "del", "dels", "und", "et"]

    /// Words no title ends with: an article, "of", "and", a possessive (`unfinishedEndings`, less
    /// the prepositions that can end one as a verb's particle, "Check In", and "die", an English
    /// word as well as a German article: "Live and Let Die").
    static let impossibleEndings = unfinishedEndings.subtracting(particleEndings).subtracting(["die"])

    private func isISBN(_ run: Run) -> Bool {
        let folded = run.text.folded
        return folded.contains("isbn") || run.text.filter(\.isNumber).count >= 9
    }

    /// Words that occur in titles and never in names.
    static let titleWords: Set<String> = [
        "the", "of", "and", "a", "an", "in", "on", "to", "for", "with", "from", "at", "by", "into", "is", "my", "your",
        "our", "their", "how", "what", "why", "when", "who", "its", "it", "this", "that", "as", "or",
    ]

    /// The words of a title's runs. A run set in capitals within a title that is not ("The Letters of"
    /// "NORA VANCE") is set in title case like the rest, unless it is one short word (an
    /// acronym: "FBI"); a title read all in capitals is left to `tidy`.
    static func titleText(of runs: ArraySlice<Run>) -> String {
        let whole = runs.map(\.text).joined(separator: " ")
        guard whole.titleCasedIfShouting == whole else { return whole }
        var parts: [String] = []
        for run in runs {
            let isAcronym = run.words.count == 1 && run.letterCount < 5
            parts.append(isAcronym ? run.text : run.text.titleCasedIfShouting(continuingATitle: !parts.isEmpty))
        }
        return parts.joined(separator: " ")
    }

    /// Marks that open and close a pair in titles: brackets, Spanish questions and exclamations,
    /// guillemets and quotation marks.
    static let pairedMarks: [(open: Character, close: Character)] = [
        ("[", "]"), ("(", ")"), ("¿", "?"), ("¡", "!"), ("«", "»"), ("“", "”"),
    ]

    /// Text with stray marks trimmed from its ends, set in title case if read in capitals. A mark
    /// that opens or closes a pair stays when its partner is in the text ("¿Quién llama?",
    /// "Relatos [Breves]").
    static func tidy(_ text: String) -> String? {
        var characters = Substring(text)
        func isPaired(_ mark: Character) -> Bool {
            guard let pair = pairedMarks.first(where: { $0.open == mark || $0.close == mark }) else { return false }
            return characters.contains(pair.open == mark ? pair.close : pair.open)
        }
        while let first = characters.first, !(first.isLetter || first.isNumber || isPaired(first)) {
            characters.removeFirst()
        }
        while let last = characters.last, !(last.isLetter || last.isNumber || "!?.)'".contains(last) || isPaired(last)) {
            characters.removeLast()
        }
        let collapsed = characters.split(separator: " ").joined(separator: " ")
        return collapsed.isEmpty ? nil : collapsed.titleCasedIfShouting
    }
}
