import ShelfISBN

/// A book as read off a photo, in the terms the library compares it on: what was parsed of its
/// spine, the spine's raw text (where a title or name the parser missed may still be read), and
/// any ISBN read on it.
public struct ScannedBook: Sendable, Equatable {
    public var title: String?
    public var author: String?
    public var isbn: ISBN?
    /// The spine's raw text as read.
    public var text: String

    public init(title: String?, author: String?, isbn: ISBN?, text: String) {
        self.title = title
        self.author = author
        self.isbn = isbn
        self.text = text
    }
}

/// One copy of a book seen on a photo, to be added to the library.
public struct ScannedCopy: Sendable, Equatable {
    public var book: ScannedBook
    /// The publisher's mark read on the spine.
    public var publisher: String?
    /// The photo's path, as given.
    public var photo: String
    /// The spine's outline on the photo, in whole pixels: `[[x, y], …]`.
    public var outline: [[Int]]
    /// How sure the scan was of the book, 0…1.
    public var confidence: Double

    public init(book: ScannedBook, publisher: String?, photo: String, outline: [[Int]], confidence: Double) {
        self.book = book
        self.publisher = publisher
        self.photo = photo
        self.outline = outline
        self.confidence = confidence
    }
}
