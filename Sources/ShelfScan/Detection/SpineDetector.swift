import Foundation

/// Finds the books on a shelf photo: the camera's roll first, then the shelf rows, then the
/// boundaries between the books of each row. Works on a reduced copy of the photo and returns every
/// spine as a quadrilateral in the photo's own pixels, ready for the crops the OCR stage cuts.
public struct SpineDetector: Sendable {
    /// The longer side of the reduced copy the detector works on (the photo shrinks by a whole
    /// factor to at most this).
    public var workingSide: Int

    public init(workingSide: Int = 1200) {
        precondition(workingSide >= 64, "the working copy needs some pixels")
        self.workingSide = workingSide
    }

    /// The spines in `image` (as displayed), top row first, left to right within a row.
    public func spines(in image: Image) -> [DetectedSpine] {
        guard image.width >= 16 && image.height >= 16 else { return [] }
        let factor = max(1, Int((Double(max(image.width, image.height)) / Double(workingSide)).rounded(.up)))
        let clock = ContinuousClock()
        var mark = clock.now
        func lap(_ name: String) {
            if ProcessInfo.processInfo.environment["SHELFSCAN_DEBUG_TIME"] != nil {
                print(name, clock.now - mark)
            }
            mark = clock.now
        }
        var working = image.downscaled(byFactor: factor)
        lap("downscale")
        if working.format != .rgb { working = working.rgb() }

        let skew = SkewEstimator.skew(of: GradientField(image: working))
        lap("skew")
        let field: GradientField
        let frame: WorkingFrame
        var deskewed = working
        if abs(skew) >= 0.2 {
            deskewed = working.rotated(byDegrees: -skew, fill: 0)
            lap("rotate")
            frame = WorkingFrame(factor: factor, workingWidth: working.width, workingHeight: working.height, skew: skew)
            field = GradientField(image: deskewed, validSpans: frame.validSpans)
        } else {
            frame = WorkingFrame(factor: factor, workingWidth: working.width, workingHeight: working.height, skew: 0)
            field = GradientField(image: working, validSpans: frame.validSpans)
        }
        lap("gradient")
        let rows = ShelfRowFinder().rows(in: field, validSpans: frame.validSpans)
        if let debugPath = ProcessInfo.processInfo.environment["SHELFSCAN_DEBUG_PNG"] {
            var canvas = abs(skew) >= 0.2 ? working.rotated(byDegrees: -skew, fill: 0) : working
            for row in rows {
                for line in SpineBoundaryFinder().boundaries(in: field, row: row) {
                    canvas.drawLine(
                        from: Point(x: line.x(atY: Double(row.lowerBound)), y: Double(row.lowerBound)),
                        to: Point(x: line.x(atY: Double(row.upperBound)), y: Double(row.upperBound)),
                        colour: Image.Colour(red: 255, green: 0, blue: 0), thickness: 1)
                }
            }
            if let data = try? canvas.pngData() { FileManager.default.createFile(atPath: debugPath, contents: Data(data)) }
        }
        lap("rows")
        var spines: [DetectedSpine] = []
        defer { lap("spines") }
        for (rowIndex, row) in rows.enumerated() {
            let boundaries = SpineBoundaryFinder().boundaries(in: field, row: row)
            lap("boundaries")
            if ProcessInfo.processInfo.environment["SHELFSCAN_DEBUG"] != nil {
                print("skew \(skew) factor \(factor) row \(row) threshold \(field.edgeThreshold)")
                for line in boundaries { print("  x \(line.x) slope \(line.slope) coverage \(line.coverage)") }
            }
            let ceiling = rowIndex == 0 ? 0 : rows[rowIndex - 1].upperBound + 2
            let outlines = SpineOutliner().outlines(
                in: field, image: deskewed, row: row, ceiling: ceiling, boundaries: boundaries,
                validSpans: frame.validSpans)
            for outline in outlines {
                let corners = [
                    Point(x: outline.left.x(atY: outline.top), y: outline.top),
                    Point(x: outline.right.x(atY: outline.top), y: outline.top),
                    Point(x: outline.right.x(atY: outline.bottom), y: outline.bottom),
                    Point(x: outline.left.x(atY: outline.bottom), y: outline.bottom),
                ]
                let lean = (atan(outline.left.slope) + atan(outline.right.slope)) / 2 * 180 / .pi + frame.skew
                spines.append(
                    DetectedSpine(
                        polygon: corners.map { frame.photoPoint($0, photoWidth: image.width, photoHeight: image.height) },
                        score: outline.score, row: rowIndex, lean: lean))
            }
        }
        return spines
    }
}

