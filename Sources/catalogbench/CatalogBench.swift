import ArgumentParser
import CZlib
import Foundation
import ShelfCatalog
import ShelfLibrary

/// `catalogbench`: the catalogue at scale. Generates a catalogue of N works in Open Library's dump
/// format (authors, works, editions; gzip), imports it into a new catalogue, and looks spines up
/// in it: import time and rate, the file's size, peak memory, and the time a spine's lookup takes
/// (median and 95th percentile), with how many readings (titles with misread letters, and titles
/// it does not hold) were identified rightly.
@main
struct CatalogBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalogbench",
        abstract: "Measure the catalogue at scale: import rate, size, memory, lookup time a spine.",
        discussion: """
            Examples:
              catalogbench --works 1000000 --folder /tmp/catalogbench
              catalogbench --works 10000000 --folder /tmp/catalogbench --lookups 2000
            """
    )

    @Option(help: "How many works the generated catalogue has.")
    var works = 1_000_000

    @Option(help: "Where the dump files and the catalogue are written (their sizes are reported).")
    var folder = "/tmp/catalogbench"

    @Option(help: "How many spine readings are looked up.")
    var lookups = 1000

    @Option(help: "The word lists the titles and names are made of (shelfscan's Models folder).")
    var models = "Models"

    @Flag(help: "Look spines up in the catalogue an earlier run with the same --works left in --folder; generate and import nothing.")
    var reuse = false

    func run() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let words = try Self.words(in: models + "/english-words.txt").filter { $0.count >= 3 }
        let givenNames = try Self.words(in: models + "/given-names.txt")
        let surnames = try Self.words(in: models + "/proper-names.txt").filter { $0.count >= 4 }
        var generator = SplitMix(seed: 54)
        let path = folder + "/catalog.sqlite"
        let catalog = try reuse ? Catalog.open(at: path, creating: false) : Self.generateAndImport(
            works: works, folder: folder, words: words, givenNames: givenNames, surnames: surnames, generator: &generator)
        try lookUp(in: catalog, words: words, givenNames: givenNames, surnames: surnames)
    }

    /// Writes the dump files and imports them into a new catalogue, saying how long each took.
    static func generateAndImport(
        works: Int, folder: String, words: [String], givenNames: [String], surnames: [String], generator: inout SplitMix
    ) throws -> Catalog {
        let generation = Date()
        let dumps = try Self.writeDumps(
            works: works, folder: folder, words: words, givenNames: givenNames, surnames: surnames, generator: &generator)
        print("generated \(works) works in \(Self.seconds(since: generation)) s: " + dumps.map { "\(($0 as NSString).lastPathComponent) \(Self.megabytes(of: $0)) MB" }.joined(separator: ", "))

        let path = folder + "/catalog.sqlite"
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let catalog = try Catalog.open(at: path)
        let started = Date()
        var records = 0
        for dump in dumps {
            let summary = try catalog.importFile(at: dump)
            records += summary.authors + summary.works + summary.editions
        }
        let importSeconds = Date().timeIntervalSince(started)
        print(
            "imported \(records) records in \(String(format: "%.1f", importSeconds)) s (\(Int(Double(records) / importSeconds)) records/s); "
                + "catalogue \(Self.megabytes(of: path)) MB; peak RSS \(Self.peakMegabytes()) MB")
        return catalog
    }

    /// Looks spines up: readings of works it holds, a letter in eight misread, and of titles it
    /// does not hold (with the surname of a work it holds).
    func lookUp(in catalog: Catalog, words: [String], givenNames: [String], surnames: [String]) throws {
        // Seeded on its own, so that a run with --reuse looks up the same readings.
        var generator = SplitMix(seed: 5454)
        var times: [Double] = []
        var right = 0, wrong = 0, unknownFound = 0
        for index in 0..<lookups {
            let number = Int.random(in: 0..<works, using: &generator)
            let known = index % 4 != 0
            var work = Self.work(number, words: words, givenNames: givenNames, surnames: surnames)
            if !known { work.title = (0..<3).map { _ in words[Int.random(in: 0..<words.count, using: &generator)] }.joined(separator: " ").capitalized }
            let misread = Self.misread(work.title, generator: &generator)
            let surname = String(work.author.split(separator: " ").last ?? "")
            let spine = ScannedBook(title: misread, author: surname, isbn: nil, text: (misread + " | " + surname).uppercased())
            let clock = ContinuousClock.now
            let found = CatalogIdentifier(catalog: catalog).identify(spine)
            times.append(Double((ContinuousClock.now - clock).components.attoseconds) / 1e15 + Double((ContinuousClock.now - clock).components.seconds) * 1000)
            if known {
                if found?.key == "/works/OL\(number)W" {
                    right += 1
                } else if let found {
                    wrong += 1
                    if wrong <= 5 { print("  wrong: \"\(misread)\" by \(surname) taken for \"\(found.title)\" by \(found.authors.joined(separator: ", ")) (\(found.matchedBy.rawValue) \(found.similarity)); it is \"\(work.title)\"") }
                }
            } else if found != nil {
                unknownFound += 1
            }
        }
        times.sort()
        let median = times[times.count / 2], p95 = times[min(times.count - 1, times.count * 95 / 100)]
        let knownCount = (0..<lookups).filter { $0 % 4 != 0 }.count
        print(
            "lookup a spine: median \(String(format: "%.2f", median)) ms, p95 \(String(format: "%.2f", p95)) ms over \(lookups); "
                + "known works identified \(right)/\(knownCount), wrongly \(wrong); unknown titles identified \(unknownFound)/\(lookups - knownCount)")
    }

    struct Work {
        var title: String
        var author: String
        var authorNumber: Int
    }

    /// Work `number`, the same every time: a title of two to five words and an author of the
    /// catalogue's half as many.
    static func work(_ number: Int, words: [String], givenNames: [String], surnames: [String]) -> Work {
        // Seeded by a mixed number: seeds one step apart would give a work the next one's words.
        var seeding = SplitMix(seed: UInt64(number))
        var generator = SplitMix(seed: seeding.next())
        let count = Int.random(in: 2...5, using: &generator)
        let title = (0..<count).map { _ in words[Int.random(in: 0..<words.count, using: &generator)] }.joined(separator: " ")
        let authorNumber = number / 2
        var authorGenerator = SplitMix(seed: UInt64(authorNumber) &* 0xBF58_476D_1CE4_E5B9 &+ 1)
        let author =
            givenNames[Int.random(in: 0..<givenNames.count, using: &authorGenerator)].capitalized + " "
            + surnames[Int.random(in: 0..<surnames.count, using: &authorGenerator)].capitalized
        return Work(title: title.capitalized, author: author, authorNumber: authorNumber)
    }

    static func misread(_ title: String, generator: inout SplitMix) -> String {
        var letters = Array(title)
        for _ in 0..<max(1, letters.filter(\.isLetter).count / 8) {
            let index = Int.random(in: 0..<letters.count, using: &generator)
            if letters[index].isLetter { letters[index] = letters[index] == "e" ? "c" : "e" }
        }
        return String(letters)
    }

    static func writeDumps(
        works: Int, folder: String, words: [String], givenNames: [String], surnames: [String], generator: inout SplitMix
    ) throws -> [String] {
        let paths = ["authors", "works", "editions"].map { "\(folder)/ol_dump_\($0).txt.gz" }
        let files = paths.map { gzopen($0, "wb1") }
        defer { for file in files { gzclose(file) } }
        func write(_ file: gzFile?, _ line: String) {
            var line = line + "\n"
            line.withUTF8 { buffer in _ = gzwrite(file, buffer.baseAddress, UInt32(buffer.count)) }
        }
        for number in 0..<works {
            let work = work(number, words: words, givenNames: givenNames, surnames: surnames)
            if number % 2 == 0 {
                write(files[0], "/type/author\t/authors/OL\(work.authorNumber)A\t1\t2026-11-01T00:00:00\t{\"key\": \"/authors/OL\(work.authorNumber)A\", \"name\": \"\(work.author)\"}")
            }
            write(files[1], "/type/work\t/works/OL\(number)W\t1\t2026-11-01T00:00:00\t{\"key\": \"/works/OL\(number)W\", \"title\": \"\(work.title)\", \"authors\": [{\"author\": {\"key\": \"/authors/OL\(work.authorNumber)A\"}}]}")
            let body = "979" + String(format: "%09d", number)
            let sum = body.enumerated().reduce(0) { $0 + ($1.offset % 2 == 0 ? 1 : 3) * Int(String($1.element))! }
            write(files[2], "/type/edition\t/books/OL\(number)M\t1\t2026-11-01T00:00:00\t{\"works\": [{\"key\": \"/works/OL\(number)W\"}], \"isbn_13\": [\"\(body)\((10 - sum % 10) % 10)\"]}")
        }
        return paths
    }

    static func words(in path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(whereSeparator: \.isNewline).map(String.init)
            .filter { !$0.hasPrefix("#") && $0.allSatisfy(\.isLetter) }
    }

    static func seconds(since date: Date) -> String { String(format: "%.1f", Date().timeIntervalSince(date)) }

    static func megabytes(of path: String) -> String {
        let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.doubleValue ?? 0
        return String(format: "%.1f", size / 1_048_576)
    }

    static func peakMegabytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss / 1024
    }
}

/// A small seeded generator, so that a run's catalogue and readings are the same every time.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
