import ShelfDetection
import ShelfImaging
import ShelfOCR
import ShelfReading

/// The stages that read the spines of one photo: a first reading of every spine, the parse and
/// assessment of each reading, and a second reading of the doubtful ones. Each spine's reading is
/// one piece of work on a worker thread, with that thread's Tesseract engine.
struct SpineReadingStage: Sendable {
    /// Books read with less confidence than this — those the default threshold would not select —
    /// are read a second time against their spines' local backgrounds
    /// (`SpineReader.readAgainstLocalBackground`).
    static let doubtfulConfidence = BookAssessor.defaultMinimumConfidence

    var reader: SpineReader
    var parser: SpineTextParser
    var assessor: BookAssessor
    var recognizer: TextRecognizer

    /// The first reading of every spine, in the order given; `onEach` is called as each is done.
    func read(
        _ spines: [DetectedSpine], in image: Image, onEach: @escaping @Sendable () -> Void = {}
    ) async throws -> [SpineReader.Reading] {
        let reader = reader
        return try await Self.concurrentMap(spines) { spine in
            let reading = try await recognizer.withEngine { engine in reader.read(spine.polygon, in: image, engine: engine) }
            onEach()
            return reading
        }
    }

    /// Each reading parsed and assessed.
    func findings(of spines: [DetectedSpine], readings: [SpineReader.Reading]) -> [SpineFindings] {
        zip(spines, readings).map { spine, reading in findings(of: spine, reading: reading) }
    }

    /// The findings with the doubtful ones read again, each stretch of the spine against its own
    /// background (a spine of two colours, or lit unevenly): the parse the confidence model trusts
    /// more is kept.
    func readingDoubtfulAgain(_ findings: [SpineFindings], in image: Image) async throws -> [SpineFindings] {
        let doubtful = findings.indices.filter { findings[$0].confidence < Self.doubtfulConfidence }
        let reader = reader
        let second = try await Self.concurrentMap(doubtful) { index in
            let polygon = findings[index].spine.polygon
            return try await recognizer.withEngine { engine in
                reader.readAgainstLocalBackground(polygon, in: image, engine: engine)
            }
        }
        var kept = findings
        for (index, reading) in zip(doubtful, second) {
            guard let reading else { continue }
            let again = self.findings(of: findings[index].spine, reading: reading)
            if again.confidence > findings[index].confidence { kept[index] = again }
        }
        return kept
    }

    /// The findings with the title of each book the assessor would select checked against a
    /// second, independent reading of its spine (`SpineReader.titleAgreement`).
    func checkingTitles(_ findings: [SpineFindings], in image: Image) async throws -> [SpineFindings] {
        let candidates = findings.indices.filter {
            // An ISBN printed on the book is check enough.
            findings[$0].parsed.title != nil && findings[$0].parsed.isbn == nil
                && findings[$0].confidence >= assessor.minimumConfidence
        }
        let reader = reader
        let agreements = try await Self.concurrentMap(candidates) { index in
            let polygon = findings[index].spine.polygon, orientation = findings[index].reading.orientation
            let title = findings[index].parsed.title ?? ""
            return try await recognizer.withEngine { engine in
                reader.titleAgreement(title, of: polygon, orientation: orientation, in: image, engine: engine)
            }
        }
        var checked = findings
        for (index, agreement) in zip(candidates, agreements) { checked[index].titleAgreement = agreement }
        return checked
    }

    private func findings(of spine: DetectedSpine, reading: SpineReader.Reading) -> SpineFindings {
        let parsed = parser.parse(reading.text)
        return SpineFindings(
            spine: spine, reading: reading, parsed: parsed, assessment: assessor.assess(parsed, on: spine))
    }

    /// `transform` of every element, all started at once (the worker pool queues the work), in the
    /// elements' order.
    static func concurrentMap<Element: Sendable, Result: Sendable>(
        _ elements: [Element], _ transform: @escaping @Sendable (Element) async throws -> Result
    ) async throws -> [Result] {
        try await withThrowingTaskGroup(of: (Int, Result).self) { group in
            for (index, element) in elements.enumerated() {
                group.addTask { (index, try await transform(element)) }
            }
            var results = [Result?](repeating: nil, count: elements.count)
            for try await (index, result) in group { results[index] = result }
            return results.compactMap { $0 }
        }
    }
}
