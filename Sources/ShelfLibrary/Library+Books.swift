import Foundation
import GRDB
import ShelfISBN
import ShelfText

extension Library {
    /// Every book, by title.
    public func books() throws(LibraryError) -> [LibraryBook] {
        try read { db in try LibraryBook.order(Column("title").collating(.localizedCaseInsensitiveCompare), Column("id")).fetchAll(db) }
    }

    /// The number of distinct books.
    public func count() throws(LibraryError) -> Int {
        try read { db in try LibraryBook.fetchCount(db) }
    }

    /// The book with this id, or nil.
    public func book(id: Int64) throws(LibraryError) -> LibraryBook? {
        try read { db in try LibraryBook.fetchOne(db, key: id) }
    }

    /// Where a book came from, oldest first.
    public func sources(ofBook id: Int64) throws(LibraryError) -> [BookSource] {
        try read { db in try BookSource.filter(Column("bookId") == id).order(Column("addedAt"), Column("id")).fetchAll(db) }
    }

    /// Where each of `books` came from, by book id, in one query.
    public func sources(of books: [LibraryBook]) throws(LibraryError) -> [Int64: [BookSource]] {
        let ids = books.compactMap(\.id)
        let sources = try read { db in
            try BookSource.filter(ids.contains(Column("bookId"))).order(Column("addedAt"), Column("id")).fetchAll(db)
        }
        return Dictionary(grouping: sources, by: \.bookId)
    }

    /// A matcher over the library as it is now: what scans and imports compare against.
    public func matcher() throws(LibraryError) -> LibraryMatcher {
        LibraryMatcher(books: try books())
    }

    /// Removes the books with these ids (and their sources), all or none.
    ///
    /// - Returns: the removed books.
    /// - Throws: `noSuchBook` naming the first id not in the library; nothing is removed then.
    @discardableResult
    public func remove(ids: [Int64]) throws(LibraryError) -> [LibraryBook] {
        let path = displayPath
        return try write { db in
            var removed: [LibraryBook] = []
            for id in ids {
                guard let book = try LibraryBook.fetchOne(db, key: id) else {
                    throw LibraryError(.noSuchBook, path: path, reason: "no book has id \(id); nothing was removed")
                }
                try book.delete(db)
                removed.append(book)
            }
            return removed
        }
    }

    /// Books whose title, author or ISBN answer `query`, best first. Tolerates typos: each word of
    /// the query must be close to a word of the book (one edit from four letters, two from seven); an ISBN (10 or 13
    /// digits, hyphens allowed) finds its book under either form.
    public func search(_ query: String) throws(LibraryError) -> [LibraryBook] {
        let books = try books()
        if let isbn = try? ISBN(query) {
            return books.filter { $0.isbn13 == isbn.isbn13 }
        }
        let queryWords = query.folded.split(separator: " ").map(String.init)
        guard !queryWords.isEmpty else { return [] }
        var scored: [(book: LibraryBook, score: Double)] = []
        for book in books {
            let words = (book.fullTitle + " " + book.authors.joined(separator: " ") + " " + (book.publisher ?? "")).folded
                .split(separator: " ").map(String.init)
            var total = 0.0
            for queryWord in queryWords {
                let best = words.map { Self.wordSimilarity(queryWord, $0) }.max() ?? 0
                let allowedEdits = queryWord.count <= 3 ? 0 : queryWord.count <= 6 ? 1 : 2
                guard best >= 1 - Double(allowedEdits) / Double(max(queryWord.count, 1)) - 1e-9 else {
                    total = -1
                    break
                }
                total += best
            }
            if total > 0 { scored.append((book, total)) }
        }
        return scored.sorted { $0.score > $1.score }.map(\.book)
    }

    /// Word similarity for search: a query word may also be the start of a longer word ("hobb" finds "hobbit").
    static func wordSimilarity(_ queryWord: String, _ word: String) -> Double {
        if word.hasPrefix(queryWord) && queryWord.count >= 3 { return 1 }
        return Similarity.ratio(queryWord, word)
    }
}
