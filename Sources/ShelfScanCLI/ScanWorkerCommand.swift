import ArgumentParser
import Foundation
import ShelfImaging
import ShelfLibrary
import ShelfPipeline

/// `shelfscan scan-worker`: the scanning half of `shelfscan scan` (and, with `--isbn-only`, of
/// `shelfscan isbn`), run by `ScanSupervisor` in a process of its own so that a photo that crashes
/// it loses only itself. Not for people: hidden.
///
/// Scans the photos in order and writes, per photo as soon as it is done, one line of JSON on
/// stdout (`WorkerMessage`: the photo's report at full precision), and `--annotate` pictures.
/// Prints nothing else; Ctrl-C stops it after the photo in hand, with exit status 130.
struct ScanWorkerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan-worker", abstract: "Scan photos for a supervising shelfscan (internal).",
        shouldDisplay: false)

    @Argument var photos: [String] = []
    @Option var maxPixels: Int
    @Option var minConfidence: Double = BookAssessor.defaultMinimumConfidence
    @Option var annotate: String?
    @Option var library: String?
    /// Read only the ISBNs, as `shelfscan isbn` does.
    @Flag var isbnOnly = false
    /// With `--isbn-only`: read the printed text even when a barcode was found.
    @Flag var allText = false

    func run() async throws {
        ParentWatch.exitWhenOrphaned()
        var options = ScanOptions(maxPixels: maxPixels, readsTextAlways: allText, minimumConfidence: minConfidence)
        if let library {
            options.library = try Library.open(at: library, for: .read).matcher()
        }
        let annotator = try annotate.map { folder in try Annotator(folder: folder) }
        if annotator != nil { options.annotationMaxSide = Annotator.maxSide }
        let photos = photos, isbnOnly = isbnOnly
        let outcome = await Interruption.run(afterFirst: .ignore) { [options] in
            for photo in photos {
                if Task.isCancelled { return }
                Self.trapIfAskedTo(on: photo)
                if isbnOnly {
                    let report = await ShelfScanner.shared.isbnReport(forPhotoAt: photo, options: options)
                    if report.error?.code != .cancelled { WorkerMessage(report: report).send() }
                    continue
                }
                await ShelfScanner.shared.scan(photosAt: [photo], options: options) { scan in
                    var message = WorkerMessage(report: scan.report)
                    if let annotator, let picture = scan.annotated {
                        do {
                            try annotator.write(picture, for: scan.report.path)
                        } catch {
                            message.annotationFailure = "\(error)"
                        }
                    }
                    // A photo the interruption cut short is not passed on as scanned.
                    guard scan.report.error?.code != .cancelled else { return }
                    message.send()
                }
            }
        }
        if outcome.wasInterrupted { throw ExitCode(130) }
    }

    /// The supervisor's tests make a worker trap on a photo, as a bug would: set
    /// `SHELFSCAN_TEST_TRAP_ON` to the photo's path. Never set otherwise.
    static func trapIfAskedTo(on photo: String) {
        if let target = ProcessInfo.processInfo.environment["SHELFSCAN_TEST_TRAP_ON"], target == photo {
            fatalError("SHELFSCAN_TEST_TRAP_ON: trapping on \(photo), as asked")
        }
    }
}

/// One line a worker writes: a photo's report, and an annotated picture it could not write.
struct WorkerMessage: Codable {
    var report: ImageReport
    var annotationFailure: String?

    /// Writes the message as one line on stdout, at once.
    func send() {
        let encoder = JSONEncoder()
        encoder.userInfo[.fullPrecision] = true
        guard let data = try? encoder.encode(self) else { return }
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }

    static func decode(_ line: Data) -> WorkerMessage? {
        try? JSONDecoder().decode(WorkerMessage.self, from: line)
    }
}
