import Foundation
import ShelfISBN
import ShelfImaging
import ShelfLibrary
import ShelfPipeline
import ShelfText
import ShelfTestSupport
import Testing

/// `shelfscan scan` as a user runs it: the table, the JSON report, `--annotate`, errors and exit codes.
@Suite(.tags(.endToEnd))
struct ScanEndToEndTests {
    struct Report: Decodable {
        struct Image: Decodable {
            struct Book: Decodable {
                var title: String?
                var author: String?
                var isbn: String?
                var confidence: Double
                var detectionScore: Double
                var status: String
                var selected: Bool
                var polygon: [[Double]]
                var textOrientation: String?
                var text: String
                var libraryMatch: LibraryMatch?
                var identified: Identified?
                var signals: [String: Double]?
            }
            struct Identified: Decodable {
                var key: String
                var title: String
                var matchedBy: String
            }
            struct LibraryMatch: Decodable {
                var id: Int
                var title: String
                var matchedBy: String
                var wanted: Bool?
            }
            struct Failure: Decodable {
                var code: String
                var message: String
            }
            var path: String
            var width: Int?
            var height: Int?
            var elapsedMs: Double
            var error: Failure?
            var books: [Book]
            var timings: [String: Double]?
        }
        struct Summary: Decodable {
            var images: Int
            var books: Int
            var selected: Int
            var duplicates: Int
            var errors: Int
        }
        var schemaVersion: Int
        var images: [Image]
        var summary: Summary
    }

    static let shelf = EndToEndTests.fixture("shelves/shelf-001.jpg")

