import Foundation
import ShelfISBN
import ShelfImaging

/// The naive peer shelfscan is measured against: whole-photo Tesseract (the `tesseract` command,
/// `--psm 11`, on the photo as displayed and turned a quarter each way, `OMP_THREAD_LIMIT=1`)
/// and `zbarimg` on the photo, one photo after another, as the evaluation set's `baseline` runs
/// them. Its report has no books: only text and ISBNs, so its titles count through
/// `text_title_recall`.
public struct NaiveBaseline: Sendable {
    /// A command the baseline needs that is not installed, or that failed.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public var tesseract = "tesseract"
    public var zbarimg = "zbarimg"

    public init() {}

    /// The baseline's report of each photo (in the shape `Scorecard.Report` reads), and its wall time.
    public func run(_ photos: [String]) throws(Failure) -> (report: Scorecard.Report, wallSeconds: Double) {
        let clock = ContinuousClock(), started = clock.now
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shelfbench-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw Failure(description: "\(folder.path): cannot make a temporary folder (\(error.localizedDescription))")
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        var images: [Scorecard.Report.Image] = []
        for photo in photos {
            let photoStarted = clock.now
            var text = ""
            if let decoded = try? ImageDecoder().decodePhoto(atPath: photo) {
                for (turn, quarterTurns) in [0, 1, 3].enumerated() {
                    let file = folder.appendingPathComponent("turn\(turn).png")
                    let picture = quarterTurns == 0 ? decoded.image : decoded.image.rotated(quarterTurns: quarterTurns)
                    // Written as the evaluation set's baseline writes them (Pillow: zlib level 6,
                    // adaptive filters), which is part of its time.
                    guard let png = try? picture.pngData(),
                        (try? Data(png).write(to: file)) != nil
                    else { continue }
                    text += " " + (try Self.output(of: tesseract, [file.path, "-", "--psm", "11"]))
                }
            }
            let barcodes = try Self.output(of: zbarimg, ["--quiet", "--raw", photo])
            var found = Self.isbns(inText: text).map { Scorecard.Report.Image.FoundISBN(isbn: $0, addon: nil) }
            for line in barcodes.split(whereSeparator: \.isWhitespace) {
                if line.hasPrefix("978") || line.hasPrefix("979"), let isbn = try? ISBN(String(line)) {
                    found.append(.init(isbn: isbn.isbn13, addon: nil))
                }
            }
            let elapsed = photoStarted.duration(to: clock.now)
            images.append(
                Scorecard.Report.Image(
                    path: photo, elapsedMs: elapsed.seconds * 1000, error: nil, books: [], isbns: found, text: text))
        }
        return (Scorecard.Report(images: images), started.duration(to: clock.now).seconds)
    }

    /// The checksum-valid ISBNs written in `text` (ISBN-10s as ISBN-13), each once, in order.
    public static func isbns(inText text: String) -> [String] {
        let pattern = #/(97[89][\d\- ]{10,16}\d|\b\d[\d\- ]{8,11}[\dXx]\b)/#
        var found: [String] = []
        for match in text.matches(of: pattern) {
            let digits = match.output.0.filter { $0 != "-" && $0 != " " }
            guard let isbn = try? ISBN(String(digits)), !found.contains(isbn.isbn13) else { continue }
            found.append(isbn.isbn13)
        }
        return found
    }

    /// What the command printed on stdout; a command that cannot be started is a failure naming it.
    private static func output(of command: String, _ arguments: [String]) throws(Failure) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [command] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_THREAD_LIMIT"] = "1"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot run \(command) (\(error.localizedDescription))")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if process.terminationStatus == 127 {
            throw Failure(description: "\(command) is not installed (Debian: tesseract-ocr, zbar-tools)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
