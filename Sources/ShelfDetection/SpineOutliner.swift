import ShelfImaging

/// Turns the boundaries of a shelf row into spine outlines: each stretch between two neighbouring
/// boundaries is a book unless it is a sliver or bare wall (a gap between books has no lettering
/// and no top edge), and its top is the highest edge that runs across its whole width. A stretch
/// far wider than its row's books may be copies of one book, split where their lettering parts.
struct SpineOutliner: Sendable {
    /// A book is at least this share of the image width across.
    var minWidth = 0.007
    /// Below this share of edge pixels inside, a stretch is bare wall or shadow.
    var minTexture = 0.015
    /// Below this share of rows with an edge in the middle of the stretch, it bears no lettering.
    var minLettering = 0.12
    /// A stretch less tall than this many times its width may be a flat stack of books.
    var maxStackAspect = 1.2
    /// A top edge runs across at least this share of the stretch's width.
    var minTopCoverage = 0.5
    /// A book stands at least this share of the row's height above the board.
    var minHeight = 0.3
    /// The head of a two-colour spine, above the line where its colours meet, bears lettering in at
    /// least this share of its rows; bare wall above a short book bears none. Often only a logo
    /// or a series number is there, so little is asked.
    var minHeadLettering = 0.1
    /// An upright stretch at least this many times as wide as the row's median one may be copies
    /// of one book side by side (`copies`).
    var copyWidth = 1.2
    /// Copies leave a gap in the lettering between them: the emptiest column in the middle of the
    /// stretch holds lettering in at most this share of the rows the sides' fullest columns do.
    var copyValleyShare = 0.3
    /// Copies read alike: of the rows lettered on either side, at least this share are lettered on
    /// both (two rows of slack).
    var copyLikeness = 0.6
    /// Copies carry as much lettering each: the side with less holds at least this share of the
    /// other's. A title set beside its author's name, larger, usually carries more.
    var copyInkRatio = 0.85
    /// Words set across one wide spine bridge that gap: in at most this share of the rows lettered
    /// on both sides may lettering run through it.
    var copyBridge = 0.15

    /// A spine in working-image coordinates.
    struct Outline: Sendable {
        var left: BoundaryLine
        var right: BoundaryLine
        var top: Double
        var bottom: Double
        var score: Double

        /// The width across halfway up.
        var width: Double {
            let middle = (top + bottom) / 2
            return right.x(atY: middle) - left.x(atY: middle)
        }
    }

    /// The spines between consecutive `boundaries` of `row` (the photo's edges close the row).
    /// `image` is the working image the gradients were taken of; tops are looked for up to
    /// `ceiling` (the board above the row), where the books' sides still rise.
    func outlines(
        in field: GradientField, image: Image, row: Range<Int>, ceiling: Int, boundaries: [BoundaryLine],
        validSpans: [Range<Int>]
    ) -> [Outline] {
        let reference = boundaries.first?.referenceY ?? Double(row.lowerBound + row.upperBound) / 2
        let middle = validSpans[min(validSpans.count - 1, max(0, Int(reference)))]
        var lines = boundaries
        let leftEdge = BoundaryLine(x: Double(middle.lowerBound), slope: 0, referenceY: reference, coverage: 0)
        let rightEdge = BoundaryLine(x: Double(middle.upperBound), slope: 0, referenceY: reference, coverage: 0)
        if lines.first.map({ $0.x - leftEdge.x > 2 }) ?? true { lines.insert(leftEdge, at: 0) }
        if lines.last.map({ rightEdge.x - $0.x > 2 }) ?? true { lines.append(rightEdge) }
        var outlines: [Outline] = []
        for index in 0..<(lines.count - 1) {
            if let outline = outline(
                between: lines[index], and: lines[index + 1], in: field, image: image, row: row, ceiling: ceiling)
            {
                outlines.append(outline)
            }
        }
        let widths = outlines.map(\.width).sorted()
        let typicalWidth = widths.isEmpty ? 0 : widths[widths.count / 2]
        return outlines.flatMap { outline in
            // Wider than tall: perhaps a flat stack. Upright and far wider than the row's books:
            // perhaps copies of one book.
            if outline.bottom - outline.top < maxStackAspect * outline.width { return stackedPieces(of: outline, in: field) }
            return outline.width >= copyWidth * typicalWidth ? copies(of: outline, in: field) : [outline]
        }
    }

