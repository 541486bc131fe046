import ShelfOCR
import ShelfText

extension SpineTextParser {
    /// Splits a name off the start or end of a longer run ("THE SALT ROAD NORA VANCE"), where the
    /// title and author share a line and a size. A name is given names or initials, particles, then
    /// one surname.
    func splitNames(in runs: [Run]) -> [Run] {
        runs.flatMap { run -> [Run] in
            guard run.words.count >= 3 else { return [run] }
            let words = run.words
            let folded = words.map(\.text.folded)
            // Words up to a colon that the run goes on after are a title's head before its subtitle
            // ("EDITH HARLOW: A LIFE AT SEA"), never an author's name set before the title.
            func endsTitleHead(_ length: Int) -> Bool { words[length - 1].text.hasSuffix(":") }
            let leadingName = nameLength(from: 0, in: words)
            // A run that is one name from end to end ("MARY ANN EVANS") stays whole.
            if leadingName == words.count { return [run] }
            // A name ending the run.
            for start in 1..<(words.count - 1) where words.count - start <= 4 {
                if nameLength(from: start, in: words) == words.count - start {
                    return [Run(words: Array(words[..<start]), line: run.line), Run(words: Array(words[start...]), line: run.line)]
                }
            }
            // A name starting it, unless the words go on from it: a title that begins with a name
            // ("HARRY POTTER AND THE GOBLET OF FIRE", "Eleanor Oliphant is Completely Fine").
            if leadingName >= 2 && !Self.goesOnFromAName(words[leadingName].text) && !endsTitleHead(leadingName) {
                return [Run(words: Array(words[..<leadingName]), line: run.line), Run(words: Array(words[leadingName...]), line: run.line)]
            }
            // "JULES VERNE THE MYSTERIOUS ISLAND": two or three capitalised words that can be a name,
            // then an article.
            for length in [2, 3] where length + 1 < words.count && !endsTitleHead(length) {
                if ["the", "a", "an"].contains(folded[length]) && !hasMinorWord(folded[..<length])
                    && words[..<length].allSatisfy({ $0.text.first?.isUppercase ?? false })
                    && nameScore(Run(words: Array(words[..<length]), line: run.line)) > 0
                {
                    return [Run(words: Array(words[..<length]), line: run.line), Run(words: Array(words[length...]), line: run.line)]
                }
            }
            return [run]
        }
    }

    /// The number of words from `start` that form a name: one or more given names or initials,
    /// any particles, then a capitalised surname; 0 when they do not.
    func nameLength(from start: Int, in words: [RecognizedText.Word]) -> Int {
        var index = start
        // A capitalised word before a nickname is a given name, known or not ("TAVARIUS «DEZ»"), and
        // so is a given name that is also a word before a given name ("CAROL ANN").
        func isGivenName(_ index: Int) -> Bool {
            let word = words[index].text
            if isNameStart(word.folded, original: word) { return true }
            guard index + 1 < words.count, word.first?.isUppercase ?? false, word.filter(\.isLetter).count >= 3 else { return false }
            let next = words[index + 1].text
            return (Self.isNickname(next) && !lexicon.isOrdinaryWord(word.folded))
                || (Self.givenNamesAlsoWords.contains(word.folded) && lexicon.givenNames.contains(next.folded)
                    && next.first?.isUppercase ?? false)
        }
        while index < words.count && (isGivenName(index) || (index > start && Self.isNickname(words[index].text))) {
            index += 1
        }
        guard index > start else { return 0 }
        while index < words.count && isParticle(words[index].text) && index - start < 3 { index += 1 }
        guard index < words.count, Self.canBeSurname(words[index].text) else { return 0 }
        // A second surname or a middle name the lists do not know ("Edward Bulwer Lytton"):
        // a capitalised word that is no English word, right after.
        let next = index + 1
        if next < words.count, next - start < 4, words[next].text.first?.isUppercase ?? false,
            words[next].text.filter(\.isLetter).count >= 3, !lexicon.words.contains(words[next].text.folded),
            !lexicon.isPublisher(words[next].text.folded)
        {
            return next + 1 - start
        }
        return index + 1 - start
    }

