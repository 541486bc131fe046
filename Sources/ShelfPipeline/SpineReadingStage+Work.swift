import ShelfBarcodes
import ShelfISBN

/// What the reading stage found on a photo's spines and the work each part of reading did.
extension SpineReadingStage {
    /// What reading found on a photo's spines.
    struct Outcome: Sendable {
        /// Per spine, in the order given.
        var findings: [SpineFindings]
        /// Per spine, the ISBN read on its ISBN line, or nil (also for the spines not looked at).
        var lineISBNs: [ISBN?]
        var barcodes: [BarcodeFinding]
        /// Per spine, in the order given: the work each part of reading did on it.
        var work: [SpineWork]

        /// The worker time of each part of reading (`ReadingPart`), in milliseconds, summed over the
        /// spines (0 for a part no spine needed): on several cores the parts overlap, and add up to
        /// more than the stage's wall time.
        var partTimes: [String: Double] {
            let zero = Dictionary(uniqueKeysWithValues: ReadingPart.allCases.map { ($0.rawValue, 0.0) })
            return work.reduce(zero) { $0.merging($1.times, uniquingKeysWith: +) }
        }

        /// The work summed over the spines, with `isSelected` telling, per spine in the order
        /// given, whether its book was selected.
        func readingWork(isSelected: (Int) -> Bool) -> ReadingWork {
            var parts: [String: ReadingWork.Part] = [:]
            var lineLengths: [String: Int] = [:]
            for (index, spine) in work.enumerated() {
                for (name, calls) in spine.calls {
                    parts[name, default: ReadingWork.Part()].spines += 1
                    parts[name, default: ReadingWork.Part()].calls += calls
                    lineLengths[name, default: 0] += spine.lineLengths[name] ?? 0
                }
                let kept = spine.keptFrom.rawValue
                parts[kept, default: ReadingWork.Part()].kept += 1
                if isSelected(index) { parts[kept, default: ReadingWork.Part()].keptSelected += 1 }
            }
            for (name, thousandths) in lineLengths { parts[name]?.lineLength = Double(thousandths) / 1000 }
            return ReadingWork(spines: work.count, parts: parts)
        }
    }

    /// The work the parts of reading did on one spine.
    struct SpineWork: Sendable {
        /// Worker milliseconds by part name.
        var times: [String: Double] = [:]
        /// Images given to Tesseract by part name, for each part that ran (parsing gives none).
        var calls: [String: Int] = [:]
        /// The length of the lines Tesseract recognised, in thousandths of a line height
        /// (`TesseractEngine.lineLengthThousandths`), by part name.
        var lineLengths: [String: Int] = [:]
        /// The reading whose parse was kept.
        var keptFrom = ReadingPart.first
    }

    /// The parts of reading a spine, named as the report's `timings` name their worker times.
    /// In the order they run.
    enum ReadingPart: String, CaseIterable {
        case first = "read.first"
        case parse = "read.parse"
        case wider = "read.wider"
        case lines = "read.lines"
        case again = "read.again"
        case check = "read.check"
        case isbnLine = "read.isbnLine"
    }
}
