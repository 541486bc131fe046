import ShelfDetection
import ShelfISBN
import ShelfImaging
import ShelfOCR

/// Reads ISBNs printed as text (copyright pages, back covers) with Tesseract, whichever way up the
/// photo is.
///
/// The photo is reduced to a size where page text stays legible, turned so its lines run across
/// (the axis from projection profiles, then the way up from recognition confidence), cut into
/// overlapping bands recognised in parallel on the pool, and the text is searched with
/// `ISBNExtractor`, which keeps only checksum-valid ISBNs and refuses unlabelled ten-digit numbers.
public struct PrintedISBNReader: Sendable {
    /// An ISBN read from printed text.
    public struct Finding: Sendable, Equatable {
        public var isbn: ISBN
        /// The characters it was read from.
        public var printed: String
        /// The outline of its line of text, in the photo's pixels.
        public var polygon: [Point]
    }

    /// What a reading produced.
    public struct Reading: Sendable {
        public var findings: [Finding]
        /// The recognised text, lines in reading order.
        public var text: String
        /// Clockwise quarter turns that made the text upright.
        public var quarterTurns: Int
        /// Mean word confidence of the kept reading (0…100).
        public var confidence: Double
    }

    /// The longer side the photo is reduced to before recognition.
    public var maxSide: Int
    /// Below this mean confidence the other way up is tried too.
    public var uprightConfidence: Double
    public var extractor: ISBNExtractor

    public init(maxSide: Int = 2600, uprightConfidence: Double = 65, extractor: ISBNExtractor = ISBNExtractor()) {
        self.maxSide = maxSide
        self.uprightConfidence = uprightConfidence
        self.extractor = extractor
    }

    /// The ISBNs printed in `image`.
    public func read(_ image: Image, recognizer: TextRecognizer) async throws -> Reading {
        var gray = image.grayscale().fitting(maxSide: maxSide)
        // Small photos (a cropped barcode, a thumbnail): enlarge so the print is ~30 px tall.
        let longSide = max(gray.width, gray.height)
        if longSide < 1000 { gray = gray.scaled(by: 1400 / Double(longSide)) }
        if gray.meanLevel < 100 { gray = gray.inverted() }  // light text on a dark cover
        let scaleBack = Double(image.width) / Double(gray.width)

        let axis = TextAxis.estimate(in: gray) == .horizontal ? [0, 2] : [1, 3]
        let wayUp = try await likelierWayUp(of: gray, turns: axis, recognizer: recognizer)
        let otherWay = axis.first { $0 != wayUp }!
        let axisTurns = [wayUp, otherWay] + (axis == [0, 2] ? [1, 3] : [0, 2])
        var best: (turns: Int, text: RecognizedText)?
        for (attempt, turns) in axisTurns.enumerated() {
            // The two ways up along the likelier axis; the other axis only when both read poorly.
            if attempt == 2, let best, best.text.meanConfidence >= uprightConfidence * 0.7 { break }
            let text = try await recognizeInBands(gray.rotated(quarterTurns: turns), recognizer: recognizer)
            if text.meanConfidence > best?.text.meanConfidence ?? -1 { best = (turns, text) }
            if text.meanConfidence >= uprightConfidence && !text.lines.isEmpty { break }
        }
        guard let best else { return Reading(findings: [], text: "", quarterTurns: 0, confidence: 0) }

        let turnedWidth = best.turns % 2 == 0 ? gray.width : gray.height
        let turnedHeight = best.turns % 2 == 0 ? gray.height : gray.width
        let findings = extractor.matches(in: best.text.text).map { match in
            let box = best.text.lines[match.line].box
            let corners = [
                Point(x: Double(box.x), y: Double(box.y)), Point(x: Double(box.maxX), y: Double(box.y)),
                Point(x: Double(box.maxX), y: Double(box.maxY)), Point(x: Double(box.x), y: Double(box.maxY)),
            ].map { point in
                let unturned = Self.undoTurns(best.turns, point, width: turnedWidth, height: turnedHeight)
                return Point(x: unturned.x * scaleBack, y: unturned.y * scaleBack)
            }
            return Finding(isbn: match.isbn, printed: match.printed, polygon: corners)
        }
        return Reading(
            findings: findings, text: best.text.text, quarterTurns: best.turns, confidence: best.text.meanConfidence)
    }

    /// Of two opposite turns, the one whose text reads with more confidence, judged on the densest
    /// band of lines read both ways at once: upside-down text reads at far lower confidence, and a
    /// band costs a fraction of the whole page.
    private func likelierWayUp(of gray: Image, turns: [Int], recognizer: TextRecognizer) async throws -> Int {
        let turned = gray.rotated(quarterTurns: turns[0])
        let band = TextAxis.densestBand(in: turned, fraction: 0.2)
        let sample = turned.cropped(to: band)
        let flipped = sample.rotated(quarterTurns: 2)
        async let asIs = recognizer.recognize(sample, segmentation: .auto)
        async let upsideDown = recognizer.recognize(flipped, segmentation: .auto)
        let (first, second) = try await (asIs, upsideDown)
        return first.meanConfidence >= second.meanConfidence ? turns[0] : turns[1]
    }

    /// Recognises an upright image in overlapping horizontal bands, one per worker thread; each line
    /// is kept from the band whose own share holds its centre, so none is lost or doubled at a cut.
    private func recognizeInBands(_ image: Image, recognizer: TextRecognizer) async throws -> RecognizedText {
        let bandCount = max(1, min(recognizer.workers.threadCount, image.height / 400))
        let ownHeight = (image.height + bandCount - 1) / bandCount
        let overlap = max(60, image.height / 25)
        let results = try await withThrowingTaskGroup(of: (Int, RecognizedText).self) { group in
            for band in 0..<bandCount {
                let top = max(0, band * ownHeight - overlap)
                let bottom = min(image.height, (band + 1) * ownHeight + overlap)
                let crop = image.cropped(to: PixelRect(x: 0, y: top, width: image.width, height: bottom - top))
                group.addTask {
                    var text = try await recognizer.recognize(crop, segmentation: .auto)
                    let ownTop = band * ownHeight, ownBottom = (band + 1) * ownHeight
                    text.lines = text.lines.compactMap { line in
                        let centre = top + line.box.y + line.box.height / 2
                        guard centre >= ownTop && centre < ownBottom else { return nil }
                        var moved = line
                        moved.box.y += top
                        for index in moved.words.indices { moved.words[index].box.y += top }
                        return moved
                    }
                    return (band, text)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        return RecognizedText(lines: results.sorted { $0.0 < $1.0 }.flatMap(\.1.lines))
    }

    /// Where a point of an image turned clockwise by `turns` quarter turns lies in the unturned image.
    static func undoTurns(_ turns: Int, _ point: Point, width: Int, height: Int) -> Point {
        let w = Double(width), h = Double(height)
        switch ((turns % 4) + 4) % 4 {
        case 1: return Point(x: point.y, y: w - point.x)
        case 2: return Point(x: w - point.x, y: h - point.y)
        case 3: return Point(x: h - point.y, y: point.x)
        default: return point
        }
    }
}
