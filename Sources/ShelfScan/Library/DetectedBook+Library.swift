extension DetectedBook {
    /// Marks the book as one the owner already has: never selected, and named as the library names it
    /// (the spine's own reading stays in `text`, and `isbn` stays what was read on the photo).
    public mutating func markInLibrary(_ match: LibraryMatch) {
        libraryMatch = match
        status = .alreadyInLibrary
        selected = false
        title = match.title
        if let author = match.author { self.author = author }
    }
}
