import ShelfBarcodes
import ShelfDetection
import ShelfISBN
import ShelfImaging
import ShelfOCR
import ShelfReading
import ShelfWorkers

/// Runs shelfscan's pipeline over a batch of photos: the one place that orders the stages, times
/// them and gathers their results into reports.
///
/// The stages are pure functions over `Sendable` values, usable alone; the blocking ones (decoding,
/// detection, barcodes, every Tesseract call) run on the worker threads of a `WorkerPool`, never on
/// Swift's cooperative threads. The scanner's state — the models it has loaded and the pool — is
/// isolated to this global actor, and there is one scanner: `ShelfScanner.shared`.
///
/// A scan stops when its task is cancelled: work not yet started is dropped, the photo in hand is
/// reported with a `cancelled` error, and the photos after it are not scanned.
@globalActor
public actor ShelfScanner {
    /// The scanner.
    public static let shared = ShelfScanner()

    /// The most photos one run takes.
    public static let maxPhotosPerRun = 10

    private let workers: WorkerPool
    /// The models loaded so far, by folder: loaded on a photo's first need and kept.
    private var modelsByFolder: [String: ScanModels] = [:]

    private init(workers: WorkerPool = .shared) {
        self.workers = workers
    }

    // MARK: - Shelves

    /// Scans the photos in order, handing each photo's result to `handle` as soon as it is done. A
    /// photo that cannot be read gets an error in its report; the others are still scanned.
    ///
    /// The next photo is decoded and its spines found while the books of the one before are read,
    /// so that neither the single-threaded start of a photo nor the last spines of the one before
    /// leave a core idle. Each report's `elapsedMs` is the wall time the batch spent on that photo:
    /// from when the photo before was handed on (or its own start, if later) to its end.
    public func scan(
        photosAt paths: [String], options: ScanOptions = ScanOptions(), each handle: @Sendable (PhotoScan) async -> Void
    ) async {
        var next = paths.first.map { path in Task { await prepare(photoAt: path, options: options) } }
        defer { next?.cancel() }
        var previousEnd: ContinuousClock.Instant?
        for index in paths.indices {
            guard let current = next, !Task.isCancelled else { return }
            let prepared = await withTaskCancellationHandler {
                await current.value
            } onCancel: {
                current.cancel()
            }
            next = nil
            if index + 1 < paths.count && !Task.isCancelled {
                let path = paths[index + 1]
                next = Task { await prepare(photoAt: path, options: options) }
            }
            await handle(await finish(prepared, options: options, notBefore: previousEnd))
            previousEnd = .now
        }
    }

    /// The books on each photo, as one report (the photos done so far, if the task is cancelled).
    public func scanReport(forPhotosAt paths: [String], options: ScanOptions = ScanOptions()) async -> ScanReport {
        let collected = Collected()
        await scan(photosAt: paths, options: options) { await collected.append($0.report) }
        return ScanReport(images: await collected.reports)
    }

    /// The scan report of one photo.
    public func scanReport(forPhotoAt path: String, options: ScanOptions = ScanOptions()) async -> ImageReport {
        await scan(photoAt: path, options: options).report
    }

    /// At most this many spines and no barcode, and a photo's printed ISBNs are read as on a page:
    /// more spines are a shelf, where reading the whole photo as text takes seconds.
    static let pageSpineLimit = 3
    /// A photo whose printed text holds an ISBN and at least this many lines is a page (a copyright
    /// page has 8 to 14; a spine's photo, a few).
    static let pageLineCount = 6

    /// One photo through the pipeline: decode → (barcodes ∥ detect → reading, spine by spine) →
    /// books, and on a photo of a page, its printed ISBNs. A failed stage is recorded in the report;
    /// what the stages before it found is kept.
    private func scan(photoAt path: String, options: ScanOptions) async -> PhotoScan {
        await finish(await prepare(photoAt: path, options: options), options: options, notBefore: nil)
    }

    /// A photo decoded and its spines found, its barcode search under way: what can run while the
    /// photo before is read. A photo that failed before reading is `finished` already.
    private enum PreparedPhoto: Sendable {
        case finished(PhotoScan)
        case detected(DetectedPhoto)
    }

    /// A photo ready to be read: its run so far, the models, the image, its spines, and its barcode
    /// search, which may still be running.
    private struct DetectedPhoto: Sendable {
        var run: PhotoRun
        var models: ScanModels
        var image: Image
        var spines: [DetectedSpine]
        var barcodeSearch: Task<(found: [BarcodeFinding], milliseconds: Double), any Error>
    }

    /// Decodes the photo at `path` and finds its spines, with its barcodes searched beside detection.
    private func prepare(photoAt path: String, options: ScanOptions) async -> PreparedPhoto {
        var run = PhotoRun(path: path)
        let models: ScanModels
        do {
            models = try loadedModels(options.models)
        } catch {
            return .finished(run.finished(failing: .models, with: error))
        }
        guard let photo = await decode(path, options: options, run: &run) else { return .finished(run.finished()) }
        let image = photo.image
        // On a shelf a code can only be where bars are seen: no whole-photo copies. The search
        // needs only the photo, so it runs beside detection, which leaves the other cores idle;
        // reading awaits it only to choose the spines whose ISBN line it reads.
        let workers = workers
        let barcodeSearch = Task {
            try await workers.run { _ in
                var stopwatch = Stopwatch()
                let found = BarcodeScanner(searchesWholePhoto: false).isbnBarcodes(in: image)
                return (found: found, milliseconds: stopwatch.lap())
            }
        }
        let spines: [DetectedSpine], milliseconds: Double
        do {
            (spines, milliseconds) = try await withTaskCancellationHandler {
                try await workers.run { _ in
                    var stopwatch = Stopwatch()
                    return (SpineDetector().spines(in: image), stopwatch.lap())
                }
            } onCancel: {
                barcodeSearch.cancel()
            }
        } catch {
            barcodeSearch.cancel()
            return .finished(run.finished(failing: .detect, with: error))
        }
        run.lap("detect", worked: milliseconds)
        return .detected(
            DetectedPhoto(run: run, models: models, image: image, spines: spines, barcodeSearch: barcodeSearch))
    }

    /// Reads the books of a prepared photo and gathers its report. The time before `notBefore` (spent
    /// on the photo before, while this one was prepared) is not this photo's.
    private func finish(_ prepared: PreparedPhoto, options: ScanOptions, notBefore: ContinuousClock.Instant?) async
        -> PhotoScan
    {
        let detected: DetectedPhoto
        switch prepared {
        case .finished(let scan): return scan
        case .detected(let photo): detected = photo
        }
        var run = detected.run
        if let notBefore { run.startNoEarlierThan(notBefore) }
        // Waiting for the photo before is no stage's time.
        run.skipLap()
        let (models, image, spines, barcodeSearch) = (
            detected.models, detected.image, detected.spines, detected.barcodeSearch
        )
        defer { barcodeSearch.cancel() }
        let path = run.report.path
        let recognizer = TextRecognizer(workers: workers, dataPath: options.tessdataPath)
        let assessor = BookAssessor(
            model: models.confidence, minimumConfidence: options.minimumConfidence, lexicon: models.lexicon)
        let reading = SpineReadingStage(
            reader: SpineReader(lexicon: models.lexicon), parser: models.parser,
            assessor: assessor, recognizer: recognizer, catalog: options.catalog)
        let progress = options.progress.map { report in SpineCounter(path: path, spines: spines.count, report: report) }
        progress?.report()
        let outcome: SpineReadingStage.Outcome
        do {
            outcome = try await reading.read(
                spines, in: image,
                barcodes: {
                    try await withTaskCancellationHandler {
                        try await barcodeSearch.value.found
                    } onCancel: {
                        barcodeSearch.cancel()
                    }
                },
                onEach: { progress?.countOne() })
        } catch let failure as SpineReadingStage.BarcodeSearchFailure {
            return run.finished(failing: .barcodes, with: failure.underlying)
        } catch {
            return run.finished(failing: .read, with: error)
        }
        run.lap("read")
        run.report.timings.merge(outcome.partTimes) { _, part in part }
        // Beside detection: its worker time, as the parts of reading.
        run.report.timings["barcodes"] = try? await barcodeSearch.value.milliseconds
        let assembly = BookAssembly(assessor: assessor, library: options.library, catalog: options.catalog)
        (run.report.books, run.report.isbns) = assembly.books(
            of: outcome.findings, barcodes: outcome.barcodes, lineISBNs: outcome.lineISBNs)
        run.lap("assemble")
        // Few spines and no barcode: a copyright page (its lines of text taken for spines) or a back
        // cover whose barcode did not read. Its printed ISBNs are read as `isbnReport` reads them.
        if spines.count <= Self.pageSpineLimit && outcome.barcodes.isEmpty,
            let printed = await readPrintedISBNs(in: image, recognizer: recognizer, run: &run),
            !printed.findings.isEmpty, printed.text.split(separator: "\n").count >= Self.pageLineCount
        {
            run.report.books = run.report.books.map(assessor.takenAsPageText)
        }
        let books = run.report.books
        run.report.readingWork = outcome.readingWork { index in
            let outline = outcome.findings[index].spine.polygon
            return books.contains { $0.selected && $0.polygon == outline }
        }
        var annotated: Image?
        if let side = options.annotationMaxSide {
            let books = run.report.books
            annotated = try? await workers.run { _ in BookAnnotator.annotated(image, books: books, maxSide: side) }
            run.lap("annotate")
        }
        var crops: [Image] = []
        if let side = options.cropMaxSide {
            let books = run.report.books
            crops =
                (try? await workers.run { _ in books.map { BookCropper.crop(of: $0, in: image, maxSide: side) } }) ?? []
            run.lap("crops")
        }
        var scan = run.finished(annotated: annotated)
        scan.crops = crops
        return scan
    }

    // MARK: - ISBNs

    /// Reads the ISBNs (barcodes, then printed text) of each photo. A photo that cannot be read gets
    /// an error in its report; the others are still read.
    public func isbnReport(forPhotosAt paths: [String], options: ScanOptions = ScanOptions()) async -> ScanReport {
        var images: [ImageReport] = []
        for path in paths {
            if Task.isCancelled { break }
            images.append(await isbnReport(forPhotoAt: path, options: options))
        }
        return ScanReport(images: images)
    }

    /// The ISBN report of one photo: every barcode, then the printed text when no barcode was read
    /// (or always, with `readsTextAlways`). Each ISBN is reported once, a barcode before text.
    public func isbnReport(forPhotoAt path: String, options: ScanOptions = ScanOptions()) async -> ImageReport {
        var run = PhotoRun(path: path)
        guard let photo = await decode(path, options: options, run: &run) else { return run.finished().report }
        let image = photo.image
        let barcodes: [BarcodeFinding]
        do {
            barcodes = try await workers.run { _ in BarcodeScanner().isbnBarcodes(in: image) }
        } catch {
            return run.finished(failing: .barcodes, with: error).report
        }
        run.lap("barcodes")
        run.report.isbns = barcodes.map {
            ReportedISBN(isbn: $0.isbn, source: .barcode, addon: $0.addon, polygon: $0.polygon)
        }
        if barcodes.isEmpty || options.readsTextAlways {
            let recognizer = TextRecognizer(workers: workers, dataPath: options.tessdataPath)
            await readPrintedISBNs(in: image, recognizer: recognizer, run: &run)
        }
        return run.finished().report
    }

    /// Reads the photo as printed text (`PrintedISBNReader`) into its report: the text, and each
    /// ISBN found that the report does not hold yet. A failure is recorded as the text stage's (nil).
    @discardableResult
    private func readPrintedISBNs(
        in image: Image, recognizer: TextRecognizer, run: inout PhotoRun
    ) async -> PrintedISBNReader.Reading? {
        do {
            let reading = try await PrintedISBNReader().read(image, recognizer: recognizer)
            run.lap("text")
            run.report.text = reading.text
            for finding in reading.findings where !run.report.isbns.contains(where: { $0.isbn == finding.isbn }) {
                run.report.isbns.append(ReportedISBN(isbn: finding.isbn, source: .text, polygon: finding.polygon))
            }
            return reading
        } catch {
            _ = run.record(.text, error)
            return nil
        }
    }

    // MARK: - Shared steps

    /// The models in `directory` (or the folder `ModelDirectory.locate()` finds), loaded once.
    private func loadedModels(_ directory: ModelDirectory?) throws(ModelError) -> ScanModels {
        let folder: ModelDirectory
        if let directory { folder = directory } else { folder = try ModelDirectory.locate() }
        if let models = modelsByFolder[folder.path] { return models }
        let loaded = try ScanModels.load(from: folder)
        modelsByFolder[folder.path] = loaded
        return loaded
    }

    /// Decodes the photo at `path` on a worker thread, recording its size and the time taken; on
    /// failure records the error and returns nil.
    private func decode(_ path: String, options: ScanOptions, run: inout PhotoRun) async -> Photo? {
        let maxPixels = options.maxPixels
        do {
            let (photo, milliseconds) = try await workers.run { _ in
                var stopwatch = Stopwatch()
                return (try ImageDecoder(maxPixels: maxPixels).decodePhoto(atPath: path), stopwatch.lap())
            }
            run.lap("decode", worked: milliseconds)
            run.report.width = photo.image.width
            run.report.height = photo.image.height
            return photo
        } catch {
            _ = run.record(.decode, error)
            return nil
        }
    }
}

/// The reports of a batch, gathered as they come.
private actor Collected {
    var reports: [ImageReport] = []

    func append(_ report: ImageReport) {
        reports.append(report)
    }
}
