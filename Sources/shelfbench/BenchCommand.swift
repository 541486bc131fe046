import ArgumentParser
import Foundation
import ShelfBench
import ShelfCatalog
import ShelfLibrary
import ShelfPipeline

/// `shelfbench FOLDER`: shelfscan's pipeline over a folder of photos with truth files — how
/// accurate it is (the figures of the evaluation set's scorer), how long each stage takes, how
/// much memory it holds, and with `--baseline` the naive peer beside it in the same run.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shelfbench",
        abstract: "Measure shelfscan on photos with truth files: accuracy, time per stage, memory.",
        discussion: """
            Every NAME.truth.json below FOLDER names its photo (docs/TRUTH-FORMAT.md). The photos are \
            scanned in this process, at most 10 at a time, as `shelfscan scan` does (identified in \
            the built-in catalogue unless --catalog or --no-catalog says otherwise); the figures are \
            those of the evaluation set's scorer, under its names. Time per stage is the median and \
            90th percentile over the photos; spines per second is the spines found over the wall time \
            of the whole run; peak RSS is this process's.

            --baseline also runs whole-photo Tesseract (--psm 11 on the photo and its two quarter \
            turns) and zbarimg on each photo, one after another, and prints the ratios of time and \
            of title and ISBN recall.

            When the truth outlines its books, the truth books missed and the outlines that found \
            none are sorted by kind: split, merged, misfit or absent; merge, part or nothing.

            Examples:
              shelfbench Fixtures/shelves
              shelfbench ../shared/eval/synthetic/shelves --baseline --report run.json
              shelfbench ../shared/eval/real --score run.json
              shelfbench ../shared/eval/real-spines --detection-only --report outlines.json
            """
    )

    @Argument(help: "A folder with photos and their .truth.json files (searched below it too).")
    var folder: String

    @Flag(name: .long, help: "Also run the naive peer (tesseract --psm 11 and zbarimg) on the same photos.")
    var baseline = false

    @Flag(
        name: .long,
        help: """
            Find the spines only (decode and detection, no reading): spine recall and precision in \
            seconds, and the truth books missed and outlines that found none, by kind.
            """)
    var detectionOnly = false

    @Flag(name: .long, help: "Print the figures as JSON.")
    var json = false

    @Option(name: .long, help: ArgumentHelp("Also write the scan report (as `shelfscan scan --json`) here.", valueName: "file"))
    var report: String?

    @Option(name: .long, help: ArgumentHelp("Compare with this library, for the duplicate figures.", valueName: "file"))
    var library: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Identify spines in this catalogue (made by `shelfscan catalog import`) instead of the built-in one.",
            valueName: "file"))
    var catalog: String?

    @Flag(name: .long, help: "Identify no spine in a catalogue, as `shelfscan scan --no-catalog`.")
    var noCatalog = false

    @Option(
        name: .long,
        help: ArgumentHelp("Scan nothing: score this report (as `shelfscan scan --json` writes it) instead.", valueName: "file"))
    var score: String?

    /// Entry point of the executable (from an async context, so that the async `main` is the one run).
    static func launch() async {
        await main()
    }

    func run() async throws {
        let truths: [(truth: PhotoTruth, photo: String)]
        do {
            truths = try PhotoTruth.all(in: folder)
        } catch {
            throw ValidationError(error.description)
        }
        guard !truths.isEmpty else { throw ValidationError("\(folder): no .truth.json files below it") }
        if let score {
            let data = try Data(contentsOf: URL(fileURLWithPath: score))
            let card = Scorecard(truths: truths.map(\.truth), report: try JSONDecoder().decode(Scorecard.Report.self, from: data))
            // A shelfscan report carries its reading work: its cost is shown as a scan's would be.
            let reading = (try? JSONDecoder().decode(ScannedImages.self, from: data)).flatMap { ReadingCost(reports: $0.images) }
            if json {
                try Self.printJSON(ScoredReport(scorecard: card, reading: reading))
            } else {
                for (name, value) in card.lines { print("\(name): \(value)") }
                if let reading { print(([""] + reading.lines).joined(separator: "\n")) }
            }
            return
        }
        if detectionOnly {
            let run = await DetectionRun.detect(truths.map(\.photo))
            let reportData = try run.reportJSON
            if let report { try reportData.write(to: URL(fileURLWithPath: report)) }
            let outlines = try JSONDecoder().decode(Scorecard.Report.self, from: reportData)
            let card = Scorecard(truths: truths.map(\.truth), report: outlines)
            // Only what detection decides: the title figures of a report without titles mean nothing.
            let faults = DetectionFaults(truths: truths.map(\.truth), report: outlines)
            let figures = DetectionFigures(
                images: card.images, imagesError: card.imagesError, spineRecall: card.spineRecall,
                spinePrecision: card.spinePrecision, elapsedMsPerImage: card.elapsedMsPerImage, wallSeconds: run.wallSeconds,
                faults: faults)
            if json {
                try Self.printJSON(figures)
            } else {
                for (name, value) in card.lines
                where ["images", "images_error", "spine_recall", "spine_precision", "elapsed_ms_per_image"].contains(name) {
                    print("\(name): \(value)")
                }
                print(String(format: "wall_s: %.1f", run.wallSeconds))
                if let faults {
                    print("\ntruth books missed, and outlines that found none, by kind")
                    for (name, value) in faults.lines { print("  \(name): \(value)") }
                }
            }
            return
        }
        var options = ScanOptions()
        if let library {
            do {
                options.library = try Library.open(at: library, for: .read).matcher()
            } catch {
                FileHandle.standardError.write(Data("shelfbench: error: \(error)\n".utf8))
                throw ExitCode.failure
            }
        }
        if let catalog, !noCatalog {
            do {
                options.catalog = CatalogIdentifier(catalog: try Catalog.open(at: catalog, creating: false))
            } catch {
                FileHandle.standardError.write(Data("shelfbench: error: \(error)\n".utf8))
                throw ExitCode.failure
            }
        } else if !noCatalog {
            options.catalog = BuiltInCatalog.identifier(models: nil)
        }
        let photos = truths.map(\.photo)
        let run = await BenchRun.scan(photos, options: options)
        let reportData = try run.reportJSON
        if let report { try reportData.write(to: URL(fileURLWithPath: report)) }
        let scanned = try JSONDecoder().decode(Scorecard.Report.self, from: reportData)
        var result = BenchResult(
            folder: folder, photos: photos.count, scorecard: Scorecard(truths: truths.map(\.truth), report: scanned),
            times: StageTimes(photos: run.reports.map { ($0.timings, $0.elapsedMs) }),
            spinesPerSecond: run.spinesPerSecond, wallSeconds: run.wallSeconds, peakResidentMiB: run.peakResidentMiB,
            reading: ReadingCost(reports: run.reports),
            faults: DetectionFaults(truths: truths.map(\.truth), report: scanned))
        if baseline {
            do {
                let peer = try NaiveBaseline().run(photos)
                result.baseline = BenchResult.Baseline(
                    scorecard: Scorecard(truths: truths.map(\.truth), report: peer.report),
                    perPhoto: StageTimes.spread(peer.report.images.compactMap(\.elapsedMs)), wallSeconds: peer.wallSeconds)
            } catch {
                FileHandle.standardError.write(Data("shelfbench: error: the baseline: \(error)\n".utf8))
                throw ExitCode.failure
            }
        }
        if json {
            try Self.printJSON(result)
        } else {
            print(result.text, terminator: "")
        }
    }

    private static func printJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}

/// The photos of a shelfscan report, as the scanner made them.
private struct ScannedImages: Decodable {
    var images: [ImageReport]
}

/// What `--score` prints as JSON: the scorecard's figures, and the reading's cost when the report
/// carries its reading work.
private struct ScoredReport: Encodable {
    var scorecard: Scorecard
    var reading: ReadingCost?

    enum CodingKeys: String, CodingKey { case reading }

    func encode(to encoder: any Encoder) throws {
        try scorecard.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(reading, forKey: .reading)
    }
}

/// What `--detection-only` measures.
struct DetectionFigures: Encodable {
    var images: Int
    var imagesError: Int
    var spineRecall: Double?
    var spinePrecision: Double?
    var elapsedMsPerImage: Double?
    var wallSeconds: Double
    /// The misses and false outlines by kind; nil when the truth outlines no book.
    var faults: DetectionFaults?
}
