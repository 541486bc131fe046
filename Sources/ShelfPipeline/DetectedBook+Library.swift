import ShelfISBN
import ShelfImaging
import ShelfLibrary

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

    /// Marks the book as one the owner wants (a wish shelf's entry with no copy): not a duplicate,
    /// so it keeps its status and selection, and `--add` makes it an owned copy of that entry.
    public mutating func markWanted(_ match: LibraryMatch) {
        libraryMatch = match
        signals["wantedInLibrary"] = 1
    }

    /// Whether the library names this book as one the owner wants.
    public var isWanted: Bool { libraryMatch?.isWanted == true && status != .alreadyInLibrary }

    /// The book in the terms the library compares it on.
    public var scannedBook: ScannedBook {
        ScannedBook(title: title, author: author, isbn: isbn, text: text)
    }

    /// The book as it goes into the library: as `scannedBook`, with the catalogue's ISBN when
    /// none was read on the spine.
    var addedBook: ScannedBook {
        var book = scannedBook
        if book.isbn == nil, let first = identified?.isbns.first { book.isbn = try? ISBN(first) }
        return book
    }
}

extension ScanReport {
    /// The copies to add to the library: the selected books not in it already, each with its photo.
    public var selectedCopies: [ScannedCopy] {
        images.flatMap { image in
            image.books.filter { $0.selected && $0.status != .alreadyInLibrary }.map { book in
                ScannedCopy(
                    book: book.addedBook, publisher: book.publisher, photo: image.path,
                    outline: book.polygon.map { [Int(saturating: $0.x.rounded()), Int(saturating: $0.y.rounded())] },
                    confidence: book.confidence)
            }
        }
    }
}
