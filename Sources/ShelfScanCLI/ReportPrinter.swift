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

    /// A line on stderr: `shelfscan: error: …`.
    static func printError(_ message: String, prefix: String = "error") {
        FileHandle.standardError.write(Data("shelfscan: \(prefix): \(message)\n".utf8))
    }
}
