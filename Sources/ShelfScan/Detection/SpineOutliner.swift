/// Turns the boundaries of a shelf row into spine outlines: each stretch between two neighbouring
/// boundaries is a book unless it is a sliver or bare wall (a gap between books has no lettering
/// and no top edge), and its top is the highest edge that runs across its whole width.
struct SpineOutliner: Sendable {
    /// A book is at least this share of the image width across.
    var minWidth = 0.007
    /// Below this share of edge pixels inside, a stretch is bare wall or shadow.
    var minTexture = 0.015
    /// Below this share of rows with an edge in the middle of the stretch, it bears no lettering.
    var minLettering = 0.12
    /// A top edge runs across at least this share of the stretch's width.
    var minTopCoverage = 0.5
    /// A book stands at least this share of the row's height above the board.
    var minHeight = 0.3

    /// A spine in working-image coordinates.
    struct Outline: Sendable {
        var left: BoundaryLine
        var right: BoundaryLine
        var top: Double
        var bottom: Double
        var score: Double
    }

    /// The spines between consecutive `boundaries` of `row` (the photo's edges close the row).
    func outlines(
        in field: GradientField, row: Range<Int>, boundaries: [BoundaryLine], validSpans: [Range<Int>]
    ) -> [Outline] {
        guard let reference = boundaries.first?.referenceY ?? Optional(Double(row.lowerBound + row.upperBound) / 2)
        else { return [] }
        let middle = validSpans[min(validSpans.count - 1, max(0, Int(reference)))]
        var lines = boundaries
        let leftEdge = BoundaryLine(x: Double(middle.lowerBound), slope: 0, referenceY: reference, coverage: 0)
        let rightEdge = BoundaryLine(x: Double(middle.upperBound), slope: 0, referenceY: reference, coverage: 0)
        if lines.first.map({ $0.x - leftEdge.x > 2 }) ?? true { lines.insert(leftEdge, at: 0) }
        if lines.last.map({ rightEdge.x - $0.x > 2 }) ?? true { lines.append(rightEdge) }
        var outlines: [Outline] = []
        for index in 0..<(lines.count - 1) {
            if let outline = outline(between: lines[index], and: lines[index + 1], in: field, row: row) {
                outlines.append(outline)
            }
        }
        return outlines
    }

    private func outline(
        between left: BoundaryLine, and right: BoundaryLine, in field: GradientField, row: Range<Int>
    ) -> Outline? {
        let bottom = Double(row.upperBound)
        let rowHeight = Double(row.count)
        let width = right.x - left.x
        guard width >= max(2, minWidth * Double(field.width)) else { return nil }
        let top = topEdge(between: left, and: right, in: field, row: row)
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

    /// The highest row, from a little above the shelf row down to its middle, where horizontal
    /// edges cross at least `minTopCoverage` of the stretch's inner width.
    private func topEdge(between left: BoundaryLine, and right: BoundaryLine, in field: GradientField, row: Range<Int>)
        -> Double?
    {
        let start = max(1, row.lowerBound - 2)
        let end = row.lowerBound + Int(Double(row.count) * (1 - minHeight))
        return field.horizontalEdges.withUnsafeBufferPointer { edges -> Double? in
            for y in start..<min(end, field.height - 1) {
                let (lower, upper) = innerColumns(left, right, atY: Double(y), width: field.width)
                guard upper > lower else { continue }
                var count = 0
                for x in lower..<upper {
                    let index = y * field.width + x
                    if edges[index] | edges[index - field.width] | edges[index + field.width] != 0 { count += 1 }
                }
                if Double(count) >= minTopCoverage * Double(upper - lower) { return Double(y) }
            }
            return nil
        }
    }

    /// The share of edge pixels (any direction) inside the stretch between two rows.
    private func edgeShare(
        between left: BoundaryLine, and right: BoundaryLine, from top: Double, to bottom: Double, in field: GradientField
    ) -> Double {
        var edges = 0, total = 0
        field.verticalEdgeAngles.withUnsafeBufferPointer { vertical in
            field.horizontalEdges.withUnsafeBufferPointer { horizontal in
                for y in Int(top)..<min(field.height, Int(bottom)) {
                    let (lower, upper) = innerColumns(left, right, atY: Double(y), width: field.width)
                    guard upper > lower else { continue }
                    let base = y * field.width
                    for x in lower..<upper {
                        total += 1
                        if vertical[base + x] != GradientField.noEdge || horizontal[base + x] != 0 { edges += 1 }
                    }
                }
            }
        }
        return total == 0 ? 0 : Double(edges) / Double(total)
    }

    /// The share of rows whose middle (two fifths of the width) holds an edge: lettering runs
    /// along the middle of a spine; a gap between books, even a wedge between leaning ones, is
    /// bare there.
    private func letteredShare(
        between left: BoundaryLine, and right: BoundaryLine, from top: Double, to bottom: Double, in field: GradientField
    ) -> Double {
        var lettered = 0, total = 0
        field.verticalEdgeAngles.withUnsafeBufferPointer { vertical in
            field.horizontalEdges.withUnsafeBufferPointer { horizontal in
                for y in Int(top)..<min(field.height, Int(bottom)) {
                    let l = left.x(atY: Double(y)), r = right.x(atY: Double(y))
                    let lower = max(0, Int(l + (r - l) * 0.3)), upper = min(field.width, Int((l + (r - l) * 0.7).rounded(.up)))
                    guard upper > lower else { continue }
                    total += 1
                    let base = y * field.width
                    for x in lower..<upper where vertical[base + x] != GradientField.noEdge || horizontal[base + x] != 0 {
                        lettered += 1
                        break
                    }
                }
            }
        }
        return total == 0 ? 0 : Double(lettered) / Double(total)
    }

    /// The columns between two boundaries at row `y`, less a margin of a fifth of the width on
    /// each side (the boundary's own edge and shading).
    private func innerColumns(_ left: BoundaryLine, _ right: BoundaryLine, atY y: Double, width: Int) -> (Int, Int) {
        let l = left.x(atY: y), r = right.x(atY: y)
        let margin = max(1, (r - l) * 0.2)
        return (max(0, Int(l + margin)), min(width, Int(r - margin)))
    }
}
