import Foundation

/// Where a library book came from: a line of an imported file, or a spine on a scanned photo.
public struct BookSource: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable {
        case `import`
        case scan
    }

    public var id: Int64?
    public var bookId: Int64
    public var kind: Kind
    /// The imported file or the scanned photo.
    public var file: String
    /// For imports, the export's format ("goodreads", …) and the book's id in it.
    public var format: String?
    public var externalId: String?
    /// For scans, the spine's outline on the photo (JSON `[[x,y],…]`) and the confidence it was read with.
    public var outline: String?
    public var confidence: Double?
    public var addedAt: Date

    public init(
        id: Int64? = nil, bookId: Int64, kind: Kind, file: String, format: String? = nil, externalId: String? = nil,
        outline: String? = nil, confidence: Double? = nil, addedAt: Date = Date()
    ) {
        self.id = id
        self.bookId = bookId
        self.kind = kind
        self.file = file
        self.format = format
        self.externalId = externalId
        self.outline = outline
        self.confidence = confidence
        self.addedAt = addedAt
    }
}
