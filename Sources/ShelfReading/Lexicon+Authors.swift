import ShelfText

extension Lexicon {
    /// The marks a person's name is written with besides letters: spaces, full stops and commas,
    /// apostrophes, hyphens, "&" between two names, and quotes round a nickname ("Tovald «Red»
    /// Vance").
    static let marksOfNames: Set<Character> = [" ", ".", ",", "'", "’", "‘", "-", "&", "«", "»", "\"", "“", "”"]

    /// Whether an author read off a spine is, as it stands, no person's name: it holds a mark no
    /// name has ("Harbour?", "Wells!", "Ann* Grey", "Vale)"); or a word whose capitals fall where
    /// no name's do ("BRenna", "MaryS", "pEArce") or that runs small letters no particle or name
    /// spells into capitals ("sarostavHASEK", `hasNameLead`), and which, read in one case, no list
    /// knows as a name; or no word of it has three letters, unless a list has it as a name ("Li Ao"
    /// is a name, "T Aa" and "Oh W" are scraps); or it is read all in small letters and no list
    /// knows a word of it as a name ("bell hooks" is a name, "tewnor" a scrap of a word); or it is one
    /// ordinary word that neither the name lists nor the built-in catalogue's authors have as a
    /// name: the "Three" of "Volume Three", the "Sons" of a publisher's "& Sons" half read, the
    /// last word of a title set apart. "King", "Brown" or "Ishiguro" alone are names. A surname
    /// that is an ordinary word no list knows as a name is judged no name too: an author left
    /// blank is seen and filled in, a word stored as one is not. Nor are words that make a phrase
    /// a name (`isPhrase(_:)`), nor a name cut before its surname (`isCutShort(_:)`) or run into the
    /// next (`hasWordEndedMidName(_:)`), nor three letters alone that no list knows as a name, nor
    /// a given name alone (`isGivenNameAlone(_:)`).
    public func isNoName(_ author: String) -> Bool {
        if author.contains(where: { !$0.isLetter && !Self.marksOfNames.contains($0) }) { return true }
        let parts = author.split(whereSeparator: { !$0.isLetter })
        if parts.contains(where: { !(Self.isCasedAsAName($0) && hasNameLead($0)) && !isKnownName(String($0).folded) }) {
            return true
        }
        // Names are printed with capitals; one read all in small letters stays only when a list
        // knows a word of it as a name.
        if !author.contains(where: \.isUppercase), !parts.contains(where: { isKnownName(String($0).folded) }) {
            return true
        }
        // Initials and scraps alone: no word of three letters or more, nor one a list has as a name.
        let nameLike = parts.contains { $0.count >= 3 || ($0.count == 2 && isKnownName(String($0).folded)) }
        if !nameLike { return true }
        let words = author.split(whereSeparator: \.isWhitespace)
        if words.count >= 2 { return isPhrase(words) || isCutShort(words) || hasWordEndedMidName(words) }
        guard let word = words.first else { return false }
        let folded = String(word.filter(\.isLetter)).folded
        guard folded.count >= 2 else { return false }
        // Three letters alone that no list knows as a name are a logo's, a label's edge or a scrap
        // of a word ("Xqt"); short surnames are in the lists ("Poe", "Eco").
        if folded.count <= Self.longestScrap { return !isKnownName(folded) }
        if isGivenNameAlone(folded) { return true }
        return isOrdinaryWord(folded) && !isKnownName(folded)
    }

    /// Whether a lone word (`folded`) is a given name and nothing an author is known by: no
    /// surname of the catalogue's authors ("Martin", "James" are) and no author known by one name
    /// (`knownByOneName`). A spine prints a surname alone, or a whole name; a given name alone is
    /// a name whose surname the reading lost ("Henrietta" of "Henrietta Vole").
    func isGivenNameAlone(_ folded: String) -> Bool {
        givenNames.contains(folded) && !authorSurnames.contains(folded) && !Self.knownByOneName.contains(folded)
    }

