import ShelfISBN
import ShelfImaging

/// What the heuristics made of the text read on one spine.
public struct ParsedSpine: Sendable, Equatable {
    public var title: String?
    /// A person's name, never the spine's whole text.
    public var author: String?
    /// The publisher's mark at the foot, as read.
    public var publisher: String?
    /// An ISBN printed on the spine, checksum-valid.
    public var isbn: ISBN?
    /// Where the title's words lie, in the pixels of the text parsed (a reading's turned crop);
    /// nil without a title.
    public var titleBox: PixelRect?
    /// How the parse went, for the confidence model.
    public var evidence: Evidence
    /// Whether the title and the author could as well be the other way round: both are a person's
    /// full name ("Mario Vargas Llosa", "Julia Teyze": a title can be a name), set alike, so that
    /// neither size nor words tell which is which.
    public var isPairingAmbiguous = false

    /// Measures of how clean the parse was, each 0…1.
    public struct Evidence: Sendable, Equatable, Codable {
        /// Mean Tesseract confidence of the title's words.
        public var titleConfidence: Double = 0
        /// Share of the title's words found in the word lists.
        public var titleWordShare: Double = 0
        /// The title's letters, 20 or more counting as 1.
        public var titleLength: Double = 0
        /// How much the author looks like a person's name (0 when there is none).
        public var authorNameScore: Double = 0
        /// Share of the spine's letters that are neither title, author, publisher nor ISBN.
        public var leftoverShare: Double = 0
        /// 1 when a publisher's mark was recognised.
        public var publisherFound: Double = 0
        /// How much the title itself looks like a person's name ("Dickens" taken for the title).
        public var titleNameScore: Double = 0
        /// 1 when the title starts in lower case ("the Sun"): its first words were likely lost.
        public var titleStartsLowerCase: Double = 0

        public init() {}
    }

    public init(title: String? = nil, author: String? = nil, publisher: String? = nil, isbn: ISBN? = nil, evidence: Evidence = Evidence()) {
        self.title = title
        self.author = author
        self.publisher = publisher
        self.isbn = isbn
        self.evidence = evidence
    }
}
