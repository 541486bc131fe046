import Foundation
import ShelfImaging

/// Finds the boundaries between the books of one shelf row: straight near-vertical lines (upright
/// or leaning up to `maxLean`°) along which an edge runs for most of the row's height. Lettering,
/// bands and logos make edges too, but short ones: a line through them is an edge for a fraction
/// of its length, so coverage, not edge strength, decides.
struct SpineBoundaryFinder: Sendable {
    /// The steepest lean searched, in degrees.
    var maxLean = 35
    /// An edge pixel supports a line when their directions differ by at most this many degrees.
    var angleTolerance = 3
    /// The least share of the searched rows along which a boundary is an edge.
    var minCoverage = 0.5
    /// Two boundaries are at least this share of the image width apart somewhere along the row.
    var minSeparation = 0.006
    /// The rows searched, as shares of the row's height from its top: above the shortest books and
    /// clear of the board.
    var searchedPart = 0.2..<0.97

    /// Between two boundaries this many times the row's typical book width apart, a fainter
    /// boundary is looked for (`refined`): two books of one dark colour meet in a seam too faint
    /// for the photo's edge threshold.
    var wideGap = 1.5
    /// The edge threshold of that second look, as a share of the photo's.
    var faintEdgeShare = 0.5
    /// The least coverage of a boundary found in that second look: the seam between two dark
    /// books is an edge only where light catches it.
    var faintMinCoverage = 0.4

    /// The boundaries in `row`, left to right.
    func boundaries(in field: GradientField, row: Range<Int>) -> [BoundaryLine] {
        let height = Double(row.count)
        let first = row.lowerBound + Int(searchedPart.lowerBound * height)
        let last = row.lowerBound + Int(searchedPart.upperBound * height)
        guard last - first >= 8 else { return [] }
        let rows = first..<last
        let candidates = field.verticalEdgeAngles.withUnsafeBufferPointer { edgeAngles in
            lines(
                in: edgeAngles, width: field.width, rows: rows, columns: 0..<field.width, angles: -maxLean...maxLean,
                minCoverage: minCoverage)
        }
        let found = separated(candidates, top: Double(first), bottom: Double(row.upperBound), width: field.width)
        return refined(found, in: field, rows: rows)
    }

    /// The strongest line through each column of `columns` whose lean is in `angles`, with its
    /// coverage of `rows`, where it is at least `minCoverage`. `edgeAngles` holds the
    /// `GradientField.verticalEdgeAngles` of an image `width` wide.
    private func lines(
        in edgeAngles: UnsafeBufferPointer<UInt8>, width: Int, rows: Range<Int>, columns: Range<Int>,
        angles range: ClosedRange<Int>, minCoverage: Double
    ) -> [BoundaryLine] {
        guard !columns.isEmpty, !rows.isEmpty else { return [] }
        let referenceY = Double(rows.lowerBound + rows.upperBound) / 2
        let angles = Array(range)
        let slopes = angles.map { tan(Double($0) * .pi / 180) }
        // Each edge pixel votes for the lines of nearby direction that pass through it or a pixel
        // beside it (absorbing the rounding of a line's path); a line counts a row once.
        var hits = [Int32](repeating: 0, count: angles.count * width)
        var lastVote = [Int32](repeating: -1, count: angles.count * width)
        var shifts = [Int](repeating: 0, count: angles.count)
        hits.withUnsafeMutableBufferPointer { hits in
            lastVote.withUnsafeMutableBufferPointer { lastVote in
                for y in rows {
                    let rise = referenceY - Double(y)
                    for index in angles.indices { shifts[index] = Int((slopes[index] * rise).rounded()) }
                    let base = y * width
                    let stamp = Int32(y)
                    // Only pixels whose lines can pass through `columns` vote.
                    let reach = (shifts.lazy.map(abs).max() ?? 0) + 1
                    for x in Range<Int>.clamped(columns.lowerBound - reach, columns.upperBound + reach, within: width) {
                        let bin = edgeAngles[base + x]
                        guard bin != GradientField.noEdge else { continue }
                        let lean = Int(bin) - GradientField.maxEdgeLean
                        let lowest = max(range.lowerBound, lean - angleTolerance)
                        let highest = min(range.upperBound, lean + angleTolerance)
                        guard lowest <= highest else { continue }
                        for angle in lowest...highest {
                            let angleIndex = angle - range.lowerBound
                            let centre = x - shifts[angleIndex]
                            let row = angleIndex * width
                            guard centre + 1 >= columns.lowerBound && centre - 1 < columns.upperBound else { continue }
                            for origin in max(columns.lowerBound, centre - 1)...min(columns.upperBound - 1, centre + 1) {
                                let slot = row + origin
                                if lastVote[slot] != stamp {
                                    lastVote[slot] = stamp
                                    hits[slot] &+= 1
                                }
                            }
                        }
                    }
                }
            }
        }
        let rowCount = Double(rows.count)
        var candidates: [BoundaryLine] = []
        for x in columns {
            var best: Int32 = 0, bestAngle = 0
            for angleIndex in angles.indices where hits[angleIndex * width + x] > best {
                best = hits[angleIndex * width + x]
                bestAngle = angleIndex
            }
            let coverage = Double(best) / rowCount
            guard coverage >= minCoverage else { continue }
            candidates.append(
                BoundaryLine(x: Double(x) + 0.5, slope: slopes[bestAngle], referenceY: referenceY, coverage: coverage))
        }
        return candidates
    }