    /// The books of a flat stack, when `outline` is one: a stretch wider than it is tall, crossed
    /// from side to side by edges (the seams between the books) that cut it into flat pieces.
    /// Anything else comes back whole — a face-out cover is taller than wide.
    private func stackedPieces(of outline: Outline, in field: GradientField) -> [Outline] {
        let height = outline.bottom - outline.top, width = outline.width
        guard height < maxStackAspect * width else { return [outline] }
        let thinnest = max(3, Int(width * 0.08))
        let first = Int(outline.top) + thinnest, last = Int(outline.bottom) - thinnest
        guard first < last else { return [outline] }
        var seams: [Int] = []
        var runStart: Int?
        for y in first...last {
            let isSeam =
                y < last
                && crossesStretch(y, between: outline.left, and: outline.right, in: field, coverage: 0.7, inset: 0.15)
            if isSeam, runStart == nil { runStart = y }
            if !isSeam, let start = runStart {
                let seam = (start + y - 1) / 2
                if seam - (seams.last ?? Int(outline.top)) >= thinnest { seams.append(seam) }
                runStart = nil
            }
        }
        guard !seams.isEmpty else { return [outline] }
        let bounds = [outline.top] + seams.map(Double.init) + [outline.bottom]
        return (0..<(bounds.count - 1)).map { index in
            var piece = outline
            piece.top = bounds[index]
            piece.bottom = bounds[index + 1]
            return piece
        }
    }

    private func outline(
        between left: BoundaryLine, and right: BoundaryLine, in field: GradientField, image: Image, row: Range<Int>,
        ceiling: Int
    ) -> Outline? {
        let bottom = Double(row.upperBound)
        let rowHeight = Double(row.count)
        let width = right.x - left.x
        guard width >= max(2, minWidth * Double(field.width)) else { return nil }
        let top = topEdge(between: left, and: right, in: field, image: image, row: row, ceiling: ceiling)
        let foundTop = top ?? Double(row.lowerBound)
        guard bottom - foundTop >= minHeight * rowHeight else { return nil }
        // A book's sides are parallel; a stretch that pinches to nothing at one end is the wedge of
        // wall between a leaning book and its neighbour.
        let topWidth = right.x(atY: foundTop) - left.x(atY: foundTop)
        let bottomWidth = right.x(atY: bottom) - left.x(atY: bottom)
        let narrowEnd = min(topWidth, bottomWidth), wideEnd = max(topWidth, bottomWidth)
        guard narrowEnd >= 0.4 * wideEnd || narrowEnd >= minWidth * Double(field.width) * 1.5 else { return nil }
        let texture = edgeShare(between: left, and: right, from: foundTop, to: bottom, in: field)
        guard texture >= minTexture else { return nil }
        let lettering = letteredShare(between: left, and: right, from: foundTop, to: bottom, in: field)
        guard lettering >= minLettering else { return nil }
        let sides = (min(1, left.coverage / 0.8) + min(1, right.coverage / 0.8)) / 2
        let sideScore = left.coverage == 0 || right.coverage == 0 ? 0.5 : sides
        let topScore = top == nil ? 0.75 : 1
        let textureScore = min(1, texture / 0.05)
        let score = sideScore * topScore * (0.6 + 0.4 * textureScore)
        return Outline(left: left, right: right, top: foundTop, bottom: bottom, score: score)
    }

