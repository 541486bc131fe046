import Foundation

/// Finds the boundaries between the books of one shelf row: straight near-vertical lines (upright
/// or leaning up to `maxLean`°) along which an edge runs for most of the row's height. Lettering,
/// bands and logos make edges too, but short ones: a line through them is an edge for a fraction
/// of its length, so coverage, not edge strength, decides.
struct SpineBoundaryFinder: Sendable {
    /// The steepest lean searched, in degrees.
    var maxLean = 16
    /// An edge pixel supports a line when their directions differ by at most this many degrees.
    var angleTolerance = 2
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
        var hits = [Int32](repeating: 0, count: angles.count * width)
        var mask = [UInt8](repeating: 0, count: width)
        field.verticalEdgeAngles.withUnsafeBufferPointer { edgeAngles in
            hits.withUnsafeMutableBufferPointer { hits in
                mask.withUnsafeMutableBufferPointer { mask in
                    for y in first..<last {
                        let base = y * width
                        let rise = referenceY - Double(y)
                        for (angleIndex, angle) in angles.enumerated() {
                            // Edge pixels of this direction, widened by a pixel each way to absorb
                            // the rounding of the line's path.
                            let centre = angle + GradientField.maxEdgeLean
                            let low = UInt8(max(0, centre - angleTolerance))
                            let span = UInt8(2 * angleTolerance)
                            var previous: UInt8 = 0
                            var current: UInt8 = edgeAngles[base] &- low <= span ? 1 : 0
                            for x in 0..<width {
                                let next: UInt8 = x + 1 < width && edgeAngles[base + x + 1] &- low <= span ? 1 : 0
                                mask[x] = previous | current | next
                                previous = current
                                current = next
                            }
                            let shift = Int((slopes[angleIndex] * rise).rounded())
                            let lower = max(0, -shift), upper = min(width, width - shift)
                            guard lower < upper else { continue }
                            let row = angleIndex * width
                            for x in lower..<upper {
                                hits[row + x] &+= Int32(mask[x + shift])
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
