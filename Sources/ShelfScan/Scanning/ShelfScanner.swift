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
        /// Books at or above this confidence are selected.
        public var minimumConfidence: Double
        /// The owner's library as it was before the scan: books found in it are `alreadyInLibrary`.
        public var library: LibraryMatcher?

        public init(
            maxPixels: Int = ImageDecoder.defaultMaxPixels, readsTextAlways: Bool = false, minimumConfidence: Double = 0.7,
            library: LibraryMatcher? = nil
        ) {
            self.maxPixels = maxPixels
            self.readsTextAlways = readsTextAlways
            self.minimumConfidence = minimumConfidence
            self.library = library
        }
    }

    private let pool: TesseractPool
    private var models: ScanModels?

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

    /// The scan report of one photo: a book per spine found, read, parsed and given a confidence;
    /// every ISBN found (barcodes anywhere in the photo, ISBNs printed on spines), each attached to
    /// the book it is on.
    public func scanReport(forPhotoAt path: String, options: Options = Options()) async -> ImageReport {
        var stopwatch = Stopwatch()
        var report = ImageReport(path: path)
        let models: ScanModels
        do {
            models = try loadedModels()
        } catch {
            report.error = ReportedError(code: "models-unavailable", message: "\(path): \(error)")
            return report
        }
        guard let photo = await decode(path, options: options, into: &report, stopwatch: &stopwatch) else {
            return report
        }
        let image = photo.image
        let spines = await Self.offActor { SpineDetector().spines(in: image) }
        report.timings["detect"] = stopwatch.lap()
        async let barcodeSearch = Self.offActor { BarcodeScanner().isbnBarcodes(in: image) }
        let reader = SpineReader(lexicon: models.lexicon)
        var readings: [SpineReader.Reading]
        do {
            readings = try await Self.read(spines.map(\.polygon), in: image, reader: reader, pool: pool).map { $0! }
        } catch {
            report.error = ReportedError(code: "ocr-unavailable", message: "\(path): \(error)")
            report.elapsedMs = stopwatch.totalMilliseconds
            return report
        }
        let barcodes = await barcodeSearch
        report.timings["read"] = stopwatch.lap()

        let parser = SpineTextParser(lexicon: models.lexicon)
        let assessor = BookAssessor(model: models.confidence, minimumConfidence: options.minimumConfidence)
        report.isbns = barcodes.map { ReportedISBN(isbn: $0.isbn, source: .barcode, addon: $0.addon, polygon: $0.polygon) }
        var parsedSpines = readings.map { parser.parse($0.text) }
        var parsing = stopwatch.lap()
        do {
            // Doubtful books are read again, each stretch of the spine against its own background
            // (a spine of two colours, or lit unevenly); the parse the confidence trusts more is kept.
            let confidences = spines.indices.map { assessor.confidence(of: parsedSpines[$0], on: spines[$0]) }
            let doubtful = spines.indices.filter { confidences[$0] < Self.doubtfulConfidence }
            let second = try await Self.read(
                doubtful.map { spines[$0].polygon }, in: image, reader: reader, pool: pool, againstLocalBackground: true)
            report.timings["readAgain"] = stopwatch.lap()
            for (index, reading) in zip(doubtful, second) {
                guard let reading else { continue }
                let parsed = parser.parse(reading.text)
                if assessor.confidence(of: parsed, on: spines[index]) > confidences[index] {
                    (readings[index], parsedSpines[index]) = (reading, parsed)
                }
            }
            parsing += stopwatch.lap()
        } catch {
            report.error = ReportedError(code: "ocr-unavailable", message: "\(path): \(error)")
        }
        do {
            // The small ISBN line along a spine, where neither the spine's text nor a barcode gave one.
            let unread = spines.indices.filter { index in
                parsedSpines[index].isbn == nil && !barcodes.contains { spines[index].contains(Self.centre(of: $0.polygon)) }
            }
            let lineISBNs = try await Self.readISBNLines(
                of: unread.map { (spines[$0].polygon, readings[$0].orientation) }, in: image, pool: pool)
            for (index, isbn) in zip(unread, lineISBNs) { parsedSpines[index].isbn = isbn }
        } catch {
            report.error = ReportedError(code: "ocr-unavailable", message: "\(path): \(error)")
        }
        report.timings["isbnLines"] = stopwatch.lap()
        for (spine, (reading, parsed)) in zip(spines, zip(readings, parsedSpines)) {
            let barcode = barcodes.first { spine.contains(Self.centre(of: $0.polygon)) }
            var book = assessor.book(spine: spine, reading: reading, parsed: parsed, barcode: barcode?.isbn)
            if let match = options.library?.match(for: book) { book.markInLibrary(match) }
            report.books.append(book)
            if let printed = parsed.isbn, !report.isbns.contains(where: { $0.isbn == printed }) {
                report.isbns.append(ReportedISBN(isbn: printed, source: .text, polygon: spine.polygon))
            }
        }
        report.timings["parse"] = parsing + stopwatch.lap()
        report.elapsedMs = stopwatch.totalMilliseconds
        return report
    }

    /// The models, loaded on first use.
    private func loadedModels() throws(ModelError) -> ScanModels {
        if let models { return models }
        let loaded = try ScanModels.load()
        models = loaded
        return loaded
    }

    private static func centre(of polygon: [Point]) -> Point {
        Point(
            x: polygon.reduce(0) { $0 + $1.x } / Double(max(1, polygon.count)),
            y: polygon.reduce(0) { $0 + $1.y } / Double(max(1, polygon.count)))
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

    /// Books read with less confidence than this are read a second time against their spines' local
    /// backgrounds (`SpineReader.readAgainstLocalBackground`).
    public static let doubtfulConfidence = 0.7

    /// Reads every outlined book, as many at once as the pool has instances, in the order given;
    /// `againstLocalBackground`, a second reading of each (nil for a spine of one colour throughout).
    @concurrent
    private static func read(
        _ polygons: [[Point]], in image: Image, reader: SpineReader, pool: TesseractPool, againstLocalBackground: Bool = false
    ) async throws(OCRError) -> [SpineReader.Reading?] {
        do {
            return try await withThrowingTaskGroup(of: (Int, SpineReader.Reading?).self) { group in
                var readings = [SpineReader.Reading?](repeating: nil, count: polygons.count)
                var next = 0
                func addTask() {
                    let index = next, polygon = polygons[index]
                    next += 1
                    group.addTask {
                        let reading = againstLocalBackground
                            ? try await reader.readAgainstLocalBackground(polygon, in: image, pool: pool)
                            : try await reader.read(polygon, in: image, pool: pool)
                        return (index, reading)
                    }
                }
                // Enough in flight to keep every instance busy, few enough that crops do not pile up.
                while next < polygons.count && next < pool.capacity * 2 { addTask() }
                while let (index, reading) = try await group.next() {
                    readings[index] = reading
                    if next < polygons.count { addTask() }
                }
                return readings
            }
        } catch let error as OCRError {
            throw error
        } catch {
            throw OCRError("\(error)")
        }
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
