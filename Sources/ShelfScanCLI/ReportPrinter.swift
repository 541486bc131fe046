import Foundation
import ShelfScan

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

    /// Per photo, a heading line and one line per book: number, status, detection score and outline.
    static func printBooks(_ report: ScanReport) {
        for image in report.images where image.error == nil {
            let size = "\(image.width ?? 0)×\(image.height ?? 0)"
            let count = image.books.count == 1 ? "1 book" : "\(image.books.count) books"
            print("\(image.path)  \(size)  \(count)  \(Int(image.elapsedMs.rounded())) ms")
            for (index, book) in image.books.enumerated() {
                let number = String(index + 1).leftPadded(to: 4)
                let status = book.status.rawValue.padding(toLength: 16, withPad: " ", startingAt: 0)
                let score = String(format: "%.2f", book.detectionScore)
                let outline = book.polygon.map { "\(Int($0.x.rounded())),\(Int($0.y.rounded()))" }.joined(separator: " ")
                print("\(number)  \(status)  score \(score)  \(outline)")
            }
        }
    }

    /// A line on stderr: `shelfscan: error: …`.
    static func printError(_ message: String, prefix: String = "error") {
        FileHandle.standardError.write(Data("shelfscan: \(prefix): \(message)\n".utf8))
    }
}

extension String {
    /// The string with spaces in front up to `length` characters.
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: " ", count: length - count) + self
    }
}
