/// An axis-aligned rectangle of whole pixels.
public struct PixelRect: Sendable, Hashable, Codable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The part of this rectangle that lies inside `other` (empty when they do not meet).
    public func intersection(_ other: PixelRect) -> PixelRect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        return PixelRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// The smallest rectangle holding both.
    public func union(_ other: PixelRect) -> PixelRect {
        let left = min(x, other.x), top = min(y, other.y)
        return PixelRect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    /// This rectangle shrunk by `margin` on every side (grown, when `margin` is negative).
    public func insetBy(_ margin: Int) -> PixelRect {
        PixelRect(x: x + margin, y: y + margin, width: width - 2 * margin, height: height - 2 * margin)
    }
}

extension PixelRect {
    /// The rectangle with its origin and size multiplied by `factor`, rounded.
    package func scaled(by factor: Double) -> PixelRect {
        PixelRect(
            x: Int((Double(x) * factor).rounded()), y: Int((Double(y) * factor).rounded()),
            width: Int((Double(width) * factor).rounded()), height: Int((Double(height) * factor).rounded()))
    }
}
