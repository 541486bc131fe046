import Foundation
import GRDB
import ShelfTestSupport
import Testing

/// The library commands when things go wrong around them: another process holding the library, a
/// full disk, a folder that is missing or cannot be written, a `scan --add` killed halfway. Each
/// ends with a message that names the library and says what happened, and no book is lost.
@Suite(.tags(.endToEnd))
struct LibraryFaultTests {
    typealias Run = EndToEndTests.Run

    static func importFixture(into library: String) throws {
        let run = try LibraryEndToEndTests.run(
            ["library", "import", EndToEndTests.fixture("library/storygraph_export.csv")], library: library)
        #expect(run.status == 0)
    }

    /// Whether SQLite finds the database sound.
    static func isSound(_ library: String) throws -> Bool {
        try DatabaseQueue(path: library).read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok"
    }

    @Test func aLibraryHeldByAnotherWriterIsWaitedForThenReportedClearly() throws {
        let library = try LibraryEndToEndTests.temporaryLibrary()
        try Self.importFixture(into: library)
        let holder = try DatabaseQueue(path: library)
        let export = try LibraryEndToEndTests.generatedExport(count: 20, firstNumber: 500_000)
        try holder.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            let run = try EndToEndTests.run(
                ["library", "import", export, "--library", library], environment: ["SHELFSCAN_LOCK_TIMEOUT": "2"])
            #expect(run.status == 1)
            #expect(run.stderr.contains("note: \(library): another process is writing the library; waiting"))
            #expect(run.stderr.contains("error: \(library): another process kept the library locked"), "\(run.stderr)")
            // Reading is not held up by a writer.
            #expect(try LibraryEndToEndTests.bookCount(library) == 6)
            try db.execute(sql: "COMMIT")
        }
        let again = try LibraryEndToEndTests.run(["library", "import", export], library: library)
        #expect(again.status == 0 && !again.stderr.contains("waiting"))
        #expect(try LibraryEndToEndTests.bookCount(library) == 26)
    }

    /// The disk fills up halfway through an import: a file size limit (`ulimit -f`) makes the
    /// journal's writes fail as a full disk does.
    @Test func aFullDiskLeavesTheLibraryAsItWas() throws {
        let library = try LibraryEndToEndTests.temporaryLibrary()
        try Self.importFixture(into: library)
        let export = try LibraryEndToEndTests.generatedExport(count: 3000, firstNumber: 600_000)
        let limited = try EndToEndTests.run(
            ["library", "import", export, "--library", library],
            launcher: ["bash", "-c", "ulimit -f 256; trap '' XFSZ; exec \"$@\"", "bash"])
        #expect(limited.status == 1)
        #expect(limited.stderr.contains("error: \(library): "), "\(limited.stderr)")
        #expect(limited.stderr.contains("nothing of this change was saved"), "\(limited.stderr)")
        #expect(try LibraryEndToEndTests.bookCount(library) == 6)
        #expect(try Self.isSound(library))
        // With room again, the same import goes through whole.
        #expect(try LibraryEndToEndTests.run(["library", "import", export], library: library).status == 0)
        #expect(try LibraryEndToEndTests.bookCount(library) == 3006)
    }

    @Test func aMissingFolderIsMadeAndAnUnwritableOneIsNamed() throws {
        let root = try Scratch.folder("folders")
        let nested = root.appendingPathComponent("a/b/library.sqlite").path
        try Self.importFixture(into: nested)
        #expect(try LibraryEndToEndTests.bookCount(nested) == 6)

        // A folder this user may not write in: as root, the command runs as "nobody".
        let locked = root.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        var launcher: [String] = []
        if geteuid() == 0 {
            launcher = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        } else {
            chmod(locked.path, 0o555)
        }
        defer { chmod(locked.path, 0o755) }
        for path in [locked.appendingPathComponent("library.sqlite").path, locked.appendingPathComponent("sub/library.sqlite").path] {
            let run = try EndToEndTests.run(
                ["library", "import", EndToEndTests.fixture("library/storygraph_export.csv"), "--library", path],
                launcher: launcher)
            #expect(run.status == 1)
            #expect(run.stderr.hasPrefix("shelfscan: error: \(path): cannot create"), "\(run.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: locked.path).isEmpty)
    }

    /// `scan --add` on a library this user cannot write is refused before the first photo, not
    /// after the person waited for them all; scanning against it without --add still works.
    @Test func aScanAddOnAReadOnlyLibraryIsRefusedBeforeAnyPhotoIsScanned() throws {
        let library = try LibraryEndToEndTests.temporaryLibrary()
        try Self.importFixture(into: library)
        let folder = (library as NSString).deletingLastPathComponent
        var launcher: [String] = []
        if geteuid() == 0 {
            launcher = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        } else {
            chmod(library, 0o444)
            chmod(folder, 0o555)
        }
        defer {
            chmod(folder, 0o755)
            chmod(library, 0o644)
        }
        let photo = EndToEndTests.fixture("shelves/shelf-001.jpg")
        let refused = try EndToEndTests.run(["scan", "--add", "--library", library, photo], launcher: launcher)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("shelfscan: error: \(library): the library is read-only"), "\(refused.stderr)")
        #expect(refused.stderr.contains("no photo was scanned"))
        #expect(!refused.stderr.contains("scanned: [1/1]") && refused.stdout.isEmpty)
        #expect(try LibraryEndToEndTests.bookCount(library) == 6)
        let against = try EndToEndTests.run(["scan", "--quiet", "--library", library, photo], launcher: launcher)
        #expect(against.status == 0, "\(against.stderr)")
        #expect(against.stdout.contains("selected"))
    }

    /// `kill -9` at moments through a `scan --add`: the library holds none of the scan's books or
    /// all of them, and the scanning child dies with its parent.
    @Test func aScanAddKilledHalfwayAddsAllOrNothing() throws {
        let photos = ["shelves/shelf-001.jpg", "shelves/stack.jpg"].map(EndToEndTests.fixture)
        let whole = try LibraryEndToEndTests.temporaryLibrary()
        #expect(try LibraryEndToEndTests.run(["scan", "--add"] + photos, library: whole).status == 0)
        let expected = try LibraryEndToEndTests.bookCount(whole)
        #expect(expected > 0)

        let library = try LibraryEndToEndTests.temporaryLibrary()
        var killedWhileRunning = 0
        for delay in [0.5, 1.5, 3.0, 5.0, 8.0] {
            let process = try LibraryEndToEndTests.started(["scan", "--add", "--library", library] + photos)
            Thread.sleep(forTimeInterval: delay)
            let children = Self.processes(naming: library).filter { $0 != process.processIdentifier }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                killedWhileRunning += 1
            }
            process.waitUntilExit()
            let count = try LibraryEndToEndTests.bookCount(library)
            #expect(count == 0 || count == expected, "after a kill at \(delay) s the library holds \(count) books")
            #expect(try Self.isSound(library))
            // The scanner in the child process does not outlive its parent.
            let deadline = Date().addingTimeInterval(5)
            while !Set(children).isDisjoint(with: Self.processes(naming: library)) && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.1)
            }
            #expect(Set(children).isDisjoint(with: Self.processes(naming: library)), "a scanner outlived its parent")
            if count == expected { break }
        }
        #expect(killedWhileRunning > 0)
    }

    /// The processes whose command line mentions `text`.
    static func processes(naming text: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> Int32? in
            guard let pid = Int32(entry),
                let line = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
            else { return nil }
            let arguments = String(decoding: line, as: UTF8.self).replacingOccurrences(of: "\0", with: " ")
            return arguments.contains(text) ? pid : nil
        }
    }
}
