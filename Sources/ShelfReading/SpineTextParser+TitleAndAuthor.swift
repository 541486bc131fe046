import ShelfOCR
import ShelfText

extension SpineTextParser {
    /// The title's run and the author's together: the pair whose sizes, words and names explain the
    /// spine best. The title is large and made of words, and is not a given name with a surname; the
    /// author is the run most like a person's name among the others, set apart by case when it can.
    func titleAndAuthor(in runs: [Run]) -> (title: ClosedRange<Int>, author: Int?)? {
        let lettered = runs.filter(isTitleOrName)
        let candidates = runs.indices.filter { isTitleOrName(runs[$0]) || isNumberTitle(runs[$0], among: lettered) }
        guard let largest = candidates.map({ runs[$0].height }).max(), largest > 0 else { return nil }
        var best: (score: Double, title: ClosedRange<Int>, author: Int?)?
        for title in candidates {
            let extent = titleExtent(from: title, in: runs, author: nil)
            let run = Run(words: runs[extent].flatMap { $0.words }, line: runs[title].line)
            let words = run.words.map(\.text.folded)
            let confidence = run.words.reduce(0) { $0 + $1.confidence } / Double(run.words.count) / 100
            // One word: a title as often as a surname, whether or not it is an English word.
            let wordLikeness = words.count >= 2 ? wordShare(of: run) : weights.oneWordLikeness
            var titleScore = weights.size * min(runs[title].height / largest, 1) + weights.wordLikeness * wordLikeness
                + weights.confidence * confidence + weights.extraWord * Double(min(words.count - 1, weights.extraWordsCounted))
            if words.count >= 2 && words.contains(where: { Self.titleWords.contains($0) }) { titleScore += weights.titleWord }
            // A name is the author, even set as the largest text: on real spines a name far larger than
            // a one-word title is the author's ("LEE CHILD" over "Persuader") much more often than a
            // title that is a name ("Silas Marner" over "ELIOT").
            if nameScore(runs[title]) >= 1 { titleScore += weights.nameAsTitle }
            // A short lone word that is no English word is more often a misread ornament than a title.
            if words.count == 1 && run.letterCount <= 4 && !lexicon.words.contains(words[0]) { titleScore += weights.shortNonWord }
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

    /// Whether a run can be a title made of a number ("1984", "2666", "11/22/63"): one word of three
    /// digits or more, slashes allowed, set at least as large as every run of letters. Smaller
    /// numbers are volumes, years of editions, codes.
    func isNumberTitle(_ run: Run, among lettered: [Run]) -> Bool {
        guard run.words.count == 1 else { return false }
        let text = run.words[0].text
        guard text.count(where: \.isNumber) >= 3, text.allSatisfy({ $0.isNumber || $0 == "/" }),
            run.words[0].confidence >= 60
        else { return false }
        return lettered.allSatisfy { run.height >= $0.height }
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
        if isCapitals(run) && !isCapitals(title) { score += weights.authorInCapitals }
        if run.height > 1.2 * title.height { score += weights.authorLargerThanTitle }
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
            if isLowerCaseScrap(run, besideCapitals: next) { return false }
            // Sizes drift along a line in a photo taken at an angle.
            let similarSize = run.height > 0.75 * title.height && run.height < 1.33 * title.height
            // A short unsure scrap on a line of its own is a mark at the spine's edge or a smudge
            // ("Lighthouse" / "ML"), not the title's next or first word.
            if run.line != next.line && isUnsureScrap(run) { return false }
            // A word that could be a surname continues the title only when set as close as a word.
            if run.line != next.line {
                // A lone English word the lists do not know as a name ("MOORLAND / WALKING") goes on with the title;
                // read less surely when it is set right under or over the title's last or first word, as
                // spines stack their words across.
                let folded = run.text.folded
                let stacked = Self.isStacked(run, under: next) || Self.isStacked(next, under: run)
                // A long word the lists know is seldom a misreading that happens to spell one.
                let leastConfidence: Double = stacked ? (folded.count >= 6 ? 35 : 50) : 70
                let loneWord = run.words.count == 1 && run.words[0].confidence >= leastConfidence && folded.count >= 4
                    && lexicon.words.contains(folded) && !lexicon.properNames.contains(folded)
                return similarSize && (name == 0 || (wordShare(of: run) > 0.5 && run.words.count >= 2) || loneWord)
            }
            let (left, right) = candidate < neighbour ? (run, next) : (next, run)
            let gap = Double(right.words[0].box.x - left.words[left.words.count - 1].box.maxX)
            let isClose = gap < 0.8 * min(left.height, right.height)
            // A short unsure scrap set apart on the line ("Ko" before "LA BARCA VERMELLA") is a
            // mark at the spine's edge, not the title's first or last word.
            if !isClose && isUnsureScrap(run) { return false }
            let isWords = name == 0 || wordShare(of: run) == 1
            return (isClose && isWords) || (similarSize && name == 0)
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
            if isLowerCaseScrap(runs[candidate], besideCapitals: runs[unfinished]) { return false }
            // Onto the next line, the title goes on in its own column: not into a run set beside
            // it when another run of that line stands under or over the unfinished words
            // ("NORA" "THE LIGHT OF" over "VANCE" "THE NORTHERN SEA").
            let (following, open) = (runs[candidate], runs[unfinished])
            if following.line != open.line, !Self.sharesColumn(following, open),
                runs.contains(where: { $0.line == following.line && Self.sharesColumn($0, open) })
            {
                return false
            }
            // Along the line, not into a run set far off (three times the type's height or more)
            // that stands in a column with a run of the next or last line: a name stacked over
            // another ("NORA" / "VANCE"), another block of the spine's lettering.
            if following.line == open.line, Self.gapAlongLine(following, open) > 3 * max(following.height, open.height),
                runs.contains(where: { abs($0.line - following.line) == 1 && Self.sharesColumn($0, following) })
            {
                return false
            }
            // A comma or colon leads on to a subtitle, not to the author's name, nor from it: a name
            // ending in a colon is the author's before the title ("Jane Roe:" / "A GUIDE TO …").
            if last.hasSuffix(",") || last.hasSuffix(":") {
                return nameScore(runs[candidate]) < 1 && nameScore(runs[unfinished]) < 1
            }
            // Not into a name after a lone "a" or "an" (more often letters of a spaced-out word), nor
            // into a given name and surname after a preposition that can end a title as a verb's
            // particle ("CHECK IN" "NORA VANCE") or after "the" ("la", "der"…), which no title
            // puts before a person's whole name ("A HOUSE BY THE" "MARIA OKADA"): the name is the
            // author's, and the title lost its end. After "of" a name finishes the title ("The
            // Picture of" "Dorian Gray"), and after "in" or "the" so does a name of another kind
            // ("Supper in" "K Street").
            let folded = last.folded
            guard Self.unfinishedEndings.contains(folded) else { return false }
            // Nor into what may be a name set smaller than the unfinished words when ordinary words
            // of their size follow it: the author's, between the title's lines ("SONGS OF" /
            // "Vance" / "PILOTAGE").
            if candidate > unfinished, runs[candidate].height < 0.8 * runs[unfinished].height, nameScore(runs[candidate]) > 0,
                runs.indices.contains(candidate + 1)
            {
                let next = runs[candidate + 1], size = runs[unfinished].height
                if next.height > 0.75 * size && next.height < 1.33 * size && nameScore(next) < 1 && wordShare(of: next) == 1 { return false }
            }
            if ["a", "an"].contains(folded) { return nameScore(runs[candidate]) < 1 }
            guard Self.particleEndings.contains(folded) || Self.definiteArticles.contains(folded) else { return true }
            let name = runs[candidate]
            return !(lexicon.givenNames.contains(name.words[0].text.folded) && nameScore(name) >= 1)
        }
        var lower = index, upper = index
        while joins(lower - 1, lower) || finishes(lower, lower - 1) { lower -= 1 }
        while joins(upper + 1, upper) || finishes(upper + 1, upper) { upper += 1 }
        return lower...upper
    }

    /// Whether two runs on different lines overlap across the line by half the narrower one's
    /// length: one is set under the other, in the same column.
    static func sharesColumn(_ run: Run, _ other: Run) -> Bool {
        let (a, b) = (run.span, other.span)
        let overlap = min(a.maxX, b.maxX) - max(a.x, b.x)
        return Double(overlap) > 0.5 * Double(min(a.maxX - a.x, b.maxX - b.x))
    }

    /// The space between two runs of one line, whichever comes first.
    static func gapAlongLine(_ run: Run, _ other: Run) -> Double {
        let (a, b) = (run.span, other.span)
        return Double(max(a.x - b.maxX, b.x - a.maxX))
    }

    /// Prepositions that can end a title, after which a given name and surname do not finish it
    /// (`titleExtent`).
    static let particleEndings: Set<String> = ["in", "on", "to", "for", "with", "at", "by", "from", "into"]

    /// "The" in English and the languages of `Models/other-words.txt`, after which a given name and
    /// surname do not finish a title (`titleExtent`).
    static let definiteArticles: Set<String> = ["the", "la", "las", "los", "el", "le", "les", "der", "die", "das"]

    /// A run of four letters or fewer in lower case beside words in capitals, and no word: of two
    /// letters, none of `shortWords` (the lists hold nearly every pair); of three or four, none of
    /// the words of titles nor an ordinary word. A mark, whatever it spells ("… DE ss"), that
    /// neither continues nor finishes a title (as `trimmingJunk` drops one at a run's end).
    func isLowerCaseScrap(_ run: Run, besideCapitals other: Run) -> Bool {
        let letters = run.text.filter(\.isLetter), otherLetters = other.text.filter(\.isLetter)
        guard !letters.isEmpty, letters.count <= 4, letters.allSatisfy(\.isLowercase), otherLetters.count >= 4,
            otherLetters.allSatisfy(\.isUppercase)
        else { return false }
        let folded = String(letters).folded
        if folded.count <= 2 { return !Self.shortWords.contains(folded) && !Self.unfinishedEndings.contains(folded) }
        return !Self.titleWords.contains(folded) && !Self.unfinishedEndings.contains(folded)
            && !Self.functionWords.contains(folded) && !lexicon.isOrdinaryWord(folded)
    }

    /// A run that is one word of three letters or fewer, read with confidence under 60, and none
    /// of the small words of titles ("La", "of"): of three letters, no word the lists know either
    /// (they hold nearly every pair of letters).
    func isUnsureScrap(_ run: Run) -> Bool {
        guard run.words.count == 1, run.words[0].confidence < 60, (1...3).contains(run.letterCount) else { return false }
        let folded = run.words[0].text.folded
        if Self.titleWords.contains(folded) || Self.unfinishedEndings.contains(folded) || Self.functionWords.contains(folded) {
            return false
        }
        return run.letterCount < 3 || !lexicon.knows(folded)
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
}
