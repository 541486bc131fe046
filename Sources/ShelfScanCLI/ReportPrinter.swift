import Foundation
import ShelfISBN
import ShelfLibrary
import ShelfPipeline

/// Turns reports into what the terminal shows: results on stdout, diagnostics on stderr.
enum ReportPrinter {
    /// The report as pretty-printed JSON with a stable key order.
    static func json(_ report: ScanReport) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(report), as: UTF8.self)
    }

    /// One line per ISBN: `ISBN-13  source  add-on  photo`; photos without one are named on stderr.
    static func printISBNLines(_ report: ScanReport) {
        for image in report.images where image.error == nil {
            if image.isbns.isEmpty {
                printError("\(image.path): no ISBN found", prefix: "note")
                continue
            }
            for found in image.isbns {
                let addon = found.addon.map { "add-on \($0)" } ?? "-"
                let source = found.source.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
                let addonColumn = addon.padding(toLength: 12, withPad: " ", startingAt: 0)
                StandardStreams.print("\(found.isbn.isbn13)  \(source)  \(addonColumn)  \(image.path)", what: "the ISBNs")
            }
        }
    }

    /// One photo's report as one line of JSON (`--jsonl`), keys sorted.
    static func jsonLine(_ image: ImageReport) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(image), as: UTF8.self)
    }

    /// Per photo `photoTable`, then a line for the batch when it has several photos.
    static func booksTable(_ report: ScanReport, style: TerminalStyle = .plain) -> String {
        var text = report.images.map { photoTable($0, style: style) }.joined()
        if report.images.count > 1 { text += batchLine(report) + "\n" }
        return text
    }

    /// The line for a batch: "3 photos: 114 books: …".
    static func batchLine(_ report: ScanReport) -> String {
        let books = report.images.flatMap(\.books)
        return "\(report.images.count) photos: " + summaryLine(of: books) + errorCount(report.summary.errors)
    }

    /// A photo's heading line, one line per book (number, status, confidence, title, author, ISBN,
    /// library entry) and a summary; nothing for a photo that could not be read. Titles and authors
    /// longer than their columns go on over more lines, never cut; the title column takes the
    /// terminal's width when there is one.
    static func photoTable(_ image: ImageReport, style: TerminalStyle = .plain) -> String {
        guard image.error == nil else { return "" }
        var lines: [String] = []
        let size = "\(image.width ?? 0)×\(image.height ?? 0)"
        lines.append("\(image.path)  \(size)  \(Int(image.elapsedMs.rounded())) ms")
        let loose = looseISBNLines(image)
        guard !image.books.isEmpty else { return (lines + ["  no books found"] + loose).joined(separator: "\n") + "\n\n" }
        let libraryColumn = image.books.map { libraryCell($0).count }.max() ?? 0
        // Number, status, confidence and ISBN columns with their gaps, the author column, the library one.
        let fixed = 2 + 3 + 2 + 16 + 2 + 4 + 2 + 2 + 22 + 2 + 13 + 2 + max(7, libraryColumn)
        let longestTitle = image.books.map { ($0.title ?? "–").count }.max() ?? 0
        let titleWidth = min(max(longestTitle, 5), max(36, (style.width ?? 0) - fixed))
        let header = [
            "#".leftPadded(to: 3), "status".cell(16), "conf".cell(4), "title".cell(titleWidth), "author".cell(22),
            "ISBN".cell(13), "library",
        ]
        lines.append(("  " + header.joined(separator: "  ")).trimmingTrailingBlanks)
        for (index, book) in image.books.enumerated() {
            let titleLines = (book.title ?? "–").wrapped(to: titleWidth)
            let authorLines = (book.author ?? "–").wrapped(to: 22)
            for line in 0..<max(titleLines.count, authorLines.count) {
                let title = line < titleLines.count ? titleLines[line] : ""
                let author = line < authorLines.count ? authorLines[line] : ""
                guard line == 0 else {
                    // A title or author going on: under its column.
                    let indent = String(repeating: " ", count: 2 + 3 + 2 + 16 + 2 + 4 + 2)
                    lines.append((indent + title.cell(titleWidth) + "  " + author).trimmingTrailingBlanks)
                    continue
                }
                let row = [
                    String(index + 1).leftPadded(to: 3), statusCell(book.status, style: style),
                    // Rounded down, so a book just under the threshold never shows as 0.70 and uncertain.
                    String(format: "%.2f", (book.confidence * 100).rounded(.down) / 100), title.cell(titleWidth),
                    author.cell(22), (book.isbn?.isbn13 ?? "–").cell(13), libraryCell(book),
                ]
                // Only trailing blanks go: the number column is padded on its left.
                lines.append(("  " + row.joined(separator: "  ")).trimmingTrailingBlanks)
            }
        }
        lines.append("  " + summaryLine(of: image.books))
        return (lines + loose).joined(separator: "\n") + "\n\n"
    }

    /// A line for each ISBN read on the photo that no book carries: the barcode of a back cover,
    /// an ISBN read where no spine was found. Without them a photo of a back cover showed only
    /// "no books found", its ISBN left to the JSON.
    static func looseISBNLines(_ image: ImageReport) -> [String] {
        var shown = Set(image.books.compactMap { $0.isbn?.isbn13 })
        return image.isbns.compactMap { found in
            guard shown.insert(found.isbn.isbn13).inserted else { return nil }
            var line = "  ISBN \(found.isbn.isbn13) (" + (found.source == .barcode ? "barcode" : "printed")
            if let addon = found.addon { line += ", add-on \(addon)" }
            return line + (image.books.isEmpty ? ")" : "), on none of the books above")
        }
    }

    /// The library entry a book is (`#7 by isbn`, `wanted #2 by title`), else the catalogue work
    /// it was identified as (`catalogue OL59863W`).
    private static func libraryCell(_ book: DetectedBook) -> String {
        if let match = book.libraryMatch { return (match.isWanted ? "wanted #" : "#") + "\(match.id) by \(match.matchedBy.rawValue)" }
        if let work = book.identified { return "catalogue " + ((work.key as NSString).lastPathComponent) }
        return ""
    }

    /// The status, padded to its column, in its colour.
    private static func statusCell(_ status: DetectedBook.Status, style: TerminalStyle) -> String {
        let paint: TerminalStyle.Paint =
            switch status {
            case .detected: .green
            case .confirmed: .blue
            case .alreadyInLibrary: .magenta
            case .uncertain: .yellow
            }
        let name = status.rawValue
        return style.paint(name, paint) + String(repeating: " ", count: max(0, 16 - name.count))
    }

    /// "38 books: 31 selected (4 confirmed), 7 uncertain".
    static func summaryLine(of books: [DetectedBook]) -> String {
        let selected = books.filter(\.selected).count
        let confirmed = books.filter { $0.status == .confirmed }.count
        let uncertain = books.filter { $0.status == .uncertain }.count
        let owned = books.filter { $0.status == .alreadyInLibrary }.count
        let wanted = books.filter(\.isWanted).count
        var line = "\(books.count) \(books.count == 1 ? "book" : "books"): \(selected) selected"
        if confirmed > 0 { line += " (\(confirmed) confirmed by ISBN)" }
        line += ", \(uncertain) uncertain"
        if owned > 0 { line += ", \(owned) already in the library" }
        if wanted > 0 { line += ", \(wanted) wanted (on a wish shelf)" }
        return line
    }

    /// What `scan --add` did: a line, then each book added (id, title, author). On stdout under
    /// the tables; on stderr when stdout carries JSON or CSV.
    static func printAddition(_ summary: AddSummary, to path: String, toStdout: Bool) {
        let copies = summary.added.reduce(0) { $0 + $1.copies }
        var line = "added \(summary.added.count) \(summary.added.count == 1 ? "book" : "books")"
        if copies > summary.added.count { line += " (\(copies) copies)" }
        line += " to \(path)"
        if !summary.alreadyPresent.isEmpty { line += "; \(summary.alreadyPresent.count) were there already" }
        if !summary.nowOwned.isEmpty {
            line += "; \(summary.nowOwned.count) you wanted \(summary.nowOwned.count == 1 ? "is" : "are") now owned"
        }
        var lines = [summary.added.isEmpty && summary.nowOwned.isEmpty ? line : line + ":"]
        for book in summary.added + summary.nowOwned {
            var entry = "  #\(book.id ?? 0)  \(book.fullTitle)"
            if let author = book.author { entry += "  by \(author)" }
            if book.copies > 1 { entry += "  (\(book.copies) copies)" }
            if summary.nowOwned.contains(where: { $0.id == book.id }) { entry += "  (was wanted; now owned)" }
            lines.append(entry)
        }
        let text = lines.joined(separator: "\n") + "\n"
        if toStdout {
            StandardStreams.write(text, what: "the books added")
        } else {
            StandardStreams.writeError("shelfscan: " + text)
        }
    }

    private static func errorCount(_ errors: Int) -> String {
        errors == 0 ? "" : ", \(errors) \(errors == 1 ? "photo" : "photos") not read"
    }

    /// A line on stderr: `shelfscan: error: …`. Standard output is flushed first, so that in one
    /// file the line never lands inside a line of the table.
    static func printError(_ message: String, prefix: String = "error") {
        StandardStreams.writeError("shelfscan: \(prefix): \(message)\n")
    }
}

extension String {
    /// The string without trailing spaces.
    var trimmingTrailingBlanks: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }

    /// The string broken at spaces into lines of at most `width` characters (a longer word is cut
    /// into pieces of `width`).
    func wrapped(to width: Int) -> [String] {
        guard width > 0, count > width else { return [self] }
        var lines: [String] = []
        var line = ""
        for word in split(separator: " ", omittingEmptySubsequences: true) {
            var word = Substring(word)
            if !line.isEmpty && line.count + 1 + word.count <= width {
                line += " " + word
                continue
            }
            if !line.isEmpty { lines.append(line) }
            while word.count > width {
                lines.append(String(word.prefix(width)))
                word = word.dropFirst(width)
            }
            line = String(word)
        }
        if !line.isEmpty { lines.append(line) }
        return lines.isEmpty ? [""] : lines
    }

    /// The string cut or padded with spaces to exactly `width` characters ("…" marks a cut).
    func cell(_ width: Int) -> String {
        if count > width { return String(prefix(width - 1)) + "…" }
        return padding(toLength: width, withPad: " ", startingAt: 0)
    }

    /// The string with spaces in front up to `length` characters.
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: " ", count: length - count) + self
    }
}