    /// The book's top: the highest row where horizontal edges cross at least `minTopCoverage` of
    /// the stretch's inner width, below which the spine's own colour begins, and — above the row's
    /// band — up to which the book's sides still rise (so a board or a shelf edge above a short book
    /// is not its top). Looked for from `ceiling` down to the row's middle.
    private func topEdge(
        between left: BoundaryLine, and right: BoundaryLine, in field: GradientField, image: Image, row: Range<Int>,
        ceiling: Int
    ) -> Double? {
        let rowHeight = Double(row.count)
        let start = max(1, ceiling, row.lowerBound - Int(rowHeight * 0.5))
        let end = min(field.height - 1, row.lowerBound + Int(rowHeight * (1 - minHeight)))
        guard start < end else { return nil }
        let body = medianColour(
            between: left, and: right, rows: (row.lowerBound + row.count / 2)..<(row.upperBound - row.count / 10),
            in: image)
        let probe = max(3, Int(rowHeight * 0.03))
        var fallback: Double?
        for y in start..<end where crossesStretch(y, between: left, and: right, in: field) {
            if fallback == nil && y >= row.lowerBound - 2 { fallback = Double(y) }
            let below = medianColour(between: left, and: right, rows: (y + 2)..<min(row.upperBound, y + 2 + probe), in: image)
            guard let body, let below, body.distance(to: below) <= 90 else { continue }
            if y < row.lowerBound && sideSupport(left, right, rows: y..<row.lowerBound, in: field) < 0.5 { continue }
            return Double(upperPart(above: y, from: start, between: left, and: right, in: field) ?? y)
        }
        return fallback
    }

    /// The top of a spine of two colours (its title on white above a picture): the highest
    /// edge across the stretch above `top` up to which both sides rise and whose part in between
    /// bears some lettering (`minHeadLettering`). Bare wall above a short book has none.
    private func upperPart(above top: Int, from start: Int, between left: BoundaryLine, and right: BoundaryLine, in field: GradientField) -> Int? {
        let minimum = max(4, Int(0.15 * (right.x(atY: Double(top)) - left.x(atY: Double(top)))))
        guard top - start > minimum else { return nil }
        for y in start..<(top - minimum) where crossesStretch(y, between: left, and: right, in: field) {
            guard sideSupport(left, right, rows: y..<top, in: field) >= 0.85 else { continue }
            if letteredShare(between: left, and: right, from: Double(y), to: Double(top), in: field) >= minHeadLettering { return y }
        }
        return nil
    }

    /// Whether horizontal edges at row `y` (or a row either side) cross at least `minTopCoverage`
    /// of the stretch's inner width.
    private func crossesStretch(
        _ y: Int, between left: BoundaryLine, and right: BoundaryLine, in field: GradientField, coverage: Double? = nil,
        inset: Double = 0.2
    ) -> Bool {
        let (lower, upper) = innerColumns(left, right, atY: Double(y), width: field.width, inset: inset)
        guard upper > lower else { return false }
        return field.horizontalEdges.withUnsafeBufferPointer { edges in
            var count = 0
            for x in lower..<upper {
                let index = y * field.width + x
                if edges[index] | edges[index - field.width] | edges[index + field.width] != 0 { count += 1 }
            }
            return Double(count) >= (coverage ?? minTopCoverage) * Double(upper - lower)
        }
    }

    /// The share of `rows` in which either side line has a near-vertical edge within two pixels.
    private func sideSupport(_ left: BoundaryLine, _ right: BoundaryLine, rows: Range<Int>, in field: GradientField)
        -> Double
    {
        guard !rows.isEmpty else { return 1 }
        var supported = 0
        field.verticalEdgeAngles.withUnsafeBufferPointer { angles in
            for y in rows where (0..<field.height).contains(y) {
                let base = y * field.width
                var found = false
                // A leaning side may run past the image's edge: only the columns inside it count.
                for line in [left, right] where !found {
                    guard let columns = ClosedRange.around(line.x(atY: Double(y)), radius: 2, within: field.width) else { continue }
                    for x in columns where GradientField.isNearVertical(angles[base + x]) {
                        found = true
                        break
                    }
                }
                if found { supported += 1 }
            }
        }
        return Double(supported) / Double(rows.count)
    }

