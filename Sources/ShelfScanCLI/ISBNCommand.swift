import ArgumentParser
import Foundation
import ShelfISBN
import ShelfPipeline

/// `shelfscan isbn PHOTO...`: the ISBNs of back covers and copyright pages.
struct ISBNCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "isbn",
        abstract: "Read the ISBNs in photos: barcodes (with their price add-on) and printed ISBNs.",
        discussion: """
            Prints one line per ISBN found, as each photo is read: the ISBN-13, where it was read \
            (barcode or text), the add-on, and the photo. A folder means the JPEG and PNG photos in it; \
            every file is checked before the first is read. Exits 0 when every photo was read (whether or not it held an \
            ISBN), 1 when any photo could not be read (the other photos are read all the same), 64 \
            for a wrong command line, 130 after Ctrl-C.

            Examples:
              shelfscan isbn back-cover.jpg
              shelfscan isbn copyright-page.jpg --json
            """
    )

    @OptionGroup var options: PhotoOptions

    @Flag(name: .long, help: "Also read the printed text when a barcode was found (slower).")
    var allText = false

    func run() async throws {
        let inputs = try PhotoInputs.announced(options.photos, done: "read", by: Self.self)
        let photos = inputs.photos
        let json = options.json
        // Each photo's lines as soon as it is read (the JSON report is one document, at the end).
        let show: @Sendable (ImageReport) -> Void = { image in
            guard !json, image.error?.code != .cancelled else { return }
            ReportPrinter.printISBNLines(ScanReport(images: [image]))
            if let error = image.error { ReportPrinter.printError(error.message) }
        }
        let outcome: Interruption.Outcome<[ImageReport]>
        if ScanSupervisor.isAvailable {
            // Read in a child process, so that a photo that crashes it loses only itself.
            var workerOptions = ["--isbn-only", "--max-pixels", String(options.maxPixels)]
            if allText { workerOptions.append("--all-text") }
            let supervised = await ScanSupervisor(
                photos: photos, names: PictureWriter.uniqueNames(for: photos), workerOptions: workerOptions
            ).run { message in message.report.map(show) }
            outcome = Interruption.Outcome(
                value: supervised.messages.compactMap(\.report), wasInterrupted: supervised.wasInterrupted)
        } else {
            let scanOptions = ScanOptions(maxPixels: options.maxPixels, readsTextAlways: allText)
            outcome = await Interruption.run {
                var images: [ImageReport] = []
                for photo in photos {
                    if Task.isCancelled { break }
                    let image = await ShelfScanner.shared.isbnReport(forPhotoAt: photo, options: scanOptions)
                    show(image)
                    images.append(image)
                }
                return images
            }
        }
        // A photo the interruption cut short is not reported as read.
        let read = outcome.value.filter { $0.error?.code != .cancelled }
        let report = ScanReport(images: inputs.inOrder(read))
        if json {
            StandardStreams.print(try ReportPrinter.json(report), what: "the JSON report")
            for image in read { if let error = image.error { ReportPrinter.printError(error.message) } }
        }
        if outcome.wasInterrupted {
            ReportPrinter.printError("interrupted: \(read.count) of \(photos.count) photos read", prefix: "stopped")
            throw ExitCode(130)
        }
        if report.summary.errors > 0 { throw ExitCode.failure }
    }
}
