import ShelfText

extension Lexicon {
    /// The words of `title` OCR most likely misread: four letters or more, in none of the lists,
    /// and one letter from an English word — one changed, left out, added, or two swapped
    /// ("Dicthonary", "Uneder", "Hyming", "Cowtradictions"). A name or a word of another language
    /// the lists do not hold is seldom one letter from an English word; a scrap is, but is no title.
    public func misreadWords(in title: String) -> [String] {
        title.split(whereSeparator: { !$0.isLetter }).map(String.init).filter { word in
            let folded = word.folded
            guard folded.count >= 4, folded.allSatisfy({ $0.isLetter }), !knows(folded) else { return false }
            return Self.variantsOneLetterAway(from: folded).contains { words.contains($0) }
        }
    }

    /// Every string one edit from `word`: a letter left out, changed, added, or two neighbours swapped.
    static func variantsOneLetterAway(from word: String) -> Set<String> {
        let letters = Array(word), alphabet = Array("abcdefghijklmnopqrstuvwxyz")
        var variants = Set<String>()
        for index in 0...letters.count {
            let head = letters[..<index], tail = letters[index...]
            for letter in alphabet { variants.insert(String(head + [letter] + tail)) }
            guard index < letters.count else { continue }
            variants.insert(String(head + tail.dropFirst()))
            for letter in alphabet where letter != letters[index] { variants.insert(String(head + [letter] + tail.dropFirst())) }
            if index + 1 < letters.count {
                variants.insert(String(head + [letters[index + 1], letters[index]] + tail.dropFirst(2)))
            }
        }
        return variants
    }
}
