/// A book as the catalogue knows it: a work, with its authors and the ISBNs of its editions.
public struct CatalogWork: Sendable, Equatable, Codable {
    /// The work's key: Open Library's (`/works/OL45804W`), or one made for a row of a CSV.
    public var key: String
    public var title: String
    public var subtitle: String?
    /// Authors as "First Last", main author first.
    public var authors: [String]
    /// The ISBN-13s of its editions known to the catalogue.
    public var isbns: [String]
    /// The year it was first published.
    public var year: Int?

    public init(
        key: String, title: String, subtitle: String? = nil, authors: [String] = [], isbns: [String] = [],
        year: Int? = nil
    ) {
        self.key = key
        self.title = title
        self.subtitle = subtitle
        self.authors = authors
        self.isbns = isbns
        self.year = year
    }
}
