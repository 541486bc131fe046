import Foundation
import ShelfTestSupport
import Testing

/// The `library` commands and `scan --library/--add`, run as a user runs them, each on its own
/// temporary library: summaries, exit codes, bad files, read-only files, concurrent writers and a
/// writer killed halfway.
@Suite(.tags(.endToEnd))
struct LibraryEndToEndTests {
    typealias Run = EndToEndTests.Run

    static func temporaryLibrary() throws -> String {
        try Scratch.folder("library").appendingPathComponent("library.sqlite").path
    }

    static func run(_ arguments: [String], library: String) throws -> Run {
        try EndToEndTests.run(arguments + ["--library", library])
    }

    static func bookCount(_ library: String) throws -> Int {
        let run = try Self.run(["library", "list", "--json"], library: library)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        return (object?["books"] as? [Any])?.count ?? -1
    }

    /// A Goodreads export of `count` made-up books with valid, distinct ISBNs, written to a file.
    static func generatedExport(count: Int, firstNumber: Int) throws -> String {
        var lines = ["Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,Exclusive Shelf,Owned Copies"]
        let syllables = [
            "ka", "lo", "mir", "ten", "vas", "dor", "phi", "lun", "ser", "gra", "bel", "tor", "quin", "zu",
        ]
        var seed = UInt64(firstNumber) &* 6_364_136_223_846_793_005 &+ 1
        func word() -> String {
            var text = ""
            for _ in 0..<3 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += syllables[Int(seed >> 33) % syllables.count]
            }
            return text.capitalized
        }
        for number in firstNumber..<(firstNumber + count) {
            let body = "978" + String(format: "%09d", number)
            let sum = body.enumerated().reduce(0) { $0 + ($1.offset % 2 == 0 ? 1 : 3) * Int(String($1.element))! }
            let isbn = body + String((10 - sum % 10) % 10)
            lines.append(
                "\(number),\(word()) \(word()) \(number),\(word()) \(word()),,,\"=\"\"\",\"=\"\"\(isbn)\"\"\",read,1")
        }
        let path = Scratch.file("export", extension: "csv").path
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// `shelfscan` with `arguments`, started and not waited for; with `lockTimeout`, it waits that
    /// many seconds for another process writing the library (`SHELFSCAN_LOCK_TIMEOUT`).
    static func started(_ arguments: [String], lockTimeout: Int? = nil) throws -> Process {
        let process = Process()
        process.executableURL = EndToEndTests.binary
        process.arguments = arguments
        if let lockTimeout {
            process.environment = ProcessInfo.processInfo.environment.merging(["SHELFSCAN_LOCK_TIMEOUT": "\(lockTimeout)"]) { $1 }
        }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    // MARK: - Import and the other commands

    @Test func importsSummarisesAndAddsNothingTheSecondTime() throws {
        let library = try Self.temporaryLibrary()
        let file = EndToEndTests.fixture("library/goodreads_library_export.csv")
        let first = try Self.run(["library", "import", file], library: library)
        #expect(first.status == 0)
        #expect(first.stdout.contains("Goodreads export, 8 rows: 6 imported, 1 already present, 1 skipped"))
        #expect(first.stdout.contains("row 3: skipped: no title"))
        let second = try Self.run(["library", "import", file], library: library)
        #expect(second.status == 0)
        #expect(second.stdout.contains("0 imported, 7 already present, 1 skipped"))
        #expect(try Self.bookCount(library) == 6)

        let search = try Self.run(["library", "search", "pride", "prejudise"], library: library)
        #expect(search.status == 0 && search.stdout.contains("Pride and Prejudice"))
        #expect(try Self.run(["library", "search", "zebra"], library: library).status == 1)

        let export = try Self.run(["library", "export", "--format", "goodreads"], library: library)
        #expect(export.stdout.hasPrefix("Book Id,Title,Author,Author l-f,"))
        #expect(export.stdout.contains("\"=\"\"9780141439518\"\"\""))
        let exportFile = (library as NSString).deletingLastPathComponent + "/export.csv"
        let toFile = try Self.run(["library", "export", "-o", exportFile], library: library)
        #expect(toFile.status == 0 && toFile.stderr.contains("wrote 6 books"))
        #expect(try String(contentsOfFile: exportFile, encoding: .utf8) == export.stdout)

        let missing = try Self.run(["library", "remove", "1", "999"], library: library)
        #expect(missing.status == 1 && missing.stderr.contains("no book has id 999"))
        #expect(try Self.bookCount(library) == 6)
        let removed = try Self.run(["library", "remove", "1"], library: library)
        #expect(removed.status == 0 && removed.stdout.hasPrefix("removed #1:"))
        #expect(try Self.bookCount(library) == 5)
    }

    @Test func refusesAnUnknownExportNamingIt() throws {
        let library = try Self.temporaryLibrary()
        let file = EndToEndTests.fixture("library/not_an_export.csv")
        let run = try Self.run(["library", "import", file], library: library)
        #expect(run.status == 1)
        #expect(run.stderr.contains(file) && run.stderr.contains("not a Goodreads, LibraryThing or StoryGraph export"))
        #expect(try Self.bookCount(library) == 0)
    }

    @Test func neverOverwritesAFileThatIsNotALibrary() throws {
        let library = try Self.temporaryLibrary()
        let content = "Name,Amount\nrent,700\n"
        try content.write(toFile: library, atomically: true, encoding: .utf8)
        let run = try Self.run(
            ["library", "import", EndToEndTests.fixture("library/storygraph_export.csv")], library: library)
        #expect(run.status == 1)
        #expect(run.stderr.contains(library) && run.stderr.contains("not an SQLite database"))
        #expect(try String(contentsOfFile: library, encoding: .utf8) == content)
        let scan = try Self.run(["scan", EndToEndTests.fixture("shelves/blank-wall.jpg")], library: library)
        #expect(scan.status == 1 && scan.stderr.contains("not an SQLite database"))
    }

    @Test func reportsAReadOnlyLibraryClearlyAndStillReadsIt() throws {
        let library = try Self.temporaryLibrary()
        let folder = (library as NSString).deletingLastPathComponent
        #expect(
            try Self.run(
                ["library", "import", EndToEndTests.fixture("library/storygraph_export.csv")], library: library
            ).status == 0)
        // Root may write anything, so as root the commands run as the unprivileged user "nobody".
        var launcher: [String] = []
        if geteuid() == 0 {
            launcher = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
            chmod(folder, 0o755)
        } else {
            chmod(library, 0o444)
            chmod(folder, 0o555)
        }
        defer { chmod(folder, 0o755) }
        func run(_ arguments: [String]) throws -> Run {
            try EndToEndTests.run(arguments + ["--library", library], launcher: launcher)
        }
        let list = try run(["library", "list"])
        #expect(list.status == 0 && list.stdout.contains("6 books"))
        let write = try run(["library", "import", EndToEndTests.fixture("library/librarything_export.csv")])
        #expect(write.status == 1)
        #expect(write.stderr.contains(library) && write.stderr.contains("read-only"))
        #expect(try Self.bookCount(library) == 6)
    }

