/// A point in pixel coordinates (sub-pixel positions allowed).
public struct Point: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Encoded as `[x, y]`, as the scan report writes polygons.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(encoder.rounded(x, places: 10))
        try container.encode(encoder.rounded(y, places: 10))
    }

    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        x = try container.decode(Double.self)
        y = try container.decode(Double.self)
    }

    /// The straight-line distance to `other`.
    public func distance(to other: Point) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }

    /// The point `fraction` of the way from this one to `other` (0 here, 1 there, beyond either
    /// outside them).
    public func interpolated(to other: Point, by fraction: Double) -> Point {
        Point(x: x + (other.x - x) * fraction, y: y + (other.y - y) * fraction)
    }
}

extension Array where Element == Point {
    /// The mean of the points: an outline's middle. The origin when there are none.
    public var mean: Point {
        let count = Double(Swift.max(1, self.count))
        return Point(x: reduce(0) { $0 + $1.x } / count, y: reduce(0) { $0 + $1.y } / count)
    }
}
