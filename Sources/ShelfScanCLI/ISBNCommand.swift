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
            Prints one line per ISBN found: the ISBN-13, where it was read (barcode or text), \
            the add-on, and the photo. Exits 0 when every photo was read (whether or not it held an \
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
        let photos = options.photos
        let outcome: Interruption.Outcome<[ImageReport]>
        if ScanSupervisor.isAvailable {
            // Read in a child process, so that a photo that crashes it loses only itself.
            var workerOptions = ["--isbn-only", "--max-pixels", String(options.maxPixels)]
            if allText { workerOptions.append("--all-text") }
            let supervised = await ScanSupervisor(
                photos: photos, names: PictureWriter.uniqueNames(for: photos), workerOptions: workerOptions
            ).run()
            outcome = Interruption.Outcome(
                value: supervised.messages.compactMap(\.report), wasInterrupted: supervised.wasInterrupted)
        } else {
            let scanOptions = ScanOptions(maxPixels: options.maxPixels, readsTextAlways: allText)
            outcome = await Interruption.run {
                await ShelfScanner.shared.isbnReport(forPhotosAt: photos, options: scanOptions).images
            }
        }
        // A photo the interruption cut short is not reported as read.
        let report = ScanReport(images: outcome.value.filter { $0.error?.code != .cancelled })
        if options.json {
            print(try ReportPrinter.json(report))
        } else {
            ReportPrinter.printISBNLines(report)
        }
        for image in report.images {
            if let error = image.error { ReportPrinter.printError(error.message) }
        }
        if outcome.wasInterrupted {
            ReportPrinter.printError(
                "interrupted: \(report.images.count) of \(photos.count) photos read", prefix: "stopped")
            throw ExitCode(130)
        }
        if report.summary.errors > 0 { throw ExitCode.failure }
    }
}
