import ArgumentParser
import Foundation
import ShelfImaging
import ShelfLibrary
import ShelfPipeline

/// `shelfscan scan PHOTO...`: the books on shelf photos.
struct ScanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Find the books on photos of bookshelves.",
        discussion: """
            Prints, per photo, one line per book found: its number, status, confidence, title, \
            author and ISBN, then a summary. Books at or above the minimum confidence are selected: \
            "confirmed" when an ISBN on the spine agrees, "detected" otherwise; the others are \
            "uncertain", for a person to check. Books already in the library are "alreadyInLibrary" and \
            never selected; --add adds the selected new ones to it. Exits 0 when every photo was read, 1 when any photo \
            could not be read; the other photos are scanned all the same. Ctrl-C stops the scan: the photos \
            done are printed, nothing is added, and the exit status is 130.
            """
    )

    @OptionGroup var options: PhotoOptions

    @OptionGroup var libraryOptions: LibraryOptions

    @Flag(
        name: .long,
        help:
            "Add the selected books that are not in the library yet to it: one entry per distinct book, with the copies seen."
    )
    var add = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Write, per photo, a PNG with every book outlined and numbered into this folder.", valueName: "folder"))
    var annotate: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Select the books at or above this confidence (0 to 1).", valueName: "confidence"))
    var minConfidence: Double = BookAssessor.defaultMinimumConfidence

    func validate() throws {
        guard (0...1).contains(minConfidence) else {
            throw ValidationError("--min-confidence must be between 0 and 1, not \(minConfidence).")
        }
        if let folder = annotate {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), !isDirectory.boolValue {
                throw ValidationError("--annotate needs a folder, but \(folder) is a file.")
            }
        }
    }

    func run() async throws {
        let library = add ? try libraryOptions.open() : try libraryOptions.openIfPresent()
        if library == nil && libraryOptions.isNamed {
            ReportPrinter.printError(
                "\(libraryOptions.path): no library there yet; nothing to compare with", prefix: "note")
        }
        var scanOptions = ScanOptions(maxPixels: options.maxPixels, minimumConfidence: minConfidence)
        do {
            scanOptions.library = try library?.matcher()
        } catch {
            throw error.exit()
        }
        // The folder is made before the scan: a folder that cannot be made fails at once, not after it.
        var annotator: Annotator?
        if let folder = annotate {
            do {
                annotator = try Annotator(folder: folder)
                scanOptions.annotationMaxSide = Annotator.maxSide
            } catch {
                ReportPrinter.printError("\(error)")
                throw ExitCode.failure
            }
        }
        let photos = options.photos
        let outcome: Interruption.Outcome<ScanResults.Collected>
        if ScanSupervisor.isAvailable {
            // The photos are scanned in a child process, so that one that crashes it loses only itself.
            var workerOptions = ["--max-pixels", String(options.maxPixels), "--min-confidence", String(minConfidence)]
            if let folder = annotate { workerOptions += ["--annotate", folder] }
            if library != nil { workerOptions += ["--library", libraryOptions.path] }
            let supervised = await ScanSupervisor(photos: photos, workerOptions: workerOptions).run()
            outcome = Interruption.Outcome(
                value: ScanResults.Collected(
                    reports: supervised.reports, annotationFailures: supervised.annotationFailures),
                wasInterrupted: supervised.wasInterrupted)
        } else {
            outcome = await Interruption.run { [scanOptions, annotator] in
                let results = ScanResults(annotator: annotator)
                await ShelfScanner.shared.scan(photosAt: photos, options: scanOptions) { await results.add($0) }
                return await results.collected
            }
        }
        // A photo the interruption cut short is not reported as scanned.
        let images = outcome.value.reports.filter { $0.error?.code != .cancelled }
        let report = ScanReport(images: images)
        if options.json {
            print(try ReportPrinter.json(report))
        } else {
            ReportPrinter.printBooks(report)
        }
        for image in report.images {
            if let error = image.error { ReportPrinter.printError(error.message) }
        }
        for failure in outcome.value.annotationFailures { ReportPrinter.printError(failure) }
        if outcome.wasInterrupted {
            ReportPrinter.printError(
                "interrupted: \(images.count) of \(photos.count) photos scanned"
                    + (add ? "; nothing was added to the library" : ""), prefix: "stopped")
            throw ExitCode(130)
        }
        var failed = report.summary.errors > 0 || !outcome.value.annotationFailures.isEmpty
        if add, let library {
            do {
                let summary = try library.add(report.selectedCopies)
                ReportPrinter.printAddition(summary, to: library.path ?? "")
            } catch {
                ReportPrinter.printError(error.description)
                failed = true
            }
        }
        if failed { throw ExitCode.failure }
    }
}

/// The photos of a scan as they come in, their annotated pictures written at once.
actor ScanResults {
    struct Collected: Sendable {
        var reports: [ImageReport] = []
        var annotationFailures: [String] = []
    }

    private let annotator: Annotator?
    private(set) var collected = Collected()

    init(annotator: Annotator?) {
        self.annotator = annotator
    }

    func add(_ scan: PhotoScan) {
        collected.reports.append(scan.report)
        guard let annotator, let picture = scan.annotated else { return }
        do {
            try annotator.write(picture, for: scan.report.path)
        } catch {
            collected.annotationFailures.append("\(error)")
        }
    }
}
