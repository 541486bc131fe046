import ShelfISBN
import ShelfImaging
import ShelfLibrary
import ShelfReading

/// One book found in a photo: a spine (or a face-out cover) and what was read on it.
public struct DetectedBook: Sendable, Encodable, Equatable {
    /// How far a book can be trusted.
    public enum Status: String, Sendable, Encodable {
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
        case title, author, isbn, confidence, detectionScore, status, selected, libraryMatch, polygon, textOrientation
        case text, publisher, signals
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encode(author, forKey: .author)
        try container.encode(isbn, forKey: .isbn)
        try container.encode((confidence * 1000).rounded() / 1000, forKey: .confidence)
        try container.encode((detectionScore * 1000).rounded() / 1000, forKey: .detectionScore)
        try container.encode(status, forKey: .status)
        try container.encode(selected, forKey: .selected)
        try container.encode(libraryMatch, forKey: .libraryMatch)
        try container.encode(polygon, forKey: .polygon)
        try container.encode(textOrientation, forKey: .textOrientation)
        try container.encode(text, forKey: .text)
        try container.encode(publisher, forKey: .publisher)
        try container.encode(signals.mapValues { ($0 * 1000).rounded() / 1000 }, forKey: .signals)
    }
}
