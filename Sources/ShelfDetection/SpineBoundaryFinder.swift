import Foundation

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

    /// The boundaries in `row`, left to right.
    func boundaries(in field: GradientField, row: Range<Int>) -> [BoundaryLine] {
        let height = Double(row.count)
        let first = row.lowerBound + Int(searchedPart.lowerBound * height)
        let last = row.lowerBound + Int(searchedPart.upperBound * height)
        guard last - first >= 8 else { return [] }
        let referenceY = Double(first + last) / 2
        let width = field.width
        let angles = Array(-maxLean...maxLean)
        let slopes = angles.map { tan(Double($0) * .pi / 180) }
        // Each edge pixel votes for the lines of nearby direction that pass through it or a pixel
        // beside it (absorbing the rounding of a line's path); a line counts a row once.
        var hits = [Int32](repeating: 0, count: angles.count * width)
        var lastVote = [Int32](repeating: -1, count: angles.count * width)
        var shifts = [Int](repeating: 0, count: angles.count)
        field.verticalEdgeAngles.withUnsafeBufferPointer { edgeAngles in
            hits.withUnsafeMutableBufferPointer { hits in
                lastVote.withUnsafeMutableBufferPointer { lastVote in
                    for y in first..<last {
                        let rise = referenceY - Double(y)
                        for index in angles.indices { shifts[index] = Int((slopes[index] * rise).rounded()) }
                        let base = y * width
                        let stamp = Int32(y)
                        for x in 0..<width {
                            let bin = edgeAngles[base + x]
                            guard bin != GradientField.noEdge else { continue }
                            let lean = Int(bin) - GradientField.maxEdgeLean
                            let lowest = max(-maxLean, lean - angleTolerance)
                            let highest = min(maxLean, lean + angleTolerance)
                            guard lowest <= highest else { continue }
                            for angle in lowest...highest {
                                let angleIndex = angle + maxLean
                                let centre = x - shifts[angleIndex]
                                let row = angleIndex * width
                                guard centre + 1 >= 0 && centre - 1 < width else { continue }
                                for origin in max(0, centre - 1)...min(width - 1, centre + 1) {
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
        }
        let rows = Double(last - first)
        var candidates: [BoundaryLine] = []
        for x in 0..<width {
            var best: Int32 = 0, bestAngle = 0
            for angleIndex in angles.indices where hits[angleIndex * width + x] > best {
                best = hits[angleIndex * width + x]
                bestAngle = angleIndex
            }
            let coverage = Double(best) / rows
            guard coverage >= minCoverage else { continue }
            candidates.append(
                BoundaryLine(x: Double(x) + 0.5, slope: slopes[bestAngle], referenceY: referenceY, coverage: coverage))
        }
        return separated(candidates, top: Double(first), bottom: Double(row.upperBound), width: width)
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
