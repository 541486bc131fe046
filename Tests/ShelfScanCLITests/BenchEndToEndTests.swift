import Foundation
import ShelfTestSupport
import Testing

/// `shelfbench` as a developer runs it: figures, stage times and the baseline, from truth files.
@Suite(.tags(.endToEnd))
struct BenchEndToEndTests {
    struct Result: Decodable {
        struct Card: Decodable {
            var images: Int
            var isbnRecall: Double?
            var isbnWrong: Int
            var spineRecall: Double?
            var titleRecall: Double?
            var textTitleRecall: Double?
        }
        struct Spread: Decodable {
            var medianMs: Double
            var p90Ms: Double
            var photos: Int
        }
        struct Times: Decodable {
            var stages: [String: Spread]
            var total: Spread?
        }
        struct Baseline: Decodable {
            var scorecard: Card
            var perPhoto: Spread?
        }
        struct Reading: Decodable {
            struct Part: Decodable {
                var name: String
                var ranShare: Double
                var kept: Int
            }
            var spines: Int
            var callsPerSpine: Double
            var millisecondsPerSpine: Double
            var parts: [Part]
        }
        var photos: Int
        var scorecard: Card
        var times: Times
        var peakResidentMiB: Double
        var reading: Reading?
        var baseline: Baseline?
    }

    static var binary: URL { EndToEndTests.binary.deletingLastPathComponent().appendingPathComponent("shelfbench") }

    /// Runs `shelfbench` with `arguments`: its exit status and what it printed.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }

