import Foundation
import ShelfImaging
import ShelfTestSupport
import Testing

/// How `scan` takes a batch in and gives it out: photos streamed as they are done, folders
/// expanded, bad files named before any scanning, one photo given twice scanned once, progress.
@Suite(.tags(.endToEnd))
struct ScanBatchTests {
    static let blank = EndToEndTests.fixture("shelves/blank-wall.jpg")
    static let shelf = EndToEndTests.fixture("shelves/shelf-001.jpg")

    /// A folder of copies of `files`, named `names`, and anything else written into it.
    static func folder(_ files: [(name: String, source: String)], extra: [String: String] = [:]) throws -> URL {
        let folder = try Scratch.folder("batch")
        for (name, source) in files {
            try FileManager.default.copyItem(atPath: source, toPath: folder.appendingPathComponent(name).path)
        }
        for (name, text) in extra {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test func eachPhotoIsPrintedAsSoonAsItIsDone() throws {
        let process = Process()
        process.executableURL = EndToEndTests.binary
        process.arguments = ["scan", "--jsonl", Self.blank, Self.shelf]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var received = Data()
        var runningAtFirstLine: Bool?
        while true {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            received.append(chunk)
            if runningAtFirstLine == nil, received.contains(UInt8(ascii: "\n")) {
                // The first photo's line is out while the shelf, seconds of work, is still being read.
                runningAtFirstLine = process.isRunning
            }
        }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(runningAtFirstLine == true)
        let lines = String(decoding: received, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2)
        let first = try JSONDecoder().decode(ScanEndToEndTests.Report.Image.self, from: Data(lines[0].utf8))
        let second = try JSONDecoder().decode(ScanEndToEndTests.Report.Image.self, from: Data(lines[1].utf8))
        #expect(first.path == Self.blank && first.books.isEmpty)
        #expect(second.path == Self.shelf && second.books.count > 20)
    }

    @Test func aFolderMeansThePhotosInItInNameOrder() throws {
        let folder = try Self.folder(
            [("b-shelf.jpg", Self.blank), ("a-wall.jpg", Self.blank), ("10-later.png", EndToEndTests.fixture("shelves/empty-shelf.png"))],
            extra: ["notes.txt": "not a photo", "b-shelf.jpg.truth.json": "{}"])
        // A photo named .txt is a photo: content decides, not the name.
        try FileManager.default.copyItem(atPath: Self.blank, toPath: folder.appendingPathComponent("9-named.txt").path)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("older"), withIntermediateDirectories: false)
        let run = try EndToEndTests.run(["scan", "--json", "--quiet", folder.path])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try JSONDecoder().decode(ScanEndToEndTests.Report.self, from: Data(run.stdout.utf8))
        // Same bytes twice (a-wall and b-shelf, 9-named): scanned once, with a note each.
        #expect(report.images.map { ($0.path as NSString).lastPathComponent } == ["9-named.txt", "10-later.png"])
        #expect(run.stderr.contains("a-wall.jpg is the same photo as \(folder.path)/9-named.txt: scanned once"))
        #expect(run.stderr.contains("b-shelf.jpg is the same photo as"))
        // What is not a photo is passed over, and said once.
        #expect(run.stderr.contains(
            "note: \(folder.path): passed over 2 files that are not photos (b-shelf.jpg.truth.json, notes.txt) and 1 folder in it"),
            "\(run.stderr)")
    }

    @Test func aFolderOfMoreThanTenPhotosIsRefusedBeforeScanning() throws {
        let sources = (1...11).map { ("photo-\($0).jpg", Self.blank) }
        let folder = try Self.folder(sources)
        let run = try EndToEndTests.run(["scan", folder.path])
        #expect(run.status == 64)
        #expect(run.stderr.contains("at most 10 photos a run: got 11 (with the photos in the folders named)"), "\(run.stderr)")
        let empty = try Self.folder([], extra: ["readme.txt": "nothing here"])
        let none = try EndToEndTests.run(["scan", empty.path])
        #expect(none.status == 64 && none.stderr.contains("Error: \(empty.path): the folder holds no photo"))
        // The usage is scan's, not the top command's.
        #expect(none.stderr.contains("Usage: shelfscan scan "), "\(none.stderr)")
        #expect(none.stderr.contains("See 'shelfscan scan --help'"))
    }

    @Test func badFilesAreNamedBeforeTheFirstPhotoIsScanned() throws {
        let folder = try Scratch.folder("bad")
        let heic = folder.appendingPathComponent("phone.heic")
        try Data([0, 0, 0, 24] + Array("ftypheic".utf8) + [UInt8](repeating: 0, count: 40)).write(to: heic)
        let text = folder.appendingPathComponent("list.jpg")
        try "a list of books, not a photo".write(to: text, atomically: true, encoding: .utf8)
        let missing = folder.appendingPathComponent("missing.jpg").path
        let run = try EndToEndTests.run(["scan", "--json", Self.blank, heic.path, missing, text.path])
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        let firstScanned = try #require(lines.firstIndex { $0.contains("scanned: [1/1]") })
        for name in ["phone.heic: HEIC is not supported", "missing.jpg: no such file", "list.jpg: not a JPEG or PNG photo"] {
            let index = try #require(lines.firstIndex { $0.contains(name) }, "\(name)")
            #expect(index < firstScanned, "\(name) named after the scan began")
        }
        // The good photo was scanned, and every photo is in the report in the order given.
        let report = try JSONDecoder().decode(ScanEndToEndTests.Report.self, from: Data(run.stdout.utf8))
        #expect(report.images.map(\.path) == [Self.blank, heic.path, missing, text.path])
        #expect(report.images.map { $0.error?.code } == [nil, "unsupported-format", "unreadable", "unrecognized-format"])
        #expect(report.summary.errors == 3)
    }

    @Test func anOutputFolderThatCannotBeMadeFailsBeforeScanning() throws {
        let file = Scratch.file("a-file", extension: "txt")
        try "x".write(to: file, atomically: true, encoding: .utf8)
        for option in ["--crops", "--html"] {
            let target = option == "--html" ? file.path + "/inside/page.html" : file.path + "/inside"
            let run = try EndToEndTests.run(["scan", option, target, Self.shelf])
            #expect(run.status == 1, "\(option)")
            #expect(run.stderr.contains("cannot create the folder"), "\(option): \(run.stderr)")
            #expect(!run.stderr.contains("scanned:"), "\(option): a photo was scanned first")
            #expect(run.stdout.isEmpty)
        }
    }

    @Test func progressIsOneLinePerPhotoWhenNotATerminalAndNoneWhenQuiet() throws {
        let run = try EndToEndTests.run(["scan", Self.blank, EndToEndTests.fixture("shelves/empty-shelf.png")])
        #expect(run.status == 0)
        let progress = run.stderr.split(separator: "\n").filter { $0.contains("scanned: [") }
        #expect(progress.count == 2)
        #expect(progress.first?.hasPrefix("shelfscan: scanned: [1/2] blank-wall.jpg: 0 books, 0 selected (") == true)
        #expect(!run.stderr.contains("\r") && !run.stderr.contains("\u{1B}"))
        #expect(!run.stdout.contains("\u{1B}"))
        let quiet = try EndToEndTests.run(["scan", "--quiet", Self.blank])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    }

    @Test func onATerminalProgressIsOneLineRedrawnAndColoursFollowTheChoice() throws {
        let terminal = try TerminalRun(["scan", Self.shelf, "--color", "always"])
        let (status, screen, stdout) = terminal.finish()
        #expect(status == 0)
        #expect(screen.contains("[1/1] shelf-001.jpg"))
        #expect(screen.contains("spines read") && screen.contains("elapsed"), "\(screen)")
        // Once a few spines are read, the time left is estimated.
        #expect(screen.contains(" left"), "\(screen)")
        #expect(screen.contains("\r\u{1B}[K"))
        #expect(!screen.contains("scanned: ["), "the plain lines are for files and pipes")
        // --color always: statuses in colour on stdout too, though it is a pipe.
        #expect(stdout.contains("\u{1B}[32mdetected\u{1B}[0m"))

        let plain = try TerminalRun(["scan", Self.blank], environment: ["NO_COLOR": "1"])
        let plainRun = plain.finish()
        #expect(plainRun.status == 0)
        #expect(plainRun.screen.contains("[1/1] blank-wall.jpg"))
        #expect(!plainRun.screen.contains("\u{1B}[2m"), "NO_COLOR: no colour on the terminal")
    }
}
