import ShelfISBN

/// The library entry a book was found to be, and how.
public struct LibraryMatch: Sendable, Equatable, Codable {
    /// The evidence the match rests on.
    public enum Rule: String, Sendable, Codable {
        /// The same ISBN (an ISBN-10 and its ISBN-13 are the same).
        case isbn
        /// The title and an author's surname agree.
        case titleAndAuthor
        /// The title alone agrees, closely, and no author contradicts it.
        case title
    }

    /// The entry's id in the library.
    public var id: Int64
    /// The entry's title, without subtitle or series.
    public var title: String
    public var author: String?
    /// The entry's ISBN, when the library has one.
    public var isbn: ISBN?
    public var matchedBy: Rule
    /// How alike the two were, 0…1 (1 for an ISBN).
    public var similarity: Double
    /// Whether the entry is a book the owner wants, not one they own (``LibraryBook/isWanted``).
    public var isWanted: Bool
    /// The entry's shelf.
    public var shelf: String?

    public init(
        id: Int64, title: String, author: String?, isbn: ISBN?, matchedBy: Rule, similarity: Double,
        isWanted: Bool = false, shelf: String? = nil
    ) {
        self.id = id
        self.title = title
        self.author = author
        self.isbn = isbn
        self.matchedBy = matchedBy
        self.similarity = similarity
        self.isWanted = isWanted
        self.shelf = shelf
    }

    enum CodingKeys: String, CodingKey { case id, title, author, isbn, matchedBy, similarity, wanted, shelf }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int64.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        author = try container.decodeIfPresent(String.self, forKey: .author)
        isbn = try container.decodeIfPresent(ISBN.self, forKey: .isbn)
        matchedBy = try container.decode(Rule.self, forKey: .matchedBy)
        similarity = try container.decode(Double.self, forKey: .similarity)
        isWanted = try container.decodeIfPresent(Bool.self, forKey: .wanted) ?? false
        shelf = try container.decodeIfPresent(String.self, forKey: .shelf)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(author, forKey: .author)
        try container.encode(isbn, forKey: .isbn)
        try container.encode(matchedBy, forKey: .matchedBy)
        try container.encode((similarity * 1000).rounded() / 1000, forKey: .similarity)
        try container.encode(isWanted, forKey: .wanted)
        try container.encode(shelf, forKey: .shelf)
    }
}
