import Foundation
import GRDB
import ShelfFiles
import ShelfLibrary
import ShelfText

/// What importing one file into the catalogue did.
public struct CatalogImportSummary: Sendable, Equatable {
    /// A record that could not be used: its line (or row) and why.
    public struct Skipped: Sendable, Equatable {
        public var line: Int
        public var reason: String
    }

    public var path: String
    /// Whether it was imported as an inventory: every book on the shelves to be scanned.
    public var isInventory = false
    /// What the file was: "Open Library dump", "Goodreads export", "CSV".
    public var kind: String
    public var authors = 0
    public var works = 0
    /// Editions read, and the ISBNs they gave their works.
    public var editions = 0
    public var isbns = 0
    /// How many records were skipped, and the first few of them named.
    public var skippedCount = 0
    public var skipped: [Skipped] = []

    mutating func skip(line: Int, _ reason: String) {
        skippedCount += 1
        if skipped.count < 20 { skipped.append(Skipped(line: line, reason: reason)) }
    }
}

/// How far an import has come, for a progress line.
public struct CatalogImportProgress: Sendable {
    public var path: String
    /// Bytes of the file read (compressed bytes for a gzip file), and its size.
    public var bytesRead: Int64
    public var totalBytes: Int64
    public var records: Int
}

extension Catalog {
    /// The version of what an import makes of a record (a title split into title and subtitle, the
    /// authors named, the ISBNs checked). Raised with every change to that, so that a catalogue
    /// imported once and kept (`BuiltInCatalog`'s cache) is imported again rather than used stale.
    public static let importVersion = 1

    /// Imports one file, in one transaction, so that a failed or stopped import leaves the
    /// catalogue as it was: an Open Library dump (authors, works or editions; gzip or plain,
    /// read as a stream), a Goodreads, LibraryThing or StoryGraph export, or a plain CSV with
    /// title, author and ISBN columns however they are named and ordered.
    ///
    /// - Parameters:
    ///   - asInventory: the file lists every book on the shelves to be scanned (a shop's, a
    ///     school's or a library's stock), so that a reading none of its books matches is doubted.
    ///   - progress: called now and then with how far the import has come.
    ///   - shouldStop: asked as the import goes; true stops it (`interrupted`), nothing kept.
    /// - Throws: ``CatalogError``: `badImport` (unreadable, or not a kind the catalogue imports),
    ///   `corrupt` (a damaged gzip file), `interrupted`, or a database failure.
    public func importFile(
        at path: String, asInventory: Bool = false, progress: (CatalogImportProgress) -> Void = { _ in },
        shouldStop: () -> Bool = { false }
    ) throws(CatalogError) -> CatalogImportSummary {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CatalogError(.badImport, path: path, reason: "cannot be read: no such file or directory")
        }
        if isDirectory.boolValue { throw CatalogError(.badImport, path: path, reason: "is a folder, not a file to import") }
        let lines = try GzipLines(path: path)
        guard let first = try lines.next() else { throw CatalogError(.badImport, path: path, reason: "is empty") }
        let total = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0
        let isDump = first.hasPrefix("/type/")
        return try perform {
            try writer.writeWithoutTransaction { db in
                var summary = CatalogImportSummary(path: path, isInventory: asInventory, kind: isDump ? "Open Library dump" : "CSV")
                try db.inTransaction {
                    try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS touched (workId INTEGER PRIMARY KEY)")
                    try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS touchedAuthor (key TEXT PRIMARY KEY) WITHOUT ROWID")
                    try db.execute(sql: "DELETE FROM touched; DELETE FROM touchedAuthor")
                    var sink = CatalogWriter(db: db, source: (path as NSString).lastPathComponent)
                    if isDump {
                        var line: String? = first
                        var records = 0
                        while let text = line {
                            if !text.isEmpty { try sink.add(dumpLine: text, number: lines.lineNumber, to: &summary) }
                            records += 1
                            if records % 20_000 == 0 {
                                if shouldStop() { throw CatalogError(.interrupted, path: path, reason: "stopped: nothing of it was imported") }
                                progress(CatalogImportProgress(path: path, bytesRead: lines.offset, totalBytes: total, records: records))
                            }
                            line = try lines.next()
                        }
                    } else {
                        summary.kind = try sink.add(csvAt: path, to: &summary)
                        if shouldStop() { throw CatalogError(.interrupted, path: path, reason: "stopped: nothing of it was imported") }
                    }
                    try sink.finish()
                    try db.execute(
                        sql: "INSERT INTO importedFile (path, kind, records, skipped, importedAt, inventory) VALUES (?, ?, ?, ?, ?, ?)",
                        arguments: [
                            URL(fileURLWithPath: path).standardizedFileURL.path, summary.kind,
                            summary.authors + summary.works + summary.editions, summary.skippedCount, Date(), asInventory,
                        ])
                    return .commit
                }
                return summary
            }
        }
    }
}

