import ShelfPipeline

/// What reading cost over a folder's spines, part by part, and what each part changed: the
/// reports' `readingWork` summed, with the worker milliseconds of their `timings`.
public struct ReadingCost: Sendable, Codable, Equatable {
    /// One part of reading over all the spines.
    public struct Part: Sendable, Codable, Equatable {
        /// As the report's `timings` name it (`read.first`, `read.again`, …).
        public var name: String
        /// The share of spines the part ran on.
        public var ranShare: Double
        /// Tesseract calls a spine, over all the spines (those it did not run on count as 0).
        public var callsPerSpine: Double
        /// The length of the lines Tesseract recognised a spine, in line heights, likewise: what
        /// most of a call's time grows with (`TesseractEngine.lineLengthThousandths`).
        public var lineLengthPerSpine: Double
        /// Worker milliseconds a spine, likewise.
        public var millisecondsPerSpine: Double
        /// The spines whose kept reading is this part's, and of them those whose book was selected:
        /// what the part changed (nothing for the title check and the ISBN line, which keep none).
        public var kept: Int
        public var keptSelected: Int
    }

    /// The spines read.
    public var spines: Int
    public var callsPerSpine: Double
    public var lineLengthPerSpine: Double
    public var millisecondsPerSpine: Double
    /// In the order reading runs them; a part no spine needed is left out.
    public var parts: [Part]

    /// The cost over `reports`; nil when none of them read a spine.
    public init?(reports: [ImageReport]) {
        let work = reports.compactMap(\.readingWork).reduce(ReadingWork()) { $0.adding($1) }
        guard work.spines > 0 else { return nil }
        let spines = Double(work.spines)
        var milliseconds: [String: Double] = [:]
        for report in reports where report.readingWork != nil {
            for (name, time) in report.timings where ReadingWork.partNames.contains(name) { milliseconds[name, default: 0] += time }
        }
        self.spines = work.spines
        callsPerSpine = Double(work.calls) / spines
        lineLengthPerSpine = work.lineLength / spines
        millisecondsPerSpine = milliseconds.values.reduce(0, +) / spines
        parts = ReadingWork.partNames.compactMap { name in
            guard let part = work.parts[name], part.spines > 0 || part.kept > 0 else { return nil }
            return Part(
                name: name, ranShare: Double(part.spines) / spines, callsPerSpine: Double(part.calls) / spines,
                lineLengthPerSpine: part.lineLength / spines, millisecondsPerSpine: (milliseconds[name] ?? 0) / spines,
                kept: part.kept, keptSelected: part.keptSelected)
        }
    }

    /// The table `shelfbench` prints.
    public var lines: [String] {
        var lines = [
            "reading a spine (\(spines) spines)   ran    calls    lines       ms     kept  selected",
        ]
        for part in parts {
            lines.append(
                "  " + part.name.padding(toLength: 24, withPad: " ", startingAt: 0)
                    + String(
                        format: "%6.2f%9.2f%9.1f%9.1f%9d%10d", part.ranShare, part.callsPerSpine,
                        part.lineLengthPerSpine, part.millisecondsPerSpine, part.kept, part.keptSelected))
        }
        lines.append(
            "  " + "all".padding(toLength: 24, withPad: " ", startingAt: 0) + String(repeating: " ", count: 6)
                + String(format: "%9.2f%9.1f%9.1f", callsPerSpine, lineLengthPerSpine, millisecondsPerSpine))
        lines.append("  (ran: share of spines; calls, lines and ms: Tesseract images, the length of the text lines")
        lines.append("   it recognised in line heights, and worker time, a spine; kept: spines whose kept reading")
        lines.append("   is the part's; selected: of those, books selected)")
        return lines
    }
}
