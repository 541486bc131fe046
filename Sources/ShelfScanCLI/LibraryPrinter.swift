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

    /// Prints `books` on standard output: as JSON, or as a table whose title and author columns fit
    /// the terminal's width (`width`), cut with "…" only there; piped (`width` nil), nothing is cut.
    static func print(
        _ books: [LibraryBook], of library: Library, json: Bool,
        width: Int? = TerminalStyle(for: STDOUT_FILENO, choice: .never).width
    ) throws {
        if json {
            StandardStreams.print(try LibraryExporter.json(books, sources: try library.sources(of: books)), what: "the list")
            return
        }
        StandardStreams.write(table(books, width: width), what: "the list")
    }

    /// The books as a table, a line each, and their count.
    static func table(_ books: [LibraryBook], width: Int?) -> String {
        guard !books.isEmpty else { return "no books\n" }
        let longestTitle = books.map(\.fullTitle.count).max() ?? 0
        let longestAuthor = books.map { $0.authors.joined(separator: ", ").count }.max() ?? 0
        let longestShelf = books.map { ($0.shelf ?? "–").count }.max() ?? 0
        var authorWidth = max(6, longestAuthor), titleWidth = max(5, longestTitle)
        // The id, ISBN, year, copies and shelf columns with the gaps between all seven.
        let fixed = 5 + 13 + 4 + 6 + max(5, longestShelf) + 6 * 2
        if let width, fixed + titleWidth + authorWidth > width {
            authorWidth = min(authorWidth, 24)
            titleWidth = min(titleWidth, max(20, width - fixed - authorWidth))
        }
        let header = [
            "id".leftPadded(to: 5), "title".cell(titleWidth), "author".cell(authorWidth), "ISBN-13".cell(13),
            "year".cell(4), "copies".cell(6), "shelf",
        ]
        var lines = [header.joined(separator: "  ")]
        for book in books {
            let row = [
                String(book.id ?? 0).leftPadded(to: 5), book.fullTitle.cell(titleWidth),
                book.authors.joined(separator: ", ").cell(authorWidth),
                (book.isbn13 ?? "–").cell(13), (book.year.map(String.init) ?? "–").cell(4),
                String(book.copies).leftPadded(to: 6),
                book.shelf ?? "–",
            ]
            lines.append(row.joined(separator: "  "))
        }
        lines.append("\(books.count) \(books.count == 1 ? "book" : "books")")
        return lines.joined(separator: "\n") + "\n"
    }
}