/// Writes records into the catalogue inside an import's transaction.
struct CatalogWriter {
    let db: Database
    let source: String

    mutating func add(dumpLine line: String, number: Int, to summary: inout CatalogImportSummary) throws {
        let record: OpenLibraryRecord
        do {
            record = try OpenLibraryRecord(line: Substring(line))
        } catch {
            summary.skip(line: number, error.reason)
            return
        }
        switch record {
        case .author(let key, let name):
            try db.cachedStatement(
                sql: "INSERT INTO author (key, name) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET name = excluded.name"
            ).execute(arguments: [key, name])
            try db.cachedStatement(sql: "INSERT OR IGNORE INTO touchedAuthor (key) VALUES (?)").execute(arguments: [key])
            summary.authors += 1
        case .work(let key, let title, let subtitle, let authorKeys, let year):
            try addWork(
                CatalogWork(key: key, title: title, subtitle: subtitle, year: year), authorKeys: authorKeys)
            summary.works += 1
        case .edition(let workKey, let isbns):
            for isbn in isbns {
                try db.cachedStatement(sql: "INSERT INTO pendingEdition (workKey, isbn13) VALUES (?, ?)")
                    .execute(arguments: [workKey, isbn])
            }
            summary.editions += 1
            summary.isbns += isbns.count
        case .other:
            break
        }
    }

    /// Adds a work, or updates the one with its key; its authors by key (a dump's) or by name.
    func addWork(_ work: CatalogWork, authorKeys: [String] = []) throws {
        guard
            let id = try Int64.fetchOne(
                db.cachedStatement(
                    sql: """
                        INSERT INTO work (key, title, subtitle, year, source) VALUES (?, ?, ?, ?, ?)
                        ON CONFLICT(key) DO UPDATE SET title = excluded.title, subtitle = excluded.subtitle,
                            year = coalesce(excluded.year, year)
                        RETURNING id
                        """), arguments: [work.key, work.title, work.subtitle, work.year, source])
        else { return }
        try db.cachedStatement(sql: "DELETE FROM workAuthor WHERE workId = ?").execute(arguments: [id])
        let authors: [(key: String?, name: String?)] =
            authorKeys.isEmpty ? work.authors.map { (nil, $0) } : authorKeys.map { ($0, nil) }
        for (position, author) in authors.enumerated() {
            try db.cachedStatement(sql: "INSERT INTO workAuthor (workId, position, authorKey, name) VALUES (?, ?, ?, ?)")
                .execute(arguments: [id, position, author.key, author.name])
        }
        for isbn in work.isbns {
            try db.cachedStatement(sql: "INSERT OR IGNORE INTO workISBN (isbn13, workId) VALUES (?, ?)")
                .execute(arguments: [isbn, id])
        }
        try db.cachedStatement(sql: "INSERT OR IGNORE INTO touched (workId) VALUES (?)").execute(arguments: [id])
    }

    /// Gives editions their works where those are in the catalogue now, and brings the title
    /// index up to date for every work this import touched (its own, and those whose authors it
    /// named).
    func finish() throws {
        try db.execute(
            sql: """
                INSERT OR IGNORE INTO workISBN (isbn13, workId)
                    SELECT p.isbn13, w.id FROM pendingEdition p JOIN work w ON w.key = p.workKey;
                DELETE FROM pendingEdition WHERE EXISTS (SELECT 1 FROM work WHERE work.key = pendingEdition.workKey);
                INSERT OR IGNORE INTO touched (workId)
                    SELECT workId FROM workAuthor WHERE authorKey IN (SELECT key FROM touchedAuthor);
                DELETE FROM workSearch WHERE rowid IN (SELECT workId FROM touched);
                INSERT INTO workSearch (rowid, title, authors)
                    SELECT w.id, w.title || coalesce(' ' || w.subtitle, ''),
                        coalesce((SELECT group_concat(coalesce(a.name, wa.name), ' ') FROM workAuthor wa
                            LEFT JOIN author a ON a.key = wa.authorKey WHERE wa.workId = w.id), '')
                    FROM work w JOIN touched t ON t.workId = w.id;
                DELETE FROM touched;
                DELETE FROM touchedAuthor;
                """)
    }
}
