import Foundation
import ShelfImaging

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
        var working = image.downscaled(byFactor: factor)
        if working.format != .rgb { working = working.rgb() }

        // The gradients of the working copy give the roll, and serve the search when there is none to undo.
        var field = GradientField(image: working)
        let skew = SkewEstimator.skew(of: field)
        var frame = WorkingFrame(factor: factor, workingWidth: working.width, workingHeight: working.height, skew: 0)
        var deskewed = working
        if abs(skew) >= 0.2 {
            deskewed = working.rotated(byDegrees: -skew, fill: 0)
            frame = WorkingFrame(factor: factor, workingWidth: working.width, workingHeight: working.height, skew: skew)
            field = GradientField(image: deskewed, validSpans: frame.validSpans)
        }
        let rows = ShelfRowFinder().rows(in: field, validSpans: frame.validSpans)
        var spines: [DetectedSpine] = []
        for (rowIndex, row) in rows.enumerated() {
            let boundaries = SpineBoundaryFinder().boundaries(in: field, row: row)
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
