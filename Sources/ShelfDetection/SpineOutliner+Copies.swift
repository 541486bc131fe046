import ShelfImaging

extension SpineOutliner {
    /// The books of `outline` when it is two copies of one book side by side, as bookshops and
    /// libraries shelve them: one colour, so the seam between them is too faint to be a boundary,
    /// but each bears the same lettering at the same heights. Split where the lettering leaves a
    /// gap down the middle, the two sides are lettered in the same rows and carry as much of it;
    /// a single wide spine whose lettering crosses its middle stays whole, and so, mostly, does
    /// one with its title beside its author's name (the title carries more). Copies of copies
    /// are split again, `depth` times.
    func copies(of outline: Outline, in field: GradientField, depth: Int = 2) -> [Outline] {
        let top = max(0, Int(saturating: outline.top)), bottom = min(field.height, Int(saturating: outline.bottom))
        guard depth > 0, bottom - top >= 16 else { return [outline] }
        let width = outline.width
        guard width >= 2 * max(4, minWidth * Double(field.width)) else { return [outline] }
        let bins = max(8, min(24, Int(saturating: width / 2)))
        // Which bins across the stretch hold a horizontal edge, row by row.
        var marks = [Bool](repeating: false, count: (bottom - top) * bins)
        field.horizontalEdges.withUnsafeBufferPointer { edges in
            for y in top..<bottom {
                let left = outline.left.x(atY: Double(y)), right = outline.right.x(atY: Double(y))
                guard right - left >= Double(bins) else { continue }
                let base = y * field.width
                for bin in 0..<bins {
                    let from = Int(saturating: left + (right - left) * Double(bin) / Double(bins))
                    let to = Int(saturating: left + (right - left) * Double(bin + 1) / Double(bins))
                    // A bin is one column at least (`&+`: no trap at the end of Int's range).
                    for x in Range<Int>.clamped(from, max(to, from &+ 1), within: field.width) where edges[base + x] != 0 {
                        marks[(y - top) * bins + bin] = true
                        break
                    }
                }
            }
        }
        let rows = bottom - top
        var profile = [Double](repeating: 0, count: bins)
        for row in 0..<rows {
            for bin in 0..<bins where marks[row * bins + bin] { profile[bin] += 1 / Double(rows) }
        }
        // The emptiest bin in the middle part, and the fullest on each side of it.
        let searched = (bins * 3 / 10)...(bins * 7 / 10)
        guard let valley = searched.min(by: { profile[$0] < profile[$1] }) else { return [outline] }
        let leftPeak = profile[..<valley].max() ?? 0, rightPeak = profile[(valley + 1)...].max() ?? 0
        guard profile[valley] <= copyValleyShare * min(leftPeak, rightPeak) else { return [outline] }
        guard valley >= 1, valley <= bins - 2 else { return [outline] }
        // The middle half of each side, row by row: lettered or not, two rows either way of slack.
        func rowsLettered(from first: Int, to last: Int) -> [Bool] {
            let quarter = (last - first + 1) / 4
            let inner = (first + quarter)...max(first + quarter, last - quarter)
            var exact = [Bool](repeating: false, count: rows)
            for row in 0..<rows { exact[row] = inner.contains { marks[row * bins + $0] } }
            return (0..<rows).map { row in (max(0, row - 2)...min(rows - 1, row + 2)).contains { exact[$0] } }
        }
        let leftRows = rowsLettered(from: 0, to: valley - 1), rightRows = rowsLettered(from: valley + 1, to: bins - 1)
        let both = zip(leftRows, rightRows).filter { $0 && $1 }.count
        let either = zip(leftRows, rightRows).filter { $0 || $1 }.count
        guard either > 0, Double(both) / Double(either) >= copyLikeness,
            Double(leftRows.filter { $0 }.count) >= minLettering * Double(rows),
            Double(rightRows.filter { $0 }.count) >= minLettering * Double(rows)
        else { return [outline] }
        let leftInk = profile[..<valley].reduce(0, +), rightInk = profile[(valley + 1)...].reduce(0, +)
        guard min(leftInk, rightInk) >= copyInkRatio * max(leftInk, rightInk) else { return [outline] }
        // Lettering running across the middle (words set across one wide spine) bridges the gap
        // between the sides in many rows; two copies' margins leave it bare.
        let bridged = (0..<rows).filter { row in
            marks[row * bins + valley] || (marks[row * bins + valley - 1] && marks[row * bins + valley + 1])
        }.count
        guard Double(bridged) <= copyBridge * Double(both) else { return [outline] }
        let share = (Double(valley) + 0.5) / Double(bins)
        let y = outline.left.referenceY
        let seam = BoundaryLine(
            x: outline.left.x + share * (outline.right.x(atY: y) - outline.left.x),
            slope: outline.left.slope + share * (outline.right.slope - outline.left.slope), referenceY: y, coverage: 0)
        var leftCopy = outline, rightCopy = outline
        leftCopy.right = seam
        rightCopy.left = seam
        return copies(of: leftCopy, in: field, depth: depth - 1) + copies(of: rightCopy, in: field, depth: depth - 1)
    }
}
