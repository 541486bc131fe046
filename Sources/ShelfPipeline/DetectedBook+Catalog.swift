import ShelfCatalog

extension DetectedBook {
    /// The confidence of a book whose title and an author (or ISBN) agree with one catalogue work.
    public static let identifiedConfidence = 0.95

    /// Names the book as the catalogue does (its title and first author; what was read stays in
    /// `text`, the ISBN read stays `isbn`). A title and an author that both agree with one work is
    /// the strongest evidence short of a barcode: such a book is selected.
    /// "The Left Hand of Darkness by Ursula K. Le Guin (1969; /works/OL59863W, by titleAndAuthor)".
    public var identificationLine: String? {
        guard let work = identified else { return nil }
        var line = work.title + (work.subtitle.map { ": " + $0 } ?? "")
        if !work.authors.isEmpty { line += " by " + work.authors.joined(separator: ", ") }
        return line + " (" + (work.year.map { "\($0); " } ?? "") + "\(work.key), by \(work.matchedBy.rawValue))"
    }

    public mutating func markIdentified(_ match: CatalogMatch, minimumConfidence: Double) {
        identified = match
        signals["catalogSimilarity"] = match.similarity
        title = match.title
        if let first = match.authors.first { author = first }
        guard match.isStrong else { return }
        confidence = max(confidence, Self.identifiedConfidence)
        if confidence >= minimumConfidence {
            selected = true
            if status == .uncertain { status = isbn != nil ? .confirmed : .detected }
        }
    }
}
