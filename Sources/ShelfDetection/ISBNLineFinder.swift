import Foundation
import ShelfImaging

/// Finds lines of small print shaped like a printed ISBN ("ISBN 978-0-14-044913-6") in a band along
/// one long edge of a spine, by their shape alone: no recognition, so it can afford every spine.
///
/// The band is turned so that the spine's lettering runs across it and the spine's edge lies at the
/// bottom. Its background is divided out, the print binarised (Otsu) and the characters of a line
/// joined by a horizontal closing; a blob is kept when it is
/// - clear of the band's inner edge (letters cut by it belong to the title or author),
/// - the height of small print: `textHeights` of the spine's width,
/// - as long as an ISBN line: `lengths` times its text height,
/// - made of at least `minimumCharacters` marks about as tall as the line.
public struct ISBNLineFinder: Sendable {
    /// A line of print that may be an ISBN, in the band's pixels.
    public struct Line: Sendable, Equatable {
        public var box: PixelRect
        /// The height of its characters (the rows holding most of its ink).
        public var textHeight: Int
        /// How much it looks like an ISBN line; higher is likelier.
        public var score: Double
    }

    /// Heights of small print, as shares of the spine's width.
    public var textHeights: ClosedRange<Double>
    /// Lengths of an ISBN line, as multiples of its text height.
    public var lengths: ClosedRange<Double>
    public var minimumCharacters: Int
    /// Gaps narrower than this share of the spine's width are closed between characters.
    public var closingShare: Double
    /// Below this difference between the mean levels of print and ground the band holds no print.
    public var minimumContrast: Double

    public init(
        textHeights: ClosedRange<Double> = 0.05...0.22, lengths: ClosedRange<Double> = 6...20,
        minimumCharacters: Int = 5, closingShare: Double = 0.12, minimumContrast: Double = 25
    ) {
        self.textHeights = textHeights
        self.lengths = lengths
        self.minimumCharacters = minimumCharacters
        self.closingShare = closingShare
        self.minimumContrast = minimumContrast
    }

    /// The lines in `band` that may be ISBNs, likeliest first.
    /// - Parameters:
    ///   - band: the strip along the spine's edge, lettering across, edge at the bottom (any colours).
    ///   - spineWidth: the width of the whole spine in the band's pixels.
    public func lines(in band: Image, spineWidth: Double) -> [Line] {
        lines(inPrint: band.grayscale().darkPrint().flattened(window: band.height / 2), spineWidth: spineWidth)
    }

    /// The lines that may be ISBNs in a band already turned gray with dark print on a flattened
    /// ground, likeliest first.
    public func lines(inPrint band: Image, spineWidth: Double) -> [Line] {
        guard band.width >= 8 && band.height >= 4 else { return [] }
        guard let ink = InkMask(band, minimumContrast: minimumContrast) else { return [] }
        let joined = ink.closedAlongRows(gap: max(3, Int(closingShare * spineWidth)))
        var lines: [Line] = []
        for blob in joined.blobs() {
            let box = blob.box
            guard box.height >= 3, Double(box.height) <= 0.75 * Double(band.height), box.y > 0 else { continue }
            guard Double(blob.area) >= 0.25 * Double(box.width * box.height) else { continue }
            let textHeight = ink.textHeight(in: box)
            let height = Double(textHeight), length = Double(box.width) / height
            guard textHeights.contains(height / spineWidth), lengths.contains(length) else { continue }
            guard ink.cropped(to: box).blobs().count(where: { 2 * $0.box.height >= textHeight && $0.area >= 3 })
                >= minimumCharacters
            else { continue }
            // Typical ISBN lines are about twelve text heights long; one cut by the spine's edge is
            // less certain.
            let score = -abs(log(length / 12)) - (box.maxY >= band.height ? 0.5 : 0)
            lines.append(Line(box: box, textHeight: textHeight, score: score))
        }
        return lines.sorted { $0.score > $1.score }
    }
}

/// Which pixels of a band are print, with the few operations the line finder needs.
private struct InkMask {
    typealias Blob = MaskBlob

    let width: Int
    let height: Int
    /// Row-major, true where there is print.
    var isInk: [Bool]

    /// The print of a gray image with dark print: samples at or below its Otsu threshold; nil when
    /// print and ground hardly differ (a plain band, where Otsu would split noise).
    init?(_ gray: Image, minimumContrast: Double) {
        let threshold = gray.otsuThreshold()
        var inkSum = 0, inkCount = 0, groundSum = 0
        var isInk = [Bool](repeating: false, count: gray.pixelCount)
        gray.withUnsafeBytes { samples in
            for index in 0..<samples.count {
                let sample = Int(samples[index])
                if sample <= Int(threshold) {
                    isInk[index] = true
                    inkSum += sample
                    inkCount += 1
                } else {
                    groundSum += sample
                }
            }
        }
        let groundCount = gray.pixelCount - inkCount
        guard inkCount > 0, groundCount > 0 else { return nil }
        guard Double(groundSum) / Double(groundCount) - Double(inkSum) / Double(inkCount) >= minimumContrast else {
            return nil
        }
        self.init(width: gray.width, height: gray.height, isInk: isInk)
    }

    init(width: Int, height: Int, isInk: [Bool]) {
        self.width = width
        self.height = height
        self.isInk = isInk
    }

    /// The mask with every gap of fewer than `gap` pixels between print on a row filled in.
    func closedAlongRows(gap: Int) -> InkMask {
        var closed = self
        for y in 0..<height {
            let row = y * width
            var lastInk = -1
            for x in 0..<width where isInk[row + x] {
                if lastInk >= 0 && x - lastInk > 1 && x - lastInk - 1 < gap {
                    for fill in (lastInk + 1)..<x { closed.isInk[row + fill] = true }
                }
                lastInk = x
            }
        }
        return closed
    }

    /// The part inside `rect` (which must lie inside the mask).
    func cropped(to rect: PixelRect) -> InkMask {
        var part = [Bool](repeating: false, count: rect.width * rect.height)
        for y in 0..<rect.height {
            for x in 0..<rect.width { part[y * rect.width + x] = isInk[(rect.y + y) * width + rect.x + x] }
        }
        return InkMask(width: rect.width, height: rect.height, isInk: part)
    }

    /// The height of the rows of `rect` holding more than a tenth of its busiest row's print: the
    /// height of the characters, without a stray mark above or below.
    func textHeight(in rect: PixelRect) -> Int {
        var counts = [Int](repeating: 0, count: rect.height)
        for y in 0..<rect.height {
            for x in rect.x..<rect.maxX where isInk[(rect.y + y) * width + x] { counts[y] += 1 }
        }
        let busiest = counts.max() ?? 0
        guard let first = counts.firstIndex(where: { 10 * $0 > busiest }),
            let last = counts.lastIndex(where: { 10 * $0 > busiest })
        else { return rect.height }
        return last - first + 1
    }

    /// The 8-connected pieces of print.
    func blobs() -> [Blob] { MaskBlob.pieces(of: isInk, width: width, height: height) }
}
