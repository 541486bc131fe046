import Foundation
import GRDB

/// What adding a scan's books did.
public struct AddSummary: Sendable {
    /// The entries made, with the copies seen of each.
    public var added: [LibraryBook] = []
    /// Selected books the library turned out to have already (another process may have added them
    /// since the scan began).
    public var alreadyPresent: [LibraryMatch] = []
}

extension Library {
    /// Adds the selected books of a scan that are not in the library, in one transaction: one entry
    /// per distinct book (same ISBN, or same title and author), with the number of copies seen, and
    /// for each copy where it was seen. Books already in the library (`alreadyInLibrary`, or found so
    /// now) are not added, so adding the same scan twice adds nothing.
    public func add(selectedBooksOf report: ScanReport) throws(LibraryError) -> AddSummary {
        var seen: [(photo: String, book: DetectedBook)] = []
        for image in report.images {
            let photo = URL(fileURLWithPath: image.path).standardizedFileURL.path
            for book in image.books where book.selected && book.status != .alreadyInLibrary && book.title != nil {
                seen.append((photo, book))
            }
        }
        guard !seen.isEmpty else { return AddSummary() }
        // The best-read copy of a book makes its entry; the others are counted as copies of it.
        seen.sort { $0.book.confidence > $1.book.confidence }
        return try write { db in
            var summary = AddSummary()
            var existing = LibraryMatcher(books: try LibraryBook.fetchAll(db))
            var addedHere: Set<Int64> = []
            let now = Date()
            for (photo, detected) in seen {
                let bookId: Int64
                // A spine is matched as the scan matched it, with its raw text: two reads of one book differ.
                if let match = existing.match(for: detected) {
                    guard addedHere.contains(match.id) else {
                        summary.alreadyPresent.append(match)
                        continue
                    }
                    bookId = match.id
                    try db.execute(sql: "UPDATE book SET copies = copies + 1 WHERE id = ?", arguments: [bookId])
                } else {
                    var book = LibraryBook(
                        title: detected.title ?? "", authors: detected.author.map { [$0] } ?? [], isbn: detected.isbn,
                        publisher: detected.publisher, dateAdded: now)
                    try book.insert(db)
                    bookId = book.id!
                    existing.insert(book)
                    addedHere.insert(bookId)
                }
                var source = BookSource(
                    bookId: bookId, kind: .scan, file: photo, outline: Self.outlineJSON(detected.polygon),
                    confidence: (detected.confidence * 1000).rounded() / 1000, addedAt: now)
                try source.insert(db)
            }
            summary.added = try LibraryBook.filter(keys: addedHere).order(Column("id")).fetchAll(db)
            return summary
        }
    }

    static func outlineJSON(_ polygon: [Point]) -> String {
        "[" + polygon.map { "[\(Int($0.x.rounded())),\(Int($0.y.rounded()))]" }.joined(separator: ",") + "]"
    }
}
