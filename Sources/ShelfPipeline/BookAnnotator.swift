import ShelfImaging

/// Draws what a scan found onto its photo, so a person sees at a glance what was found: every
/// book outlined in the colour of its status and labelled with its number in the report (from 1).
public enum BookAnnotator {
    /// A copy of `image` (scaled down so its longer side is at most `maxSide`) with the books drawn on.
    /// The books' outlines are in `image`'s pixels.
    public static func annotated(_ image: Image, books: [DetectedBook], maxSide: Int = 2000) -> Image {
        var canvas = image.fitting(maxSide: maxSide)
        if canvas.format != .rgb { canvas = canvas.rgb() }
        let scale = Double(canvas.width) / Double(max(1, image.width))
        let thickness = max(2, Int((Double(max(canvas.width, canvas.height)) / 600).rounded()))
        let textScale = max(2, thickness)
        for book in books {
            let outline = book.polygon.map { Point(x: $0.x * scale, y: $0.y * scale) }
            canvas.drawPolygon(outline, colour: .black, thickness: thickness + 2)
            canvas.drawPolygon(outline, colour: colour(for: book.status), thickness: thickness)
        }
        // Labels after every outline, so that no outline crosses a number.
        for (index, book) in books.enumerated() where book.polygon.count >= 4 {
            let outline = book.polygon.map { Point(x: $0.x * scale, y: $0.y * scale) }
            let label = String(index + 1)
            let size = Image.textSize(label, scale: textScale)
            // At the top of the outline, a little inside it.
            let topMiddle = Point(x: (outline[0].x + outline[1].x) / 2, y: (outline[0].y + outline[1].y) / 2)
            let bottomMiddle = Point(x: (outline[2].x + outline[3].x) / 2, y: (outline[2].y + outline[3].y) / 2)
            let anchor = Point(
                x: topMiddle.x + (bottomMiddle.x - topMiddle.x) * 0.06,
                y: topMiddle.y + (bottomMiddle.y - topMiddle.y) * 0.06)
            let padding = textScale
            let x = min(canvas.width - size.width - padding, max(padding, Int(anchor.x) - size.width / 2))
            let y = min(canvas.height - size.height - padding, max(padding, Int(anchor.y)))
            canvas.fill(
                PixelRect(x: x - padding, y: y - padding, width: size.width + 2 * padding, height: size.height + 2 * padding),
                with: colour(for: book.status))
            canvas.drawText(label, at: (x, y), scale: textScale, colour: .black)
        }
        return canvas
    }

    /// The colour a status is drawn in.
    public static func colour(for status: DetectedBook.Status) -> Image.Colour {
        switch status {
        case .confirmed: Image.Colour(red: 60, green: 150, blue: 255)
        case .detected: Image.Colour(red: 60, green: 210, blue: 80)
        case .alreadyInLibrary: Image.Colour(red: 200, green: 110, blue: 230)
        case .uncertain: Image.Colour(red: 255, green: 190, blue: 30)
        }
    }
}
