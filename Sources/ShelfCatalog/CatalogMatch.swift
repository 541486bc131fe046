/// The catalogue work a spine was identified as, and how.
public struct CatalogMatch: Sendable, Equatable, Codable {
    /// The evidence the identification rests on.
    public enum Rule: String, Sendable, Codable {
        /// An ISBN read on the spine is one of the work's editions'.
        case isbn
        /// The title and an author's surname agree.
        case titleAndAuthor
        /// The title alone agrees, closely, and no author read contradicts it.
        case title
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

    /// Whether the title and an author both agree (or an ISBN): the strongest evidence short of
    /// a barcode that the reading is this book.
    public var isStrong: Bool { matchedBy != .title }
}
