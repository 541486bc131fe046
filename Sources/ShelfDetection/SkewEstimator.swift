import Foundation

/// How far a photo of a shelf is turned. Boards lie level and books stand upright, so the strong
/// edges of a straight photo cluster at 0° and 90°; folded into a quarter turn, their dominant
/// direction is the camera's roll. The boards decide when there are enough of them: books lean,
/// and a camera pitched down at a shelf makes every side converge, while a board stays level.
enum SkewEstimator {
    /// The largest roll looked for, in degrees.
    static let maxSkew = 12.0
    /// Horizontal edges decide alone when they weigh at least this share of all the edges…
    static let boardShare = 0.12
    /// …and the sides lean by more than this many degrees from them.
    static let disagreement = 3.0

    private static let binsPerDegree = 4.0
    private static var binCount: Int { Int(2 * maxSkew * binsPerDegree) + 1 }

    /// The photo's roll in degrees, clockwise positive: turning the photo by minus this makes its
    /// books upright. 0 when no direction dominates.
    static func skew(of field: GradientField) -> Double {
        let (horizontal, vertical) = histograms(of: field)
        let horizontalMass = horizontal.reduce(0, +), verticalMass = vertical.reduce(0, +)
        let all = peak(of: zip(horizontal, vertical).map(+))
        guard horizontalMass >= boardShare * (horizontalMass + verticalMass) else { return all }
        let boards = peak(of: horizontal)
        return abs(boards - peak(of: vertical)) > disagreement ? boards : all
    }

    /// Histograms of the folded directions of horizontal and of vertical edges, weighted by strength.
    private static func histograms(of field: GradientField) -> (horizontal: [Double], vertical: [Double]) {
        var horizontal = [Double](repeating: 0, count: binCount), vertical = horizontal
        let threshold = field.edgeThreshold
        let step = max(1, field.dx.count / 300_000)
        field.dx.withUnsafeBufferPointer { dx in
            field.dy.withUnsafeBufferPointer { dy in
                var index = 0
                while index < dx.count {
                    let gx = dx[index], gy = dy[index]
                    index += step
                    let magnitude = abs(gx) + abs(gy)
                    guard magnitude > threshold else { continue }
                    // Fold the gradient direction into (-45°, 45°]: vertical and horizontal edges agree.
                    var degrees = atan2(Double(gy), Double(gx)) * 180 / .pi
                    degrees = degrees - 90 * (degrees / 90).rounded()
                    guard abs(degrees) <= maxSkew else { continue }
                    let bin = min(binCount - 1, max(0, Int(((degrees + maxSkew) * binsPerDegree).rounded())))
                    // A gradient across the picture is a vertical edge.
                    if abs(gx) >= abs(gy) { vertical[bin] += Double(magnitude) } else { horizontal[bin] += Double(magnitude) }
                }
            }
        }
        return (horizontal, vertical)
    }

    /// The direction of a histogram's smoothed peak, in degrees; 0 for an empty one.
    private static func peak(of histogram: [Double]) -> Double {
        let smoothed = (0..<binCount).map { bin in
            (-3...3).reduce(0.0) { sum, offset in
                let neighbour = bin + offset
                guard neighbour >= 0 && neighbour < binCount else { return sum }
                return sum + histogram[neighbour] * Double(4 - abs(offset))
            }
        }
        guard let peak = smoothed.indices.max(by: { smoothed[$0] < smoothed[$1] }), smoothed[peak] > 0 else { return 0 }
        var offset = 0.0
        if peak > 0 && peak < binCount - 1 {
            let left = smoothed[peak - 1], centre = smoothed[peak], right = smoothed[peak + 1]
            let curvature = left - 2 * centre + right
            if curvature < 0 { offset = 0.5 * (left - right) / curvature }
        }
        return (Double(peak) + offset) / binsPerDegree - maxSkew
    }
}
