import Foundation
import GRDB
import ShelfFiles
import ShelfISBN

/// What an import did, row by row.
public struct ImportSummary: Sendable {
    /// A row that describes a book the library already had (or an earlier row of the same file).
    public struct Present: Sendable {
        public var row: Int
        public var title: String
        public var match: LibraryMatch
    }

    /// A row that was not imported, and why.
    public struct Skipped: Sendable {
        public var row: Int
        public var reason: String
    }

    public var file: String
    public var format: ExportFormat
    /// Data rows in the file.
    public var rows: Int
    public var imported: [LibraryBook] = []
    public var alreadyPresent: [Present] = []
    public var skipped: [Skipped] = []
}

extension Library {
    /// Imports a Goodreads, LibraryThing or StoryGraph export, recognised by its header, in one
    /// transaction. A row whose book is already in the library (same ISBN, or same title and author)
    /// is counted as present, so importing the same file twice adds nothing.
    ///
    /// - Throws: `badImport` when the file cannot be read or is not a known export; the library is
    ///   unchanged then.
    public func importFile(at path: String) throws(LibraryError) -> ImportSummary {
        let data: Data
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw LibraryError(.badImport, path: path, reason: "is a folder, not an export file")
        }
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw LibraryError(.badImport, path: path, reason: "cannot be read: \(SystemReason.of(error))")
        }
        let table = try CSVTable(data: data, path: path)
        guard let format = ExportFormat.detect(table) else {
            let columns = table.header.prefix(6).joined(separator: ", ")
            throw LibraryError(
                .badImport, path: path,
                reason: "not a Goodreads, LibraryThing or StoryGraph export (its columns: \(columns.isEmpty ? "none" : columns))")
        }
        let file = URL(fileURLWithPath: path).standardizedFileURL.path
        return try write { db in
            var summary = ImportSummary(file: file, format: format, rows: table.rows.count)
            var matcher = LibraryMatcher(books: try LibraryBook.fetchAll(db))
            let now = Date()
            for (index, row) in table.rows.enumerated() {
                let rowNumber = index + 1
                switch format.read(row, of: table) {
                case .skipped(let reason):
                    summary.skipped.append(.init(row: rowNumber, reason: reason))
                case .book(var book, let externalId):
                    if let match = matcher.match(title: book.title, subtitle: book.subtitle, authors: book.authors, isbn: book.isbn) {
                        summary.alreadyPresent.append(.init(row: rowNumber, title: book.fullTitle, match: match))
                        continue
                    }
                    try book.insert(db)
                    var source = BookSource(
                        bookId: book.id!, kind: .import, file: file, format: format.rawValue, externalId: externalId, addedAt: now)
                    try source.insert(db)
                    matcher.insert(book)
                    summary.imported.append(book)
                }
            }
            return summary
        }
    }
}
