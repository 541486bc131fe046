import Foundation
import ShelfImaging

/// Finds the books on a shelf photo: the camera's roll first, then the shelf rows, then the
/// boundaries between the books of each row. Works on a reduced copy of the photo and returns every
/// spine as a quadrilateral in the photo's own pixels, ready for the crops the OCR stage cuts.
public struct SpineDetector: Sendable {
    /// The longer side of the reduced copy the detector works on (the photo shrinks by a whole
    /// factor to at most this).
    public var workingSide: Int
    /// A photo whose longer side is shorter than this is enlarged to it first. The detector's
    /// measures in pixels (edge runs, gaps, the bins of the search between copies) were set at the
    /// sizes large photos shrink to; on a 640 px photo, where many spines are a dozen pixels wide,
    /// they miss books.
    public var minimumWorkingSide: Int

    public init(workingSide: Int = 1200, minimumWorkingSide: Int = 960) {
        precondition(workingSide >= 64, "the working copy needs some pixels")
        self.workingSide = workingSide
        self.minimumWorkingSide = min(minimumWorkingSide, workingSide)
    }

    /// An outline whose end corners lie within this share of the photo's longer side from its edge
    /// runs out of the photo there.
    var frameMargin = 0.01
    /// An outline cut by the photo's edge at an end and shorter than this share of the photo's
    /// median outline is the stub of a book (`withoutStubsCutByTheFrame`). Fitted on the tune part
    /// of the real photos (docs/real-split.txt): of such outlines up to 0.6, 4 in 259 were books the
    /// truth outlines; from 0.6 to 0.8, 14 in 78.
    var minCutLengthShare = 0.6
    /// The median needs a few outlines to be the photo's books' length.
    var minSpinesForMedian = 4
    /// How much more boundary a quarter turn of the photo must show to be taken as its way up.
    var sidewaysMargin = 1.5
    /// How each row's boundaries become outlines.
    var outliner = SpineOutliner()

    /// The spines in `image` (as displayed), top row first, left to right within a row.
    ///
    /// A photo taken sideways (its rows running up the picture, with no EXIF turn to say so), or
    /// of books lying in a stack, shows its books' long sides as horizontal edges: the photo
    /// turned a quarter shows them as the long boundaries of upright books. Whichever way shows
    /// clearly more boundary is taken; the outlines are in the photo's own pixels either way.
    public func spines(in image: Image) -> [DetectedSpine] {
        guard image.width >= 16 && image.height >= 16 else { return [] }
        let side = max(image.width, image.height)
        guard side >= minimumWorkingSide else {
            let enlarged = image.scaled(by: Double(minimumWorkingSide) / Double(side))
            let (scaleX, scaleY) = (
                Double(image.width) / Double(enlarged.width), Double(image.height) / Double(enlarged.height)
            )
            let found = spinesAtWorkingSize(in: enlarged).map { spine in
                var spine = spine
                spine.polygon = spine.polygon.map { Point(x: $0.x * scaleX, y: $0.y * scaleY) }
                return spine
            }
            return withoutStubsCutByTheFrame(found, frame: PictureFrame(of: image))
        }
        return withoutStubsCutByTheFrame(spinesAtWorkingSize(in: image), frame: PictureFrame(of: image))
    }

    /// `spines` less the stubs of books the picture's edge cuts off: an outline that runs out of
    /// the picture at one end and is shorter than `minCutLengthShare` of the median length of the
    /// outlines it does not cut shows only the end of a book, whose title the photo does not hold.
    /// Whole books that touch the edge are about as long as the others and stay. The picture's edge
    /// is the photo's, or the border of the black fill a photo turned in an editor has in its
    /// corners. A photo whose edge cuts a whole row of stubs has as many of them as books: the
    /// median of all its outlines would be a stub's.
    func withoutStubsCutByTheFrame(_ spines: [DetectedSpine], frame: PictureFrame) -> [DetectedSpine] {
        guard spines.count >= minSpinesForMedian else { return spines }
        let margin = frameMargin * Double(max(frame.width, frame.height))
        func isCutAtAnEnd(_ spine: DetectedSpine) -> Bool {
            let corners = spine.polygon
            // A flat piece of a stack lies across: its length is its thickness.
            guard corners.count == 4, spine.length > spine.width else { return false }
            func isOnTheFrame(_ point: Point) -> Bool { frame.isOnEdge(point, margin: margin) }
            return (isOnTheFrame(corners[0]) && isOnTheFrame(corners[1]))
                || (isOnTheFrame(corners[2]) && isOnTheFrame(corners[3]))
        }
        let cut = spines.map(isCutAtAnEnd)
        let whole = zip(spines, cut).filter { !$0.1 }.map(\.0.length)
        let lengths = (whole.count >= minSpinesForMedian ? whole : spines.map(\.length)).sorted()
        let median = lengths[lengths.count / 2]
        return zip(spines, cut).filter { spine, isCut in !isCut || spine.length >= minCutLengthShare * median }.map(\.0)
    }

    /// The spines in `image`, reduced to at most `workingSide` but not enlarged.
    private func spinesAtWorkingSize(in image: Image) -> [DetectedSpine] {
        let factor = max(1, Int((Double(max(image.width, image.height)) / Double(workingSide)).rounded(.up)))
        var working = image.downscaled(byFactor: factor)
        if working.format != .rgb { working = working.rgb() }
        let upright = layout(of: working, factor: factor, photoWidth: image.width, photoHeight: image.height)
        // The working copy is turned, not the photo: turning a whole photo and shrinking it again took
        // about a quarter of detection's time. The turned copy's columns are whole blocks of the photo's
        // rows counted from `reach` (its last block may hang below the photo's foot), its rows blocks
        // of its columns.
        let reach = working.height * factor
        let turned = layout(of: working.rotated(quarterTurns: 1), factor: factor, photoWidth: reach, photoHeight: image.width)
        guard turned.boundaryLength > sidewaysMargin * upright.boundaryLength else { return upright.spines }
        // A point (x, y) of the photo is (reach - y, x) of the turned copy.
        return turned.spines.map { spine in
            var spine = spine
            spine.polygon = spine.polygon.map { Point(x: $0.y, y: min(Double(image.height), max(0, Double(reach) - $0.x))) }
            spine.lean -= 90
            return spine
        }
    }

    /// What the detector finds in an image taken the way it is displayed.
    private struct Layout {
        var spines: [DetectedSpine]
        /// The summed length of the spine boundaries found, in working pixels: how strongly the
        /// image shows upright books.
        var boundaryLength: Double
    }

    /// The layout of a photo `photoWidth` × `photoHeight` from its `working` copy, shrunk by `factor`.
    private func layout(of working: Image, factor: Int, photoWidth: Int, photoHeight: Int) -> Layout {

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
        var boundaryLength = 0.0
        for (rowIndex, row) in rows.enumerated() {
            let boundaries = SpineBoundaryFinder().boundaries(in: field, row: row)
            boundaryLength += boundaries.reduce(0) { $0 + $1.coverage * Double(row.count) }
            let ceiling = rowIndex == 0 ? 0 : rows[rowIndex - 1].upperBound + 2
            let outlines = outliner.outlines(
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
                        polygon: corners.map { frame.photoPoint($0, photoWidth: photoWidth, photoHeight: photoHeight) },
                        score: outline.score, row: rowIndex, lean: lean))
            }
        }
        return Layout(spines: spines, boundaryLength: boundaryLength)
    }
}
