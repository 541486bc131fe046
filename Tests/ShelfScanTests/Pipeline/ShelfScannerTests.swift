import Foundation
import Testing

@testable import ShelfImaging
@testable import ShelfPipeline
@testable import ShelfReading
@testable import ShelfText

/// The scanner itself: whole photos through every stage, a stage that fails, and cancellation.
@Suite(.tags(.pipeline))
struct ShelfScannerTests {
    static let shelf = Fixtures.path("shelves/shelf-009.jpg")
    static let scanner = ShelfScanner.shared

    @Test func takesAPhotoThroughEveryStage() async throws {
        let report = await Self.scanner.scanReport(forPhotoAt: Self.shelf)
        #expect(report.error == nil, "\(String(describing: report.error))")
        let truth = try ShelfTruth.load("shelf-009.jpg")
        #expect(report.width == truth.width && report.height == truth.height)
        for stage in ["decode", "detect", "barcodes", "read", "read.first", "read.parse", "read.isbnLine", "assemble"] {
            #expect(report.timings[stage] != nil, "no time for \(stage)")
        }
        #expect(report.books.count >= truth.books.count * 3 / 4, "\(report.books.count) of \(truth.books.count) books")
        // The selected books are, nearly all, books of the shelf.
        let titles = truth.books.map { $0.title.folded }
        let selected = report.books.filter(\.selected)
        let right = selected.filter { book in titles.contains { Similarity.ratio($0, (book.title ?? "").folded) >= 0.8 }
        }
        #expect(selected.count >= truth.books.count / 4, "\(selected.count) of \(truth.books.count) selected")
        #expect(right.count * 10 >= selected.count * 9, "\(right.count) of \(selected.count) selected books right")
        for book in report.books {
            #expect(book.polygon.count == 4)
            #expect(
                book.polygon.allSatisfy {
                    $0.x >= -1 && $0.y >= -1 && $0.x <= Double(truth.width) + 1 && $0.y <= Double(truth.height) + 1
                })
            #expect(book.selected == (book.confidence >= BookAssessor.defaultMinimumConfidence))
        }
        // What reading took: every spine read first, each kept reading counted once, and each
        // selected book's reading among the kept.
        let work = try #require(report.readingWork)
        let first = try #require(work.parts["read.first"])
        #expect(work.spines >= report.books.count && first.spines == work.spines)
        #expect(first.calls >= work.spines && work.calls > first.calls)
        // Each call read lines: every part that called Tesseract counted their length.
        #expect(work.parts.values.allSatisfy { $0.calls == 0 || $0.lineLength > 0 })
        #expect(first.lineLength >= Double(first.calls), "\(first.lineLength) line heights in \(first.calls) calls")
        #expect(work.parts.values.reduce(0) { $0 + $1.kept } == work.spines)
        #expect(work.parts.values.reduce(0) { $0 + $1.keptSelected } == selected.count)
        #expect(work.parts["read.check"].map { $0.kept == 0 && $0.spines >= selected.count } ?? selected.isEmpty)
    }

    /// A back cover scanned as a shelf: its code is read, and its bars, which detection outlines
    /// as thin spines, are not reported as books.
    @Test(arguments: ["barcode-009.jpg", "barcode-12mp.jpg"])
    func aBackCoversBarsAreNotBooks(_ photo: String) async throws {
        let report = await Self.scanner.scanReport(forPhotoAt: Fixtures.path("barcodes/\(photo)"))
        let truth = try Fixtures.json(PhotoTruth.self, "barcodes/\(photo).truth.json")
        #expect(report.isbns.map(\.isbn.isbn13) == truth.isbns)
        let code = try #require(truth.barcodes.first?.polygon)
        let (xs, ys) = (code.map { $0[0] }, code.map { $0[1] })
        let codeSize = max(xs.max()! - xs.min()!, ys.max()! - ys.min()!)
        let codeCentre = (x: xs.reduce(0, +) / 4, y: ys.reduce(0, +) / 4)
        for book in report.books where book.isbn == nil {
            let centre = (x: book.polygon.map(\.x).reduce(0, +) / 4, y: book.polygon.map(\.y).reduce(0, +) / 4)
            let length = max(
                book.polygon[0].distance(to: book.polygon[3]), book.polygon[1].distance(to: book.polygon[2]))
            let isOnTheCode = hypot(centre.x - codeCentre.x, centre.y - codeCentre.y) < 0.5 * codeSize
            #expect(!(isOnTheCode && length < codeSize), "a bar reported as a book: \(book.polygon)")
        }
    }

    @Test func aPhotoThatCannotBeReadIsReportedAndTheBatchGoesOn() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shelfscan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.shelf))
        let truncated = folder.appendingPathComponent("cut.jpg")
        try bytes.prefix(bytes.count / 2).write(to: truncated)
        let missing = folder.appendingPathComponent("missing.jpg").path

        let report = await Self.scanner.scanReport(forPhotosAt: [missing, truncated.path, Self.shelf])
        #expect(report.images.count == 3)
        #expect(
            report.images[0].error
                == ReportedError(code: .unreadable, stage: .decode, message: "\(missing): no such file"))
        #expect(report.images[1].error?.code == .truncated)
        #expect(report.images[1].error?.message.hasPrefix(truncated.path) == true)
        #expect(report.images[2].error == nil && !report.images[2].books.isEmpty)
        #expect(report.summary.errors == 2)
    }

    @Test func aStageThatCannotRunIsReportedWithItsStage() async throws {
        // No Tesseract model where it is looked for: reading fails, after detection ran.
        let noModel = await Self.scanner.scanReport(
            forPhotoAt: Self.shelf, options: ScanOptions(tessdataPath: "/nonexistent/tessdata/"))
        #expect(noModel.error?.code == .ocrUnavailable)
        #expect(noModel.error?.stage == .read)
        #expect(noModel.error?.message.contains("Tesseract model") == true)
        #expect(noModel.timings["detect"] != nil && noModel.width != nil)

        // No models folder: nothing can be read, and the error says what was looked for.
        let noModels = await Self.scanner.scanReport(
            forPhotoAt: Self.shelf, options: ScanOptions(models: ModelDirectory(path: "/nonexistent/Models")))
        #expect(noModels.error?.code == .modelsUnavailable)
        #expect(noModels.error?.stage == .models)
        #expect(noModels.error?.message.contains("/nonexistent/Models/") == true)
    }

    /// The next photo is prepared while one is read: each photo of a batch gets the books it gets
    /// alone, and the photos' times share out the batch's wall time instead of overlapping.
    @Test func aBatchReportsWhatEachPhotoReportsAlone() async throws {
        let photos = ["shelves/leaning.jpg", "shelves/stack.jpg"].map(Fixtures.path)
        let start = ContinuousClock.now
        let batch = await Self.scanner.scanReport(forPhotosAt: photos)
        let wall = (ContinuousClock.now - start).milliseconds
        #expect(batch.images.map(\.path) == photos)
        for (photo, report) in zip(photos, batch.images) {
            let alone = await Self.scanner.scanReport(forPhotoAt: photo)
            #expect(report.error == nil && !report.books.isEmpty)
            #expect(report.books.map(\.title) == alone.books.map(\.title))
            #expect(report.books.map(\.polygon) == alone.books.map(\.polygon))
            // Its own stages are timed, the wait for the photo before is not.
            #expect(report.timings["read"].map { $0 <= report.elapsedMs } == true)
        }
        let summed = batch.images.map(\.elapsedMs).reduce(0, +)
        #expect(summed <= wall + 1, "photos' times \(summed) ms in a batch of \(wall) ms")
    }

    @Test func stopsBeforeTheNextPhotoWhenCancelled() async {
        let handed = Counter()
        let task = Task {
            await Self.scanner.scan(photosAt: [Self.shelf, Self.shelf, Self.shelf]) { _ in
                await handed.increment()
                withUnsafeCurrentTask { $0?.cancel() }
            }
        }
        await task.value
        #expect(await handed.value == 1)
    }

    @Test func reportsThePhotoInHandAsCancelled() async throws {
        let task = Task { await Self.scanner.scanReport(forPhotoAt: Fixtures.path("shelves/shelf-001.jpg")) }
        // A thread of its own cancels: a Task.sleep can wake late in a busy test run, after the photo.
        Thread {
            Thread.sleep(forTimeInterval: 0.4)
            task.cancel()
        }.start()
        let report = await task.value
        #expect(report.error?.code == .cancelled)
        #expect(report.books.isEmpty)
    }
}

private actor Counter {
    private(set) var value = 0
    func increment() { value += 1 }
}
