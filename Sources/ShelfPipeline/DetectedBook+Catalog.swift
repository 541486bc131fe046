import ShelfCatalog

extension DetectedBook {
    /// The confidence of a book whose title and an author (or ISBN) agree with one catalogue work.
    public static let identifiedConfidence = 0.95

    /// What the book was identified as, for people: the catalogue's full title, authors, year,
    /// key and how it was matched.
    /// "The Left Hand of Darkness by Ursula K. Le Guin (1969; /works/OL59863W, by titleAndAuthor)".
    public var identificationLine: String? {
        guard let work = identified else { return nil }
        var line = work.fullTitle
        if !work.authors.isEmpty { line += " by " + work.authors.joined(separator: ", ") }
        return line + " (" + (work.year.map { "\($0); " } ?? "") + "\(work.key), by \(work.matchedBy.rawValue))"
    }

    /// The signal of a title read that a catalogue holding every book of the shelves (or nearly
    /// every book in print) does not know.
    public static let notInCatalogSignal = "notInCatalog"
    /// What a doubted reading's confidence is multiplied by.
    static let notInCatalogFactor = 0.6

    /// Doubts a title read that a complete catalogue does not know: it is most likely misread.
    /// Such a book is not selected. A book with an ISBN read, or no title, is left as it is.
    public mutating func markNotInCatalog() {
        guard isbn == nil, let title, !title.isEmpty else { return }
        signals[Self.notInCatalogSignal] = 1
        confidence = (confidence * Self.notInCatalogFactor * 1000).rounded() / 1000
        selected = false
        if status == .detected { status = .uncertain }
    }

    /// Names the book as the catalogue does (its title, with the subtitle if the spine shows it,
    /// and its first author; what was read stays in `text`, the ISBN read stays `isbn`). A title
    /// and an author that both agree with one work is the strongest evidence short of a barcode:
    /// such a book is selected.
    public mutating func markIdentified(_ match: CatalogMatch, minimumConfidence: Double) {
        identified = match
        signals["catalogSimilarity"] = match.similarity
        title = match.title(asRead: text)
        if let first = match.authors.first { author = first }
        guard match.isStrong else { return }
        // The catalogue's title replaces the words read, misread ones with them.
        signals[BookAssessor.titleMisreadSignal] = nil
        confidence = max(confidence, Self.identifiedConfidence)
        if confidence >= minimumConfidence {
            selected = true
            if status == .uncertain { status = isbn != nil ? .confirmed : .detected }
        }
    }
}
