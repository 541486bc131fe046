extension Int {
    /// `value` rounded toward zero and held to `Int`'s range; NaN becomes 0. Unlike `Int(_:)` it
    /// never traps, so a coordinate computed off the edge of an image (or from a degenerate line)
    /// can be clamped afterwards instead of crashing the photo's whole batch.
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= Double(Int.max) {
            self = .max
        } else if value <= Double(Int.min) {
            self = .min
        } else {
            self = Int(value)
        }
    }
}

extension ClosedRange where Bound == Int {
    /// The indices within `radius` of `centre` that lie in `0..<count`; nil when none do (a centre
    /// off the edge, or not a number).
    package static func around(_ centre: Double, radius: Int, within count: Int) -> ClosedRange<Int>? {
        guard count > 0, radius >= 0, centre.isFinite else { return nil }
        // Held near the image first, so that the conversion and the sums cannot overflow.
        let middle = Int(Swift.min(Swift.max(centre, -Double(radius) - 1), Double(count) + Double(radius)))
        let lower = Swift.max(0, middle - radius), upper = Swift.min(count - 1, middle + radius)
        return lower <= upper ? lower...upper : nil
    }
}

extension Range where Bound == Int {
    /// `lower..<upper` held to `0..<count`: empty, never inverted, when the two cross or fall
    /// outside (building `max(0, a)..<min(count, b)` directly traps when `a > count` or `b < 0`).
    package static func clamped(_ lower: Int, _ upper: Int, within count: Int) -> Range<Int> {
        let start = Swift.min(Swift.max(0, lower), Swift.max(0, count))
        return start..<Swift.max(start, Swift.min(count, upper))
    }
}
