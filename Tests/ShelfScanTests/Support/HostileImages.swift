import Foundation

@testable import ShelfImaging

/// Images no camera would take, made to break code that assumes a photo: tiny, huge or extremely
/// thin; one colour; noise; stripes; random lines and boundaries running to and past the edges.
enum HostileImages {
    enum Kind: CaseIterable {
        case oneColour, noise, verticalStripes, horizontalStripes, diagonalStripes, checkerboard, lines, leaningBooks
    }

    /// The image of case `index` of a run seeded with `seed`, with a description for a failure.
    static func image(seed: UInt64, index: Int, maxSide: Int = 400) -> (image: Image, description: String) {
        var random = SeededGenerator(seed: seed &+ UInt64(index) &* 0x1000_0000_01B3)
        let shapes: [(Int, Int)] = [
            (1, 1), (2, 2), (3, 7), (15, 15), (16, 16), (17, 16), (16, 300), (300, 16), (1, 400), (400, 1),
            (64, 64), (maxSide, 3), (3, maxSide), (maxSide, maxSide / 2), (maxSide / 2, maxSide),
        ]
        let (width, height): (Int, Int)
        if Bool.random(using: &random) {
            (width, height) = shapes.randomElement(using: &random)!
        } else {
            width = Int.random(in: 1...maxSide, using: &random)
            height = Int.random(in: 1...maxSide, using: &random)
        }
        let format = [Image.PixelFormat.rgb, .gray, .rgba].randomElement(using: &random)!
        let kind = Kind.allCases.randomElement(using: &random)!
        var image = Image(
            width: width, height: height, format: .rgb, filledWith: UInt8.random(in: 0...255, using: &random))
        paint(kind, on: &image, using: &random)
        let converted = format == .rgb ? image : format == .gray ? image.grayscale() : rgba(image)
        return (converted, "seed \(seed) case \(index): \(kind) \(width)×\(height) \(format)")
    }

    private static func paint(_ kind: Kind, on image: inout Image, using random: inout SeededGenerator) {
        let (width, height) = (image.width, image.height)
        func colour() -> Image.Colour {
            Image.Colour(
                red: UInt8.random(in: 0...255, using: &random), green: UInt8.random(in: 0...255, using: &random),
                blue: UInt8.random(in: 0...255, using: &random))
        }
        switch kind {
        case .oneColour:
            break
        case .noise:
            image.withUnsafeMutableBytes { bytes in
                for index in bytes.indices { bytes[index] = UInt8.random(in: 0...255, using: &random) }
            }
        case .verticalStripes, .horizontalStripes, .checkerboard:
            let period = Int.random(in: 1...max(1, max(width, height) / 4), using: &random)
            let (a, b) = (colour(), colour())
            image.withUnsafeMutableBytes { bytes in
                for y in 0..<height {
                    for x in 0..<width {
                        let band =
                            kind == .verticalStripes
                            ? x / period : kind == .horizontalStripes ? y / period : x / period + y / period
                        let paint = band % 2 == 0 ? a : b
                        let base = (y * width + x) * 3
                        (bytes[base], bytes[base + 1], bytes[base + 2]) = (paint.red, paint.green, paint.blue)
                    }
                }
            }
        case .diagonalStripes, .lines, .leaningBooks:
            let count = kind == .lines ? Int.random(in: 1...40, using: &random) : Int.random(in: 3...30, using: &random)
            for _ in 0..<count {
                // Lines from anywhere to anywhere, well past the edges too.
                let from = Point(
                    x: Double.random(in: -0.5...1.5, using: &random) * Double(width),
                    y: kind == .leaningBooks
                        ? -0.2 * Double(height) : Double.random(in: -0.5...1.5, using: &random) * Double(height))
                let lean = kind == .diagonalStripes ? 1.0 : Double.random(in: -0.6...0.6, using: &random)
                let to =
                    kind == .lines
                    ? Point(
                        x: Double.random(in: -0.5...1.5, using: &random) * Double(width),
                        y: Double.random(in: -0.5...1.5, using: &random) * Double(height))
                    : Point(x: from.x + lean * 1.4 * Double(height), y: 1.2 * Double(height))
                let thickness = Int.random(in: 1...max(1, min(width, height) / 8 + 1), using: &random)
                image.drawLine(from: from, to: to, colour: colour(), thickness: thickness)
            }
        }
    }

    private static func rgba(_ image: Image) -> Image {
        Image(width: image.width, height: image.height, format: .rgba) { target in
            image.withUnsafeBytes { source in
                for pixel in 0..<(image.width * image.height) {
                    for channel in 0..<3 { target[pixel * 4 + channel] = source[pixel * 3 + channel] }
                    target[pixel * 4 + 3] = UInt8(truncatingIfNeeded: pixel)
                }
            }
        }
    }

    /// Outlines a detector could never give and a reader must survive: off the image, inside out,
    /// collapsed to a point or a line, enormous, not numbers.
    /// `withGiants` adds outlines that ask for the largest crops the reader makes (slow in a debug
    /// build: the normal run takes them now and then).
    static func polygons(in image: Image, withGiants: Bool = true, using random: inout SeededGenerator) -> [[Point]] {
        let (w, h) = (Double(image.width), Double(image.height))
        func point() -> Point {
            Point(x: Double.random(in: -2...3, using: &random) * w, y: Double.random(in: -2...3, using: &random) * h)
        }
        let inside = [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)]
        let giants = [
            [Point(x: -1e9, y: -1e9), Point(x: 1e9, y: -1e9), Point(x: 1e9, y: 1e9), Point(x: -1e9, y: 1e9)],
            [Point(x: 0, y: 0), Point(x: 0.4, y: 0), Point(x: 0.4, y: 5e3), Point(x: 0, y: 5e3)],
        ]
        return (withGiants ? giants : []) + [
            inside,
            [point(), point(), point(), point()],
            Array(repeating: Point(x: w / 2, y: h / 2), count: 4),
            [Point(x: 0, y: 0), Point(x: w, y: h), Point(x: w, y: h), Point(x: 0, y: 0)],
            inside.reversed(),
            [Point(x: .nan, y: 0), Point(x: w, y: .nan), Point(x: .infinity, y: h), Point(x: 0, y: -.infinity)],
            [Point(x: 1e300, y: 0), Point(x: 1e300, y: 1), Point(x: 1e300, y: 2), Point(x: 1e300, y: 3)],
        ]
    }
}
