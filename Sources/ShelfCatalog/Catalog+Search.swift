import Foundation
import GRDB
import ShelfText

/// What a catalogue holds, for `catalog info`.
public struct CatalogInfo: Sendable, Equatable {
    /// One file imported: where from, what it was, how many records it gave and skipped, when.
    public struct ImportedFile: Sendable, Equatable {
        public var path: String
        public var kind: String
        public var records: Int
        public var skipped: Int
        public var importedAt: Date
        /// Imported as an inventory: every book on the shelves to be scanned.
        public var isInventory: Bool
    }

    public var works: Int
    public var authors: Int
    public var isbns: Int
    /// Editions read whose work is not in the catalogue (yet): a works dump imported later gives
    /// them their work.
    public var editionsWaiting: Int
    public var files: [ImportedFile]

    /// Whether a reading the catalogue does not know is likely misread: it holds every book of
    /// the shelves scanned (an inventory was imported) or nearly every book in print (a million
    /// works or more, as a full Open Library import does).
    public var isComplete: Bool { works >= Self.completeWorks || files.contains(where: \.isInventory) }

    /// How many works make a catalogue hold nearly every book a shelf may have.
    public static let completeWorks = 1_000_000
}

extension Catalog {
    /// How many works, authors and ISBNs it holds, and the files imported into it.
    public func info() throws(CatalogError) -> CatalogInfo {
        try perform {
            try writer.read { db in
                let files = try Row.fetchAll(db, sql: "SELECT * FROM importedFile ORDER BY id").map { row in
                    CatalogInfo.ImportedFile(
                        path: row["path"], kind: row["kind"], records: row["records"], skipped: row["skipped"],
                        importedAt: row["importedAt"], isInventory: row["inventory"])
                }
                return CatalogInfo(
                    works: try Int.fetchOne(db, sql: "SELECT count(*) FROM work") ?? 0,
                    authors: try Int.fetchOne(db, sql: "SELECT count(*) FROM author") ?? 0,
                    isbns: try Int.fetchOne(db, sql: "SELECT count(*) FROM workISBN") ?? 0,
                    editionsWaiting: try Int.fetchOne(db, sql: "SELECT count(DISTINCT workKey) FROM pendingEdition") ?? 0,
                    files: files)
            }
        }
    }

    /// Whether a reading the catalogue does not know is likely misread (``CatalogInfo/isComplete``),
    /// found without counting millions of works.
    public func isComplete() throws(CatalogError) -> Bool {
        try perform {
            try writer.read { db in
                let inventories = try Int.fetchOne(db, sql: "SELECT count(*) FROM importedFile WHERE inventory") ?? 0
                let works = try Int.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM work") ?? 0
                return inventories > 0 || works >= CatalogInfo.completeWorks
            }
        }
    }

    /// The works whose title or authors share words with `text`, the best first (by the
    /// full-text index's rank): the candidates a spine's reading is checked against.
    public func candidates(for text: String, limit: Int = 40) throws(CatalogError) -> [CatalogWork] {
        let words = Self.searchWords(in: text)
        guard !words.isEmpty else { return [] }
        return try perform {
            try writer.read { db in
                // The rarest words the index knows: a word in most titles ("the", "love") would have
                // every one of millions of works ranked, and a word it does not know finds nothing.
                let list = words.map { "'\($0)'" }.joined(separator: ",")
                var documents: [String: Int] = [:]
                for row in try Row.fetchAll(db, sql: "SELECT term, doc FROM workSearchVocabulary WHERE term IN (\(list))") {
                    documents[row["term"]] = row["doc"]
                }
                let known = words.filter { documents[$0] != nil }.sorted { documents[$0]! < documents[$1]! }
                var chosen = Array(known.filter { documents[$0]! <= Self.commonWordDocuments }.prefix(Self.queryWords))
                if chosen.isEmpty { chosen = Array(known.prefix(2)) }
                guard !chosen.isEmpty else { return [] }
                let query = chosen.map { "\"\($0)\"" }.joined(separator: " OR ")
                let ids = try Int64.fetchAll(
                    db, sql: "SELECT rowid FROM workSearch WHERE workSearch MATCH ? ORDER BY bm25(workSearch, 2.0, 1.0) LIMIT ?",
                    arguments: [query, limit])
                return try Self.works(ids: ids, in: db)
            }
        }
    }

    /// The works whose editions have this ISBN-13.
    public func works(withISBN isbn13: String) throws(CatalogError) -> [CatalogWork] {
        try perform {
            try writer.read { db in
                try Self.works(ids: try Int64.fetchAll(db, sql: "SELECT workId FROM workISBN WHERE isbn13 = ?", arguments: [isbn13]), in: db)
            }
        }
    }

    /// A word in more works than this is too common to look works up by.
    static let commonWordDocuments = 20_000
    /// How many of a reading's rarest words it is looked up by.
    static let queryWords = 8

    /// Words to look a text up by: folded (no case, no accents), of three letters or more, each
    /// once, at most 24.
    static func searchWords(in text: String) -> [String] {
        var words: [String] = []
        for word in text.folded.split(whereSeparator: { !($0.isLetter || $0.isNumber) }) where word.count >= 3 {
            let word = String(word)
            if !words.contains(word) { words.append(word) }
            if words.count == 24 { break }
        }
        return words
    }

    /// The works with these ids, in this order, with their authors and ISBNs.
    static func works(ids: [Int64], in db: Database) throws -> [CatalogWork] {
        guard !ids.isEmpty else { return [] }
        let list = ids.map(String.init).joined(separator: ",")
        var byId: [Int64: CatalogWork] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, key, title, subtitle, year FROM work WHERE id IN (\(list))") {
            byId[row["id"]] = CatalogWork(key: row["key"], title: row["title"], subtitle: row["subtitle"], year: row["year"])
        }
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT wa.workId, coalesce(a.name, wa.name) AS name FROM workAuthor wa
                LEFT JOIN author a ON a.key = wa.authorKey WHERE wa.workId IN (\(list)) ORDER BY wa.workId, wa.position
                """)
        {
            let id: Int64 = row["workId"]
            if let name: String = row["name"] { byId[id]?.authors.append(name) }
        }
        for row in try Row.fetchAll(db, sql: "SELECT workId, isbn13 FROM workISBN WHERE workId IN (\(list)) ORDER BY isbn13") {
            let id: Int64 = row["workId"]
            byId[id]?.isbns.append(row["isbn13"])
        }
        return ids.compactMap { byId[$0] }
    }
}
