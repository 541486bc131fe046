import Foundation
import ShelfPipeline
import ShelfWorkers

/// What `scan` prints on stdout.
enum ScanFormat: Sendable, Equatable {
    /// A table per photo, as each is done (the default).
    case table
    /// One JSON document at the end (`--json`).
    case json
    /// One line of JSON per photo, as each is done (`--jsonl`).
    case jsonLines
    /// The selected books in Goodreads's import columns (`--csv`), at the end.
    case csv
}

/// Gathers a batch's photos as they are done and shows each at once: its table (or JSON line) on
/// stdout, its errors and unwritten pictures on stderr, and the progress. Called from the thread
/// that reads the scanner's messages, or from the scan itself; one call at a time.
final class ScanOutput: Sendable {
    /// One photo's result: its report, and the pictures written for it.
    struct Photo: Sendable {
        var report: ImageReport
        var pictures: PictureWriter.Written
    }

    private struct State {
        var done: [String: Photo] = [:]
        var doneCount = 0
    }

    let format: ScanFormat
    let style: TerminalStyle
    let progress: ProgressDisplay
    /// The photos being scanned, in order.
    private let photos: [String]
    private let state = Locked(State())

    init(format: ScanFormat, style: TerminalStyle, progress: ProgressDisplay, photos: [String]) {
        self.format = format
        self.style = style
        self.progress = progress
        self.photos = photos
    }

    /// Starts the display of the first photo.
    func start() {
        if let first = photos.first { progress.begin(photo: 0, path: first) }
    }

    /// Takes in one message of the scanner.
    func receive(_ message: WorkerMessage) {
        if let update = message.progress { progress.update(update) }
        guard let report = message.report else { return }
        photoDone(Photo(report: report, pictures: message.pictures ?? PictureWriter.Written()))
    }

    /// Shows a photo just done, and starts the display of the next.
    func photoDone(_ photo: Photo) {
        let report = photo.report
        let index = state.withLock { state in
            state.done[report.path] = photo
            state.doneCount += 1
            return state.doneCount - 1
        }
        progress.finished(photo: index, path: report.path, summary: Self.summary(of: report))
        progress.withLineCleared {
            switch format {
            case .table: StandardStreams.write(ReportPrinter.photoTable(report, style: style), what: "the table")
            case .jsonLines:
                if let line = try? ReportPrinter.jsonLine(report) { StandardStreams.print(line, what: "the JSON lines") }
            case .json, .csv: break
            }
            if let error = report.error { ReportPrinter.printError(error.message) }
            for failure in photo.pictures.failures { ReportPrinter.printError(failure) }
        }
        if index + 1 < photos.count { progress.begin(photo: index + 1, path: photos[index + 1]) }
    }

    /// The photos done, in the batch's order.
    var done: [Photo] {
        state.withLock { state in photos.compactMap { state.done[$0] } }
    }

    /// "38 books, 31 selected", or "not read".
    static func summary(of report: ImageReport) -> String {
        if report.error != nil && report.books.isEmpty { return "not read" }
        let selected = report.books.filter(\.selected).count
        return "\(report.books.count) \(report.books.count == 1 ? "book" : "books"), \(selected) selected"
    }
}
