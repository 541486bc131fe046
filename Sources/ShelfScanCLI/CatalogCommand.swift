import ArgumentParser
import Foundation
import ShelfCatalog
import ShelfISBN
import ShelfPipeline
import ShelfReading

/// `shelfscan catalog …`: the local book catalogue spines are identified in.
struct CatalogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Keep a local book catalogue to identify spines in: import, info, search.",
        discussion: """
            The catalogue is an SQLite file beside the library, by default at \
            $XDG_DATA_HOME/shelfscan/catalog.sqlite; name another with --catalog or SHELFSCAN_CATALOG. \
            It takes Open Library's dump files (authors, works, editions; gzip read as a stream), \
            Goodreads, LibraryThing and StoryGraph exports, and any CSV with title, author and ISBN \
            columns (a library's or a shop's inventory).

            Example: import Open Library's dumps, then look a book up:
              shelfscan catalog import ol_dump_authors.txt.gz ol_dump_works.txt.gz
              shelfscan catalog import ol_dump_editions.txt.gz
              shelfscan catalog search left hand of darkness
            """,
        subcommands: [CatalogImportCommand.self, CatalogInfoCommand.self, CatalogSearchCommand.self]
    )
}

/// Where the catalogue is: `--catalog`, else `$SHELFSCAN_CATALOG`, else beside the library.
struct CatalogOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The catalogue file (default: $SHELFSCAN_CATALOG, else $XDG_DATA_HOME/shelfscan/catalog.sqlite).",
            valueName: "file"))
    var catalog: String?

    var path: String { catalog ?? Catalog.defaultPath() }

    /// Whether a catalogue was named on the command line or in the environment, rather than defaulted.
    var isNamed: Bool {
        catalog != nil || !(ProcessInfo.processInfo.environment["SHELFSCAN_CATALOG"] ?? "").isEmpty
    }

    /// The catalogue a scan identifies its spines in: the one named, else the one imported at the
    /// default path, else the built-in selection of popular books (`Models/catalog`); none with
    /// `--no-catalog`. A named catalogue that is not there stops the command.
    func choiceForScan(noCatalog: Bool) throws -> ScanCatalog {
        if noCatalog { return .none }
        if FileManager.default.fileExists(atPath: path) {
            _ = try open(creating: false)
            return .file(path)
        }
        if isNamed {
            ReportPrinter.printError("\(path): no catalogue there (catalog import creates one; --no-catalog scans without)")
            throw ExitCode.failure
        }
        return .builtIn
    }

    /// Opens the catalogue; a failure is printed and ends the command with exit code 1.
    func open(creating: Bool) throws -> Catalog {
        do {
            return try Catalog.open(at: path, creating: creating)
        } catch {
            ReportPrinter.printError(error.description)
            throw ExitCode.failure
        }
    }
}

/// `shelfscan catalog import FILE...`
struct CatalogImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import Open Library dump files, catalogue exports or an inventory CSV into the catalogue.",
        discussion: """
            Each file is imported in one transaction: a file that fails, or Ctrl-C, leaves the \
            catalogue as it was before that file. Records that cannot be used are counted and the \
            first of them named. Dump files may come in any order: an edition read before its work \
            gets it when the works are imported.

            Examples:
              shelfscan catalog import ol_dump_works_2026-10-31.txt.gz
              shelfscan catalog import --inventory school-stock.csv \\
                  --catalog ~/school-catalog.sqlite
            """
    )

    @OptionGroup var catalogOptions: CatalogOptions

    @Flag(
        help: """
            The files list every book on the shelves you will scan (a shop's, a school's or a \
            library's stock): a title read that none of their books matches is then doubted, \
            not selected.
            """)
    var inventory = false

    @Argument(help: "Files to import.")
    var files: [String] = []

    func validate() throws {
        if files.isEmpty { throw ValidationError("Name at least one file to import.") }
    }

    func run() throws {
        let catalog = try catalogOptions.open(creating: true)
        let live = TerminalStyle.isTerminal(STDERR_FILENO)
        var failed = false
        try Interruption.runChecking { isInterrupted in
            for file in files {
                let started = Date()
                do {
                    let summary = try catalog.importFile(
                        at: file, asInventory: inventory,
                        progress: { progress in
                            guard live else { return }
                            let share = progress.totalBytes > 0 ? Double(progress.bytesRead) / Double(progress.totalBytes) : 0
                            StandardStreams.writeError(
                                "\r\u{1B}[K\((file as NSString).lastPathComponent): \(progress.records) records, \(Int(share * 100)) %")
                        }, shouldStop: isInterrupted)
                    if live { StandardStreams.writeError("\r\u{1B}[K") }
                    report(summary, seconds: Date().timeIntervalSince(started))
                } catch let error as CatalogError {
                    if live { StandardStreams.writeError("\r\u{1B}[K") }
                    if error.code == .interrupted {
                        ReportPrinter.printError(error.description + "; the catalogue is as it was before it", prefix: "stopped")
                        throw ExitCode(130)
                    }
                    ReportPrinter.printError(error.description + "; nothing of it was imported")
                    failed = true
                }
            }
        }
        if let info = try? catalog.info() {
            StandardStreams.print(
                "catalog: \(catalog.path ?? "") now holds \(info.works) works, \(info.authors) authors, \(info.isbns) ISBNs",
                what: "the import summary")
        }
        if failed { throw ExitCode.failure }
    }

    private func report(_ summary: CatalogImportSummary, seconds: Double) {
        var counts: [String] = []
        if summary.authors > 0 { counts.append("\(summary.authors) authors") }
        if summary.works > 0 { counts.append("\(summary.works) works") }
        if summary.editions > 0 { counts.append("\(summary.editions) editions (\(summary.isbns) ISBNs)") }
        if counts.isEmpty { counts.append("nothing usable") }
        let line =
            "\(summary.path): \(summary.kind): " + counts.joined(separator: ", ")
            + ", \(summary.skippedCount) skipped (\(String(format: "%.1f", seconds)) s)"
        StandardStreams.print(line, what: "the import summary")
        for skipped in summary.skipped.prefix(10) {
            StandardStreams.print("  line \(skipped.line): skipped: \(skipped.reason)", what: "the import summary")
        }
        if summary.skippedCount > 10 {
            StandardStreams.print("  … \(summary.skippedCount - 10) more skipped", what: "the import summary")
        }
    }
}

