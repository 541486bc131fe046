import ShelfImaging
import ShelfOCR
import ShelfReading

/// One photo's scan while it runs: its report so far, the clock, and each failed stage's error.
struct PhotoRun {
    var report: ImageReport
    private var stopwatch = Stopwatch()

    init(path: String) {
        report = ImageReport(path: path)
    }

    /// Records the time since the last lap as `stage`'s.
    mutating func lap(_ stage: String) {
        report.timings[stage] = stopwatch.lap()
    }

    /// Records `milliseconds`, the time a stage worked on its thread, as `stage`'s, and starts a new
    /// lap: in a batch, a stage can wait for a thread while the photo before is read.
    mutating func lap(_ stage: String, worked milliseconds: Double) {
        report.timings[stage] = milliseconds
        _ = stopwatch.lap()
    }

    /// Starts a new lap without recording the one that ends: time no stage spent.
    mutating func skipLap() {
        _ = stopwatch.lap()
    }

    /// Counts the photo's total time from `instant` at the earliest (`Stopwatch.startNoEarlierThan(_:)`).
    mutating func startNoEarlierThan(_ instant: ContinuousClock.Instant) {
        stopwatch.startNoEarlierThan(instant)
    }

    /// Records that `stage` failed with `error`; true when the scan must stop there (it was
    /// cancelled), false when the later stages can go on without this one's result.
    mutating func record(_ stage: ReportedError.Stage, _ error: any Error) -> Bool {
        let path = report.path
        let reported: ReportedError
        switch error {
        case let error as ImageError:
            reported = ReportedError(code: ReportedError.Code(error.code), stage: stage, message: error.description)
        case let error as ModelError:
            reported = ReportedError(code: .modelsUnavailable, stage: stage, message: "\(path): \(error)")
        case let error as OCRError:
            reported = ReportedError(code: .ocrUnavailable, stage: stage, message: "\(path): \(error)")
        case is CancellationError:
            reported = ReportedError(
                code: .cancelled, stage: stage, message: "\(path): the scan was stopped before this photo was done")
        default:
            reported = ReportedError(code: .ocrUnavailable, stage: stage, message: "\(path): \(error)")
        }
        report.stageErrors.append(reported)
        return reported.code == .cancelled
    }

    /// The result, with the total time.
    func finished(annotated: Image? = nil) -> PhotoScan {
        var report = report
        report.elapsedMs = stopwatch.totalMilliseconds
        return PhotoScan(report: report, annotated: annotated)
    }

    /// The result of a scan that stopped at `stage`.
    mutating func finished(failing stage: ReportedError.Stage, with error: any Error) -> PhotoScan {
        _ = record(stage, error)
        return finished()
    }
}