    /// Joins a given name split from its surname ("MARILYNNE" "ROBINSON"): neighbouring runs on one
    /// line that together make a name, or a given name alone on its line above a capitalised word
    /// alone on the next, as spines stack their words across ("EDITH" / "BLAKE", a surname that
    /// may be a given name too; `isStackedName`), also when the title stands beside the given name.
    func joiningNames(_ runs: [Run]) -> [Run] {
        var result: [Run] = []
        for run in runs {
            // A name stacked across the spine with other words of the upper line after it in reading
            // order ("ZEB" / "ISHIGURO" with the title "Salt Meadows" beside "ZEB" on the first line).
            // The given name is often set smaller than the surname under it. Reaching past other
            // runs, both words must be read surely: a scrap under a name is no surname.
            if let upper = result.indices.last(where: {
                isStackedName(run, under: result[$0])
                    && max(result[$0].height, run.height) < 2 * min(result[$0].height, run.height)
                    && (result[$0].words + run.words).allSatisfy { $0.confidence >= Self.sureStackedNameConfidence }
            }),
                upper != result.count - 1
            {
                // In the surname's place: the runs between stay next to what they were next to.
                let given = result.remove(at: upper)
                result.append(Run(words: given.words + run.words, line: run.line))
                continue
            }
            if let previous = result.last, previous.words.count <= 3, run.words.count <= 2,
                max(previous.height, run.height) < 1.5 * min(previous.height, run.height)
            {
                let words = previous.words + run.words
                let joins: Bool
                if previous.line == run.line {
                    let gap = Double(run.words[0].box.x - previous.words[previous.words.count - 1].box.maxX)
                    // Given names alone ("ELENA SOFIA") may end with the surname: they take one more
                    // word, not two ("CASA NOVA", the title beside them).
                    let givenNamesAlone = previous.words.count >= 2
                        && previous.words.allSatisfy { isNameStart($0.text.folded, original: $0.text) }
                    joins = gap < 2.5 * previous.height && nameLength(from: 0, in: words) == words.count
                        && nameLength(from: 0, in: previous.words) != previous.words.count
                        && !(givenNamesAlone && run.words.count >= 2)
                } else {
                    joins = isStackedName(run, under: previous)
                }
                if joins {
                    result[result.count - 1] = Run(words: words, line: run.line)
                    continue
                }
            }
            result.append(run)
        }
        return result
    }

    /// The least confidence (0…100) of both words of a name stacked with other runs between them in
    /// reading order: as sure as a short capitalised word must be to count (`isTitleOrName`).
    static let sureStackedNameConfidence = 75.0

    /// Whether `run`, one word alone on its line, is a surname stacked under `upper`, one word alone
    /// on the line before: a given name or initials over a word shaped like a surname, or a word
    /// shaped like a given name over a surname the catalogue's authors bear that is no English word
    /// ("ZEB" / "ISHIGURO"; not "WEST" / "WHITE", which may be a surname under a surname).
    func isStackedName(_ run: Run, under upper: Run) -> Bool {
        guard Self.isStacked(run, under: upper) else { return false }
        let (given, surname) = (upper.words[0].text, run.words[0].text)
        guard Self.canBeSurname(surname) else { return false }
        return isNameStart(given.folded, original: given)
            || (isAuthorsSurnameOnly(surname.folded) && Self.canBeSurname(given)
                && !lexicon.authorSurnames.contains(given.folded))
    }

    /// Whether a folded word is a surname the built-in catalogue's authors bear and no English word
    /// ("ishiguro", not "white"): after it, a word the lists lack is taken for a given name.
    func isAuthorsSurnameOnly(_ folded: String) -> Bool {
        lexicon.authorSurnames.contains(folded) && !lexicon.isOrdinaryWord(folded)
    }

