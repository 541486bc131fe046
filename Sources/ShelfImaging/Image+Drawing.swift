extension Image {
    /// An RGB colour for drawing.
    public struct Colour: Sendable, Equatable {
        public var red: UInt8
        public var green: UInt8
        public var blue: UInt8

        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        public static let white = Colour(red: 255, green: 255, blue: 255)
        public static let black = Colour(red: 0, green: 0, blue: 0)
    }

    /// Paints the pixels of the rectangle (clipped to the image) in `colour`; a gray image takes the
    /// colour's luma.
    public mutating func fill(_ rect: PixelRect, with colour: Colour) {
        precondition(format == .rgb || format == .gray, "drawing is done on RGB or gray images")
        let left = max(0, rect.x), right = min(width, rect.maxX)
        let top = max(0, rect.y), bottom = min(height, rect.maxY)
        guard left < right && top < bottom else { return }
        let width = self.width, channels = format.channels
        let luma: Int = 77 * Int(colour.red) + 150 * Int(colour.green) + 29 * Int(colour.blue)
        let values: [UInt8] = channels == 3 ? [colour.red, colour.green, colour.blue] : [UInt8(luma >> 8)]
        withUnsafeMutableBytes { pixels in
            for y in top..<bottom {
                for x in left..<right {
                    let index = (y * width + x) * channels
                    for channel in 0..<channels { pixels[index + channel] = values[channel] }
                }
            }
        }
    }

    /// Draws a straight line `thickness` pixels wide. Only the part over the image is drawn, so a
    /// line of any length (or one with a corner at infinity or not a number: none) costs at most
    /// the image's size.
    public mutating func drawLine(from start: Point, to end: Point, colour: Colour, thickness: Int = 2) {
        let thickness = max(1, min(thickness, 1000))
        let margin = Double(thickness)
        guard
            let (start, end) = Self.clipped(
                start, end, left: -margin, top: -margin, right: Double(width) + margin, bottom: Double(height) + margin)
        else { return }
        let length = max(abs(end.x - start.x), abs(end.y - start.y))
        let steps = max(1, Int(length.rounded(.up)))
        let half = thickness / 2
        for step in 0...steps {
            let t = Double(step) / Double(steps)
            let x = Int((start.x + (end.x - start.x) * t).rounded(.down))
            let y = Int((start.y + (end.y - start.y) * t).rounded(.down))
            fill(PixelRect(x: x - half, y: y - half, width: thickness, height: thickness), with: colour)
        }
    }

    /// The part of the segment inside the rectangle (Liang–Barsky), nil when none is or a corner is
    /// not a finite number. Corners are first brought within ±10¹², far past any image, so that no
    /// difference overflows.
    static func clipped(
        _ start: Point, _ end: Point, left: Double, top: Double, right: Double, bottom: Double
    ) -> (Point, Point)? {
        guard start.x.isFinite, start.y.isFinite, end.x.isFinite, end.y.isFinite else { return nil }
        func bounded(_ value: Double) -> Double { min(max(value, -1e12), 1e12) }
        let x0 = bounded(start.x), y0 = bounded(start.y), x1 = bounded(end.x), y1 = bounded(end.y)
        let dx = x1 - x0, dy = y1 - y0
        var enter = 0.0, leave = 1.0
        for (p, q) in [(-dx, x0 - left), (dx, right - x0), (-dy, y0 - top), (dy, bottom - y0)] {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let t = q / p
            if p < 0 { enter = max(enter, t) } else { leave = min(leave, t) }
            if enter > leave { return nil }
        }
        return (Point(x: x0 + enter * dx, y: y0 + enter * dy), Point(x: x0 + leave * dx, y: y0 + leave * dy))
    }

    /// Draws the closed outline through `points`.
    public mutating func drawPolygon(_ points: [Point], colour: Colour, thickness: Int = 2) {
        for (index, point) in points.enumerated() {
            drawLine(from: point, to: points[(index + 1) % points.count], colour: colour, thickness: thickness)
        }
    }

    /// Writes `text` (digits, capital letters, space and `-.:#/`) with its top-left corner at `origin`,
    /// each glyph 5×7 cells of `scale` pixels; other characters are left blank.
    public mutating func drawText(_ text: String, at origin: (x: Int, y: Int), scale: Int, colour: Colour) {
        var x = origin.x
        for character in text.uppercased() {
            if let rows = BitmapFont.glyphs[character] {
                for (row, bits) in rows.enumerated() {
                    for column in 0..<5 where bits & (0b10000 >> column) != 0 {
                        fill(
                            PixelRect(x: x + column * scale, y: origin.y + row * scale, width: scale, height: scale),
                            with: colour)
                    }
                }
            }
            x += 6 * scale
        }
    }

    /// The size `drawText` gives `text` at `scale`.
    public static func textSize(_ text: String, scale: Int) -> (width: Int, height: Int) {
        (max(0, text.count * 6 - 1) * scale, 7 * scale)
    }
}

/// A 5×7 pixel font: each glyph is seven rows of five bits, the high bit on the left.
private enum BitmapFont {
    static let glyphs: [Character: [UInt8]] = [
        "0": [0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E], "1": [0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E],
        "2": [0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F], "3": [0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E],
        "4": [0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02], "5": [0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E],
        "6": [0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E], "7": [0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08],
        "8": [0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E], "9": [0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C],
        "A": [0x0E, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11], "B": [0x1E, 0x11, 0x11, 0x1E, 0x11, 0x11, 0x1E],
        "C": [0x0E, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0E], "D": [0x1C, 0x12, 0x11, 0x11, 0x11, 0x12, 0x1C],
        "E": [0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x1F], "F": [0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x10],
        "G": [0x0E, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0F], "H": [0x11, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11],
        "I": [0x0E, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E], "J": [0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0C],
        "K": [0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11], "L": [0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1F],
        "M": [0x11, 0x1B, 0x15, 0x15, 0x11, 0x11, 0x11], "N": [0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11],
        "O": [0x0E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E], "P": [0x1E, 0x11, 0x11, 0x1E, 0x10, 0x10, 0x10],
        "Q": [0x0E, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0D], "R": [0x1E, 0x11, 0x11, 0x1E, 0x14, 0x12, 0x11],
        "S": [0x0F, 0x10, 0x10, 0x0E, 0x01, 0x01, 0x1E], "T": [0x1F, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04],
        "U": [0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E], "V": [0x11, 0x11, 0x11, 0x11, 0x11, 0x0A, 0x04],
        "W": [0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0A], "X": [0x11, 0x11, 0x0A, 0x04, 0x0A, 0x11, 0x11],
        "Y": [0x11, 0x11, 0x11, 0x0A, 0x04, 0x04, 0x04], "Z": [0x1F, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1F],
        "-": [0x00, 0x00, 0x00, 0x1F, 0x00, 0x00, 0x00], ".": [0x00, 0x00, 0x00, 0x00, 0x00, 0x0C, 0x0C],
        ":": [0x00, 0x0C, 0x0C, 0x00, 0x0C, 0x0C, 0x00], "#": [0x0A, 0x0A, 0x1F, 0x0A, 0x1F, 0x0A, 0x0A],
        "/": [0x00, 0x01, 0x02, 0x04, 0x08, 0x10, 0x00], " ": [0, 0, 0, 0, 0, 0, 0],
    ]
}
