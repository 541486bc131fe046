import Foundation
import ShelfISBN
import ShelfImaging
import ShelfLibrary
import ShelfPipeline
import Testing

@testable import ShelfScanCLI

/// The table and the JSON report, byte for byte, against stored outputs (`Golden/`): a change to
/// either format shows up here as a diff to look at. Run with `SHELFSCAN_UPDATE_GOLDEN=1` to write
/// the stored outputs anew after an intended change, and read the diff before committing it.
struct ReportGoldenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// A report with every kind of row: each status, a library match, a long title cut in the
    /// table, an accent, no title, an ISBN read as a barcode and one as text, a failed photo.
    static func report() throws -> ScanReport {
        let outline = [Point(x: 10, y: 20), Point(x: 52.25, y: 20), Point(x: 52.25, y: 610.5), Point(x: 10, y: 610.5)]
        var owned = DetectedBook(
            title: "Leviathan Wakes", author: "James S. A. Corey", isbn: nil, confidence: 0.912, detectionScore: 0.88,
            status: .detected, selected: true, polygon: outline, textOrientation: .topToBottom,
            text: "LEVIATHAN WAKES | JAMES S. A. COREY | orbit", publisher: "orbit", signals: ["detection": 0.88])
        owned.markInLibrary(
            LibraryMatch(
                id: 7, title: "Leviathan Wakes", author: "James S. A. Corey", isbn: try ISBN("9780316129084"),
                matchedBy: .titleAndAuthor, similarity: 1))
        let books = [
            DetectedBook(
                title: "The Remains of the Day", author: "Kazuo Ishiguro", isbn: try ISBN("9780571200733"),
                confidence: 0.95,
                detectionScore: 0.93, status: .confirmed, selected: true, polygon: outline,
                textOrientation: .topToBottom,
                text: "THE REMAINS OF THE DAY | KAZUO ISHIGURO | faber", publisher: "faber",
                signals: ["detection": 0.93, "titleConfidence": 0.914]),
            DetectedBook(
                title: "Cien años de soledad", author: "García Márquez", confidence: 0.7, detectionScore: 0.9,
                status: .detected,
                selected: true, polygon: outline, textOrientation: .bottomToTop,
                text: "Cien años de soledad | GARCÍA MÁRQUEZ"),
            DetectedBook(
                title: "A Very Long Title That Goes On Well Past The Width Of Its Column", author: nil,
                confidence: 0.6999,
                detectionScore: 0.71, status: .uncertain, selected: false, polygon: outline,
                textOrientation: .topToBottom,
                text: "A VERY LONG TITLE THAT GOES ON WELL PAST THE WIDTH OF ITS COLUMN"),
            owned,
            DetectedBook(
                confidence: 0.12, detectionScore: 0.5, status: .uncertain, selected: false, polygon: outline, text: ""),
        ]
        let shelf = ImageReport(
            path: "photos/shelf.jpg", width: 1600, height: 1200, elapsedMs: 3196.44, books: books,
            isbns: [
                ReportedISBN(isbn: try ISBN("9780571200733"), source: .barcode, addon: "51495", polygon: outline),
                ReportedISBN(isbn: try ISBN("0316129089"), source: .text, polygon: outline),
            ],
            timings: ["decode": 41.26, "detect": 380.04])
        let broken = ImageReport(
            path: "photos/phone.heic", elapsedMs: 0.4,
            stageErrors: [
                ReportedError(
                    code: .unsupportedFormat, stage: .decode,
                    message: "photos/phone.heic: HEIC is not supported: shelfscan reads JPEG and PNG photos")
            ])
        return ScanReport(images: [shelf, broken])
    }

    static func check(_ output: String, against name: String) throws {
        let file = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["SHELFSCAN_UPDATE_GOLDEN"] == "1" {
            try output.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let stored = try String(contentsOf: file, encoding: .utf8)
        #expect(output == stored, "\(name) changed; if on purpose, rerun with SHELFSCAN_UPDATE_GOLDEN=1")
    }

    @Test func theTableIsAsStored() throws {
        try Self.check(ReportPrinter.booksTable(try Self.report()), against: "scan-table.txt")
    }

    /// A photo with no book but an ISBN (a back cover's barcode) shows the ISBN under "no books
    /// found"; an ISBN a book carries is not shown twice.
    @Test func aPhotoWithoutBooksShowsItsISBNs() throws {
        let isbn = try ISBN("9780571200733")
        let cover = ImageReport(
            path: "cover.jpg", width: 900, height: 1200, elapsedMs: 200,
            isbns: [
                ReportedISBN(isbn: isbn, source: .barcode, addon: "51495"), ReportedISBN(isbn: isbn, source: .text),
            ])
        #expect(
            ReportPrinter.photoTable(cover)
                == "cover.jpg  900×1200  200 ms\n  no books found\n  ISBN 9780571200733 (barcode, add-on 51495)\n\n")
    }

    @Test func theJSONReportIsAsStored() throws {
        try Self.check(try ReportPrinter.json(try Self.report()) + "\n", against: "scan-report.json")
    }
}