    /// A capitalised word of two letters or more that no title word is: what a surname looks like.
    static func canBeSurname(_ word: String) -> Bool {
        guard word.first?.isUppercase ?? false else { return false }
        return word.filter(\.isLetter).count >= 2 && !titleWords.contains(word.folded)
    }

    func isNameStart(_ folded: String, original: String) -> Bool {
        lexicon.givenNames.contains(folded) || Self.isInitials(original)
    }

    func hasMinorWord<S: Sequence<String>>(_ words: S) -> Bool {
        words.contains { Self.titleWords.contains($0) }
    }

    /// How much a run looks like a person's name: 1 for a given name or initials with a surname,
    /// 0.4 for a lone capitalised surname, 0 for text with title words or too many words.
    func nameScore(_ run: Run) -> Double {
        let tokens = run.words.map(\.text)
        guard (1...5).contains(tokens.count) else { return 0 }
        let folded = tokens.map(\.folded)
        if hasMinorWord(tokens.filter { !$0.contains(".") }.map(\.folded)) { return 0 }
        // Capitalised, or read with capitals inside ("vANCE", "sMITH": capitals the OCR half lost).
        guard tokens.allSatisfy({ $0.first.map { $0.isUppercase || $0 == "(" } ?? false || $0.dropFirst().contains(where: \.isUppercase) || isParticle($0) }) else {
            // A lone word in lower case that is no English word may still be a surname.
            if tokens.count == 1, folded[0].count >= 4, folded[0].allSatisfy(\.isLetter), !lexicon.isOrdinaryWord(folded[0]),
                !lexicon.isPublisher(folded[0])
            {
                return 0.35
            }
            return 0
        }
        let letters = folded.joined().filter(\.isLetter).count
        guard letters >= 3, folded.allSatisfy({ !$0.contains(where: \.isNumber) }) else { return 0 }
        let given = folded.contains { lexicon.givenNames.contains($0) } || tokens.contains { Self.isInitials($0) || Self.isNickname($0) }
            || isWordNameBeforeSurname(folded)
        if given && tokens.count >= 2 { return 1 }
        if tokens.count == 1 && letters >= 3 && !lexicon.isPublisher(folded[0]) {
            // A surname alone: likelier when the word lists know it only as a name.
            if lexicon.properNames.contains(folded[0]) || !lexicon.isOrdinaryWord(folded[0]) { return 0.5 }
            return 0.4
        }
        // Two or three capitalised words with no given name: a name when they are not English words.
        if tokens.count >= 2 && tokens.count <= 3 && !tokens.dropLast().contains(where: { $0.hasSuffix(",") || $0.hasSuffix(":") }) {
            let english = folded.filter { lexicon.isOrdinaryWord($0) }.count
            return 0.25 * (1 - Double(english) / Double(folded.count))
        }
        return 0
    }

    /// Whether `run` can be a person's name at all: words each of a name's shape (`hasNameShape`)
    /// or names the lists know, initials and particles between. What OCR reads off a
    /// picture, a crease or a cut letter ("Sss", "lI Ss", "Oooo", "XYte") is not. A lone
    /// ordinary word ("Prize", but also "KING") may be a surname, and is left to the scores.
    func couldBeName(_ run: Run) -> Bool {
        // Initials, one-letter joining words ("Jordi i Vallès"), particles and "Jr." are
        // parts of names of any shape.
        let named = run.words.map(\.text).filter {
            $0.filter(\.isLetter).count >= 2 && !Self.isInitials($0) && !isParticle($0) && !Lexicon.nameSuffixes.contains($0.folded)
        }
        return !named.isEmpty
            && named.allSatisfy { word in
                // A name the lists know may lack a name's usual shape ("Ng"), not a name's case.
                Self.hasNameShape(word)
                    || (lexicon.givenNames.contains(word.folded) || lexicon.properNames.contains(word.folded)) && Self.hasPlainCase(word)
            }
    }

