import ShelfLibrary
import ShelfText

/// The catalogue work a spine was identified as, and how.
public struct CatalogMatch: Sendable, Equatable, Codable {
    /// The evidence the identification rests on.
    public enum Rule: String, Sendable, Codable {
        /// An ISBN read on the spine is one of the work's editions'.
        case isbn
        /// The title and an author's surname agree.
        case titleAndAuthor
        /// Most of the title's words (in another order, or with a part cut off) and an author's
        /// name agree.
        case titleWordsAndAuthor
        /// The title alone agrees, closely, and no author read contradicts it.
        case title

        /// How strong the evidence is, for ranking candidates: an ISBN, then title and author,
        /// then most of the title's words and author, then a title alone.
        var strength: Int {
            switch self {
            case .isbn: 3
            case .titleAndAuthor: 2
            case .titleWordsAndAuthor: 1
            case .title: 0
            }
        }
    }

    /// The work's key (`/works/OL45804W`).
    public var key: String
    public var title: String
    public var subtitle: String?
    public var authors: [String]
    /// The ISBN-13s of the work's editions in the catalogue.
    public var isbns: [String]
    public var year: Int?
    public var matchedBy: Rule
    /// How alike the reading and the work were, 0…1 (1 for an ISBN).
    public var similarity: Double

    public init(work: CatalogWork, matchedBy: Rule, similarity: Double) {
        key = work.key
        title = work.title
        subtitle = work.subtitle
        authors = work.authors
        isbns = work.isbns
        year = work.year
        self.matchedBy = matchedBy
        self.similarity = (similarity * 1000).rounded() / 1000
    }

    /// The title with its subtitle, as a catalogue shows it ("Sapiens: A Brief History of Humankind").
    public var fullTitle: String { title + (subtitle.map { ": " + $0 } ?? "") }

    /// The title as the spine shows it: with the subtitle when most of the subtitle's words were
    /// read on it ("Baloncesto: claves para mejorar…" for a spine that prints its subtitle), else
    /// the title alone ("Outliers", not "Outliers: The Story of Success"); so with an alternative
    /// title ("Blood Meridian", not "Blood Meridian, or the Evening Redness in the West").
    public func title(asRead text: String) -> String {
        let read = text.folded.split(separator: " ").map(String.init)
        func isMostlyRead(_ part: String) -> Bool {
            let words = part.folded.split(separator: " ").map(String.init).filter { $0.count >= 3 }
            let found = words.filter { word in read.contains { Similarity.ratio($0, word) >= 0.8 } }
            return !words.isEmpty && found.count * 2 >= words.count
        }
        let main = LibraryBook.withoutAlternativeTitle(title)
        let shown = isMostlyRead(String(title.dropFirst(main.count))) ? title : main
        guard let subtitle, isMostlyRead(subtitle) else { return shown }
        return shown + ": " + subtitle
    }

    /// Whether the title and an author both agree (or an ISBN): the strongest evidence short of
    /// a barcode that the reading is this book.
    public var isStrong: Bool { matchedBy != .title }
}