    @Test func measuresAFolderWithTheBaselineBesideIt() throws {
        let folder = try Scratch.folder("bench")
        for name in ["barcodes/barcode-001.jpg", "shelves/leaning.jpg"] {
            let source = EndToEndTests.fixture(name), target = folder.appendingPathComponent((name as NSString).lastPathComponent)
            try FileManager.default.copyItem(atPath: source, toPath: target.path)
            try FileManager.default.copyItem(atPath: source + ".truth.json", toPath: target.path + ".truth.json")
        }
        let reportFile = folder.appendingPathComponent("report.json")
        let (status, data) = try Self.run([folder.path, "--baseline", "--json", "--report", reportFile.path])
        #expect(status == 0)
        let result = try JSONDecoder().decode(Result.self, from: data)
        #expect(result.photos == 2 && result.scorecard.images == 2)
        // The barcode's ISBN is read, and nothing else is taken for one.
        #expect(result.scorecard.isbnRecall == 1 && result.scorecard.isbnWrong == 0)
        #expect((result.scorecard.spineRecall ?? 0) > 0.8, "the leaning shelf's spines are found")
        #expect(result.times.stages["read"]?.photos == 2 && result.times.stages["decode"] != nil)
        #expect((result.times.total?.medianMs ?? 0) > 0 && result.peakResidentMiB > 10)
        // What reading cost a spine, part by part: the first reading ran on every spine.
        let reading = try #require(result.reading)
        #expect(reading.spines >= 10 && reading.callsPerSpine >= 1 && reading.millisecondsPerSpine > 0)
        #expect(reading.parts.first?.name == "read.first" && reading.parts.first?.ranShare == 1)
        #expect(reading.parts.reduce(0) { $0 + $1.kept } == reading.spines)
        // The naive peer ran on the same photos: zbarimg reads the barcode too.
        let baseline = try #require(result.baseline)
        #expect(baseline.scorecard.images == 2 && baseline.perPhoto?.photos == 2)
        #expect(baseline.scorecard.isbnRecall == 1)
        #expect((baseline.scorecard.textTitleRecall ?? 1) < (result.scorecard.titleRecall ?? 0))
        // The report it wrote is the one `shelfscan scan --json` writes.
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: reportFile)) as? [String: Any]
        #expect((report?["images"] as? [Any])?.count == 2 && report?["schemaVersion"] as? Int == 1)
        // Scoring that report alone, without scanning, gives the run's figures.
        let (scoreStatus, scored) = try Self.run([folder.path, "--score", reportFile.path, "--json"])
        #expect(scoreStatus == 0)
        let card = try JSONDecoder().decode(Result.Card.self, from: scored)
        #expect(card.images == 2 && card.isbnRecall == result.scorecard.isbnRecall)
        #expect(card.spineRecall == result.scorecard.spineRecall && card.titleRecall == result.scorecard.titleRecall)
        // And the reading's cost, from the work the report carries: the same spines, calls and parts.
        struct Scored: Decodable { var reading: Result.Reading? }
        let scoredReading = try #require(try JSONDecoder().decode(Scored.self, from: scored).reading)
        #expect(scoredReading.spines == reading.spines && scoredReading.callsPerSpine == reading.callsPerSpine)
        #expect(scoredReading.parts.map(\.name) == reading.parts.map(\.name))
        let (_, text) = try Self.run([folder.path, "--score", reportFile.path])
        #expect(String(decoding: text, as: UTF8.self).contains("reading a spine (\(reading.spines) spines)"))
    }

    @Test func findsTheSpinesAloneWithoutReadingThem() throws {
        let folder = try Scratch.folder("bench-detection")
        let source = EndToEndTests.fixture("shelves/leaning.jpg")
        try FileManager.default.copyItem(atPath: source, toPath: folder.appendingPathComponent("leaning.jpg").path)
        try FileManager.default.copyItem(
            atPath: source + ".truth.json", toPath: folder.appendingPathComponent("leaning.jpg.truth.json").path)
        // A photo cut off halfway: an error of its own, the other photo still measured.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
        try bytes.prefix(bytes.count / 2).write(to: folder.appendingPathComponent("broken.jpg"))
        try Data(#"{"image": "broken.jpg", "books": []}"#.utf8).write(to: folder.appendingPathComponent("broken.jpg.truth.json"))
        let reportFile = folder.appendingPathComponent("outlines.json")
        let (status, data) = try Self.run([folder.path, "--detection-only", "--json", "--report", reportFile.path])
        #expect(status == 0)
        struct Figures: Decodable {
            var images: Int
            var imagesError: Int
            var spineRecall: Double?
            var spinePrecision: Double?
        }
        let figures = try JSONDecoder().decode(Figures.self, from: data)
        #expect(figures.images == 2 && figures.imagesError == 1)
        #expect((figures.spineRecall ?? 0) > 0.8 && (figures.spinePrecision ?? 0) > 0.8, "the leaning shelf's spines are found")
        // The outlines are written as a scan report, which `--score` reads as it reads a scan's.
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: reportFile)) as? [String: Any]
        let images = (report?["images"] as? [[String: Any]]) ?? []
        let leaning = images.first { ($0["path"] as? String)?.hasSuffix("leaning.jpg") == true }
        let broken = images.first { ($0["path"] as? String)?.hasSuffix("broken.jpg") == true }
        #expect(((leaning?["books"] as? [[String: Any]])?.first?["polygon"] as? [[Double]])?.count == 4)
        #expect(((broken?["error"] as? [String: Any])?["message"] as? String)?.contains("broken.jpg") == true)
    }

    /// The report's books that a catalogue identified.
    static func identifiedBooks(in report: URL) throws -> Int {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any]
        let images = (json?["images"] as? [[String: Any]]) ?? []
        return images.flatMap { ($0["books"] as? [[String: Any]]) ?? [] }.count { $0["identified"] is [String: Any] }
    }

    /// As `scan` does, shelfbench identifies spines in the catalogue it is given (the built-in one
    /// unless told otherwise), and in none with --no-catalog; a catalogue that is not there fails.
    @Test func identifiesSpinesInTheCatalogueItIsGiven() throws {
        let folder = try Scratch.folder("bench-catalog")
        let source = EndToEndTests.fixture("shelves/leaning.jpg")
        try FileManager.default.copyItem(atPath: source, toPath: folder.appendingPathComponent("leaning.jpg").path)
        try FileManager.default.copyItem(
            atPath: source + ".truth.json", toPath: folder.appendingPathComponent("leaning.jpg.truth.json").path)
        struct Truth: Decodable {
            struct Book: Decodable {
                var title: String
                var author: String?
            }
            var books: [Book]
        }
        let truth = try JSONDecoder().decode(Truth.self, from: Data(contentsOf: URL(fileURLWithPath: source + ".truth.json")))
        let books = Scratch.file("books", extension: "csv")
        let lines = ["title,author"] + truth.books.map { "\"\($0.title)\",\"\($0.author ?? "")\"" }
        try lines.joined(separator: "\n").write(to: books, atomically: true, encoding: .utf8)
        let catalog = Scratch.file("catalog", extension: "sqlite").path
        #expect(try EndToEndTests.run(["catalog", "import", "--catalog", catalog, books.path]).status == 0)

        let withCatalog = folder.appendingPathComponent("with.json"), without = folder.appendingPathComponent("without.json")
        #expect(try Self.run([folder.path, "--json", "--catalog", catalog, "--report", withCatalog.path]).status == 0)
        #expect(try Self.run([folder.path, "--json", "--no-catalog", "--report", without.path]).status == 0)
        #expect(try Self.identifiedBooks(in: withCatalog) >= truth.books.count / 3)
        #expect(try Self.identifiedBooks(in: without) == 0)
        #expect(try Self.run([folder.path, "--catalog", folder.appendingPathComponent("none.sqlite").path]).status != 0)
    }

    @Test func aFolderWithoutTruthIsAWrongCommandLine() throws {
        let folder = try Scratch.folder("no-truth")
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = [folder.path]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)
        #expect(message.contains("no .truth.json files below it"))
    }
}