    /// Authors known by one name, folded: the classical and medieval ones, and pen names. Some are
    /// given names as well ("Horace", "Dante", "Colette"), and a spine prints them alone.
    static let knownByOneName: Set<String> = [
        "aeschylus", "aesop", "apuleius", "aristophanes", "aristotle", "augustine", "basho", "bede", "boethius",
        "catullus", "cicero", "colette", "confucius", "dante", "epictetus", "erasmus", "euripides", "hafez", "hafiz",
        "herodotus", "hesiod", "homer", "horace", "juvenal", "kabir", "kalidasa", "laozi", "livy", "lucian",
        "lucretius", "martial", "mencius", "moliere", "murasaki", "novalis", "ovid", "petrarch", "petronius", "pindar",
        "plato", "plutarch", "rumi", "saadi", "saki", "sappho", "seneca", "socrates", "sophocles", "stendhal",
        "suetonius", "tacitus", "thucydides", "valmiki", "vergil", "virgil", "virgilio", "voltaire", "xenophon",
    ]

    /// The most letters of a lone word that is taken for a scrap unless a list knows it as a name.
    static let longestScrap = 3

    /// Whether a name of two words or more stops before its surname: it ends, "Jr." or "III" aside,
    /// in a particle no author's surname is ("Elena Del") or in an initial ("Tomas R."), as a name
    /// whose surname ran off the lettering read does. A name written surname first ("Smith, J.")
    /// ends in initials as a matter of course. Of the 5,841 authors of the built-in catalogue's
    /// source, four end in an initial ("David B.", "Malcolm X").
    func isCutShort(_ words: [Substring]) -> Bool {
        guard !words.contains(where: { $0.contains(",") }) else { return false }
        guard let last = words.last(where: { !Self.nameSuffixes.contains(String($0.filter(\.isLetter)).folded) }),
            last != words.first
        else { return false }
        let folded = String(last.filter(\.isLetter)).folded
        if nameParticles.contains(folded) && !authorSurnames.contains(folded) { return true }
        return SpineTextParser.isInitials(String(last))
    }

    /// Whether a word of three letters or more inside a name ends in a full stop ("Harlow. Venn",
    /// "Idae. Marsh"): the end of one name before another, or a misread letter, where a name
    /// has full stops only after initials and short forms ("Dr.", "Wm.", "Jos.").
    func hasWordEndedMidName(_ words: [Substring]) -> Bool {
        words.dropLast().contains { word in
            let letters = word.filter(\.isLetter)
            return word.hasSuffix(".") && letters.count >= 3 && !Self.shortFormsInNames.contains(String(letters).folded)
                && !(letters.count <= 3 && letters.allSatisfy(\.isUppercase))
        }
    }

    /// What follows a surname and is no name: "Jr.", "III".
    static let nameSuffixes: Set<String> = ["jr", "sr", "ii", "iii", "iv"]

    /// Short forms of three letters or more written with a full stop before a name: honorifics and
    /// the abbreviated given names of older title pages ("Chas. Dickens").
    static let shortFormsInNames: Set<String> = [
        "mrs", "prof", "rev", "sir", "gen", "col", "capt", "sgt", "hon", "mme", "mlle", "geo", "chas", "thos", "jas",
        "jos", "edw", "robt", "benj", "wm",
    ]

    /// Whether the words of an author of two words or more make a phrase, no name: not one of
    /// them is a given name, initials, a nickname or a surname the lists know, and one is an
    /// ordinary English word of three letters or more ("Morning Weather Tolsk", "Paper Lantern").
    /// A name that holds an English word holds a known given name or surname beside it ("Stuart
    /// Woods", "Will Tavish"). Words the lists know only as proper nouns do not count as names
    /// here: the names of places are among them.
    func isPhrase(_ words: [Substring]) -> Bool {
        var holdsOrdinaryWord = false
        for word in words.map(String.init) {
            if SpineTextParser.isInitials(word) || SpineTextParser.isNickname(word) { return false }
            let pieces = word.split(separator: "-").map { String($0.filter(\.isLetter)).folded }
            if pieces.contains(where: { givenNames.contains($0) || authorSurnames.contains($0)
                || SpineTextParser.givenNamesAlsoWords.contains($0) })
            {
                return false
            }
            let folded = String(word.filter(\.isLetter)).folded
            if folded.count >= 3, self.words.contains(folded), !nameParticles.contains(folded) {
                holdsOrdinaryWord = true
            }
        }
        return holdsOrdinaryWord
    }

    /// Whether a run of letters that starts in small letters and has capitals after them starts
    /// with a name particle or a name a list knows ("deGrasse", "elenaMORROW"); true of any other
    /// run. OCR runs a scrap into a name the same way ("sarostavHASEK", "yeBouries"), and a scrap
    /// is no particle.
    func hasNameLead(_ letters: Substring) -> Bool {
        guard letters.first?.isLowercase ?? false, letters.contains(where: \.isUppercase) else { return true }
        let lead = String(letters.prefix(while: \.isLowercase)).folded
        return nameParticles.contains(lead) || isKnownName(lead)
    }

