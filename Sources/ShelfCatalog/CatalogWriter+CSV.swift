import Foundation
import ShelfISBN
import ShelfLibrary
import ShelfText

extension CatalogWriter {
    /// Adds the rows of a CSV: a Goodreads, LibraryThing or StoryGraph export (someone's shelves),
    /// or an inventory with title, author and ISBN columns under any of their usual names, in any
    /// order. Returns what kind of file it was.
    mutating func add(csvAt path: String, to summary: inout CatalogImportSummary) throws -> String {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CatalogError(.badImport, path: path, reason: "cannot be read")
        }
        let table: CSVTable
        do {
            table = try CSVTable(data: data, path: path)
        } catch {
            throw CatalogError(.badImport, path: path, reason: error.reason)
        }
        if let format = ExportFormat.detect(table) {
            for (index, row) in table.rows.enumerated() {
                guard case .book(let book, let externalId) = format.read(row, of: table) else {
                    summary.skip(line: index + 1, "no title")
                    continue
                }
                let key = externalId.map { "\(format.rawValue):\($0)" } ?? Self.key(title: book.title, authors: book.authors)
                try addWork(
                    CatalogWork(
                        key: key, title: book.title, subtitle: book.subtitle, authors: book.authors,
                        isbns: book.isbn13.map { [$0] } ?? [], year: book.year))
                summary.works += 1
            }
            return "\(format.displayName) export"
        }
        guard let titleColumn = Self.column(in: table, named: Self.titleNames) else {
            let columns = table.header.prefix(6).joined(separator: ", ")
            throw CatalogError(
                .badImport, path: path,
                reason: "neither an Open Library dump nor a CSV with a title column (its columns: \(columns.isEmpty ? "none" : columns))")
        }
        let authorColumn = Self.column(in: table, named: Self.authorNames)
        let isbnColumn = Self.column(in: table, named: Self.isbnNames)
        let yearColumn = Self.column(in: table, named: ["year", "publication year", "year published", "date", "año"])
        for (index, row) in table.rows.enumerated() {
            let rawTitle = table.cell(row, titleColumn) ?? ""
            let parts = LibraryBook.splitTitle(rawTitle)
            guard !parts.title.isEmpty else {
                summary.skip(line: index + 1, "no title")
                continue
            }
            let authors = (authorColumn.flatMap { table.cell(row, $0) }).map(Self.authors) ?? []
            var isbns: [String] = []
            for candidate in (isbnColumn.flatMap { table.cell(row, $0) } ?? "").split(whereSeparator: { $0 == "," || $0 == ";" || $0 == " " }) {
                if let isbn = try? ISBN(String(candidate)), !isbns.contains(isbn.isbn13) { isbns.append(isbn.isbn13) }
            }
            let year = yearColumn.flatMap { table.cell(row, $0) }.flatMap(OpenLibraryRecord.year)
            try addWork(
                CatalogWork(
                    key: Self.key(title: parts.title, authors: authors), title: parts.title, subtitle: parts.subtitle,
                    authors: authors, isbns: isbns, year: year))
            summary.works += 1
        }
        return "CSV"
    }

    static let titleNames = ["title", "book title", "titel", "titre", "título", "titulo", "títol", "name"]
    static let authorNames = ["author", "authors", "author(s)", "primary author", "writer", "creator", "autor", "auteur", "autors"]
    static let isbnNames = ["isbn", "isbn13", "isbn-13", "isbn_13", "isbn 13", "ean", "isbns", "isbn10", "isbn-10", "isbn_10"]

    /// The header cell of `table` among `names` (compared without case), as it is written.
    static func column(in table: CSVTable, named names: [String]) -> String? {
        for name in names {
            if let found = table.header.first(where: { $0.trimmingCharacters(in: .whitespaces).caseInsensitiveCompare(name) == .orderedSame }) {
                return found
            }
        }
        return nil
    }

    /// Authors in a cell as catalogues write them: "Le Guin, Ursula K.", "Bunge, Mario, 1919-2020",
    /// "Solberg, Ingrid (Editor)", "Terry Pratchett; Neil Gaiman".
    static func authors(_ cell: String) -> [String] {
        let separators: [Character] = [";", "|"]
        return cell.split(whereSeparator: { separators.contains($0) }).map { part in
            var name = String(part)
            // A role or a qualifier in brackets after the name goes ("(Entrenador)", "(ed.)").
            if let role = name.range(of: #"\s*[(\[][^)\]]*[)\]]\s*$"#, options: .regularExpression) {
                name.removeSubrange(role)
            }
            // So do a cataloguer's dates ("1919-2020", "1947-").
            if let dates = name.range(of: #",\s*\d{4}\s*-\s*(\d{4})?\.?\s*$"#, options: .regularExpression) {
                name.removeSubrange(dates)
            }
            return LibraryBook.nameInReadingOrder(name)
        }.filter { !$0.isEmpty }
    }

    /// A key for a work read from a CSV without an id of its own: its title and first author,
    /// folded, so that the same book imported again is the same work.
    static func key(title: String, authors: [String]) -> String {
        "csv:" + title.folded + "|" + (authors.first?.folded ?? "")
    }
}
