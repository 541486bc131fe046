import ShelfImaging

/// A strip along one long edge of a spine, turned so that the spine's lettering runs across it and
/// the edge lies at the bottom, with the map from its pixels back to the photo's.
package struct SpineEdgeBand {
    /// Its corners in the photo: top-left, top-right, bottom-right, bottom-left as it comes out.
    let corners: [Point]
    /// Its size in pixels.
    package let width: Int
    let height: Int
    /// The width of the whole spine, in the band's pixels.
    package let spineWidth: Double
    /// The rows inside the spine's outline (the rest reach beyond it).
    package let insideHeight: Int

    /// The band of the spine outlined by `polygon` (top-left, top-right, bottom-right, bottom-left
    /// as the book stands) along the edge that is at the bottom once the spine is turned clockwise by
    /// `quarterTurns`; `share` of the spine's width deep, reaching `margin` of it beyond the edge (for
    /// an outline drawn too tight), sampled with `pixelsAcross` pixels across the spine.
    /// Nil for an outline that is not four finite corners, or one so long for its width (over 500
    /// to 1) that no book has it.
    package init?(polygon: [Point], quarterTurns: Int, share: Double, margin: Double, pixelsAcross: Double) {
        guard polygon.count == 4, polygon.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        // Turning the book clockwise by one quarter makes its bottom-left corner the top-left one.
        let turns = ((quarterTurns % 4) + 4) % 4
        var turned = (0..<4).map { polygon[($0 + 4 - turns) % 4] }
        // Detected outlines often narrow towards one end of the spine, where the small print sits;
        // books are rectangles, so the narrower end is widened about its middle to the wider one's width.
        let leftEnd = turned[0].distance(to: turned[3]), rightEnd = turned[1].distance(to: turned[2])
        if leftEnd < rightEnd {
            (turned[0], turned[3]) = Self.widened(turned[0], turned[3], to: rightEnd)
        } else {
            (turned[1], turned[2]) = Self.widened(turned[1], turned[2], to: leftEnd)
        }
        let across = (turned[0].distance(to: turned[3]) + turned[1].distance(to: turned[2])) / 2
        let along = (turned[0].distance(to: turned[1]) + turned[3].distance(to: turned[2])) / 2
        let scale = pixelsAcross / max(across, 1)
        corners = [
            turned[0].interpolated(to: turned[3], by: 1 - share), turned[1].interpolated(to: turned[2], by: 1 - share),
            turned[1].interpolated(to: turned[2], by: 1 + margin), turned[0].interpolated(to: turned[3], by: 1 + margin),
        ]
        guard along * scale <= Self.maxLength, (share + margin) * across * scale <= Self.maxLength else { return nil }
        width = max(8, Int((along * scale).rounded()))
        height = max(4, Int(((share + margin) * across * scale).rounded()))
        spineWidth = across * scale
        insideHeight = min(height, max(1, Int((share * across * scale).rounded())))
    }

    /// The longest band, in pixels.
    static let maxLength = 60_000.0

    /// The segment from `a` to `b` stretched about its middle to `length`.
    private static func widened(_ a: Point, _ b: Point, to length: Double) -> (Point, Point) {
        let current = a.distance(to: b)
        guard current > 0 else { return (a, b) }
        let stretch = (length / current - 1) / 2
        let dx = (b.x - a.x) * stretch, dy = (b.y - a.y) * stretch
        return (Point(x: a.x - dx, y: a.y - dy), Point(x: b.x + dx, y: b.y + dy))
    }

    /// The band's pixels, sampled from `photo`, in gray.
    package func grayImage(in photo: Image) -> Image {
        photo.sampledGray(quadrilateral: corners, width: width, height: height)
    }

    /// Where a point of the band (in its pixels, edges included) lies in the photo.
    package func photoPoint(x: Double, y: Double) -> Point {
        let u = x / Double(width), v = y / Double(height)
        let top = Point(
            x: corners[0].x + (corners[1].x - corners[0].x) * u, y: corners[0].y + (corners[1].y - corners[0].y) * u)
        let bottom = Point(
            x: corners[3].x + (corners[2].x - corners[3].x) * u, y: corners[3].y + (corners[2].y - corners[3].y) * u)
        return Point(x: top.x + (bottom.x - top.x) * v, y: top.y + (bottom.y - top.y) * v)
    }

    /// The part of the photo under `rect` (band pixels), straightened and resampled by `scale`.
    package func image(of rect: PixelRect, scale: Double, in photo: Image) -> Image {
        let x0 = Double(rect.x), y0 = Double(rect.y), x1 = Double(rect.maxX), y1 = Double(rect.maxY)
        let quadrilateral = [
            photoPoint(x: x0, y: y0), photoPoint(x: x1, y: y0), photoPoint(x: x1, y: y1), photoPoint(x: x0, y: y1),
        ]
        return photo.sampled(
            quadrilateral: quadrilateral, width: Int((Double(rect.width) * scale).rounded()),
            height: Int((Double(rect.height) * scale).rounded()))
    }
}