    /// In capitals, in lower case, or capitalised.
    static func hasPlainCase(_ word: String) -> Bool {
        let letters = word.filter(\.isLetter)
        return letters.allSatisfy(\.isUppercase) || letters.allSatisfy(\.isLowercase)
            || (letters.first?.isUppercase ?? false) && letters.dropFirst().allSatisfy(\.isLowercase)
    }

    /// Whether a word is shaped as a name can be, each part of it between hyphens and apostrophes
    /// ("O'Brien", "Smith-Jones"): two letters or more with a vowel, no letter three times running,
    /// and, under five letters, in capitals, in lower case, capitalised, or capitalised after a
    /// prefix ("McDonald", "DeLillo") or after capitals OCR lost ("vANCE").
    static func hasNameShape(_ word: String) -> Bool {
        let parts = word.split(whereSeparator: { $0 == "-" || $0 == "'" || $0 == "’" }).map { $0.filter(\.isLetter) }.filter { !$0.isEmpty }
        guard let longest = parts.map(\.count).max(), longest >= 2 else { return false }
        return parts.allSatisfy { part in
            let letters = Array(part)
            let folded = String(part).folded
            guard part.count == 1 || folded.contains(where: { "aeiouy".contains($0) }) else { return false }
            for index in letters.indices.dropFirst(2)
            where letters[index].lowercased() == letters[index - 1].lowercased() && letters[index].lowercased() == letters[index - 2].lowercased() {
                return false
            }
            // On a word of five letters or more, capitals anywhere are OCR's noise on stylised
            // lettering ("hallorAN", "SOLbERG"); on a shorter one, the mark of a scrap.
            if letters.count >= 5 { return true }
            let upper = letters.map(\.isUppercase)
            if upper.allSatisfy({ $0 }) || upper.allSatisfy({ !$0 }) { return true }
            if upper[0] && upper.dropFirst().allSatisfy({ !$0 }) { return true }
            // A capital inside: after a prefix, or capitals after a lost first letter or two.
            guard let inner = upper.indices.dropFirst().first(where: { upper[$0] }) else { return true }
            let head = String(letters[..<inner]).lowercased()
            let tail = Array(upper[inner...])
            if namePrefixes.contains(head) && upper[0] == true { return tail.dropFirst().allSatisfy { !$0 } || tail.allSatisfy { $0 } }
            return !upper[0] && head.count <= 2 && tail.allSatisfy { $0 } && letters.count >= 4
        }
    }

    /// Prefixes after which a name goes on with a capital: McDonald, MacLeod, DeLillo, LaValle.
    static let namePrefixes: Set<String> = ["mc", "mac", "de", "di", "da", "du", "le", "la", "van", "von", "st"]

    /// Whether two words are a given name that is also a word (`givenNamesAlsoWords`) and a
    /// surname: a word of three letters or more that is no ordinary word ("JACK HARLOWE", where
    /// "JACK FROST" or "GRACE NOTES" are words); or a word of three letters or more before a
    /// surname the catalogue's authors bear that is no ordinary word: a given name the lists lack.
    func isWordNameBeforeSurname(_ folded: [String]) -> Bool {
        guard folded.count == 2, folded[1].count >= 3, folded[1].allSatisfy(\.isLetter),
            !lexicon.isOrdinaryWord(folded[1])
        else { return false }
        if Self.givenNamesAlsoWords.contains(folded[0]) { return true }
        return folded[0].count >= 3 && folded[0].allSatisfy(\.isLetter) && isAuthorsSurnameOnly(folded[1])
    }

