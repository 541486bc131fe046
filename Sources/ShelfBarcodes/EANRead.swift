import ShelfISBN
import ShelfImaging

/// The barcode libraries shelfscan reads with.
public enum BarcodeEngine: String, Sendable, Hashable, Codable, Comparable {
    case zbar
    case zxing

    public static func < (lhs: BarcodeEngine, rhs: BarcodeEngine) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One EAN-13 symbol as a barcode library read it, in the coordinates of the image it was given.
package struct EANRead: Sendable, Equatable {
    /// The 13 digits.
    package var digits: String
    /// The EAN-5 or EAN-2 add-on, when one was read with it.
    package var addon: String?
    /// The symbol's outline.
    package var corners: [Point]
    package var engine: BarcodeEngine

    /// The same read with its outline moved through `transform`.
    func mapped(_ transform: (Point) -> Point) -> EANRead {
        var copy = self
        copy.corners = corners.map(transform)
        return copy
    }
}

/// An ISBN barcode found in a photo.
public struct BarcodeFinding: Sendable, Equatable {
    public var isbn: ISBN
    /// The EAN-5 (price) or EAN-2 add-on printed beside it, when one was read.
    public var addon: String?
    /// The barcode's outline in the photo's displayed pixels.
    public var polygon: [Point]
    /// The libraries that read it.
    public var engines: Set<BarcodeEngine>

    /// The middle of its outline.
    public var centre: Point {
        polygon.mean
    }

    /// The longer side of the box around its outline: how wide the code is, at any rotation.
    public var size: Double {
        let box = BoundingBox(polygon)
        return max(box.width, box.height)
    }
}
