import Foundation
import ShelfISBN
import ShelfLibrary

/// Library books on the terminal: a table, or JSON.
enum LibraryPrinter {
    /// A book in one line: "Title by Author, ISBN 978…, shelf read".
    static func line(_ book: LibraryBook) -> String {
        var text = book.fullTitle
        if !book.authors.isEmpty { text += " by " + book.authors.joined(separator: ", ") }
        if let isbn = book.isbn13 { text += ", ISBN \(isbn)" }
        if let shelf = book.shelf { text += ", shelf \(shelf)" }
        if book.copies > 1 { text += ", \(book.copies) copies" }
        return text
    }

    static func print(_ books: [LibraryBook], of library: Library, json: Bool) throws {
        if json {
            Swift.print(try LibraryExporter.json(books, sources: try library.sources(of: books)))
            return
        }
        guard !books.isEmpty else {
            Swift.print("no books")
            return
        }
        let header = [
            "id".leftPadded(to: 5), "title".cell(40), "author".cell(24), "ISBN-13".cell(13), "year".cell(4),
            "copies".cell(6), "shelf",
        ]
        Swift.print(header.joined(separator: "  "))
        for book in books {
            let row = [
                String(book.id ?? 0).leftPadded(to: 5), book.fullTitle.cell(40),
                book.authors.joined(separator: ", ").cell(24),
                (book.isbn13 ?? "–").cell(13), (book.year.map(String.init) ?? "–").cell(4),
                String(book.copies).leftPadded(to: 6),
                book.shelf ?? "–",
            ]
            Swift.print(row.joined(separator: "  "))
        }
        Swift.print("\(books.count) \(books.count == 1 ? "book" : "books")")
    }
}
