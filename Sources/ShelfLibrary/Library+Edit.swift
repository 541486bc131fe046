import Foundation
import GRDB
import ShelfISBN

extension Library {
    /// Adds one book typed by a person, unless the library has it already (the same ISBN, or the
    /// same title and an author in common): then nothing is added and `duplicate` names the entry.
    ///
    /// - Returns: the book as saved, with its id.
    @discardableResult
    public func add(_ book: LibraryBook) throws(LibraryError) -> LibraryBook {
        let path = displayPath
        return try write { db in
            var book = book
            let existing = LibraryMatcher(books: try LibraryBook.fetchAll(db))
            if let match = existing.match(
                title: book.title, subtitle: book.subtitle, authors: book.authors, isbn: book.isbn)
            {
                throw LibraryError(
                    .duplicate, path: path,
                    reason: "the library has it already: \(Self.describe(match)); nothing was added")
            }
            try book.insert(db)
            return book
        }
    }

    /// Saves a changed book over the entry with its id. Refused, with nothing changed, when no
    /// entry has that id, or when its new ISBN is another entry's.
    public func update(_ book: LibraryBook) throws(LibraryError) {
        let path = displayPath
        try write { db in
            guard let id = book.id, try LibraryBook.fetchOne(db, key: id) != nil else {
                throw LibraryError(.noSuchBook, path: path, reason: "no book has id \(book.id ?? 0); nothing was changed")
            }
            if let isbn = book.isbn13,
                let other = try LibraryBook.filter(Column("isbn13") == isbn && Column("id") != id).fetchOne(db)
            {
                throw LibraryError(
                    .duplicate, path: path,
                    reason: "ISBN \(isbn) is already #\(other.id ?? 0) \"\(other.fullTitle)\"; nothing was changed")
            }
            try book.update(db)
        }
    }

    /// "#12 "Title" by Author (same ISBN)".
    private static func describe(_ match: LibraryMatch) -> String {
        var text = "#\(match.id) \"\(match.title)\""
        if let author = match.author { text += " by \(author)" }
        switch match.matchedBy {
        case .isbn: text += " (same ISBN)"
        case .titleAndAuthor: text += " (same title and author)"
        case .title: text += " (same title)"
        }
        return text
    }
}