/// How the detector's deskewed working image sits on the photo: shrunk by a whole factor, then
/// turned by minus the skew about its centre onto a canvas large enough to hold it.
struct WorkingFrame: Sendable {
    let factor: Int
    let workingWidth: Int
    let workingHeight: Int
    /// The photo's roll in degrees; the working image is turned by its opposite.
    let skew: Double
    let width: Int
    let height: Int
    /// Per row of the deskewed image, the columns that show the photo (the rest is fill).
    let validSpans: [Range<Int>]

    init(factor: Int, workingWidth: Int, workingHeight: Int, skew: Double) {
        self.factor = factor
        self.workingWidth = workingWidth
        self.workingHeight = workingHeight
        self.skew = skew
        let radians = -skew * .pi / 180
        let cosine = cos(radians), sine = sin(radians)
        let w = Double(workingWidth), h = Double(workingHeight)
        let width = skew == 0 ? workingWidth : Int((abs(w * cosine) + abs(h * sine) - 1e-6).rounded(.up))
        let height = skew == 0 ? workingHeight : Int((abs(w * sine) + abs(h * cosine) - 1e-6).rounded(.up))
        self.width = width
        self.height = height
        // A deskewed pixel centre (X, Y) comes from source (cos dx + sin dy + w/2, -sin dx + cos dy + h/2),
        // with (dx, dy) its offset from the canvas centre; it shows the photo when that lies inside.
        validSpans = (0..<height).map { row in
            let dy = Double(row) + 0.5 - Double(height) / 2
            var lower = 0.0, upper = Double(width)
            func constrain(coefficient: Double, offset: Double, within limit: Double) {
                // lower ≤ X ≤ upper where 1 ≤ coefficient * (X + 0.5 - width/2) + offset ≤ limit - 1
                let base = offset - coefficient * (Double(width) / 2 - 0.5)
                if abs(coefficient) < 1e-9 {
                    if base < 1 || base > limit - 1 { upper = lower }
                    return
                }
                let a = (1 - base) / coefficient, b = (limit - 1 - base) / coefficient
                lower = max(lower, min(a, b))
                upper = min(upper, max(a, b))
            }
            constrain(coefficient: cosine, offset: sine * dy + w / 2, within: w)
            constrain(coefficient: -sine, offset: cosine * dy + h / 2, within: h)
            let first = max(0, Int(lower.rounded(.up))), end = min(width, Int(upper.rounded(.down)) + 1)
            return first < end ? first..<end : first..<first
        }
    }

    /// Maps a point of the deskewed working image to the photo's pixels.
    func photoPoint(_ point: Point, photoWidth: Int, photoHeight: Int) -> Point {
        let radians = -skew * .pi / 180
        let cosine = cos(radians), sine = sin(radians)
        let dx = point.x - Double(width) / 2, dy = point.y - Double(height) / 2
        let x = cosine * dx + sine * dy + Double(workingWidth) / 2
        let y = -sine * dx + cosine * dy + Double(workingHeight) / 2
        let scale = Double(factor)
        return Point(
            x: min(Double(photoWidth), max(0, x * scale)), y: min(Double(photoHeight), max(0, y * scale)))
    }
}
