import Foundation
import ShelfTestSupport
import ShelfWorkers
import Testing

/// What each output does when it cannot be written: standard output on a full device or a closed
/// pipe, and `-o PATH` at a symlink, a FIFO, a device or a folder. A failure is named, with the
/// system's reason in plain words, and ends the command with status 1; a regular file is never
/// left half-written.
@Suite(.tags(.endToEnd))
struct OutputFailureTests {
    typealias Run = EndToEndTests.Run

    /// Runs the binary with standard output on `stdout` (a file, a device, a pipe), through
    /// `bash` so that SIGPIPE can be ignored as a parent may leave it ignored.
    static func run(
        _ arguments: [String], stdout: FileHandle, ignoringSIGPIPE: Bool = false
    ) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments =
            ["-c", (ignoringSIGPIPE ? "trap '' PIPE; " : "") + "exec \"$@\"", "bash", EndToEndTests.binary.path]
            + arguments
        let err = Pipe()
        process.standardOutput = stdout
        process.standardError = err
        try process.run()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: "", stderr: String(decoding: stderr, as: UTF8.self))
    }

    static func libraryWithBooks() throws -> String {
        let library = try LibraryEndToEndTests.temporaryLibrary()
        let run = try LibraryEndToEndTests.run(
            ["library", "import", EndToEndTests.fixture("library/goodreads_library_export.csv")], library: library)
        #expect(run.status == 0)
        return library
    }

    @Test func aFullDeviceOnStandardOutputIsNamedWithStatus1() throws {
        let library = try Self.libraryWithBooks()
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let cases: [([String], String)] = [
            (["library", "list", "--library", library], "the list"),
            (["library", "list", "--json", "--library", library], "the list"),
            (["library", "export", "--library", library], "the export"),
            (["isbn", EndToEndTests.fixture("barcodes/barcode-001.jpg")], "the ISBNs"),
            (["scan", "--csv", "--quiet", EndToEndTests.fixture("shelves/shelf-001.jpg")], "the CSV"),
        ]
        for (arguments, what) in cases {
            let run = try Self.run(arguments, stdout: full)
            #expect(run.status == 1, "\(arguments)")
            #expect(
                run.stderr.contains("shelfscan: error: cannot write \(what) to standard output: no space left on device"),
                "\(arguments): \(run.stderr)")
        }
    }

    @Test func aClosedPipeOnStandardOutputIsNamedWithStatus1() throws {
        let library = try Self.libraryWithBooks()
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let run = try Self.run(
            ["library", "export", "--library", library], stdout: pipe.fileHandleForWriting, ignoringSIGPIPE: true)
        #expect(run.status == 1)
        #expect(run.stderr.contains("cannot write the export to standard output: the reader closed the pipe"), "\(run.stderr)")
    }

    @Test func aFullStandardErrorDoesNotCrashTheCommand() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let process = Process()
        process.executableURL = EndToEndTests.binary
        process.arguments = ["isbn", "/no/such/photo.jpg", EndToEndTests.fixture("barcodes/barcode-001.jpg")]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = full
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 1)
        #expect(stdout.contains("9780862659691"))
    }

    /// Every message is shelfscan's own: the path, what was being done, and the system's reason
    /// in plain words, never Foundation's ("The file doesn't exist.", "NSCocoaErrorDomain").
    @Test func messagesNameThePathAndTheReasonInPlainWords() throws {
        let library = try Self.libraryWithBooks()
        let folder = try Scratch.folder("messages")
        let missing = folder.appendingPathComponent("missing.csv").path
        let unreadable = folder.appendingPathComponent("unreadable.csv").path
        try "Title,Author\n".write(toFile: unreadable, atomically: false, encoding: .utf8)
        chmod(unreadable, 0o000)
        defer { chmod(unreadable, 0o644) }
        let asNobody = geteuid() == 0 ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        let cases: [(run: Run, expected: String)] = [
            (try LibraryEndToEndTests.run(["library", "import", missing], library: library),
             "\(missing): cannot be read: no such file or directory"),
            (try LibraryEndToEndTests.run(["library", "import", folder.path], library: library),
             "\(folder.path): is a folder, not an export file"),
            (try EndToEndTests.run(["library", "import", unreadable, "--library", library], launcher: asNobody),
             "\(unreadable): cannot be read"),
            (try EndToEndTests.run(["library", "list", "--library", folder.path]),
             "\(folder.path): is a folder, not a library file"),
            (try EndToEndTests.run(["scan", "--html", folder.path, EndToEndTests.fixture("shelves/blank-wall.jpg")]),
             "--html needs a file for the page, but \(folder.path) is a folder"),
        ]
        for (run, expected) in cases {
            #expect(run.status != 0)
            #expect(run.stderr.contains(expected), "\(run.stderr)")
            for leak in ["NSCocoaErrorDomain", "The file", "doesn’t", "doesn't", "couldn’t", "The operation"] {
                #expect(!run.stderr.contains(leak), "\(run.stderr)")
            }
        }
    }

    // MARK: - -o PATH

    static func export(_ library: String, to path: String) throws -> Run {
        try EndToEndTests.run(["library", "export", "--library", library, "-o", path])
    }

    @Test func anExportThroughASymlinkWritesItsTargetAndKeepsTheLink() throws {
        let library = try Self.libraryWithBooks()
        let folder = try Scratch.folder("symlink")
        let target = folder.appendingPathComponent("books.csv").path
        let link = folder.appendingPathComponent("link.csv").path
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "books.csv")
        let run = try Self.export(library, to: link)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "books.csv")
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("Book Id,Title,"))
        // A link to nowhere yet makes its target.
        let dangling = folder.appendingPathComponent("dangling.csv").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "new.csv")
        #expect(try Self.export(library, to: dangling).status == 0)
        #expect(try String(contentsOfFile: folder.appendingPathComponent("new.csv").path, encoding: .utf8).hasPrefix("Book Id"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dangling) == "new.csv")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["books.csv", "dangling.csv", "link.csv", "new.csv"])
    }

    @Test func anExportToAFIFOIsWrittenInPlace() throws {
        let library = try Self.libraryWithBooks()
        let fifo = try Scratch.folder("fifo").appendingPathComponent("books").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let received = Locked(Data())
        let reader = Thread {
            guard let handle = FileHandle(forReadingAtPath: fifo) else { return }
            let data = handle.readDataToEndOfFile()
            received.withLock { $0 = data }
        }
        reader.start()
        let run = try Self.export(library, to: fifo)
        #expect(run.status == 0, "\(run.stderr)")
        let deadline = Date().addingTimeInterval(10)
        while received.withLock({ $0.isEmpty }) && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(String(decoding: received.withLock { $0 }, as: UTF8.self).hasPrefix("Book Id,Title,"))
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func anExportToADeviceOrAFolderFailsAndLeavesItAsItWas() throws {
        let library = try Self.libraryWithBooks()
        let full = try Self.export(library, to: "/dev/full")
        #expect(full.status == 1)
        #expect(full.stderr.contains("shelfscan: error: /dev/full: cannot write the export: no space left on device"), "\(full.stderr)")
        var status = stat()
        #expect(lstat("/dev/full", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
        #expect(try Self.export(library, to: "/dev/null").status == 0)
        #expect(lstat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)

        let folder = try Scratch.folder("export-folder")
        let intoFolder = try Self.export(library, to: folder.path)
        #expect(intoFolder.status == 1)
        #expect(intoFolder.stderr.contains("\(folder.path): cannot write the export: it is a folder, not a file"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)

        let missing = folder.appendingPathComponent("no/such/folder/books.csv").path
        let intoNowhere = try Self.export(library, to: missing)
        #expect(intoNowhere.status == 1)
        #expect(intoNowhere.stderr.contains("\(missing): cannot write the export: no such file or directory"), "\(intoNowhere.stderr)")
    }

    /// A file size limit cuts the write short: the old file stays whole, and nothing is left beside it.
    @Test func aFailedExportLeavesTheOldFileWholeAndItsPermissions() throws {
        let library = try LibraryEndToEndTests.temporaryLibrary()
        let export = try LibraryEndToEndTests.generatedExport(count: 3000, firstNumber: 700_000)
        #expect(try LibraryEndToEndTests.run(["library", "import", export], library: library).status == 0)
        let folder = try Scratch.folder("export-limit")
        let target = folder.appendingPathComponent("books.csv").path
        try "the old export\n".write(toFile: target, atomically: false, encoding: .utf8)
        chmod(target, 0o640)
        let limited = try EndToEndTests.run(
            ["library", "export", "--library", library, "-o", target],
            launcher: ["bash", "-c", "ulimit -f 64; trap '' XFSZ; exec \"$@\"", "bash"])
        #expect(limited.status == 1)
        #expect(limited.stderr.contains("\(target): cannot write the export: file too large"), "\(limited.stderr)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "the old export\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["books.csv"])
        // Written whole, the new file keeps the old one's permissions.
        #expect(try Self.export(library, to: target).status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: target)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o640)
        #expect(try String(contentsOfFile: target, encoding: .utf8).split(separator: "\n").count == 3001)
    }
}
