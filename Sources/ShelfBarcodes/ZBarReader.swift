import CZBar
import ShelfImaging

/// Every call into ZBar goes through here. Owns one image scanner: not for sharing across tasks.
package final class ZBarReader {
    private let scanner: OpaquePointer

    /// A scanner limited to EAN-13 and its add-ons (ZBar also reports I2/5 and others when left open).
    package init() {
        scanner = zbar_image_scanner_create()
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        for symbology in [ZBAR_EAN13, ZBAR_EAN5, ZBAR_EAN2] {
            zbar_image_scanner_set_config(scanner, symbology, ZBAR_CFG_ENABLE, 1)
        }
    }

    deinit {
        zbar_image_scanner_destroy(scanner)
    }

    /// EAN-13 symbols in a gray image, each paired with the EAN-5/EAN-2 add-on beside it.
    package func readEAN13(in image: Image) -> [EANRead] {
        precondition(image.format == .gray, "ZBar reads gray images")
        guard let zbarImage = zbar_image_create() else { return [] }
        defer { zbar_image_destroy(zbarImage) }
        var mains: [EANRead] = []
        var addons: [(digits: String, corners: [Point])] = []
        image.withUnsafeBytes { pixels in
            zbar_image_set_format(zbarImage, 0x3030_3859)  // fourcc "Y800": 8-bit gray
            zbar_image_set_size(zbarImage, UInt32(image.width), UInt32(image.height))
            // ZBar only reads the buffer during zbar_scan_image, inside this closure.
            zbar_image_set_data(zbarImage, pixels.baseAddress, UInt(pixels.count), nil)
            guard zbar_scan_image(scanner, zbarImage) > 0 else { return }
            var symbol = zbar_image_first_symbol(zbarImage)
            while let current = symbol {
                let data = String(cString: zbar_symbol_get_data(current))
                let corners = Self.outline(of: current)
                switch zbar_symbol_get_type(current) {
                case ZBAR_EAN13:
                    mains.append(EANRead(digits: data, addon: nil, corners: corners, engine: .zbar))
                case ZBAR_EAN5, ZBAR_EAN2:
                    addons.append((data, corners))
                default:
                    break
                }
                symbol = zbar_symbol_next(current)
            }
            zbar_image_set_data(zbarImage, nil, 0, nil)
        }
        return mains.map { main in
            var paired = main
            paired.addon = Self.nearestAddon(to: main.corners, among: addons)
            return paired
        }
    }

    /// The add-on whose centre lies closest to the main code, within a code's width of it.
    private static func nearestAddon(to corners: [Point], among addons: [(digits: String, corners: [Point])]) -> String?
    {
        let box = BoundingBox(corners)
        let reach = max(box.width, box.height) * 0.9
        var best: (distance: Double, digits: String)?
        for addon in addons {
            let centre = BoundingBox(addon.corners).centre
            let distance = box.distance(to: centre)
            if distance <= reach && distance < (best?.distance ?? .infinity) { best = (distance, addon.digits) }
        }
        return best?.digits
    }

    /// ZBar gives the points where scan lines crossed the symbol: their bounding box is the outline.
    private static func outline(of symbol: OpaquePointer) -> [Point] {
        let count = zbar_symbol_get_loc_size(symbol)
        guard count > 0 else { return [] }
        let points = (0..<count).map {
            Point(x: Double(zbar_symbol_get_loc_x(symbol, $0)), y: Double(zbar_symbol_get_loc_y(symbol, $0)))
        }
        return BoundingBox(points).corners
    }
}

@available(*, unavailable)
extension ZBarReader: Sendable {}

/// The axis-aligned box around some points.
struct BoundingBox {
    var minX: Double, minY: Double, maxX: Double, maxY: Double

    init(_ points: [Point]) {
        minX = points.map(\.x).min() ?? 0
        maxX = points.map(\.x).max() ?? 0
        minY = points.map(\.y).min() ?? 0
        maxY = points.map(\.y).max() ?? 0
    }

    var width: Double { maxX - minX }
    var height: Double { maxY - minY }
    var centre: Point { Point(x: (minX + maxX) / 2, y: (minY + maxY) / 2) }
    var corners: [Point] {
        [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)]
    }

    /// Distance from the box's edge to `point` (0 inside).
    func distance(to point: Point) -> Double {
        let dx = max(minX - point.x, 0, point.x - maxX)
        let dy = max(minY - point.y, 0, point.y - maxY)
        return (dx * dx + dy * dy).squareRoot()
    }
}