    @Test func readsEachSpineIntoABookWithAConfidenceAndAStatus() throws {
        let bad = EndToEndTests.fixture("imaging/bad/truncated.jpg")
        let run = try EndToEndTests.run(["scan", "--json", Self.shelf, bad])
        #expect(run.status == 1)
        let report = try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8))
        #expect(report.schemaVersion == 1)
        #expect(report.images.map(\.path) == [Self.shelf, bad])
        let image = report.images[0]
        #expect(image.error == nil)
        #expect(image.books.count >= 10)
        #expect(image.timings?["detect"] != nil && image.timings?["decode"] != nil)
        for book in image.books {
            #expect(book.selected == (book.confidence >= 0.7))
            #expect(book.status == (!book.selected ? "uncertain" : book.isbn == nil ? "detected" : "confirmed"))
            #expect(book.polygon.count == 4 && book.polygon.allSatisfy { $0.count == 2 })
            #expect(book.detectionScore > 0 && book.detectionScore <= 1)
            #expect(
                book.polygon.allSatisfy {
                    $0[0] >= 0 && $0[0] <= Double(image.width!) && $0[1] <= Double(image.height!)
                })
        }
        // The rendered shelf's made-up titles: most are read, and the selected books are right.
        let truth = try JSONDecoder().decode(
            ShelfTitles.self, from: Data(contentsOf: URL(fileURLWithPath: Self.shelf + ".truth.json")))
        func isTitle(_ read: String?) -> Bool { truth.books.contains { ShelfTitles.similar(read, $0.title) } }
        let read = Double(image.books.filter { isTitle($0.title) }.count)
        #expect(read >= 0.5 * Double(truth.books.count))
        let selected = image.books.filter(\.selected)
        #expect(!selected.isEmpty)
        let selectedRight = Double(selected.filter { isTitle($0.title) }.count)
        #expect(selectedRight >= 0.9 * Double(selected.count), "\(selectedRight) of \(selected.count)")
        #expect(image.books.filter { !$0.text.isEmpty }.allSatisfy { $0.textOrientation != nil })
        #expect(report.images[1].error?.code == "truncated")
        #expect(report.summary.images == 2 && report.summary.errors == 1 && report.summary.books == image.books.count)
        #expect(run.stderr.contains("shelfscan: error: \(bad)"))
    }

    @Test func printsATableByDefault() throws {
        let run = try EndToEndTests.run(["scan", Self.shelf])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix(Self.shelf) == true)
        #expect(["status", "conf", "title", "author", "ISBN"].allSatisfy { lines[1].contains($0) })
        // A book's row starts with its number; the lines between go on with a long title or author.
        let allRows = lines.dropFirst(2).dropLast()
        let rows = allRows.filter { $0.prefix(5).contains(where: \.isNumber) }
        let titleColumn = lines[1].distance(from: lines[1].startIndex, to: lines[1].range(of: "title")!.lowerBound)
        for line in allRows where !rows.contains(line) {
            #expect(line.prefix(titleColumn).allSatisfy { $0 == " " } && line.count > titleColumn, "\(line)")
        }
        #expect(rows.count >= 10)
        #expect(rows.allSatisfy { row in ["detected", "confirmed", "uncertain"].contains { row.contains($0) } })
        // Every row's status and confidence sit under their headings, past row 9 too, and a shown
        // confidence of the threshold or more is never "uncertain".
        let header = String(lines[1])
        let statusColumn = header.distance(from: header.startIndex, to: header.range(of: "status")!.lowerBound)
        for row in rows {
            let cells = row.dropFirst(statusColumn).split(separator: " ", omittingEmptySubsequences: true)
            #expect(["detected", "confirmed", "uncertain"].contains(String(cells.first ?? "")), "\(row)")
            if let shown = cells.dropFirst().first.flatMap({ Double($0) }), shown >= 0.7 {
                #expect(cells.first != "uncertain", "\(row)")
            }
        }
        #expect(lines.last?.contains("selected") == true && lines.last?.contains("uncertain") == true)
    }

    /// A photo of the back of a book or of its copyright page has no spine: the table shows its
    /// ISBN — the back cover's barcode, the page's printed number read as `shelfscan isbn` reads it —
    /// instead of leaving it to the JSON (or, for the page, not reading it at all), and selects none
    /// of the page's lines of text.
    @Test(arguments: [
        ("barcodes/barcode-001.jpg", "barcode"), ("pages/page-003.jpg", "printed"), ("pages/page-007.jpg", "printed"),
    ])
    func showsTheISBNsOfABackCoverOrACopyrightPage(photo name: String, source: String) throws {
        let photo = EndToEndTests.fixture(name)
        let truth = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: photo + ".truth.json"))) as? [String: Any]
        let isbns = try #require(truth?["isbns"] as? [String])
        let run = try EndToEndTests.run(["scan", photo])
        #expect(run.status == 0)
        // Each on a book's row or on a line of its own.
        for isbn in isbns { #expect(run.stdout.contains(isbn), "\(isbn): \(run.stdout)") }
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("  ISBN 97") && $0.contains("(\(source)") }, "\(run.stdout)")
        if source == "printed" {
            // The lines of the page's text that detection took for spines are shown, none selected.
            #expect(lines.contains("  no books found") || lines.contains { $0.contains(": 0 selected") }, "\(run.stdout)")
        }
    }

    @Test func reportsAModelsFolderThatIsNotThere() throws {
        let missing = "/no/such/shelfscan-models"
        let run = try EndToEndTests.run(["scan", "--json", Self.shelf], environment: ["SHELFSCAN_MODELS": missing])
        #expect(run.status == 1)
        let report = try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8))
        #expect(report.images[0].error?.code == "models-unavailable")
        #expect(run.stderr.contains(missing) && run.stderr.contains("SHELFSCAN_MODELS"))
    }

    @Test func selectsNothingAboveAConfidenceOfOne() throws {
        let run = try EndToEndTests.run(["scan", "--json", "--min-confidence", "1", Self.shelf])
        #expect(run.status == 0)
        let report = try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8))
        #expect(
            !report.images[0].books.isEmpty
                && report.images[0].books.allSatisfy { !$0.selected && $0.status == "uncertain" })
        let refused = try EndToEndTests.run(["scan", "--min-confidence", "1.5", Self.shelf])
        #expect(refused.status == 64 && refused.stderr.contains("--min-confidence"))
    }

    @Test func writesAnAnnotatedPictureForEachPhoto() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("shelfscan-annotate-\(UUID().uuidString)").appendingPathComponent("new")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let empty = EndToEndTests.fixture("shelves/blank-wall.jpg")
        let run = try EndToEndTests.run(["scan", "--annotate", folder.path, Self.shelf, empty])
        #expect(run.status == 0)
        let picture = try ImageDecoder().decodePhoto(
            atPath: folder.appendingPathComponent("shelf-001.annotated.png").path)
        let photo = try ImageDecoder().decodePhoto(atPath: Self.shelf)
        // The photo scaled, with the legend below it.
        let photoHeight = Int(
            (Double(picture.image.width) * Double(photo.image.height) / Double(photo.image.width)).rounded())
        #expect(
            picture.image.height
                == photoHeight + BookAnnotator.legendHeight(forWidth: picture.image.width, height: photoHeight))
        // The outlines are drawn in the colours of their books' statuses: selected and uncertain ones.
        for status in [DetectedBook.Status.detected, .uncertain] {
            let colour = BookAnnotator.colour(for: status)
            var drawn = 0
            for y in stride(from: 0, to: picture.image.height, by: 2) {
                for x in stride(from: 0, to: picture.image.width, by: 2)
                where picture.image[x: x, y: y, channel: 0] == colour.red
                    && picture.image[x: x, y: y, channel: 1] == colour.green
                    && picture.image[x: x, y: y, channel: 2] == colour.blue
                {
                    drawn += 1
                }
            }
            #expect(drawn > 300, "\(status)")
        }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("blank-wall.annotated.png").path))
    }

    @Test func refusesAnAnnotationFolderThatIsAFile() throws {
        let run = try EndToEndTests.run(["scan", "--annotate", Self.shelf, Self.shelf])
        #expect(run.status == 64)
        #expect(run.stderr.contains("is a file"))
    }

    @Test func refusesElevenPhotos() throws {
        let run = try EndToEndTests.run(["scan"] + Array(repeating: Self.shelf, count: 11))
        #expect(run.status == 64)
        #expect(run.stderr.contains("At most 10 photos a run: got 11"))
    }
}

