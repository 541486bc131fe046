import Foundation
import ShelfImaging

/// Places labels on a picture so that no two overlap and each stays inside it: first at the
/// places offered for it (along its book), else at the free place nearest to its book.
public struct LabelPlacer: Sendable {
    /// Where labels may go.
    public let bounds: PixelRect
    /// Free pixels kept between two labels.
    public var gap = 2
    /// The labels placed so far, in order.
    public private(set) var placed: [PixelRect] = []

    public init(bounds: PixelRect) {
        self.bounds = bounds
    }

    /// Where a label went.
    public struct Placement: Sendable, Equatable {
        public var rect: PixelRect
        /// True when none of the offered places was free and the label went to the nearest free one
        /// (the picture then draws a line from it to its book).
        public var isDisplaced: Bool
    }

    /// Places a label of `width` × `height` centred on the first free point of `candidates`, else at
    /// the free place nearest to `anchor`; nil when no free place is left for it (or it is larger
    /// than the picture).
    public mutating func place(width: Int, height: Int, candidates: [Point], anchor: Point) -> Placement? {
        guard width > 0, height > 0, width <= bounds.width, height <= bounds.height else { return nil }
        for point in candidates where point.x.isFinite && point.y.isFinite {
            let rect = centred(width: width, height: height, on: point)
            if isFree(rect) {
                placed.append(rect)
                return Placement(rect: rect, isDisplaced: false)
            }
        }
        guard anchor.x.isFinite, anchor.y.isFinite else { return nil }
        // Rings around the anchor, a label's height apart, out to the picture's far corner.
        let step = max(2, height / 2)
        let reach = bounds.width + bounds.height
        var radius = step
        while radius <= reach {
            let points = max(8, Int(2 * Double.pi * Double(radius) / Double(step)))
            for index in 0..<points {
                let angle = 2 * Double.pi * Double(index) / Double(points)
                let point = Point(x: anchor.x + Double(radius) * cos(angle), y: anchor.y + Double(radius) * sin(angle))
                let rect = centred(width: width, height: height, on: point)
                if isFree(rect) {
                    placed.append(rect)
                    return Placement(rect: rect, isDisplaced: true)
                }
            }
            radius += step
        }
        return nil
    }

    /// The rectangle centred on `point`, moved inside `bounds`.
    private func centred(width: Int, height: Int, on point: Point) -> PixelRect {
        let clampedX = min(max(point.x, -1e9), 1e9), clampedY = min(max(point.y, -1e9), 1e9)
        let x = min(max(bounds.x, Int(clampedX) - width / 2), bounds.maxX - width)
        let y = min(max(bounds.y, Int(clampedY) - height / 2), bounds.maxY - height)
        return PixelRect(x: x, y: y, width: width, height: height)
    }

    private func isFree(_ rect: PixelRect) -> Bool {
        let padded = rect.insetBy(-gap)
        return !placed.contains { !$0.intersection(padded).isEmpty }
    }
}
