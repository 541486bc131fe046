import ShelfImaging

/// One spine (or face-out cover, or book of a flat stack) found by the detector.
public struct DetectedSpine: Sendable, Equatable {
    /// The outline in the photo's displayed pixels: top-left, top-right, bottom-right, bottom-left
    /// as the book stands (the top is the end away from the shelf board).
    public var polygon: [Point]
    /// How sure the detector is that this is one whole book, 0…1.
    public var score: Double
    /// The shelf row, 0 for the top one.
    public var row: Int
    /// The lean of the book's long sides from the photo's vertical, in degrees, clockwise positive.
    public var lean: Double

    public init(polygon: [Point], score: Double, row: Int, lean: Double) {
        self.polygon = polygon
        self.score = score
        self.row = row
        self.lean = lean
    }

    /// Width across the spine, at mid height, in photo pixels.
    public var width: Double {
        let top = polygon[0].distance(to: polygon[1]), bottom = polygon[3].distance(to: polygon[2])
        return (top + bottom) / 2
    }

    /// The middle of the outline, the mean of its corners.
    public var centre: Point {
        polygon.mean
    }

    /// Length along the spine, in photo pixels.
    public var length: Double {
        let left = polygon[0].distance(to: polygon[3]), right = polygon[1].distance(to: polygon[2])
        return (left + right) / 2
    }
}

extension DetectedSpine {
    /// Whether a point of the photo lies inside the outline.
    public func contains(_ point: Point) -> Bool {
        var inside = false
        var previous = polygon[polygon.count - 1]
        for current in polygon {
            if (current.y > point.y) != (previous.y > point.y) {
                let crossing = previous.x + (point.y - previous.y) / (current.y - previous.y) * (current.x - previous.x)
                if point.x < crossing { inside.toggle() }
            }
            previous = current
        }
        return inside
    }
}