/// The titles of a fixture's truth file.
struct ShelfTitles: Decodable {
    struct Book: Decodable {
        var title: String
    }
    var books: [Book]

    /// The same title up to OCR slips: edit similarity of the folded texts at least 0.8.
    static func similar(_ read: String?, _ truth: String) -> Bool {
        guard let read else { return false }
        return Similarity.ratio(read.folded, truth.folded) >= 0.8
    }
}

/// Ctrl-C during a scan, as a user presses it: a SIGINT to the running process.
@Suite(.tags(.endToEnd))
struct InterruptionEndToEndTests {
    /// Synchronous on purpose: a Task.sleep in a busy test run can wake minutes late (every
    /// cooperative thread held by other suites), after the scan has finished; Thread.sleep cannot.
    @Test func ctrlCBeforeAnyPhotoIsDoneStopsTheScanAndAddsNothing() throws {
        let library = Scratch.file("library", extension: "sqlite")
        let photos = (1...8).map { EndToEndTests.fixture("shelves/shelf-00\($0)\($0 == 5 ? ".png" : ".jpg")") }
        let process = Process()
        process.executableURL = EndToEndTests.binary
        process.arguments = ["scan", "--add", "--library", library.path] + photos
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Long enough for the re-executed process to be scanning its first photo, less than one photo.
        Thread.sleep(forTimeInterval: 1)
        #expect(process.isRunning)
        kill(process.processIdentifier, SIGINT)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        _ = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 130)
        #expect(stderr.contains("stopped: interrupted: 0 of 8 photos scanned; no selected book to add"), "\(stderr)")
        #expect(!stderr.contains("Fatal error"))
        // The library was opened for --add, but nothing went into it.
        let list = try EndToEndTests.run(["library", "list", "--library", library.path])
        #expect(list.status == 0)
        #expect(list.stdout == "no books\n")
    }

    /// The photos finished before Ctrl-C are what the person waited for: their selected books
    /// are added, in one transaction, and the message says how many and from which photos.
    @Test func ctrlCAfterAPhotoIsDoneAddsThatPhotosSelectedBooks() throws {
        let library = Scratch.file("library", extension: "sqlite")
        let photos = (1...4).map { EndToEndTests.fixture("shelves/shelf-00\($0).jpg") }
        let process = Process()
        process.executableURL = EndToEndTests.binary
        process.arguments = ["scan", "--add", "--library", library.path] + photos
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Piped, stderr has a line per photo done: Ctrl-C as soon as the first is there.
        var stderr = Data()
        while !String(decoding: stderr, as: UTF8.self).contains("scanned: [1/4]") {
            let chunk = err.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            stderr.append(chunk)
        }
        kill(process.processIdentifier, SIGINT)
        stderr.append(err.fileHandleForReading.readDataToEndOfFile())
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let text = String(decoding: stderr, as: UTF8.self)
        #expect(process.terminationReason == .exit && process.terminationStatus == 130, "\(text)")
        let finished = try #require(text.firstMatch(of: /interrupted: (\d) of 4 photos scanned; added the (\d+) books? selected on (.*)/))
        let (photosDone, added) = (Int(finished.1) ?? 0, Int(finished.2) ?? 0)
        #expect(photosDone >= 1 && photosDone < 4)
        #expect(finished.3.hasPrefix("shelf-001.jpg"))
        #expect(added > 10)
        // Listed under the tables, as a finished --add lists them, and all in the library.
        #expect(stdout.contains("added \(added) books"), "\(stdout)")
        #expect(try LibraryEndToEndTests.bookCount(library.path) == added)
    }
}

