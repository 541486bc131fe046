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
            Every photo named (a folder means the JPEG and PNG photos in it, in name order) is checked \
            before the first is scanned; at most 10 a run. Each photo's table is printed as soon as it \
            is done: one line per book with its number, status, confidence, title, author and ISBN, \
            then any ISBN read on none of the books (a back cover's barcode). \
            Books at or above the minimum confidence are selected: "confirmed" when an ISBN on the \
            spine agrees, "detected" otherwise; the others are "uncertain", for a person to check. \
            Books already in the library are "alreadyInLibrary" and never selected; --add adds the \
            selected new ones to it and lists them. The same photo given twice is scanned once.

            On a terminal, stderr shows the progress: the photo in hand, its spines read, the time so \
            far and the time left; elsewhere, one line per photo done (--quiet: none).

            Exit status: 0 when every photo was read; 1 when a photo could not be read or a picture \
            not written (the other photos are scanned all the same) or the library could not be \
            changed; 64 for a wrong command line; 130 after Ctrl-C, which stops within a second: the \
            photos done stay printed, and with --add their selected books are added.

            Examples:
              shelfscan scan shelf.jpg
              shelfscan scan ~/Pictures/shelves --html shelves.html
              shelfscan scan shelf.jpg --review --add
              shelfscan scan shelf.jpg --csv > for-goodreads.csv
            """
    )

    @OptionGroup var options: PhotoOptions

    @OptionGroup var libraryOptions: LibraryOptions

    @OptionGroup var catalogOptions: CatalogOptions

    @Flag(name: .long, help: "Identify no spine in a catalogue: report what was read, as it was read.")
    var noCatalog = false

    @Flag(name: .long, help: "Print one line of JSON per photo as each is done, instead of the tables.")
    var jsonl = false

    @Flag(
        name: .long,
        help: "Print the selected books (after --review, the accepted ones) as CSV in Goodreads's import columns.")
    var csv = false

    @Flag(
        name: .long,
        help:
            "Add the selected books (after --review, the accepted ones) that are not in the library yet: one entry per distinct book, with the copies seen."
    )
    var add = false

    @Flag(
        name: .long,
        help: "After the scan, step through the books on the terminal: accept, reject or correct each one.")
    var review = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Write, per photo, a PNG with every book outlined, numbered and a legend into this folder.",
            valueName: "folder"))
    var annotate: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Write each book cut out of its photo, readable, as NAME-NN.png into this folder.", valueName: "folder"))
    var crops: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Write a page to look the scan over in a browser, offline: each annotated photo and its books with their crops.",
            valueName: "file"))
    var html: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Select the books at or above this confidence (0 to 1).", valueName: "confidence"))
    var minConfidence: Double = BookAssessor.defaultMinimumConfidence

    @Flag(name: .shortAndLong, help: "Show no progress.")
    var quiet = false

    @Option(name: .long, help: ArgumentHelp("Colours on the terminal: auto (default; off with NO_COLOR), always, never."))
    var color: ColorChoice = .auto

    func validate() throws {
        guard (0...1).contains(minConfidence) else {
            throw ValidationError("--min-confidence must be between 0 and 1, not \(minConfidence).")
        }
        if [options.json, jsonl, csv].filter({ $0 }).count > 1 {
            throw ValidationError("--json, --jsonl and --csv each take stdout: choose one.")
        }
        for (name, folder) in [("--annotate", annotate), ("--crops", crops)] {
            guard let folder else { continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), !isDirectory.boolValue {
                throw ValidationError("\(name) needs a folder, but \(folder) is a file.")
            }
        }
        if let html {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: html, isDirectory: &isDirectory), isDirectory.boolValue {
                throw ValidationError("--html needs a file for the page, but \(html) is a folder.")
            }
        }
        if review && !(TerminalStyle.isTerminal(STDIN_FILENO) && TerminalStyle.isTerminal(STDERR_FILENO)) {
            throw ValidationError("--review asks on the terminal: run it with the keyboard and stderr on a terminal.")
        }
    }

    var format: ScanFormat {
        options.json ? .json : jsonl ? .jsonLines : csv ? .csv : .table
    }

    func run() async throws {
        let inputs = try PhotoInputs.announced(options.photos, done: "scanned", by: Self.self)
        let writer = try makePictureWriter()
        let library = add ? try libraryOptions.open() : try libraryOptions.openIfPresent()
        if add, let library, library.isReadOnly {
            // Said before the first photo, not after the person waited for them all.
            ReportPrinter.printError(
                "\(library.path ?? libraryOptions.path): the library is read-only (the file or its folder cannot be written), so --add could add nothing; no photo was scanned")
            throw ExitCode.failure
        }
        if library == nil && libraryOptions.isNamed {
            ReportPrinter.printError(
                "\(libraryOptions.path): no library there yet; nothing to compare with", prefix: "note")
        }
        let catalog = try catalogOptions.choiceForScan(noCatalog: noCatalog)
        let outcome = try await scan(inputs.photos, pictures: writer, library: library, catalog: catalog)
        // A photo the interruption cut short is not reported as scanned.
        let scanned = outcome.value.filter { $0.report.error?.code != .cancelled }
        let pictures = Dictionary(scanned.map { ($0.report.path, $0.pictures) }) { first, _ in first }
        let images = inputs.inOrder(scanned.map(\.report))
        var report = ScanReport(images: images)
        var failed = report.summary.errors > 0 || scanned.contains { !$0.pictures.failures.isEmpty }
        if format == .table && images.count > 1 { StandardStreams.print(ReportPrinter.batchLine(report), what: "the table") }
        if outcome.wasInterrupted {
            if format == .json { StandardStreams.print(try ReportPrinter.json(report), what: "the JSON report") }
            if let page = html { failed = !writePage(page, report: report, pictures: pictures) || failed }
            var stopped = "interrupted: \(scanned.count) of \(inputs.photos.count) photos scanned"
            if add, let library { stopped += "; " + addFinished(report, to: library) }
            ReportPrinter.printError(stopped, prefix: "stopped")
            throw ExitCode(130)
        }
        if review {
            let session = ReviewSession(
                report: report, pictures: pictures, style: TerminalStyle(for: STDERR_FILENO, choice: color))
            report = Self.withCtrlCEndingTheReview(addsToLibrary: add) { session.run() }
        }
        // After the review, so that they carry its decisions.
        if format == .json { StandardStreams.print(try ReportPrinter.json(report), what: "the JSON report") }
        if format == .csv { StandardStreams.write(try ScanCSV.goodreads(report), what: "the CSV") }
        if let page = html { failed = !writePage(page, report: report, pictures: pictures) || failed }
        if add, let library {
            do {
                let summary = try library.add(report.selectedCopies)
                ReportPrinter.printAddition(summary, to: library.path ?? "", toStdout: format == .table)
            } catch {
                ReportPrinter.printError(error.description)
                failed = true
            }
        }
        if failed { throw ExitCode.failure }
    }

    /// Adds the selected books of the photos finished before an interruption, in one transaction
    /// (the books the person waited for), and says what was added and from which photos.
    private func addFinished(_ report: ScanReport, to library: Library) -> String {
        let copies = report.selectedCopies
        guard !copies.isEmpty else { return "no selected book to add" }
        do {
            let summary = try library.add(copies)
            ReportPrinter.printAddition(summary, to: library.path ?? "", toStdout: format == .table)
            var photos: [String] = []
            for copy in copies where !photos.contains(copy.photo) { photos.append(copy.photo) }
            let names = photos.map { ($0 as NSString).lastPathComponent }
            let books = "\(summary.added.count) \(summary.added.count == 1 ? "book" : "books")"
            return "added the \(books) selected on \(names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!)"
        } catch {
            ReportPrinter.printError(error.description)
            return "nothing was added to the library"
        }
    }

    /// The folders and writer for the pictures asked for, all made before any photo is scanned: a
    /// folder that cannot be made fails the command at once. `--html` without `--annotate` or
    /// `--crops` keeps its pictures in a folder beside the page (`NAME_files`); `--review` without
    /// `--crops` keeps the crops it shows in a temporary folder.
    private func makePictureWriter() throws -> PictureWriter {
        var annotationFolder = annotate, cropFolder = crops
        do {
            if let page = html {
                let pageFolder = ((page as NSString).standardizingPath as NSString).deletingLastPathComponent
                try PictureWriter.makeFolder(pageFolder.isEmpty ? "." : pageFolder)
                let assets = HTMLReport.assetFolder(forPage: page)
                if annotationFolder == nil { annotationFolder = assets }
                if cropFolder == nil { cropFolder = assets }
            }
            if review && cropFolder == nil {
                cropFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "shelfscan-review-\(ProcessInfo.processInfo.processIdentifier)"
                ).path
            }
            return try PictureWriter(annotationFolder: annotationFolder, cropFolder: cropFolder)
        } catch {
            ReportPrinter.printError("\(error)")
            throw ExitCode.failure
        }
    }

    /// Scans the photos, each shown as soon as it is done.
    private func scan(
        _ photos: [String], pictures writer: PictureWriter, library: Library?, catalog: ScanCatalog
    ) async throws -> Interruption.Outcome<[ScanOutput.Photo]> {
        let progressMode: ProgressDisplay.Mode =
            quiet ? .off : TerminalStyle.isTerminal(STDERR_FILENO) ? .live : .lines
        let stderrStyle = TerminalStyle(for: STDERR_FILENO, choice: color)
        let progress = ProgressDisplay(mode: progressMode, total: photos.count, style: stderrStyle)
        let output = ScanOutput(
            format: format, style: TerminalStyle(for: STDOUT_FILENO, choice: color), progress: progress,
            photos: photos)
        output.start()
        defer { progress.stop() }
        let names = PictureWriter.uniqueNames(for: photos)
        if ScanSupervisor.isAvailable {
            // The photos are scanned in a child process, so that one that crashes it loses only itself.
            var workerOptions = ["--max-pixels", String(options.maxPixels), "--min-confidence", String(minConfidence)]
            if let folder = writer.annotationFolder { workerOptions += ["--annotate", folder] }
            if let folder = writer.cropFolder { workerOptions += ["--crops", folder] }
            if library != nil { workerOptions += ["--library", libraryOptions.path] }
            workerOptions += catalog.workerOptions
            if progressMode == .live { workerOptions.append("--progress") }
            let supervised = await ScanSupervisor(photos: photos, names: names, workerOptions: workerOptions).run {
                output.receive($0)
            }
            return Interruption.Outcome(value: output.done, wasInterrupted: supervised.wasInterrupted)
        }
        var scanOptions = ScanOptions(maxPixels: options.maxPixels, minimumConfidence: minConfidence)
        do {
            scanOptions.library = try library?.matcher()
        } catch {
            throw error.exit()
        }
        do {
            scanOptions.catalog = try catalog.identifier(models: nil)
        } catch {
            ReportPrinter.printError("\(error)")
            throw ExitCode.failure
        }
        writer.configure(&scanOptions)
        if progressMode == .live { scanOptions.progress = { progress.update($0) } }
        let nameOf = Dictionary(zip(photos, names)) { first, _ in first }
        let outcome = await Interruption.run { [scanOptions] in
            await ShelfScanner.shared.scan(photosAt: photos, options: scanOptions) { scan in
                guard scan.report.error?.code != .cancelled else { return }
                let written = writer.write(scan, name: nameOf[scan.report.path] ?? "photo")
                output.photoDone(ScanOutput.Photo(report: scan.report, pictures: written))
            }
        }
        return Interruption.Outcome(value: output.done, wasInterrupted: outcome.wasInterrupted)
    }

    /// Runs the review; Ctrl-C during it ends the command at once, saying that nothing was added.
    private static func withCtrlCEndingTheReview<T>(addsToLibrary: Bool, _ body: () -> T) -> T {
        signal(SIGINT, SIG_IGN)
        let interruptions = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        interruptions.setEventHandler {
            // Below the question the person was answering.
            StandardStreams.writeError("\n")
            ReportPrinter.printError(
                "interrupted during the review" + (addsToLibrary ? "; nothing was added to the library" : ""),
                prefix: "stopped")
            Foundation.exit(130)
        }
        interruptions.resume()
        defer {
            interruptions.cancel()
            signal(SIGINT, SIG_DFL)
        }
        return body()
    }

    /// Writes the `--html` page; false (and the reason on stderr) when it could not be.
    private func writePage(_ page: String, report: ScanReport, pictures: [String: PictureWriter.Written]) -> Bool {
        do {
            try HTMLReport(report: report, pictures: pictures).write(to: page)
            ReportPrinter.printError("the page is \(page)", prefix: "note")
            return true
        } catch {
            ReportPrinter.printError("\(error)")
            return false
        }
    }
}
