/// Which way the lettering of a spine runs, as the book stands on the shelf.
public enum TextOrientation: String, Sendable, Codable, CaseIterable {
    /// Read with the head tilted right: the usual English spine.
    case topToBottom
    /// Read with the head tilted left: the usual French and German spine.
    case bottomToTop
    /// Across the spine, or a face-out cover.
    case horizontal

    /// Clockwise quarter turns that make an upright crop of the book (head at the top) readable.
    public var quarterTurns: Int {
        switch self {
        case .topToBottom: 3
        case .bottomToTop: 1
        case .horizontal: 0
        }
    }
}