    /// "R.", "R.F.", "J", "S.A.": a word of initials, not an honorific ("MR."). A lone vowel without
    /// a full stop is more often a word: "and" in Spanish ("Y"), Catalan ("I"), Italian ("E"), "or" ("O").
    static func isInitials(_ word: String) -> Bool {
        let letters = word.filter(\.isLetter)
        guard (1...3).contains(letters.count), letters.allSatisfy(\.isUppercase), !honorifics.contains(letters.lowercased()) else { return false }
        return word.contains(".") || (letters.count == 1 && !"AEIOUY".contains(letters))
    }

    /// «MAGIC», "Red": a nickname in quotes, set between given names and the surname.
    static func isNickname(_ word: String) -> Bool {
        guard let first = word.first, let last = word.last, quotes.contains(first), quotes.contains(last) else { return false }
        let inner = word.dropFirst().dropLast()
        return inner.count >= 2 && inner.allSatisfy(\.isLetter) && inner.first!.isUppercase
    }

    /// The marks that set off a nickname.
    private static let quotes: Set<Character> = ["\"", "'", "«", "»", "“", "”", "‘", "’"]

    /// Whether a word goes on from a name before it rather than beginning a title of its own: "and"
    /// in the languages of the word lists, "&", and "is", "was" and "has".
    static func goesOnFromAName(_ word: String) -> Bool {
        word == "&" || ["and", "y", "i", "e", "et", "und", "is", "was", "has"].contains(word.folded)
    }

    /// Given names that are also English words, which `Models/given-names.txt` leaves out ("A
    /// Christmas Carol"): a name only before another given name.
    static let givenNamesAlsoWords: Set<String> = [
        "amber", "april", "autumn", "bill", "carol", "daisy", "dawn", "don", "faith", "frank", "grace", "hazel", "heather", "holly",
        "hope", "iris", "ivy", "jack", "joy", "june", "lily", "mark", "may", "olive", "pearl", "penny", "ray", "robin", "rose",
        "ruby", "summer", "violet", "will",
    ]

    /// Titles set before a name ("MR.", "DR."), which are not its initials.
    static let honorifics: Set<String> = ["mr", "mrs", "ms", "dr", "st", "jr", "sr"]

    /// "de", "van", or one read in capitals with an E the OCR took for an F or B ("MARTA DF LA SERNA").
    func isParticle(_ word: String) -> Bool {
        if lexicon.nameParticles.contains(word.folded) { return true }
        guard word.count <= 3, word.allSatisfy(\.isUppercase) else { return false }
        let corrected = String(word.map { "FB".contains($0) ? "E" : $0 })
        return corrected != word && lexicon.nameParticles.contains(corrected.folded)
    }

    /// A name whose space the OCR lost ("LOUISBRANDT"): a given name of four letters or more, then
    /// four letters or more, the whole not a word; or, capitalised each, a given name of three letters
    /// or more run into a name of two or more ("IdaFenn"), whose capital shows where the space was.
    /// Returns the two parts.
    func separatedName(_ word: String) -> (String, String)? {
        let letters = Array(word)
        // Every word read passes here: the shapes are tested before the lexicon is asked.
        let capitals = letters.indices.filter { letters[$0].isUppercase }
        let isRunTogether =
            capitals.count == 2 && capitals[0] == 0 && capitals[1] >= 3 && letters.count - capitals[1] >= 2
        guard isRunTogether || letters.count >= 8, letters.allSatisfy(\.isLetter), !lexicon.knows(word.folded)
        else { return nil }
        if isRunTogether {
            let head = String(letters[..<capitals[1]]), tail = String(letters[capitals[1]...])
            if lexicon.givenNames.contains(head.folded) { return (head, tail) }
        }
        guard letters.count >= 8 else { return nil }
        for cut in stride(from: min(8, letters.count - 4), through: 4, by: -1) {
            let head = String(letters[..<cut]), tail = String(letters[cut...])
            if lexicon.givenNames.contains(head.folded) {
                return (head, tail)
            }
        }
        return nil
    }
}