    // MARK: - Scans

    @Test func addingTheSameScanTwiceAddsOnlyOnce() throws {
        let library = try Self.temporaryLibrary()
        let photo = EndToEndTests.fixture("shelves/shelf-003.jpg")
        let first = try Self.run(["scan", "--add", photo], library: library)
        #expect(first.status == 0)
        // Under the tables, on stdout, with each book added listed.
        let added = try #require(first.stdout.firstMatch(of: #/added (\d+) books?[^\n]* to [^\n]*:\n  #1  /#)).1
        #expect(Int(added)! > 0)
        #expect(try Self.bookCount(library) == Int(added)!)

        let second = try Self.run(["scan", "--add", "--json", photo], library: library)
        #expect(second.status == 0)
        #expect(second.stderr.contains("added 0 books"))
        let report = try JSONDecoder().decode(ScanEndToEndTests.Report.self, from: Data(second.stdout.utf8))
        #expect(report.summary.duplicates >= Int(added)!)
        #expect(report.summary.selected == 0)
        for book in report.images.flatMap(\.books) where book.status == "alreadyInLibrary" {
            #expect(book.libraryMatch != nil)
            #expect(!book.selected)
        }
    }

    // MARK: - Safety

    /// Both create the same new library and fill it at once.
    @Test func twoProcessesImportingAtOnceLoseNothing() throws {
        let library = try Self.temporaryLibrary()
        #expect(try Self.run(["library", "list"], library: library).status == 0)
        let files = [
            try Self.generatedExport(count: 1500, firstNumber: 100_000),
            try Self.generatedExport(count: 1500, firstNumber: 200_000),
        ]
        // On a machine busy with the rest of the suite one import can hold the library for more than
        // the default 30 s: what is tested is that nothing is lost, not how long the other waits.
        let processes = try files.map { try Self.started(["library", "import", $0, "--library", library], lockTimeout: 600) }
        for process in processes { process.waitUntilExit() }
        #expect(processes.map(\.terminationStatus) == [0, 0])
        #expect(try Self.bookCount(library) == 3000)
    }

