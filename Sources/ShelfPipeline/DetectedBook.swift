import ShelfCatalog
import ShelfISBN
import ShelfImaging
import ShelfLibrary
import ShelfReading

/// One book found in a photo: a spine (or a face-out cover) and what was read on it.
public struct DetectedBook: Sendable, Codable, Equatable {
    /// How far a book can be trusted.
    public enum Status: String, Sendable, Codable {
        /// Confident, and not in the library.
        case detected
        /// Confident, and an independent signal (an ISBN on the spine) agrees.
        case confirmed
        /// Already in the owner's library.
        case alreadyInLibrary
        /// Below the confidence threshold: for a person to check.
        case uncertain
    }

    public var title: String?
    public var author: String?
    public var isbn: ISBN?
    public var confidence: Double
    public var detectionScore: Double
    public var status: Status
    public var selected: Bool
    /// The library entry this book already is, for `alreadyInLibrary`.
    public var libraryMatch: LibraryMatch?
    /// The catalogue work this book was identified as; its title and first author are then the
    /// book's, and what was read stays in `text`.
    public var identified: CatalogMatch?
    public var polygon: [Point]
    /// Which way the lettering runs; nil when nothing was read.
    public var textOrientation: TextOrientation?
    /// The raw OCR of the spine, lines joined by " | ".
    public var text: String
    /// The publisher's mark read at the foot.
    public var publisher: String?
    /// The signals the confidence was computed from, by name.
    public var signals: [String: Double]

    public init(
        title: String? = nil, author: String? = nil, isbn: ISBN? = nil, confidence: Double, detectionScore: Double,
        status: Status, selected: Bool, polygon: [Point], textOrientation: TextOrientation? = nil, text: String = "",
        publisher: String? = nil, signals: [String: Double] = [:]
    ) {
        self.title = title
        self.author = author
        self.isbn = isbn
        self.confidence = confidence
        self.detectionScore = detectionScore
        self.status = status
        self.selected = selected
        self.polygon = polygon
        self.textOrientation = textOrientation
        self.text = text
        self.publisher = publisher
        self.signals = signals
    }

    enum CodingKeys: String, CodingKey {
        case title, author, isbn, confidence, detectionScore, status, selected, libraryMatch, identified, polygon
        case textOrientation
        case text, publisher, signals
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encode(author, forKey: .author)
        try container.encode(isbn, forKey: .isbn)
        try container.encode(encoder.rounded(confidence, places: 1000), forKey: .confidence)
        try container.encode(encoder.rounded(detectionScore, places: 1000), forKey: .detectionScore)
        try container.encode(status, forKey: .status)
        try container.encode(selected, forKey: .selected)
        try container.encode(libraryMatch, forKey: .libraryMatch)
        try container.encode(identified, forKey: .identified)
        try container.encode(polygon, forKey: .polygon)
        try container.encode(textOrientation, forKey: .textOrientation)
        try container.encode(text, forKey: .text)
        try container.encode(publisher, forKey: .publisher)
        try container.encode(signals.mapValues { encoder.rounded($0, places: 1000) }, forKey: .signals)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        author = try container.decodeIfPresent(String.self, forKey: .author)
        isbn = try container.decodeIfPresent(ISBN.self, forKey: .isbn)
        confidence = try container.decode(Double.self, forKey: .confidence)
        detectionScore = try container.decode(Double.self, forKey: .detectionScore)
        status = try container.decode(Status.self, forKey: .status)
        selected = try container.decode(Bool.self, forKey: .selected)
        libraryMatch = try container.decodeIfPresent(LibraryMatch.self, forKey: .libraryMatch)
        identified = try container.decodeIfPresent(CatalogMatch.self, forKey: .identified)
        polygon = try container.decode([Point].self, forKey: .polygon)
        textOrientation = try container.decodeIfPresent(TextOrientation.self, forKey: .textOrientation)
        text = try container.decode(String.self, forKey: .text)
        publisher = try container.decodeIfPresent(String.self, forKey: .publisher)
        signals = try container.decode([String: Double].self, forKey: .signals)
    }
}
