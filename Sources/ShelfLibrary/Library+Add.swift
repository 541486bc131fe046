import Foundation
import GRDB
import ShelfISBN

/// What adding a scan's books did.
public struct AddSummary: Sendable {
    /// The entries made, with the copies seen of each.
    public var added: [LibraryBook] = []
    /// Entries the owner wanted (``LibraryBook/isWanted``) that a scan found on their shelves: now
    /// owned, with the copies seen.
    public var nowOwned: [LibraryBook] = []
    /// Selected books the library turned out to have already (another process may have added them
    /// since the scan began).
    public var alreadyPresent: [LibraryMatch] = []
}

extension Library {
    /// Adds copies of books seen on photos that are not in the library, in one transaction: one
    /// entry per distinct book (same ISBN, or same title and author), with the number of copies
    /// seen, and for each copy where it was seen. Books the library has already are not added, so
    /// adding the same copies twice adds nothing. A book the owner wanted becomes one they own, with
    /// the copies seen. Copies without a title are skipped.
    public func add(_ copies: [ScannedCopy]) throws(LibraryError) -> AddSummary {
        var seen = copies.filter { $0.book.title != nil }.map { copy in
            var copy = copy
            copy.photo = URL(fileURLWithPath: copy.photo).standardizedFileURL.path
            return copy
        }
        guard !seen.isEmpty else { return AddSummary() }
        // The best-read copy of a book makes its entry; the others are counted as copies of it.
        seen.sort { $0.confidence > $1.confidence }
        return try write { db in
            var summary = AddSummary()
            var existing = LibraryMatcher(books: try LibraryBook.fetchAll(db))
            var addedHere: Set<Int64> = [], ownedHere: Set<Int64> = []
            let now = Date()
            for copy in seen {
                let bookId: Int64
                // A spine is matched as the scan matched it, with its raw text: two reads of one book differ.
                if let match = existing.match(for: copy.book) {
                    if match.isWanted { ownedHere.insert(match.id) }
                    guard addedHere.contains(match.id) || ownedHere.contains(match.id) else {
                        summary.alreadyPresent.append(match)
                        continue
                    }
                    bookId = match.id
                    try db.execute(sql: "UPDATE book SET copies = copies + 1 WHERE id = ?", arguments: [bookId])
                } else {
                    // A title read with its subtitle ("Title: Subtitle") is kept as import and `library add` keep it.
                    let parts = LibraryBook.splitTitle(copy.book.title ?? "")
                    var book = LibraryBook(
                        title: parts.title, subtitle: parts.subtitle, series: parts.series, authors: copy.book.author.map { [$0] } ?? [],
                        isbn: copy.book.isbn, publisher: copy.publisher, dateAdded: now)
                    try book.insert(db)
                    guard let id = book.id else { throw DatabaseError(message: "the new entry for \(book.title) got no id") }
                    bookId = id
                    existing.insert(book)
                    addedHere.insert(bookId)
                }
                var source = BookSource(
                    bookId: bookId, kind: .scan, file: copy.photo, outline: Self.outlineJSON(copy.outline),
                    confidence: (copy.confidence * 1000).rounded() / 1000, addedAt: now)
                try source.insert(db)
            }
            summary.added = try LibraryBook.filter(keys: addedHere).order(Column("id")).fetchAll(db)
            summary.nowOwned = try LibraryBook.filter(keys: ownedHere).order(Column("id")).fetchAll(db)
            return summary
        }
    }

    static func outlineJSON(_ outline: [[Int]]) -> String {
        "[" + outline.map { "[" + $0.map(String.init).joined(separator: ",") + "]" }.joined(separator: ",") + "]"
    }
}
