/// A line of lettering found in a gray image by `Image.textLines`.
public struct TextLineBox: Sendable, Equatable {
    /// The rectangle holding the line's letters.
    public var box: PixelRect
    /// Whether the letters are lighter than what is around them (light on dark).
    public var isLight: Bool
    /// The mean height of the line's letters, in pixels.
    public var letterHeight: Double

    public init(box: PixelRect, isLight: Bool, letterHeight: Double) {
        self.box = box
        self.isLight = isLight
        self.letterHeight = letterHeight
    }
}

extension Image {
    /// The lines of lettering of a gray image whose lines run across it, top to bottom, each
    /// found on its own: pixels darker or lighter than their surroundings (the image's median
    /// over a window most of its height wide, so a band of another colour is its own background)
    /// by `minimumContrast` grey levels or more, grouped into letter-shaped blobs, and the blobs
    /// of one height side by side into lines. A line is two letters or more. Bars, rules, labels
    /// and blocks of colour are not letter-shaped; a picture's specks seldom line up.
    public func textLines(minimumContrast: Int = 25) -> [TextLineBox] {
        precondition(format == .gray, "text lines are found in gray images")
        guard width >= 8, height >= 8 else { return [] }
        let background = localMedian()
        var lines: [TextLineBox] = []
        for isLight in [false, true] {
            let blobs = letterBlobs(isLight: isLight, background: background, minimumContrast: minimumContrast)
            lines += Self.groupedIntoLines(blobs).map {
                TextLineBox(box: $0.box, isLight: isLight, letterHeight: $0.meanHeight)
            }
        }
        return lines.sorted { ($0.box.y, $0.box.x) < ($1.box.y, $1.box.x) }
    }

    /// The median level around each pixel, worked out on a copy shrunk by `factor` to about 40 rows,
    /// over a square window 0.8 of the height wide, in two passes (along the rows, then the
    /// columns); a pixel's is that of the block it falls in.
    private func localMedian() -> (levels: Image, factor: Int) {
        let factor = max(1, height / 40)
        let small = downscaled(byFactor: factor)
        let window = max(3, (Int(0.8 * Double(height)) / factor) | 1)
        let levels = small.medianFiltered(window: window, horizontally: true).medianFiltered(
            window: window, horizontally: false)
        return (levels, factor)
    }

    /// A one-dimensional running median of a gray image, along its rows or its columns; the window
    /// is cut short at the edges.
    func medianFiltered(window: Int, horizontally: Bool) -> Image {
        let half = window / 2
        let (lines, length) = horizontally ? (height, width) : (width, height)
        let (lineStep, positionStep) = horizontally ? (width, 1) : (1, width)
        return Image(width: width, height: height, format: .gray) { output in
            withUnsafeBytes { samples in
                var histogram = [Int](repeating: 0, count: 256)
                for line in 0..<lines {
                    let base = line * lineStep
                    for index in histogram.indices { histogram[index] = 0 }
                    // The median is the lowest level with more than half the window at or below it;
                    // it moves little from one position to the next, so it is followed there, with
                    // the count of samples below it, instead of sought from 0 each time.
                    var count = 0, level = 0, below = 0
                    for position in 0..<min(half, length) {
                        histogram[Int(samples[base + position * positionStep])] += 1
                        count += 1
                    }
                    for position in 0..<length {
                        let entering = position + half, leaving = position - half - 1
                        if entering < length {
                            let sample = Int(samples[base + entering * positionStep])
                            histogram[sample] += 1
                            count += 1
                            if sample < level { below += 1 }
                        }
                        if leaving >= 0 {
                            let sample = Int(samples[base + leaving * positionStep])
                            histogram[sample] -= 1
                            count -= 1
                            if sample < level { below -= 1 }
                        }
                        while level > 0 && 2 * below > count {
                            level -= 1
                            below -= histogram[level]
                        }
                        while level < 255 && 2 * (below + histogram[level]) <= count {
                            below += histogram[level]
                            level += 1
                        }
                        output[base + position * positionStep] = UInt8(level)
                    }
                }
            }
        }
    }

    /// The letter-shaped blobs of one polarity: 8-connected (thin strokes of small or blurred
    /// lettering often meet only at corners), 6 pixels tall or more, under 0.9 of the image's height,
    /// at most six times as wide as tall, filling between 8% and 90% of their box.
    private func letterBlobs(isLight: Bool, background: (levels: Image, factor: Int), minimumContrast: Int)
        -> [MaskBlob]
    {
        let (levels, factor) = background
        var marked = [Bool](repeating: false, count: width * height)
        withUnsafeBytes { samples in
            for y in 0..<height {
                let row = min(y / factor, levels.height - 1) * levels.width
                for x in 0..<width {
                    let level = Int(levels.pixels[row + min(x / factor, levels.width - 1)])
                    let difference = Int(samples[y * width + x]) - level
                    marked[y * width + x] = isLight ? difference > minimumContrast : difference < -minimumContrast
                }
            }
        }
        return MaskBlob.pieces(of: marked, width: width, height: height).filter { blob in
            let box = blob.box
            let fill = Double(blob.area) / Double(box.width * box.height)
            return box.height >= 6 && Double(box.height) <= 0.9 * Double(height) && box.width >= 2
                && box.width <= 6 * box.height && fill >= 0.08 && fill <= 0.9
        }
    }

    /// A line being gathered from blobs, left to right.
    struct LineInProgress {
        var box: PixelRect
        var rightmost: Int
        var count: Int
        var meanHeight: Double
    }

    /// Blobs gathered into lines, left to right: a blob joins the first line it overlaps by half
    /// the lower one's height, of a height within a factor of two, whose last blob ends less than
    /// one and a half letter heights before it. Lines of two blobs or more are kept.
    static func groupedIntoLines(_ blobs: [MaskBlob]) -> [LineInProgress] {
        var lines: [LineInProgress] = []
        for blob in blobs.sorted(by: { ($0.box.x, $0.box.y) < ($1.box.x, $1.box.y) }) {
            let height = Double(blob.box.height)
            let joined = lines.firstIndex { line in
                let overlap = min(blob.box.maxY, line.box.maxY) - max(blob.box.y, line.box.y)
                let ratio = height / line.meanHeight
                return Double(overlap) > 0.5 * Double(min(blob.box.height, line.box.height))
                    && Double(blob.box.x - line.rightmost) < 1.5 * max(height, line.meanHeight)
                    && ratio > 0.5 && ratio < 2
            }
            if let index = joined {
                lines[index].box = lines[index].box.union(blob.box)
                lines[index].rightmost = max(lines[index].rightmost, blob.box.maxX)
                lines[index].count += 1
                lines[index].meanHeight += (height - lines[index].meanHeight) / Double(lines[index].count)
            } else {
                lines.append(LineInProgress(box: blob.box, rightmost: blob.box.maxX, count: 1, meanHeight: height))
            }
        }
        return lines.filter { $0.count >= 2 }
    }
}
