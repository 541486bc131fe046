import ShelfImaging
import ShelfReading

/// Cuts a book out of its photo for a person to look at: straightened from its outline, at the
/// photo's resolution (or less), and turned so that its lettering reads left to right.
public enum BookCropper {
    /// The book's crop, its longer side at most `maxSide` pixels. An outline that is not four finite
    /// corners, or that covers no pixel, gives a small blank picture.
    public static func crop(of book: DetectedBook, in image: Image, maxSide: Int = 1200) -> Image {
        let blank = Image(width: 8, height: 8, format: .rgb, filledWith: 255)
        let polygon = book.polygon
        guard polygon.count == 4, polygon.allSatisfy({ $0.x.isFinite && $0.y.isFinite }), maxSide >= 8 else {
            return blank
        }
        let across = (polygon[0].distance(to: polygon[1]) + polygon[3].distance(to: polygon[2])) / 2
        let along = (polygon[0].distance(to: polygon[3]) + polygon[1].distance(to: polygon[2])) / 2
        let longer = max(across, along)
        guard longer >= 1, longer.isFinite else { return blank }
        // Never larger than the photo shows it, never past `maxSide`.
        let scale = min(1, Double(maxSide) / longer)
        let width = max(4, min(maxSide, Int((across * scale).rounded())))
        let height = max(4, min(maxSide, Int((along * scale).rounded())))
        var crop = image.sampled(quadrilateral: polygon, width: width, height: height)
        if crop.format != .rgb { crop = crop.rgb() }
        let orientation = book.textOrientation ?? (across > 0.7 * along ? .horizontal : .topToBottom)
        return crop.rotated(quarterTurns: orientation.quarterTurns)
    }
}
