import Foundation
import Testing

/// Runs the built `shelfscan` binary and checks what a user sees: stdout, stderr, exit code.
@Suite(.tags(.endToEnd))
struct EndToEndTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func fixture(_ relative: String) -> String {
        packageRoot.appendingPathComponent("Fixtures").appendingPathComponent(relative).path
    }

    /// The binary built beside this test bundle.
    static var binary: URL {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0])
        var directory = bundle.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("shelfscan").path),
            directory.path != "/"
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("shelfscan")
    }

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs the binary; `launcher` (such as `setpriv …`) runs it through another command.
    static func run(_ arguments: [String], environment: [String: String] = [:], launcher: [String] = []) throws -> Run {
        let process = Process()
        if launcher.isEmpty {
            process.executableURL = binary
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = launcher + [binary.path] + arguments
        }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test func printsOneLinePerISBN() throws {
        let photo = Self.fixture("barcodes/barcode-001.jpg")
        let run = try Self.run(["isbn", photo])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        let columns = lines[0].split(separator: " ", omittingEmptySubsequences: true)
        #expect(columns.first?.count == 13)
        #expect(columns.contains("barcode"))
        #expect(columns.last.map(String.init) == photo)
    }

    struct Report: Decodable {
        struct Image: Decodable {
            struct Found: Decodable {
                var isbn: String
                var source: String
                var addon: String?
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
            var books: [String]
            var isbns: [Found]
            var text: String?
            var timings: [String: Double]?
        }
        struct Summary: Decodable {
            var images: Int
            var errors: Int
        }
        var schemaVersion: Int
        var images: [Image]
        var summary: Summary
    }

    @Test func printsTheJSONReportAndGoesOnPastABadPhoto() throws {
        let good = Self.fixture("barcodes/barcode-002.jpg")
        let bad = Self.fixture("imaging/bad/image.heic")
        let page = Self.fixture("pages/page-002.jpg")
        let truth =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: good + ".truth.json"))) as! [String: Any]
        let run = try Self.run(["isbn", "--json", good, bad, page])
        #expect(run.status == 1)
        let report = try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8))
        #expect(report.schemaVersion == 1)
        #expect(report.images.map(\.path) == [good, bad, page])
        #expect(report.images[0].isbns.map(\.isbn) == truth["isbns"] as! [String])
        #expect(report.images[0].isbns.first?.source == "barcode")
        #expect(report.images[0].width == truth["width"] as? Int)
        #expect(report.images[1].error?.code == "unsupported-format")
        #expect(report.images[1].error?.message.contains(bad) == true)
        #expect(report.images[2].isbns.map(\.isbn) == ["9781203151423"])
        #expect(report.images[2].isbns.first?.source == "text")
        #expect(report.images.allSatisfy { $0.books.isEmpty && $0.elapsedMs >= 0 })
        // The photos read took time; the HEIC was refused from its first bytes, before any
        // decoding (its time, well under a tenth of a millisecond, may round to 0).
        #expect(report.images[0].elapsedMs > 0 && report.images[2].elapsedMs > 0)
        #expect(report.summary.images == 3 && report.summary.errors == 1)
        #expect(run.stderr.contains("shelfscan: error: \(bad): HEIC is not supported"))
    }

    @Test func readsThePrintedTextBesideABarcodeOnlyWhenAsked() throws {
        let photo = Self.fixture("barcodes/barcode-001.jpg")
        let quick = try JSONDecoder().decode(
            Report.self, from: Data(try Self.run(["isbn", "--json", photo]).stdout.utf8))
        #expect(quick.images[0].text == nil)
        #expect(quick.images[0].timings?["text"] == nil)
        let run = try Self.run(["isbn", "--json", "--all-text", photo])
        #expect(run.status == 0)
        let thorough = try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8))
        #expect(thorough.images[0].text?.contains("ISBN") == true)
        #expect(thorough.images[0].timings?["text"] != nil)
        // The printed ISBN is the barcode's: reported once, as a barcode.
        #expect(thorough.images[0].isbns.map(\.source) == ["barcode"])
    }

    @Test func refusesAPhotoAboveThePixelLimit() throws {
        let photo = Self.fixture("barcodes/barcode-12mp.jpg")
        let run = try Self.run(["isbn", "--max-pixels", "10M", photo])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("\(photo): 4000×3000 pixels (12 MP) is above the limit of 10 MP"))
    }

    @Test func saysWhenAPhotoHoldsNoISBN() throws {
        let photo = Self.fixture("imaging/jpeg-baseline.jpg")
        let run = try Self.run(["isbn", photo])
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("\(photo): no ISBN found"))
    }

    @Test func refusesElevenPhotosWithAUsageError() throws {
        let run = try Self.run(["isbn"] + Array(repeating: Self.fixture("imaging/jpeg-baseline.jpg"), count: 11))
        #expect(run.status == 64)
        #expect(run.stderr.contains("At most 10 photos a run: got 11"))
        #expect(run.stdout.isEmpty)
    }

    @Test func failsOnAMissingFileNamingIt() throws {
        let run = try Self.run(["isbn", "/no/such/photo.jpg"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("/no/such/photo.jpg: no such file"))
    }
}