    /// The per-channel median colour of the middle half of the stretch over `rows`.
    private func medianColour(between left: BoundaryLine, and right: BoundaryLine, rows: Range<Int>, in image: Image)
        -> RGBColour?
    {
        // Counting histograms: no sorting, no allocation per pixel.
        var histogram = [Int](repeating: 0, count: 3 * 256)
        var count = 0
        image.withUnsafeBytes { samples in
            histogram.withUnsafeMutableBufferPointer { histogram in
                for y in Range<Int>.clamped(rows.lowerBound, rows.upperBound, within: image.height) {
                    let l = left.x(atY: Double(y)), r = right.x(atY: Double(y))
                    let lower = max(0, Int(saturating: l + (r - l) * 0.25)), upper = min(image.width, Int(saturating: l + (r - l) * 0.75 + 1))
                    guard lower < upper else { continue }
                    for x in lower..<upper {
                        let index = (y * image.width + x) * 3
                        histogram[Int(samples[index])] += 1
                        histogram[256 + Int(samples[index + 1])] += 1
                        histogram[512 + Int(samples[index + 2])] += 1
                    }
                    count += upper - lower
                }
            }
        }
        guard count > 0 else { return nil }
        func median(_ channel: Int) -> Int {
            var seen = 0
            for level in 0..<256 {
                seen += histogram[channel * 256 + level]
                if seen * 2 > count { return level }
            }
            return 255
        }
        return RGBColour(red: median(0), green: median(1), blue: median(2))
    }

    /// The share of edge pixels (any direction) inside the stretch between two rows.
    private func edgeShare(
        between left: BoundaryLine, and right: BoundaryLine, from top: Double, to bottom: Double, in field: GradientField
    ) -> Double {
        var edges = 0, total = 0
        field.verticalEdgeAngles.withUnsafeBufferPointer { vertical in
            field.horizontalEdges.withUnsafeBufferPointer { horizontal in
                for y in Range<Int>.clamped(Int(saturating: top), Int(saturating: bottom), within: field.height) {
                    let (lower, upper) = innerColumns(left, right, atY: Double(y), width: field.width)
                    guard upper > lower else { continue }
                    let base = y * field.width
                    for x in lower..<upper {
                        total += 1
                        if GradientField.isNearVertical(vertical[base + x]) || horizontal[base + x] != 0 { edges += 1 }
                    }
                }
            }
        }
        return total == 0 ? 0 : Double(edges) / Double(total)
    }

    /// The share of rows whose middle (two fifths of the width) holds an edge across the stretch:
    /// lettering, whatever its direction, has strokes across a spine; a gap between books (even a
    /// wedge between leaning ones) is bare there, and the bars of a barcode or the grain of a board
    /// all run one way.
    private func letteredShare(
        between left: BoundaryLine, and right: BoundaryLine, from top: Double, to bottom: Double, in field: GradientField
    ) -> Double {
        var lettered = 0, total = 0
        field.horizontalEdges.withUnsafeBufferPointer { horizontal in
            for y in Range<Int>.clamped(Int(saturating: top), Int(saturating: bottom), within: field.height) {
                let l = left.x(atY: Double(y)), r = right.x(atY: Double(y))
                let lower = max(0, Int(saturating: l + (r - l) * 0.3)), upper = min(field.width, Int(saturating: (l + (r - l) * 0.7).rounded(.up)))
                guard upper > lower else { continue }
                total += 1
                let base = y * field.width
                for x in lower..<upper where horizontal[base + x] != 0 {
                    lettered += 1
                    break
                }
            }
        }
        return total == 0 ? 0 : Double(lettered) / Double(total)
    }

    /// The columns between two boundaries at row `y`, less a margin of `inset` of the width on
    /// each side (the boundary's own edge and shading).
    private func innerColumns(
        _ left: BoundaryLine, _ right: BoundaryLine, atY y: Double, width: Int, inset: Double = 0.2
    ) -> (Int, Int) {
        let l = left.x(atY: y), r = right.x(atY: y)
        let margin = max(1, (r - l) * inset)
        return (max(0, Int(saturating: l + margin)), min(width, Int(saturating: r - margin)))
    }
}

/// A colour for comparisons.
struct RGBColour: Sendable, Equatable {
    var red: Int
    var green: Int
    var blue: Int

    /// The sum of the channel differences.
    func distance(to other: RGBColour) -> Int {
        abs(red - other.red) + abs(green - other.green) + abs(blue - other.blue)
    }
}
