import ArgumentParser
import Foundation
import ShelfFiles
import ShelfImaging
import ShelfLibrary
import ShelfPipeline
import ShelfWorkers

/// `shelfscan scan-worker`: the scanning half of `shelfscan scan` (and, with `--isbn-only`, of
/// `shelfscan isbn`), run by `ScanSupervisor` in a process of its own so that a photo that crashes
/// it loses only itself. Not for people: hidden.
///
/// Scans the photos in order and writes, per photo as soon as it is done, one line of JSON on
/// stdout (`WorkerMessage`: the photo's report at full precision, and the `--annotate` and
/// `--crops` pictures written for it), and with `--progress` a line as each spine is read.
/// Prints nothing else; Ctrl-C stops it after the photo in hand, with exit status 130.
struct ScanWorkerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan-worker", abstract: "Scan photos for a supervising shelfscan (internal).",
        shouldDisplay: false)

    @Argument var photos: [String] = []
    @Option var maxPixels: Int
    @Option var minConfidence: Double = BookAssessor.defaultMinimumConfidence
    @Option var annotate: String?
    @Option var crops: String?
    /// Each photo's name for its pictures, in the photos' order (`PictureWriter.uniqueNames`).
    @Option var outputName: [String] = []
    @Option var library: String?
    @Option var catalog: String?
    /// Identify in the built-in selection of popular books.
    @Flag var builtInCatalog = false
    /// Read only the ISBNs, as `shelfscan isbn` does.
    @Flag var isbnOnly = false
    /// With `--isbn-only`: read the printed text even when a barcode was found.
    @Flag var allText = false
    /// Send a message as each spine is read.
    @Flag var progress = false

    func run() async throws {
        ParentWatch.exitWhenOrphaned()
        var options = ScanOptions(maxPixels: maxPixels, readsTextAlways: allText, minimumConfidence: minConfidence)
        if let library {
            options.library = try Library.open(at: library, for: .read).matcher()
        }
        let choice: ScanCatalog = catalog.map { .file($0) } ?? (builtInCatalog ? .builtIn : .none)
        options.catalog = try choice.identifier(models: nil)
        let writer = try PictureWriter(annotationFolder: annotate, cropFolder: crops)
        writer.configure(&options)
        if progress {
            options.progress = { WorkerMessage(progress: $0).send() }
        }
        let photos = photos, isbnOnly = isbnOnly
        let names = outputName.count == photos.count ? outputName : PictureWriter.uniqueNames(for: photos)
        let outcome = await Interruption.run(afterFirst: .ignore) { [options] in
            if isbnOnly {
                for photo in photos {
                    if Task.isCancelled { return }
                    Self.trapIfAskedTo(on: photo)
                    let report = await ShelfScanner.shared.isbnReport(forPhotoAt: photo, options: options)
                    if report.error?.code != .cancelled { WorkerMessage(report: report).send() }
                }
                return
            }
            // One scan of them all, so that the next photo is prepared while one is read; the
            // supervisor finds out which photo a crash was on (`ScanSupervisor`).
            if let first = photos.first { Self.trapIfAskedTo(on: first) }
            let done = Locked(0)
            await ShelfScanner.shared.scan(photosAt: photos, options: options) { scan in
                let index = done.withLock { count in
                    defer { count += 1 }
                    return count
                }
                // The next photo is in hand (being prepared) until this one is passed on.
                if index + 1 < photos.count { Self.trapIfAskedTo(on: photos[index + 1]) }
                // A photo the interruption cut short is not passed on as scanned.
                guard scan.report.error?.code != .cancelled else { return }
                WorkerMessage(report: scan.report, pictures: writer.write(scan, name: names[index])).send()
            }
        }
        if outcome.wasInterrupted { throw ExitCode(130) }
    }

    /// The supervisor's tests make a worker trap on a photo, as a bug would: set
    /// `SHELFSCAN_TEST_TRAP_ON` to the photo's path. A scan traps while that photo is in hand
    /// beside the one before it, before the one before is passed on. Never set otherwise.
    static func trapIfAskedTo(on photo: String) {
        if let target = ProcessInfo.processInfo.environment["SHELFSCAN_TEST_TRAP_ON"], target == photo {
            fatalError("SHELFSCAN_TEST_TRAP_ON: trapping on \(photo), as asked")
        }
    }
}

/// One line a worker writes: a photo's report with the pictures written for it, or how far the
/// photo in hand has come.
struct WorkerMessage: Codable, Sendable {
    var report: ImageReport?
    var pictures: PictureWriter.Written?
    var progress: ScanProgress?

    init(report: ImageReport, pictures: PictureWriter.Written? = nil) {
        self.report = report
        self.pictures = pictures
    }

    init(progress: ScanProgress) {
        self.progress = progress
    }

    /// Lines are written whole, one at a time (progress comes from worker threads).
    private static let output = Locked(())

    /// Writes the message as one line on stdout, at once.
    func send() {
        let encoder = JSONEncoder()
        encoder.userInfo[.fullPrecision] = true
        guard let data = try? encoder.encode(self) else { return }
        // A parent that is gone cannot be told; FileHandle.write would trap on the broken pipe.
        Self.output.withLock { _ in _ = Descriptor.writeAll(data + Data("\n".utf8), to: STDOUT_FILENO) }
    }

    static func decode(_ line: Data) -> WorkerMessage? {
        try? JSONDecoder().decode(WorkerMessage.self, from: line)
    }
}
