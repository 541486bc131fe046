import ShelfText

extension Lexicon {
    /// The marks a person's name is written with besides letters: spaces, full stops and commas,
    /// apostrophes, hyphens, "&" between two names, and quotes round a nickname ("Earvin «Magic»
    /// Johnson").
    static let marksOfNames: Set<Character> = [" ", ".", ",", "'", "’", "‘", "-", "&", "«", "»", "\"", "“", "”"]

    /// Whether an author read off a spine is, as it stands, no person's name: it holds a mark no
    /// name has ("Harbour?", "Wells!", "Ann* Grey", "Vale)"), or it is one ordinary word that
    /// neither the name lists nor the built-in catalogue's authors have as a name: the "Three" of
    /// "Volume Three", the "Sons" of a publisher's "& Sons" half read, the last word of a title set
    /// apart. "King", "Brown" or "Ishiguro" alone are names. A surname that is an ordinary word no
    /// list knows as a name is judged no name too: an author left blank is seen and filled in, a
    /// word stored as one is not.
    public func isNoName(_ author: String) -> Bool {
        if author.contains(where: { !$0.isLetter && !Self.marksOfNames.contains($0) }) { return true }
        let words = author.split(whereSeparator: \.isWhitespace)
        guard words.count == 1, let word = words.first else { return false }
        let folded = String(word.filter(\.isLetter)).folded
        guard folded.count >= 2 else { return false }
        return isOrdinaryWord(folded) && !givenNames.contains(folded) && !properNames.contains(folded)
            && !authorSurnames.contains(folded)
    }
}
