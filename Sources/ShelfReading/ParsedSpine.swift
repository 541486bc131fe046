import ShelfISBN
import ShelfImaging

/// What the heuristics made of the text read on one spine.
public struct ParsedSpine: Sendable, Equatable {
    public var title: String?
    /// A person's name, never the spine's whole text.
    public var author: String?
    /// What was taken for the author and left out because it cannot be a name (OCR's marks read
    /// off a picture or a crease: "Sss", "lI Ss", "XYte").
    public var droppedAuthor: String?
    /// The publisher's mark at the foot, as read.
    public var publisher: String?
    /// An ISBN printed on the spine, checksum-valid.
    public var isbn: ISBN?
    /// Where the title's words lie, in the pixels of the text parsed (a reading's turned crop);
    /// nil without a title.
    public var titleBox: PixelRect?
    /// Where the author's words lie, as `titleBox`; nil without an author.
    public var authorBox: PixelRect?
    /// How the parse went, for the confidence model.
    public var evidence: Evidence
    /// Why the words taken for the title are likely no book's title, when they are not.
    public var notATitle: NotATitle?

    /// What shows words taken for a title to be other text of a book.
    public enum NotATitle: String, Sendable, Equatable, CaseIterable {
        /// They read as prose (`SpineTextParser.isProse`): the blurb of a back cover.
        case titleIsProse
        /// They hold a price ("$16.95", "£9.99", "12,90 €"): the corner of a back cover.
        case titleHasPrice
        /// They end with a word no title ends with ("The Quiet Art of", "Notes Toward an"): the
        /// rest of the title was lost or read elsewhere.
        case titleIsUnfinished
        /// Words read too unsurely to take, set on the title's line as close as a word space, go on
        /// before or after it ("Xqzvr Keys to Better Tennis"), or words of its size right beside it
        /// that are neither title nor author: part of the title may be unread or left out.
        case titleGoesOnUnread
        /// Its first word is one no title starts with as printed: a word in lower case before words
        /// in capitals or title case ("he Silver Harbour"), or a joining word ("de", "of",
        /// "and") set after words of its size on its line that were read apart from it, or words
        /// at its size before it end as no title does ("SONGS OF"): the title's start was lost.
        case titleStartIsLost
    }
    /// Why the title and author found may be wrongly paired, when the spine's layout leaves it open;
    /// nil when it does not.
    public var pairingDoubt: PairingDoubt?

    /// A doubt about which words are the title and which the author.
    public enum PairingDoubt: String, Sendable, Equatable, CaseIterable {
        /// The title is a person's full name, and no full name set apart from it in size stands beside
        /// it as the author ("Ingrid Solberg" beside "Nora Vance"): a title can be a name, but
        /// this one may be the author, the title unread or taken for the author.
        case titleMayBeAuthor
        /// The author is one word set on the title's line, after or before it, no farther from it than
        /// the title's words are from each other ("SALT ROADS OF THE" "NORTH"): it may be the title's
        /// own last or first word.
        case authorMayContinueTitle
    }

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
        /// 1 when the title starts in lower case ("the Harbour"): its first words were likely lost.
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