    @Test func aProcessKilledMidImportLeavesTheLibraryAsBeforeOrAfter() throws {
        let library = try Self.temporaryLibrary()
        #expect(
            try Self.run(
                ["library", "import", EndToEndTests.fixture("library/storygraph_export.csv")], library: library
            ).status == 0)
        let file = try Self.generatedExport(count: 4000, firstNumber: 300_000)
        var killedWhileRunning = 0
        for delay in [0.15, 0.4, 0.8, 1.5] {
            let process = try Self.started(["library", "import", file, "--library", library])
            Thread.sleep(forTimeInterval: delay)
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                killedWhileRunning += 1
            }
            process.waitUntilExit()
            let count = try Self.bookCount(library)
            #expect(count == 6 || count == 4006, "after a kill at \(delay) s the library holds \(count) books")
            if count == 4006 { break }
        }
        #expect(killedWhileRunning > 0)
        let check = try EndToEndTests.run(["library", "list", "--library", library])
        #expect(check.status == 0)
    }

    /// A book the owner wants (on to-read, no copy) seen on a shelf is shown as wanted, not as a
    /// duplicate; `--add` makes it an owned copy of that entry.
    @Test func aWantedBookOnTheShelfIsShownWantedAndAddedAsOwned() throws {
        let photo = EndToEndTests.fixture("shelves/shelf-001.jpg")
        let first = try JSONDecoder().decode(
            ScanEndToEndTests.Report.self, from: Data(try EndToEndTests.run(["scan", "--json", "--quiet", photo]).stdout.utf8))
        let seen = try #require(first.images[0].books.first { $0.selected && $0.title != nil && $0.author != nil })
        let export = Scratch.file("wanted", extension: "csv").path
        try """
            Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,Bookshelves,Exclusive Shelf,Owned Copies
            42,\(seen.title!),\(seen.author!),,,,,to-read,to-read,0

            """.write(toFile: export, atomically: true, encoding: .utf8)
        let library = try Self.temporaryLibrary()
        #expect(try Self.run(["library", "import", export], library: library).status == 0)

        let scan = try Self.run(["scan", "--json", "--quiet", photo], library: library)
        let report = try JSONDecoder().decode(ScanEndToEndTests.Report.self, from: Data(scan.stdout.utf8))
        let wanted = report.images[0].books.filter { $0.libraryMatch != nil }
        #expect(wanted.count == 1, "\(wanted.map(\.title))")
        #expect(wanted.first?.libraryMatch?.wanted == true)
        #expect(wanted.first?.status != "alreadyInLibrary" && wanted.first?.selected == true)
        #expect(report.summary.duplicates == 0)
        let table = try Self.run(["scan", "--quiet", photo], library: library)
        #expect(table.stdout.contains("wanted #1 by"), "\(table.stdout)")

        let add = try Self.run(["scan", "--add", "--quiet", photo], library: library)
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout.contains("; 1 you wanted is now owned:"), "\(add.stdout)")
        #expect(add.stdout.contains("#1  \(seen.title!)"))
        let list = try Self.run(["library", "list", "--json"], library: library)
        let books = try #require(
            (try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])?["books"] as? [[String: Any]])
        let entry = try #require(books.first { $0["id"] as? Int == 1 })
        #expect(entry["copies"] as? Int == 1 && entry["shelf"] as? String == "to-read")
        // Owned now: the next scan finds it in the library.
        let again = try JSONDecoder().decode(
            ScanEndToEndTests.Report.self,
            from: Data(try Self.run(["scan", "--json", "--quiet", photo], library: library).stdout.utf8))
        #expect(again.images[0].books.contains { $0.status == "alreadyInLibrary" && $0.libraryMatch?.id == 1 })
    }
}
