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
                print("\(found.isbn.isbn13)  \(source)  \(addonColumn)  \(image.path)")
            }
        }
    }

    /// Prints `booksTable(_:)`.
    static func printBooks(_ report: ScanReport) {
        print(booksTable(report), terminator: "")
    }

    /// Per photo, a heading line and one line per book (number, status, confidence, title, author,
    /// ISBN, library entry) and a summary; then a line for the batch when it has several photos.
    static func booksTable(_ report: ScanReport) -> String {
        var lines: [String] = []
        func print(_ line: String) { lines.append(line) }
        for image in report.images where image.error == nil {
            let size = "\(image.width ?? 0)×\(image.height ?? 0)"
            print("\(image.path)  \(size)  \(Int(image.elapsedMs.rounded())) ms")
            guard !image.books.isEmpty else {
                print("  no books found\n")
                continue
            }
            let header = [
                "#".leftPadded(to: 3), "status".cell(16), "conf".cell(4), "title".cell(36), "author".cell(22),
                "ISBN".cell(13),
                "library",
            ]
            print("  " + header.joined(separator: "  "))
            for (index, book) in image.books.enumerated() {
                let row = [
                    String(index + 1).leftPadded(to: 3), book.status.rawValue.cell(16),
                    // Rounded down, so a book just under the threshold never shows as 0.70 and uncertain.
                    String(format: "%.2f", (book.confidence * 100).rounded(.down) / 100), (book.title ?? "–").cell(36),
                    (book.author ?? "–").cell(22),
                    (book.isbn?.isbn13 ?? "–").cell(13),
                    book.libraryMatch.map { "#\($0.id) by \($0.matchedBy.rawValue)" } ?? "",
                ]
                // Only trailing blanks go: the number column is padded on its left.
                var line = "  " + row.joined(separator: "  ")
                while line.last == " " { line.removeLast() }
                print(line)
            }
            print("  " + summaryLine(of: image.books) + "\n")
        }
        if report.images.count > 1 {
            let books = report.images.flatMap(\.books)
            print("\(report.images.count) photos: " + summaryLine(of: books) + errorCount(report.summary.errors))
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// "38 books: 31 selected (4 confirmed), 7 uncertain".
    private static func summaryLine(of books: [DetectedBook]) -> String {
        let selected = books.filter(\.selected).count
        let confirmed = books.filter { $0.status == .confirmed }.count
        let uncertain = books.filter { $0.status == .uncertain }.count
        let owned = books.filter { $0.status == .alreadyInLibrary }.count
        var line = "\(books.count) \(books.count == 1 ? "book" : "books"): \(selected) selected"
        if confirmed > 0 { line += " (\(confirmed) confirmed by ISBN)" }
        line += ", \(uncertain) uncertain"
        if owned > 0 { line += ", \(owned) already in the library" }
        return line
    }

    /// What `scan --add` did, on stderr (stdout may be carrying JSON).
    static func printAddition(_ summary: AddSummary, to path: String) {
        let copies = summary.added.reduce(0) { $0 + $1.copies }
        var line = "added \(summary.added.count) \(summary.added.count == 1 ? "book" : "books")"
        if copies > summary.added.count { line += " (\(copies) copies)" }
        line += " to \(path)"
        if !summary.alreadyPresent.isEmpty { line += "; \(summary.alreadyPresent.count) were there already" }
        FileHandle.standardError.write(Data("shelfscan: \(line)\n".utf8))
    }

    private static func errorCount(_ errors: Int) -> String {
        errors == 0 ? "" : ", \(errors) \(errors == 1 ? "photo" : "photos") not read"
    }

    /// A line on stderr: `shelfscan: error: …`.
    static func printError(_ message: String, prefix: String = "error") {
        FileHandle.standardError.write(Data("shelfscan: \(prefix): \(message)\n".utf8))
    }
}

extension String {
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
