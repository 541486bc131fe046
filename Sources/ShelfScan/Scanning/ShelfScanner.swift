/// Runs shelfscan's pipeline over a batch of photos. The stages it calls are pure functions over
/// `Sendable` values, usable alone; this actor only orders them, times them and gathers the report.
@globalActor
public actor ShelfScanner {
    public static let shared = ShelfScanner()

    /// The most photos one run takes.
    public static let maxPhotosPerRun = 10

    /// Settings of one run.
    public struct Options: Sendable {
        /// Photos above this many pixels are refused before they are decoded.
        public var maxPixels: Int
        /// Also read printed ISBNs when a barcode was found (slower; by default the barcode is taken
        /// as the book's ISBN and the text is not read).
        public var readsTextAlways: Bool

        public init(maxPixels: Int = ImageDecoder.defaultMaxPixels, readsTextAlways: Bool = false) {
            self.maxPixels = maxPixels
            self.readsTextAlways = readsTextAlways
        }
    }

    private let pool: TesseractPool

    public init(pool: TesseractPool = .shared) {
        self.pool = pool
    }

    /// Reads the ISBNs (barcodes, then printed text) of each photo. A photo that cannot be read gets
    /// an error in its report; the others are still read.
    public func isbnReport(forPhotosAt paths: [String], options: Options = Options()) async -> ScanReport {
        var images: [ImageReport] = []
        for path in paths {
            images.append(await isbnReport(forPhotoAt: path, options: options))
        }
        return ScanReport(images: images)
    }

    /// The ISBN report of one photo.
    public func isbnReport(forPhotoAt path: String, options: Options = Options()) async -> ImageReport {
        var stopwatch = Stopwatch()
        var report = ImageReport(path: path)
        guard let photo = await decode(path, options: options, into: &report, stopwatch: &stopwatch) else {
            return report
        }
        do {
            let result = try await readISBNs(in: photo.image, options: options, stopwatch: &stopwatch)
            report.isbns = result.isbns
            report.text = result.text
            report.timings.merge(result.timings) { $1 }
        } catch {
            report.error = ReportedError(code: "ocr-unavailable", message: "\(path): \(error)")
        }
        report.elapsedMs = stopwatch.totalMilliseconds
        return report
    }

    /// Finds the books on each photo. A photo that cannot be read gets an error in its report; the
    /// others are still scanned.
    public func scanReport(forPhotosAt paths: [String], options: Options = Options()) async -> ScanReport {
        var images: [ImageReport] = []
        for path in paths {
            images.append(await scanReport(forPhotoAt: path, options: options))
        }
        return ScanReport(images: images)
    }

    /// The scan report of one photo: a book per spine found, each for now `uncertain` with its outline
    /// and detection score.
    public func scanReport(forPhotoAt path: String, options: Options = Options()) async -> ImageReport {
        var stopwatch = Stopwatch()
        var report = ImageReport(path: path)
        guard let photo = await decode(path, options: options, into: &report, stopwatch: &stopwatch) else {
            return report
        }
        let spines = await Self.offActor { SpineDetector().spines(in: photo.image) }
        report.timings["detect"] = stopwatch.lap()
        report.books = spines.map { spine in
            DetectedBook(
                confidence: 0, detectionScore: spine.score, status: .uncertain, selected: false, polygon: spine.polygon)
        }
        report.elapsedMs = stopwatch.totalMilliseconds
        return report
    }

    /// Decodes the photo at `path`, recording its size and the time taken in `report`; on failure
    /// records the error and the elapsed time and returns nil.
    private func decode(
        _ path: String, options: Options, into report: inout ImageReport, stopwatch: inout Stopwatch
    ) async -> Photo? {
        do {
            let photo = try await Self.offActor { () throws(ImageError) in
                try ImageDecoder(maxPixels: options.maxPixels).decodePhoto(atPath: path)
            }
            report.timings["decode"] = stopwatch.lap()
            report.width = photo.image.width
            report.height = photo.image.height
            return photo
        } catch {
            report.error = ReportedError(code: error.code.rawValue, message: error.description)
            report.elapsedMs = stopwatch.totalMilliseconds
            return nil
        }
    }

    /// The ISBNs in a decoded photo: every barcode, then the printed text when no barcode was read
    /// (or always, with `readsTextAlways`). Each ISBN is reported once, a barcode before text.
    private func readISBNs(
        in image: Image, options: Options, stopwatch: inout Stopwatch
    ) async throws(OCRError) -> (isbns: [ReportedISBN], text: String?, timings: [String: Double]) {
        var timings: [String: Double] = [:]
        let barcodes = await Self.offActor { BarcodeScanner().isbnBarcodes(in: image) }
        timings["barcodes"] = stopwatch.lap()
        var isbns = barcodes.map { ReportedISBN(isbn: $0.isbn, source: .barcode, addon: $0.addon, polygon: $0.polygon) }
        var text: String?
        if barcodes.isEmpty || options.readsTextAlways {
            let reading = try await PrintedISBNReader().read(image, pool: pool)
            timings["text"] = stopwatch.lap()
            text = reading.text
            for finding in reading.findings where !isbns.contains(where: { $0.isbn == finding.isbn }) {
                isbns.append(ReportedISBN(isbn: finding.isbn, source: .text, polygon: finding.polygon))
            }
        }
        return (isbns, text, timings)
    }

    /// Runs CPU-heavy synchronous work off this actor, so that it never holds the orchestrator.
    @concurrent
    private static func offActor<R: Sendable, E: Error>(_ work: @Sendable () throws(E) -> R) async throws(E) -> R {
        try work()
    }
}

/// Wall-clock time of a photo and of its stages.
struct Stopwatch {
    private let start = ContinuousClock.now
    private var lapStart = ContinuousClock.now

    /// Milliseconds since the last lap (or the start), starting a new lap.
    mutating func lap() -> Double {
        let now = ContinuousClock.now
        defer { lapStart = now }
        return (now - lapStart).milliseconds
    }

    var totalMilliseconds: Double { (ContinuousClock.now - start).milliseconds }
}

extension Duration {
    var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
