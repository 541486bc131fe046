import ShelfText

/// The word lists the title and author heuristics use, loaded from the models folder (see
/// `Models/WORDLISTS.md` for where each comes from).
public struct Lexicon: Sendable {
    /// Ordinary English words (Tesseract's English word list), folded.
    public var words: Set<String>
    /// Words that list has only capitalised: names of people and places.
    public var properNames: Set<String>
    /// Ordinary words of other languages written in the Latin alphabet (Spanish, Catalan, French,
    /// German, Italian, Portuguese) that are not English words, folded.
    public var otherWords: Set<String>
    /// Given names of people, folded.
    public var givenNames: Set<String>
    /// Particles of surnames and connectors in names ("de", "van", "le").
    public var nameParticles: Set<String>
    /// The surnames of the built-in catalogue's authors, folded: surnames that are also ordinary
    /// words ("King", "Green") among them.
    public var authorSurnames: Set<String>
    /// Publishers and imprints, folded, one or more words each.
    public var publishers: Set<String> {
        didSet { longPublishersByLength = Self.byLength(publishers) }
    }
    /// The publishers of six letters or more by their length, for the one-edit match.
    private var longPublishersByLength: [Int: [[Character]]] = [:]

    public init(
        words: Set<String>, properNames: Set<String> = [], otherWords: Set<String> = [], givenNames: Set<String>, nameParticles: Set<String>,
        publishers: Set<String>, authorSurnames: Set<String> = []
    ) {
        self.words = words
        self.properNames = properNames
        self.otherWords = otherWords
        self.givenNames = givenNames
        self.nameParticles = nameParticles
        self.authorSurnames = authorSurnames
        self.publishers = publishers
        self.longPublishersByLength = Self.byLength(publishers)
    }

    private static func byLength(_ publishers: Set<String>) -> [Int: [[Character]]] {
        Dictionary(grouping: publishers.map(Array.init).filter { $0.count >= 6 }, by: \.count)
    }

    /// Loads the lists from a models folder.
    public init(directory: ModelDirectory) throws(ModelError) {
        func set(_ name: String) throws(ModelError) -> Set<String> {
            Set(try directory.lines(of: name).map(\.folded).filter { !$0.isEmpty })
        }
        self.init(
            words: try set("english-words.txt"), properNames: try set("proper-names.txt"),
            otherWords: try set("other-words.txt"), givenNames: try set("given-names.txt"),
            nameParticles: try set("name-particles.txt"), publishers: try set("publishers.txt"),
            authorSurnames: try set("author-surnames.txt"))
    }

    /// Whether a folded word is an English word or a name.
    public func isWord(_ folded: String) -> Bool {
        words.contains(folded) || properNames.contains(folded) || givenNames.contains(folded)
    }

    /// Whether a folded word is in any of the lists: an English word, a name, or (`isOrdinaryWord`)
    /// an ordinary word of another language.
    public func knows(_ folded: String) -> Bool {
        isWord(folded) || isOrdinaryWord(folded)
    }

    /// Whether a folded word is an ordinary word of English or, at four letters or more, of another
    /// language (shorter ones are too easily a scrap the OCR made).
    public func isOrdinaryWord(_ folded: String) -> Bool {
        words.contains(folded) || (folded.count >= 4 && otherWords.contains(folded))
    }

    /// Whether folded text names a publisher: the whole text, or every word of it a publisher's
    /// word ("penguin classics"), or one edit away from a publisher of six letters or more: of a
    /// name of several words, one letter misread ("dei rey"), not one lost ("el rey" is a title).
    public func isPublisher(_ folded: String) -> Bool {
        guard !folded.isEmpty else { return false }
        if publishers.contains(folded) { return true }
        let parts = folded.split(separator: " ").map(String.init)
        if parts.count > 1 && parts.count <= 3 && parts.allSatisfy({ publishers.contains($0) || $0 == "books" || $0 == "press" || $0 == "classics" }) && publishers.contains(parts[0]) {
            return true
        }
        let letters = Array(folded)
        guard letters.count >= 6, parts.count == 1 || (parts.count <= 3 && letters.count >= 7) else { return false }
        let lengths = parts.count == 1 ? letters.count - 1...letters.count + 1 : letters.count...letters.count
        return lengths.contains { length in
            longPublishersByLength[length, default: []].contains { $0.editDistance(to: letters, limit: 1) <= 1 }
        }
    }
}
