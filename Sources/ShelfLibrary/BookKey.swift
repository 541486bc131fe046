import ShelfText

/// The forms of a title and its authors that duplicates are compared on: folded (case, accents and
/// punctuation gone), without leading article, subtitle, alternative title ("…, or …") or bracketed
/// series, names in reading order.
///
/// ```swift
/// let key = BookKey(title: "The Snowman: A Novel (Harry Hole, #7)", authors: ["Nesbø, Jo"])
/// key.title      // "snowman"
/// key.surnames   // ["nesbo"]
/// ```
public struct BookKey: Sendable, Hashable {
    /// Folded main title without leading article, words separated by single spaces.
    public let title: String
    /// The same, spaces removed: OCR often glues words.
    public let compactTitle: String
    /// Folded title with its subtitle (no article), for titles read whole.
    public let compactFullTitle: String
    /// Each author's surname, folded.
    public let surnames: [String]
    /// Each author's given names as initials ("George R. R. Martin" → "grr").
    public let initials: [String]
    /// Every word of every author's name, folded.
    public let nameWords: Set<String>

    public init(title: String, authors: [String]) {
        let parts = LibraryBook.splitTitle(title)
        self.init(title: parts.title, subtitle: parts.subtitle, authors: authors)
    }

    public init(title: String, subtitle: String?, authors: [String]) {
        let parts = LibraryBook.splitTitle(title)
        let whole = Self.withoutArticle(parts.title.folded)
        // "Blood Meridian, or the Evening Redness in the West" is "Blood Meridian" on its spine.
        let shortened = LibraryBook.withoutAlternativeTitle(parts.title)
        let main = shortened == parts.title ? whole : Self.withoutArticle(shortened.folded)
        self.title = main
        compactTitle = main.replacingOccurrences(of: " ", with: "")
        // A catalogue's title often carries its subtitle after a colon.
        let full = [whole, (subtitle ?? parts.subtitle)?.folded ?? ""].joined()
        compactFullTitle = full.replacingOccurrences(of: " ", with: "")
        var surnames: [String] = [], initials: [String] = [], nameWords: Set<String> = []
        for author in authors {
            let words = LibraryBook.nameInReadingOrder(author).folded.split(separator: " ").map(String.init)
            let name = words.filter { !Self.nameSuffixes.contains($0) }
            guard let last = name.last else { continue }
            nameWords.formUnion(name)
            // "Le Guin", "de Beauvoir": a particle belongs to the surname.
            var surnameStart = name.count - 1
            while surnameStart > 0, Self.particles.contains(name[surnameStart - 1]) { surnameStart -= 1 }
            surnames.append(surnameStart < name.count - 1 ? name[surnameStart...].joined() : last)
            initials.append(String(name[..<surnameStart].compactMap(\.first)))
        }
        self.surnames = surnames
        self.initials = initials
        self.nameWords = nameWords
    }

    static let articles: Set<String> = [
        "the", "a", "an", "le", "la", "les", "el", "los", "las", "il", "lo", "gli", "der", "die", "das",
    ]
    /// Words that belong to the surname after them ("Le Guin", "de Beauvoir"), folded.
    public static let particles: Set<String> = [
        "de", "da", "di", "du", "del", "della", "van", "von", "der", "den", "le", "la", "ter", "ten",
    ]
    static let nameSuffixes: Set<String> = ["jr", "sr", "ii", "iii", "iv"]

    static func withoutArticle(_ folded: String) -> String {
        let words = folded.split(separator: " ")
        guard words.count > 1, let first = words.first, articles.contains(String(first)) else { return folded }
        return words.dropFirst().joined(separator: " ")
    }
}
