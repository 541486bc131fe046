import Foundation

/// What one `shelfbench` run measured, as text or JSON.
public struct BenchResult: Sendable, Codable {
    /// The naive peer's figures in the same run.
    public struct Baseline: Sendable, Codable {
        public var scorecard: Scorecard
        public var perPhoto: StageTimes.Spread?
        public var wallSeconds: Double

        public init(scorecard: Scorecard, perPhoto: StageTimes.Spread?, wallSeconds: Double) {
            self.scorecard = scorecard
            self.perPhoto = perPhoto
            self.wallSeconds = wallSeconds
        }
    }

    public var folder: String
    public var photos: Int
    public var scorecard: Scorecard
    public var times: StageTimes
    public var spinesPerSecond: Double
    public var wallSeconds: Double
    public var peakResidentMiB: Double
    /// What reading the spines cost, part by part; nil when no spine was read.
    public var reading: ReadingCost?
    /// Detection's misses and false outlines by kind; nil when the truth outlines no book.
    public var faults: DetectionFaults?
    public var baseline: Baseline?

    public init(
        folder: String, photos: Int, scorecard: Scorecard, times: StageTimes, spinesPerSecond: Double,
        wallSeconds: Double, peakResidentMiB: Double, reading: ReadingCost? = nil, faults: DetectionFaults? = nil,
        baseline: Baseline? = nil
    ) {
        self.folder = folder
        self.photos = photos
        self.scorecard = scorecard
        self.times = times
        self.spinesPerSecond = spinesPerSecond
        self.wallSeconds = wallSeconds
        self.peakResidentMiB = peakResidentMiB
        self.reading = reading
        self.faults = faults
        self.baseline = baseline
    }

    /// The baseline's time per photo over shelfscan's (medians): how many times faster shelfscan is.
    public var speedup: Double? {
        guard let theirs = baseline?.perPhoto?.medianMs, let ours = times.total?.medianMs, ours > 0 else { return nil }
        return theirs / ours
    }

    /// The result for a person: the figures, the times per stage, then the baseline beside them.
    public var text: String {
        var lines = ["shelfbench: \(folder): \(photos) photos, \(ProcessInfo.processInfo.activeProcessorCount) cores", "", "accuracy"]
        for (name, value) in scorecard.lines { lines.append("  " + name.padding(toLength: 22, withPad: " ", startingAt: 0) + value) }
        if let faults {
            lines += ["", "truth books missed, and outlines that found none, by kind"]
            for (name, value) in faults.lines { lines.append("  " + name.padding(toLength: 22, withPad: " ", startingAt: 0) + value) }
        }
        lines += ["", "time per photo (ms)        median       p90   photos"]
        func row(_ name: String, _ spread: StageTimes.Spread) -> String {
            "  " + name.padding(toLength: 20, withPad: " ", startingAt: 0)
                + String(format: "%10.1f%10.1f%9d", spread.medianMs, spread.p90Ms, spread.photos)
        }
        for (name, spread) in times.orderedStages { lines.append(row(name, spread)) }
        if let total = times.total { lines.append(row("whole photo", total)) }
        if times.stages.keys.contains(where: { $0.hasPrefix("read.") }) {
            lines.append("  (read.*: the parts of read, as worker time summed over the spines; they overlap)")
        }
        lines.append(
            String(format: "spines per second %.1f, wall %.1f s, peak RSS %.0f MiB", spinesPerSecond, wallSeconds, peakResidentMiB))
        if let reading { lines += [""] + reading.lines }
        if let baseline {
            lines += ["", "baseline: whole-photo tesseract --psm 11 (3 turns) and zbarimg, in the same run"]
            if let perPhoto = baseline.perPhoto {
                lines.append(String(format: "  median per photo      %.1f ms (p90 %.1f ms), wall %.1f s", perPhoto.medianMs, perPhoto.p90Ms, baseline.wallSeconds))
            }
            func ratio(_ ours: Double?, _ theirs: Double?) -> String {
                guard let ours, let theirs else { return "–" }
                return theirs > 0 ? String(format: "%.2f×", ours / theirs) : "∞"
            }
            func show(_ value: Double?) -> String { value.map { "\($0)" } ?? "None" }
            let ours = scorecard, theirs = baseline.scorecard
            lines.append("  text_title_recall     \(show(theirs.textTitleRecall))   shelfscan \(show(ours.textTitleRecall)): \(ratio(ours.textTitleRecall, theirs.textTitleRecall))")
            lines.append("  vs title_recall       shelfscan \(show(ours.titleRecall)): \(ratio(ours.titleRecall, theirs.textTitleRecall)) the baseline's text_title_recall")
            lines.append("  isbn_recall           \(show(theirs.isbnRecall))   shelfscan \(show(ours.isbnRecall)): \(ratio(ours.isbnRecall, theirs.isbnRecall))")
            if let speedup { lines.append(String(format: "  time                  shelfscan takes 1/%.2f of the baseline's time per photo (medians)", speedup)) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
