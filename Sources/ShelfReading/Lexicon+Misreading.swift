import ShelfText

extension Lexicon {
    /// The words of `title` OCR most likely misread: four letters or more, in none of the lists,
    /// and one letter from an English word — one changed, left out, added, or two swapped
    /// ("Dictionery", "Undr", "Rhyning", "Contradictlons") — or one or two of the confusions OCR
    /// makes from one (`confusions`: "Comrnunity", "Macbinc"). A name or a word of another language
    /// the lists do not hold is seldom one letter from an English word; a scrap is, but is no title.
    public func misreadWords(in title: String) -> [String] {
        title.split(whereSeparator: { !$0.isLetter }).map(String.init).filter { word in
            let folded = word.folded
            guard folded.count >= 4, folded.allSatisfy({ $0.isLetter }), !knows(folded) else { return false }
            return Self.variantsOneLetterAway(from: folded).contains { words.contains($0) } || isConfusedWord(folded)
        }
    }

    /// Letters OCR reads for one another, either way: shapes alike ("c" and "e", "i" and "l"), and
    /// one letter read as two ("m" as "rn" or "in", "d" as "cl", "w" as "vv").
    static let confusions: [(String, String)] = [
        ("c", "e"), ("c", "o"), ("e", "o"), ("a", "o"), ("i", "l"), ("i", "t"), ("l", "t"), ("f", "t"),
        ("n", "u"), ("n", "h"), ("h", "b"), ("u", "v"), ("v", "y"), ("g", "q"),
        ("rn", "m"), ("in", "m"), ("ni", "m"), ("cl", "d"), ("li", "h"), ("ii", "u"), ("vv", "w"), ("ri", "n"),
    ]

    /// Whether one confusion (`confusions`), or two in a word of five letters or more, make an
    /// English word of `folded`. Two confusions are more than one edit, yet of the 50,874 words
    /// of the built-in catalogue's titles they make an English word of only 8 that the lists lack
    /// (one edit makes one of 352).
    func isConfusedWord(_ folded: String) -> Bool {
        let once = Self.variantsOneConfusionAway(from: folded)
        if once.contains(where: words.contains) { return true }
        guard folded.count >= 5 else { return false }
        return once.contains { Self.variantsOneConfusionAway(from: $0).contains(where: words.contains) }
    }

    /// Every string one confusion (`confusions`, either way, at one place) makes of `word`.
    static func variantsOneConfusionAway(from word: String) -> Set<String> {
        let letters = Array(word)
        var variants = Set<String>()
        for (one, other) in confusions {
            for (from, to) in [(Array(one), Array(other)), (Array(other), Array(one))] where from.count <= letters.count {
                for start in 0...(letters.count - from.count) where Array(letters[start..<(start + from.count)]) == from {
                    variants.insert(String(letters[..<start] + to + letters[(start + from.count)...]))
                }
            }
        }
        return variants
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
