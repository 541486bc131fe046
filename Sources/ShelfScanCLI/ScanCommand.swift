import ArgumentParser
import Foundation
import ShelfScan

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
            could not be read; the other photos are scanned all the same.
            """
    )

    @OptionGroup var options: PhotoOptions

    @OptionGroup var libraryOptions: LibraryOptions

    @Flag(
        name: .long,
        help: "Add the selected books that are not in the library yet to it: one entry per distinct book, with the copies seen.")
    var add = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Write, per photo, a PNG with every book outlined and numbered into this folder.", valueName: "folder"))
    var annotate: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Select the books at or above this confidence (0 to 1).", valueName: "confidence"))
    var minConfidence: Double = 0.7

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
            ReportPrinter.printError("\(libraryOptions.path): no library there yet; nothing to compare with", prefix: "note")
        }
        var scanOptions = ShelfScanner.Options(maxPixels: options.maxPixels, minimumConfidence: minConfidence)
        do {
            scanOptions.library = try library?.matcher()
        } catch {
            throw error.exit()
        }
        let report = await ShelfScanner.shared.scanReport(forPhotosAt: options.photos, options: scanOptions)
        if options.json {
            print(try ReportPrinter.json(report))
        } else {
            ReportPrinter.printBooks(report)
        }
        var failed = report.summary.errors > 0
        for image in report.images {
            if let error = image.error { ReportPrinter.printError(error.message) }
        }
        if add, let library {
            do {
                let summary = try library.add(selectedBooksOf: report)
                ReportPrinter.printAddition(summary, to: library.path ?? "")
            } catch {
                ReportPrinter.printError(error.description)
                failed = true
            }
        }
        if let folder = annotate {
            do {
                try Annotator.writeAnnotations(of: report, to: folder, maxPixels: options.maxPixels)
            } catch {
                ReportPrinter.printError("\(error)")
                failed = true
            }
        }
        if failed { throw ExitCode.failure }
    }
}