    /// `found` with fainter boundaries added inside its gaps that are `wideGap` times the row's
    /// typical gap or more: edges down to `faintEdgeShare` of the photo's threshold covering
    /// `faintMinCoverage` of the rows, leaning within `angleTolerance` of the two boundaries about
    /// them, at least half a typical gap from either.
    private func refined(_ found: [BoundaryLine], in field: GradientField, rows: Range<Int>) -> [BoundaryLine] {
        // The row's typical book width: the median gap, slivers (the two sides of a shadow between
        // books) left out.
        let sliver = 2 * max(3, minSeparation * Double(field.width))
        let gaps = zip(found, found.dropFirst()).map { $1.x - $0.x }.filter { $0 >= sliver }.sorted()
        guard gaps.count >= 3 else { return found }
        let typical = gaps[gaps.count / 2]
        let wide = zip(found, found.dropFirst()).filter { $1.x - $0.x >= wideGap * typical }
        guard !wide.isEmpty else { return found }
        // The row's edges at the fainter threshold.
        let faint = field.verticalEdgeAngles(
            threshold: Float(faintEdgeShare) * field.edgeThreshold, rows: rows, columns: 0..<field.width)
        var result = found
        for (left, right) in wide {
            let margin = Int((typical / 2).rounded(.up))
            let lower = max(0, Int(left.x) + margin), upper = min(field.width, Int(right.x) - margin)
            guard upper > lower else { continue }
            let columns = lower..<upper
            let lean = Int(((atan(left.slope) + atan(right.slope)) / 2 * 180 / .pi).rounded())
            let angles = max(-maxLean, lean - angleTolerance)...min(maxLean, lean + angleTolerance)
            let candidates = faint.withUnsafeBufferPointer { edgeAngles in
                lines(
                    in: edgeAngles, width: field.width, rows: rows, columns: columns, angles: angles,
                    minCoverage: faintMinCoverage)
            }
            var inside: [BoundaryLine] = []
            for line in candidates.sorted(by: { $0.coverage > $1.coverage }) {
                let clear = ([left, right] + inside).allSatisfy { abs($0.x - line.x) >= typical / 2 }
                if clear { inside.append(line) }
            }
            result += inside
        }
        return result.sorted { $0.x < $1.x }
    }

    /// The strongest candidates that neither cross nor crowd one another, left to right.
    private func separated(_ candidates: [BoundaryLine], top: Double, bottom: Double, width: Int) -> [BoundaryLine] {
        let gap = max(3, minSeparation * Double(width))
        var accepted: [BoundaryLine] = []
        for line in candidates.sorted(by: { $0.coverage > $1.coverage }) {
            let fits = accepted.allSatisfy { other in
                let atTop = line.x(atY: top) - other.x(atY: top)
                let atBottom = line.x(atY: bottom) - other.x(atY: bottom)
                let crosses = (atTop > 1 && atBottom < -1) || (atTop < -1 && atBottom > 1)
                return !crosses && max(abs(atTop), abs(atBottom)) >= gap
            }
            if fits { accepted.append(line) }
        }
        return accepted.sorted { $0.x < $1.x }
    }
}
