import Foundation

/// A comma-, semicolon- or tab-separated file as rows of cells (RFC 4180: quoted cells may hold separators,
/// doubled quotes and line breaks). Reads UTF-8 with or without BOM and UTF-16 with BOM, as the
/// services' exports come.
public struct CSVTable: Sendable, Equatable {
    public var header: [String]
    public var rows: [[String]]

    /// Parses `data`; the first non-empty row is the header.
    ///
    /// - Throws: ``LibraryError`` `badImport` when the bytes are not text.
    public init(data: Data, path: String) throws(LibraryError) {
        guard let text = Self.decode(data) else {
            throw LibraryError(.badImport, path: path, reason: "not a text file (neither UTF-8 nor UTF-16)")
        }
        self.init(text: text)
    }

    /// Parses CSV text.
    public init(text: String) {
        let firstLine = text.prefix { $0 != "\n" && $0 != "\r\n" }
        // Spreadsheets in locales that write a decimal comma separate with semicolons.
        let counts = ["\t", ";", ","].map { separator in (separator, firstLine.filter { $0 == separator }.count) }
        let separator: Character = counts.max { $0.1 < $1.1 }.flatMap { $0.1 > 0 ? $0.0 : nil } ?? ","
        var rows = Self.rows(of: text, separator: separator).filter { !($0.count == 1 && $0[0].isEmpty) }
        header = rows.isEmpty ? [] : rows.removeFirst().map { $0.trimmingCharacters(in: .whitespaces) }
        self.rows = rows
    }

    /// The cell under the first column named one of `names` (case-insensitively), trimmed; nil when
    /// the row has no such column or the cell is empty.
    public func cell(_ row: [String], _ names: String...) -> String? {
        for name in names {
            guard let column = header.firstIndex(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) else { continue }
            guard column < row.count else { return nil }
            let value = row[column].trimmingCharacters(in: .whitespacesAndNewlines)
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// Whether the header has a column named `name`, case-insensitively.
    public func hasColumn(_ name: String) -> Bool {
        header.contains { $0.caseInsensitiveCompare(name) == .orderedSame }
    }

    static func decode(_ data: Data) -> String? {
        let bytes = [UInt8](data.prefix(3))
        if bytes.starts(with: [0xFF, 0xFE]) { return String(data: data.dropFirst(2), encoding: .utf16LittleEndian) }
        if bytes.starts(with: [0xFE, 0xFF]) { return String(data: data.dropFirst(2), encoding: .utf16BigEndian) }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
        if let text = String(data: body, encoding: .utf8) { return text }
        return nil
    }

    static func rows(of text: String, separator: Character) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], cell = ""
        var inQuotes = false, cellWasQuoted = false
        var characters = text.makeIterator()
        var pending: Character? = characters.next()
        while let character = pending {
            pending = characters.next()
            if inQuotes {
                if character == "\"" {
                    if pending == "\"" {
                        cell.append("\"")
                        pending = characters.next()
                    } else {
                        inQuotes = false
                    }
                } else {
                    cell.append(character)
                }
                continue
            }
            switch character {
            case "\"" where cell.isEmpty && !cellWasQuoted:
                inQuotes = true
                cellWasQuoted = true
            case separator:
                row.append(cell)
                cell = ""
                cellWasQuoted = false
            case "\n", "\r\n", "\r":
                row.append(cell)
                rows.append(row)
                row = []
                cell = ""
                cellWasQuoted = false
            default:
                cell.append(character)
            }
        }
        if !cell.isEmpty || !row.isEmpty || cellWasQuoted {
            row.append(cell)
            rows.append(row)
        }
        return rows
    }
}
