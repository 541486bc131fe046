import Foundation
import ShelfImaging

/// The colour gradients of a working image, for the detector's searches: per pixel the Sobel
/// derivative of whichever RGB channel changes most there (so that two books of equal brightness
/// but different hue still have an edge between them), scaled so that a step of `d` levels reads `d`.
struct GradientField: Sendable {
    /// Marks a pixel without a near-vertical edge in `verticalEdgeAngles`.
    static let noEdge: UInt8 = .max
    /// The steepest lean, in degrees from vertical, that `verticalEdgeAngles` records: books on
    /// real shelves lean up to 30° and more against their neighbours.
    static let maxEdgeLean = 38
    /// The lean within which an edge counts as near-vertical for finding rows and outlining spines.
    static let nearVerticalLean = 20

    /// Whether a `verticalEdgeAngles` entry is an edge within `nearVerticalLean`° of vertical.
    @inline(__always)
    static func isNearVertical(_ bin: UInt8) -> Bool {
        bin != noEdge && abs(Int(bin) - maxEdgeLean) <= nearVerticalLean
    }

    let width: Int
    let height: Int
    /// d/dx and d/dy, row-major.
    let dx: [Float]
    let dy: [Float]
    /// The magnitude above which a gradient counts as an edge: well above the photo's noise and
    /// texture (a multiple of the median magnitude), never below a floor.
    let edgeThreshold: Float
    /// Per pixel, for edges that run within `maxEdgeLean`° of vertical: the edge's lean in whole
    /// degrees plus `maxEdgeLean` (so 0…76); `noEdge` elsewhere.
    let verticalEdgeAngles: [UInt8]
    /// Per pixel, 1 where an edge runs within 30° of horizontal, else 0.
    let horizontalEdges: [UInt8]

    /// The gradients of an RGB `image`. Only pixels inside `validSpans` (per row, the columns that
    /// hold photo rather than fill) get a gradient; the rest, and a one-pixel border, read 0.
    init(image: Image, validSpans: [Range<Int>]? = nil) {
        precondition(image.format == .rgb, "gradients are taken on RGB images")
        let width = image.width, height = image.height
        self.width = width
        self.height = height
        var dx = [Float](repeating: 0, count: width * height)
        var dy = [Float](repeating: 0, count: width * height)
        if width >= 3 && height >= 3 {
            image.withUnsafeBytes { samples in
                dx.withUnsafeMutableBufferPointer { dxOut in
                    dy.withUnsafeMutableBufferPointer { dyOut in
                        Self.sobel(samples, width: width, height: height, validSpans: validSpans, dx: dxOut, dy: dyOut)
                    }
                }
            }
        }
        self.dx = dx
        self.dy = dy
        let threshold = Self.edgeThreshold(dx: dx, dy: dy, width: width, validSpans: validSpans)
        edgeThreshold = threshold
        (verticalEdgeAngles, horizontalEdges) = Self.classifyEdges(dx: dx, dy: dy, threshold: threshold)
    }

    private static func sobel(
        _ samples: UnsafeBufferPointer<UInt8>, width: Int, height: Int, validSpans: [Range<Int>]?,
        dx: UnsafeMutableBufferPointer<Float>, dy: UnsafeMutableBufferPointer<Float>
    ) {
        let stride = width * 3
        for y in 1..<(height - 1) {
            var lower = 1, upper = width - 1
            if let spans = validSpans {
                // Neighbours must hold photo too, so the span shrinks by the rows above and below.
                lower = max(lower, spans[y - 1].lowerBound, spans[y].lowerBound, spans[y + 1].lowerBound) + 1
                upper = min(upper, spans[y - 1].upperBound, spans[y].upperBound, spans[y + 1].upperBound) - 1
            }
            guard lower < upper else { continue }
            let above = (y - 1) * stride, middle = y * stride, below = (y + 1) * stride
            for x in lower..<upper {
                var bestX: Int32 = 0, bestY: Int32 = 0, bestMagnitude: Int32 = -1
                let left = (x - 1) * 3, right = (x + 1) * 3, centre = x * 3
                for channel in 0..<3 {
                    let topLeft = Int32(samples[above + left + channel])
                    let top = Int32(samples[above + centre + channel])
                    let topRight = Int32(samples[above + right + channel])
                    let midLeft = Int32(samples[middle + left + channel])
                    let midRight = Int32(samples[middle + right + channel])
                    let bottomLeft = Int32(samples[below + left + channel])
                    let bottom = Int32(samples[below + centre + channel])
                    let bottomRight = Int32(samples[below + right + channel])
                    let gx = (topRight + 2 &* midRight + bottomRight) &- (topLeft + 2 &* midLeft + bottomLeft)
                    let gy = (bottomLeft + 2 &* bottom + bottomRight) &- (topLeft + 2 &* top + topRight)
                    let magnitude = gx &* gx &+ gy &* gy
                    if magnitude > bestMagnitude {
                        bestMagnitude = magnitude
                        bestX = gx
                        bestY = gy
                    }
                }
                dx[y * width + x] = Float(bestX) * 0.25
                dy[y * width + x] = Float(bestY) * 0.25
            }
        }
    }

