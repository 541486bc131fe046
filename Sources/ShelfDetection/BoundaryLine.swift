/// A straight, near-vertical line in a working image: `x = x + slope * (referenceY - y)`, so a
/// positive slope leans the line's top to the right.
struct BoundaryLine: Sendable, Equatable {
    /// Where the line crosses `referenceY`.
    var x: Double
    /// Horizontal run per row going up.
    var slope: Double
    var referenceY: Double
    /// The share of the rows searched along which the line is an edge, 0…1.
    var coverage: Double

    /// The line's column at row `y`.
    func x(atY y: Double) -> Double { x + slope * (referenceY - y) }
}
