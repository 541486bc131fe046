import Foundation
import ShelfText

extension SpineTextParser {
    /// What a spine prints besides its title and author, set aside before they are chosen, as the
    /// publisher's mark is: an imprint ("Higher Education Press"), an edition note ("Third
    /// Edition"), a prize or a publisher's praise ("Winner of the Pulitzer Prize", "The Sunday
    /// Times Bestseller", "By the author of …"). Large on some spines, they are no book's title.
    enum Furniture: Equatable {
        case imprint, editionNote, praise
    }

    /// The kind of furniture `text` is, if it is one.
    static func furniture(_ text: String) -> Furniture? {
        let words = text.folded.split(separator: " ").map(String.init)
        guard let first = words.first, let last = words.last else { return nil }
        let joined = " " + words.joined(separator: " ") + " "
        // "Oxford University Press", "Ediciones …" at the end; not "The Printing Press", a title.
        if words.count >= 2, imprintWords.contains(last) && !leadingArticles.contains(first) || imprintLeads.contains(first) {
            return .imprint
        }
        if words.count <= 5, ["edition", "edicion", "edicio", "edizione", "auflage"].contains(last) || (words.count >= 2 && last == "ed"),
            words.dropLast().allSatisfy({ editionWords.contains($0) || $0.allSatisfy(\.isNumber) || isOrdinal($0) })
        {
            return .editionNote
        }
        if praiseStarts.contains(where: { joined.hasPrefix(" " + $0 + " ") })
            || (words.count >= 2 && praiseEnds.contains(where: { joined.hasSuffix(" " + $0 + " ") }))
            || praisePhrases.contains(where: { joined.contains(" " + $0 + " ") })
        {
            return .praise
        }
        return nil
    }

    /// Moves the furniture out of `runs`; an imprint is the publisher when no mark was found.
    func takeFurniture(from runs: inout [Run], into parsed: inout ParsedSpine) {
        for index in runs.indices.reversed() {
            guard let kind = Self.furniture(runs[index].text) else { continue }
            if kind == .imprint && parsed.publisher == nil { parsed.publisher = runs[index].text }
            runs.remove(at: index)
        }
    }

    private static let leadingArticles: Set<String> = ["the", "a", "an", "la", "el", "le", "les", "los", "las", "il", "der", "die", "das"]
    private static let imprintWords: Set<String> = [
        "press", "publishing", "publishers", "publications", "verlag", "editions", "ediciones", "edicions", "edizioni",
    ]
    /// How an imprint begins in the languages that name it first ("Ediciones Cátedra", "Editorial Planeta").
    private static let imprintLeads: Set<String> = ["ediciones", "edicions", "editorial", "edizioni", "editions", "editora"]
    private static let editionWords: Set<String> = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "new", "revised",
        "updated", "expanded", "special", "anniversary", "illustrated", "international", "student", "deluxe", "complete",
        "and", "collectors", "primera", "segunda", "tercera", "nueva", "nova", "edicion",
    ]
    /// "2nd", "3rd", "4th", "2a", "3e".
    private static func isOrdinal(_ word: String) -> Bool {
        word.range(of: "^[0-9]+(st|nd|rd|th|a|e)$", options: .regularExpression) != nil
    }
    /// How a line of praise or a prize begins.
    private static let praiseStarts = [
        "winner of", "shortlisted for", "longlisted for", "finalist for", "author of", "the author of",
        "by the author of", "from the author of", "now a major", "bestselling author", "the bestselling author",
        "ganador del", "ganadora del",
    ]
    /// How it ends ("The Sunday Times Bestseller").
    private static let praiseEnds = ["bestseller", "best seller", "prize winner", "award winner"]
    /// Words that make a line praise wherever they stand.
    private static let praisePhrases = ["prize winning", "award winning", "million copies"]
}
