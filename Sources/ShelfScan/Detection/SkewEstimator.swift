import Foundation

/// How far a photo of a shelf is turned: books stand upright and boards lie level, so the strong
/// edges of a straight photo cluster at 0° and 90°. Their dominant direction, folded into a quarter
/// turn, is the camera's roll.
enum SkewEstimator {
    /// The largest roll looked for, in degrees.
    static let maxSkew = 12.0

    /// The photo's roll in degrees, clockwise positive: turning the photo by minus this makes its
    /// books upright. 0 when no direction dominates.
    static func skew(of field: GradientField) -> Double {
        let binsPerDegree = 4.0
        let binCount = Int(2 * maxSkew * binsPerDegree) + 1
        var histogram = [Double](repeating: 0, count: binCount)
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
                    let bin = Int(((degrees + maxSkew) * binsPerDegree).rounded())
                    histogram[min(binCount - 1, max(0, bin))] += Double(magnitude)
                }
            }
        }
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