    /// Whether a list knows a word of `author` as a name (`isKnownName`).
    public func hasKnownName(_ author: String) -> Bool {
        author.split(whereSeparator: { !$0.isLetter }).contains { isKnownName(String($0).folded) }
    }

    /// Whether a folded word is a given name, a proper name or a surname of the built-in catalogue's
    /// authors.
    func isKnownName(_ folded: String) -> Bool {
        givenNames.contains(folded) || properNames.contains(folded) || authorSurnames.contains(folded)
    }

    /// Whether a run of letters has its capitals where a name's are: all in one case ("GREY",
    /// "grey", initials "JRR"); capitalised, each capital followed by small letters ("Grey",
    /// "McArdle", "DeVane"); or a name run into a surname in capitals ("elenaMORROW",
    /// "MacLEAN"). Not "BRenna" (two capitals, then small letters), "MaryS" (a capital last) or
    /// "pEArce". OCR gets case wrong where the lettering is small or worn, and the letters it
    /// reads then are seldom a name's either. Stricter than the parser's
    /// `SpineTextParser.hasNameShape`, which keeps any case on words of five letters or more so
    /// that no reading is lost over it: here such a word stays only when a list knows it.
    static func isCasedAsAName(_ letters: Substring) -> Bool {
        let cased = letters.filter { $0.isUppercase || $0.isLowercase }
        guard cased.contains(where: \.isUppercase), cased.contains(where: \.isLowercase) else { return true }
        let isCapital = cased.map(\.isUppercase)
        // Capitalised: no two capitals side by side, and none last.
        if isCapital.last == false, !zip(isCapital, isCapital.dropFirst()).contains(where: { $0 && $1 }) { return true }
        // A name, capitalised or in small letters, run into two capitals or more up to the end.
        let capitalsLast = isCapital.reversed().prefix(while: { $0 }).count
        let name = isCapital.dropLast(capitalsLast)
        return capitalsLast >= 2 && name.dropFirst().allSatisfy { !$0 } && name.contains(false)
    }
}

extension Lexicon {
    /// `author` with each word no list knows as a name that a second reading of the same lettering,
    /// `readAgain`, reads as a name the built-in catalogue's authors bear or a given name, a letter
    /// or two from it, replaced by that name ("Mccartuy" read again "MCCARTHY"); nil when no word
    /// is. Two readings that disagree on a word hold a misreading, and the one that spells a known
    /// name is the likelier right. A word of fewer than four letters is left (too short to tell one
    /// name from another by a letter), as is one that two known names fit equally.
    public func author(_ author: String, asReadAgainIn readAgain: [String]) -> String? {
        // The known names read again, folded, each with its letters as read.
        var names: [String: String] = [:]
        for word in readAgain {
            let letters = String(word.filter(\.isLetter))
            let folded = letters.folded
            if authorSurnames.contains(folded) || givenNames.contains(folded), names[folded] == nil {
                names[folded] = letters
            }
        }
        guard !names.isEmpty else { return nil }
        var words = author.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        var changed = false
        for (index, word) in words.enumerated() {
            let letters = String(word.filter(\.isLetter)).folded
            guard letters.count >= 4, !isKnownName(letters) else { continue }
            let allowed = max(1, letters.count / 4)
            let near = names.map { ($0.value, $0.key.editDistance(to: letters, limit: allowed)) }
                .filter { $0.1 <= allowed }
            guard let closest = near.map(\.1).min() else { continue }
            let fits = near.filter { $0.1 == closest }
            guard fits.count == 1, let read = fits.first?.0 else { continue }
            words[index] = Self.cased(read, like: word)
            changed = true
        }
        return changed ? words.joined(separator: " ") : nil
    }

    /// `name`'s letters in the case of `word` as read first: all capitals when it was; else the
    /// name's own case when it has small letters, or capitalised.
    static func cased(_ name: String, like word: String) -> String {
        let cased = word.filter { $0.isUppercase || $0.isLowercase }
        if !cased.isEmpty, cased.allSatisfy(\.isUppercase) { return name.uppercased() }
        if name.contains(where: \.isLowercase) { return name }
        return name.prefix(1).uppercased() + name.dropFirst().lowercased()
    }
}