    /// Twice the median gradient magnitude of a sample of the photo's non-flat pixels (fill outside
    /// `validSpans` left out), between 8 and 40 levels: noise and texture sit below it, and a step of
    /// 40 levels is an edge even in a noiseless picture, where the median is an edge's.
    private static func edgeThreshold(dx: [Float], dy: [Float], width: Int, validSpans: [Range<Int>]?) -> Float {
        let step = max(1, dx.count / 40_000)
        var magnitudes: [Float] = []
        magnitudes.reserveCapacity(dx.count / step + 1)
        var index = 0
        while index < dx.count {
            defer { index += step }
            if let spans = validSpans, !spans[index / width].contains(index % width) { continue }
            let magnitude = abs(dx[index]) + abs(dy[index])
            if magnitude > 0 { magnitudes.append(magnitude) }
        }
        guard !magnitudes.isEmpty else { return 8 }
        let median = magnitudes.sorted()[magnitudes.count / 2]
        return min(40, max(8, 2 * median))
    }

    /// `verticalEdgeAngles` at another `threshold`, worked out only in `rows` × `columns`
    /// (`noEdge` elsewhere): a second, fainter look at part of the image.
    func verticalEdgeAngles(threshold: Float, rows: Range<Int>, columns: Range<Int>) -> [UInt8] {
        var angles = [UInt8](repeating: Self.noEdge, count: width * height)
        let rows = Range<Int>.clamped(rows.lowerBound, rows.upperBound, within: height)
        let columns = Range<Int>.clamped(columns.lowerBound, columns.upperBound, within: width)
        let binEdges = Self.leanBinEdges
        for y in rows {
            for x in columns {
                let index = y * width + x
                if let bin = Self.verticalEdgeBin(dx: dx[index], dy: dy[index], threshold: threshold, binEdges: binEdges) {
                    angles[index] = bin
                }
            }
        }
        return angles
    }

    /// tan of each whole degree's upper bin edge, so a lean's bin comes from a ratio without atan.
    private static let leanBinEdges = (0...maxEdgeLean).map { Float(tan((Double($0) + 0.5) * .pi / 180)) }
    /// |dy| > 1.7 |dx|: a gradient within about 30° of vertical, an edge near horizontal.
    private static let horizontalRatio: Float = 1.7

    /// The `verticalEdgeAngles` entry of a gradient: nil below `threshold`, near horizontal or
    /// leaning past `maxEdgeLean`. `binEdges` is `leanBinEdges`, passed in to keep it out of the
    /// callers' per-pixel loops.
    @inline(__always)
    private static func verticalEdgeBin(dx gx: Float, dy gy: Float, threshold: Float, binEdges: [Float]) -> UInt8? {
        let absX = abs(gx), absY = abs(gy)
        guard absX + absY > threshold, absY <= horizontalRatio * absX else { return nil }
        // The edge runs perpendicular to the gradient: its lean from vertical is the gradient's
        // angle from horizontal, atan(gy / gx).
        let ratio = absY / absX
        guard ratio <= binEdges[maxEdgeLean] else { return nil }
        var degrees = 0
        while ratio > binEdges[degrees] { degrees += 1 }
        return UInt8(((gx > 0) == (gy > 0) ? degrees : -degrees) + maxEdgeLean)
    }

    private static func classifyEdges(dx: [Float], dy: [Float], threshold: Float) -> (vertical: [UInt8], horizontal: [UInt8]) {
        var vertical = [UInt8](repeating: noEdge, count: dx.count)
        var horizontal = [UInt8](repeating: 0, count: dx.count)
        let binEdges = leanBinEdges, horizontalRatio = horizontalRatio
        dx.withUnsafeBufferPointer { dx in
            dy.withUnsafeBufferPointer { dy in
                vertical.withUnsafeMutableBufferPointer { vertical in
                    horizontal.withUnsafeMutableBufferPointer { horizontal in
                        for index in 0..<dx.count {
                            let gx = dx[index], gy = dy[index]
                            let absX = abs(gx), absY = abs(gy)
                            guard absX + absY > threshold else { continue }
                            if absY > horizontalRatio * absX {
                                horizontal[index] = 1
                            } else if let bin = verticalEdgeBin(dx: gx, dy: gy, threshold: threshold, binEdges: binEdges) {
                                vertical[index] = bin
                            }
                        }
                    }
                }
            }
        }
        return (vertical, horizontal)
    }
}