/// A photo that crashes the scanner, as a bug would: the batch goes on without it. The scanner
/// traps while the photo is prepared beside the one before, before that one is passed on: the crash
/// is the second photo's, not the first's.
@Suite(.tags(.endToEnd))
struct CrashEndToEndTests {
    @Test func aPhotoThatCrashesTheScannerLosesOnlyItself() throws {
        let photos = ["shelves/stack.jpg", "shelves/leaning.jpg", "shelves/blank-wall.jpg"].map(EndToEndTests.fixture)
        let run = try EndToEndTests.run(
            ["scan", "--json"] + photos, environment: ["SHELFSCAN_TEST_TRAP_ON": photos[1]])
        #expect(run.status == 1)
        let report = try JSONDecoder().decode(ScanEndToEndTests.Report.self, from: Data(run.stdout.utf8))
        #expect(report.images.map(\.path) == photos)
        #expect(report.images[0].error == nil && !report.images[0].books.isEmpty)
        #expect(report.images[1].error?.code == "internal-error")
        #expect(report.images[2].error == nil)
        #expect(run.stderr.contains("\(photos[1]): shelfscan failed while scanning this photo"), "\(run.stderr)")
        #expect(!run.stderr.contains("Press space"), "a crash report waited for a key")
        // What the crashed scanner printed is kept for a bug report, and named.
        let logPath = try #require(
            run.stderr.components(separatedBy: "What it printed is in ").last?.split(separator: "\n").first)
        let log = try String(contentsOfFile: String(logPath), encoding: .utf8)
        #expect(log.contains("Fatal error"))
        try? FileManager.default.removeItem(atPath: String(logPath))
    }

    @Test func aPhotoThatCrashesTheISBNReaderLosesOnlyItself() throws {
        let photos = ["barcode-001.jpg", "barcode-002.jpg", "barcode-003.jpg"].map { EndToEndTests.fixture("barcodes/\($0)") }
        let run = try EndToEndTests.run(["isbn"] + photos, environment: ["SHELFSCAN_TEST_TRAP_ON": photos[1]])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasSuffix(photos[0]) && lines[1].hasSuffix(photos[2]), "\(run.stdout)")
        #expect(run.stderr.contains("\(photos[1]): shelfscan failed while scanning this photo"), "\(run.stderr)")
        if let logPath = run.stderr.components(separatedBy: "What it printed is in ").last?.split(separator: "\n").first {
            try? FileManager.default.removeItem(atPath: String(logPath))
        }
    }
}

/// Scanning in a child process changes nothing in what is reported: the supervised scan and the
/// one in this process (`SHELFSCAN_NO_SUPERVISOR`, or a system without /proc) print the same report.
@Suite(.tags(.endToEnd))
struct SupervisedEndToEndTests {
    @Test func aSupervisedScanReportsWhatAScanInOneProcessDoes() throws {
        let photos = ["shelves/stack.jpg", "shelves/blank-wall.jpg"].map(EndToEndTests.fixture)
        let supervised = try EndToEndTests.run(["scan", "--json"] + photos)
        let inProcess = try EndToEndTests.run(
            ["scan", "--json"] + photos, environment: ["SHELFSCAN_NO_SUPERVISOR": "1"])
        #expect(supervised.status == 0 && inProcess.status == 0)
        // Equal but for the wall times.
        func withoutTimes(_ json: String) throws -> String {
            var report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            var images = try #require(report["images"] as? [[String: Any]])
            for index in images.indices {
                images[index]["elapsedMs"] = nil
                images[index]["timings"] = nil
            }
            report["images"] = images
            report["summary"] = nil
            return String(
                decoding: try JSONSerialization.data(withJSONObject: report, options: .sortedKeys), as: UTF8.self)
        }
        #expect(try withoutTimes(supervised.stdout) == withoutTimes(inProcess.stdout))
        #expect(supervised.stdout.contains("\"books\""))
    }
}
