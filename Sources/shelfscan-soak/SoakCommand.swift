import ArgumentParser
import Foundation
import ShelfOCR
import ShelfPipeline

/// `shelfscan-soak`: scans the same batch of photos over and over in one process and prints, after
/// each round, what the process holds: memory (RSS), open file descriptors, threads and loaded
/// Tesseract engines. Exits 1 when any of them keeps growing after the first rounds or a round
/// reports other books than the first did. `Scripts/soak.sh` runs it and the CLI across processes.
@main
struct SoakCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shelfscan-soak",
        abstract: "Scan the same photos repeatedly in one process and check that nothing leaks.")

    @Option(help: "How many times the batch is scanned.")
    var rounds = 20

    @Option(help: "Memory growth (MB) allowed from the end of the warm-up to the last round.")
    var allowedGrowth = 40.0

    @Argument(help: "The photos of the batch (at most 10).")
    var photos: [String]

    func validate() throws {
        if photos.isEmpty || photos.count > ShelfScanner.maxPhotosPerRun {
            throw ValidationError("Give 1 to \(ShelfScanner.maxPhotosPerRun) photos.")
        }
        if rounds < 3 { throw ValidationError("--rounds must be at least 3.") }
    }

    func run() async throws {
        var samples: [ProcessSample] = []
        var firstBooks: [String]?
        var sameBooks = true
        print("round  seconds  rss_mb  fds  threads  engines  books")
        print(ProcessSample.now().line(round: 0, seconds: 0, books: 0))
        for round in 1...rounds {
            let started = ContinuousClock.now
            let report = await ShelfScanner.shared.scanReport(forPhotosAt: photos)
            let seconds = (ContinuousClock.now - started) / .seconds(1)
            let books = report.images.flatMap { image in image.books.map { "\(image.path) \($0.title ?? "")" } }
            if let firstBooks, firstBooks != books { sameBooks = false }
            if firstBooks == nil { firstBooks = books }
            let sample = ProcessSample.now()
            samples.append(sample)
            print(sample.line(round: round, seconds: seconds, books: books.count))
        }
        // The first rounds load engines, fill caches and grow the allocator's arenas.
        let warmUp = samples[min(2, samples.count - 1)]
        let last = samples[samples.count - 1]
        var problems: [String] = []
        if last.rssMB - warmUp.rssMB > allowedGrowth {
            problems.append(String(format: "memory grew %.0f MB after the warm-up", last.rssMB - warmUp.rssMB))
        }
        if last.fileDescriptors > warmUp.fileDescriptors { problems.append("file descriptors grew") }
        if last.threads > warmUp.threads { problems.append("threads grew") }
        if last.engines > warmUp.engines { problems.append("Tesseract engines grew") }
        if !sameBooks { problems.append("a round reported other books than the first") }
        print(
            String(
                format: "rss after warm-up %.0f MB, at the end %.0f MB; peak %.0f MB", warmUp.rssMB, last.rssMB,
                samples.map(\.peakMB).max() ?? 0))
        if problems.isEmpty {
            print("soak: nothing grew over \(rounds) rounds")
        } else {
            print("soak: " + problems.joined(separator: "; "))
            throw ExitCode.failure
        }
    }
}

/// What this process holds at a moment, from /proc.
struct ProcessSample {
    var rssMB: Double
    var peakMB: Double
    var fileDescriptors: Int
    var threads: Int
    var engines: Int

    static func now() -> ProcessSample {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Double {
            let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
            let words = line.split { $0 == " " || $0 == "\t" }
            return words.count > 1 ? Double(words[1]) ?? 0 : 0
        }
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
        return ProcessSample(
            rssMB: field("VmRSS") / 1024, peakMB: field("VmHWM") / 1024, fileDescriptors: descriptors,
            threads: Int(field("Threads")), engines: TesseractEngine.liveCount)
    }

    func line(round: Int, seconds: Double, books: Int) -> String {
        String(
            format: "%5d  %7.2f  %6.1f  %3d  %7d  %7d  %5d", round, seconds, rssMB, fileDescriptors, threads, engines,
            books)
    }
}
