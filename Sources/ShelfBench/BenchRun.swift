import Foundation
import ShelfPipeline

/// The pipeline run over the photos of a truth folder, in this process, in batches of at most
/// `ShelfScanner.maxPhotosPerRun` as `shelfscan scan` takes them: each photo's report, the wall
/// time of the whole run and the process's peak memory.
public struct BenchRun: Sendable {
    public var reports: [ImageReport]
    public var wallSeconds: Double
    /// The largest resident set of this process so far, in MiB.
    public var peakResidentMiB: Double

    /// Scans `photos` with `options`.
    public static func scan(_ photos: [String], options: ScanOptions) async -> BenchRun {
        let clock = ContinuousClock(), started = clock.now
        var reports: [ImageReport] = []
        for start in stride(from: 0, to: photos.count, by: ShelfScanner.maxPhotosPerRun) {
            let batch = Array(photos[start..<min(photos.count, start + ShelfScanner.maxPhotosPerRun)])
            reports += await ShelfScanner.shared.scanReport(forPhotosAt: batch, options: options).images
        }
        return BenchRun(
            reports: reports, wallSeconds: started.duration(to: clock.now).seconds,
            peakResidentMiB: Self.peakResidentMiB())
    }

    /// The report as `shelfscan scan --json` writes it.
    public var reportJSON: Data {
        get throws {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            return try encoder.encode(ScanReport(images: reports))
        }
    }

    /// Spines found per second of wall time.
    public var spinesPerSecond: Double {
        wallSeconds > 0 ? Double(reports.reduce(0) { $0 + $1.books.count }) / wallSeconds : 0
    }

    /// `ru_maxrss` (kilobytes on Linux) of this process, or of the largest child it waited for, in MiB.
    public static func peakResidentMiB(ofChildren children: Bool = false) -> Double {
        var usage = rusage()
        getrusage(children ? RUSAGE_CHILDREN.rawValue : RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