/// `shelfscan catalog info`
struct CatalogInfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Say what the catalogue holds and where it came from.")

    @OptionGroup var catalogOptions: CatalogOptions

    func run() throws {
        guard FileManager.default.fileExists(atPath: catalogOptions.path) else {
            StandardStreams.print("\(catalogOptions.path): no catalogue yet (catalog import creates one)", what: "the catalogue's details")
            return
        }
        let catalog = try catalogOptions.open(creating: false)
        let info: CatalogInfo
        do { info = try catalog.info() } catch {
            ReportPrinter.printError(error.description)
            throw ExitCode.failure
        }
        var lines = ["\(catalogOptions.path): \(info.works) works, \(info.authors) authors, \(info.isbns) ISBNs"]
        if info.editionsWaiting > 0 {
            lines.append("  editions of \(info.editionsWaiting) works not imported yet wait for them")
        }
        let day = ISO8601DateFormatter()
        for file in info.files {
            lines.append(
                "  \(day.string(from: file.importedAt))  \(file.kind)\(file.isInventory ? " (inventory)" : ""): \(file.path) "
                    + "(\(file.records) records, \(file.skipped) skipped)")
        }
        if info.isComplete {
            lines.append("  complete: a title read that it does not know is doubted, not selected")
        }
        StandardStreams.print(lines.joined(separator: "\n"), what: "the catalogue's details")
    }
}

/// `shelfscan catalog search TEXT`
struct CatalogSearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find works in the catalogue by words of their title or authors, or by ISBN.",
        discussion: """
            Exit status 1 when nothing is found.

            Examples:
              shelfscan catalog search left hand of darkness
              shelfscan catalog search 9780441478125
            """
    )

    @OptionGroup var catalogOptions: CatalogOptions

    @Argument(help: "Words of a title or an author's name, or an ISBN.")
    var words: [String] = []

    func validate() throws {
        if words.isEmpty { throw ValidationError("Name some words to look for.") }
    }

    func run() throws {
        guard FileManager.default.fileExists(atPath: catalogOptions.path) else {
            ReportPrinter.printError("\(catalogOptions.path): no catalogue yet (catalog import creates one)")
            throw ExitCode.failure
        }
        let catalog = try catalogOptions.open(creating: false)
        let text = words.joined(separator: " ")
        let found: [CatalogWork]
        do {
            if let isbn = try? ISBNText(text) {
                found = try catalog.works(withISBN: isbn.value)
            } else {
                found = Array(try catalog.candidates(for: text).prefix(10))
            }
        } catch {
            ReportPrinter.printError(error.description)
            throw ExitCode.failure
        }
        guard !found.isEmpty else {
            ReportPrinter.printError("nothing in the catalogue for \"\(text)\"", prefix: "note")
            throw ExitCode.failure
        }
        for work in found {
            var line = work.title + (work.subtitle.map { ": " + $0 } ?? "")
            if !work.authors.isEmpty { line += " by " + work.authors.joined(separator: ", ") }
            if let year = work.year { line += " (\(year))" }
            line += "  " + work.key
            if let isbn = work.isbns.first { line += "  ISBN \(isbn)" + (work.isbns.count > 1 ? " and \(work.isbns.count - 1) more" : "") }
            StandardStreams.print(line, what: "the works found")
        }
    }

    /// An ISBN typed as the search.
    private struct ISBNText {
        var value: String
        init(_ text: String) throws {
            value = try ISBN(text).isbn13
        }
    }
}

/// Which catalogue a scan identifies its spines in.
enum ScanCatalog: Sendable, Equatable {
    case none
    case file(String)
    /// The selection of popular books shipped in `Models/catalog`, used until one is imported.
    case builtIn

    /// The worker's options that choose the same catalogue.
    var workerOptions: [String] {
        switch self {
        case .none: []
        case .file(let path): ["--catalog", path]
        case .builtIn: ["--built-in-catalog"]
        }
    }

    /// Opens it for identifying: a file read as it is, the built-in selection as `BuiltInCatalog` has it.
    func identifier(models: ModelDirectory?) throws -> CatalogIdentifier? {
        switch self {
        case .none:
            return nil
        case .file(let path):
            return CatalogIdentifier(catalog: try Catalog.open(at: path, creating: false))
        case .builtIn:
            return BuiltInCatalog.identifier(models: models)
        }
    }
}
