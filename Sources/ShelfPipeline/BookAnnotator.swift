import ShelfImaging

/// Draws what a scan found onto its photo, so a person sees at a glance what was found: every
/// book outlined in the colour of its status and labelled with its number in the report (from 1),
/// no two labels overlapping, and a legend of the colours in a band below the photo.
public enum BookAnnotator {
    /// A copy of `image` (scaled down so its longer side is at most `maxSide`) with the books drawn
    /// on, and the legend below it (`pictureSize` gives its size). The books' outlines are in
    /// `image`'s pixels.
    public static func annotated(_ image: Image, books: [DetectedBook], maxSide: Int = 2000) -> Image {
        var photo = image.fitting(maxSide: maxSide)
        if photo.format != .rgb { photo = photo.rgb() }
        let scale = Double(photo.width) / Double(max(1, image.width))
        let style = Style(width: photo.width, height: photo.height)
        let outlines = books.map { book in book.polygon.map { Point(x: $0.x * scale, y: $0.y * scale) } }
        for (book, outline) in zip(books, outlines) {
            photo.drawPolygon(outline, colour: .black, thickness: style.thickness + 2)
            photo.drawPolygon(outline, colour: colour(for: book.status), thickness: style.thickness)
        }
        // Labels after every outline, so that no outline crosses a number.
        var placer = LabelPlacer(bounds: PixelRect(x: 0, y: 0, width: photo.width, height: photo.height))
        var unplaced: [Int] = []
        for (index, (book, outline)) in zip(books, outlines).enumerated() {
            let label = String(index + 1)
            let text = Image.textSize(label, scale: style.textScale)
            let box = (width: text.width + 2 * style.padding, height: text.height + 2 * style.padding)
            let axis = centreLine(of: outline)
            // Along the book from the middle outwards, so that neighbours' labels stagger.
            let candidates = [0.5, 0.35, 0.65, 0.2, 0.8, 0.1, 0.9].map { axis.point(at: $0) }
            guard
                let placement = placer.place(
                    width: box.width, height: box.height, candidates: axis.isValid ? candidates : [],
                    anchor: axis.point(at: 0.5))
            else {
                unplaced.append(index + 1)
                continue
            }
            let rect = placement.rect
            if placement.isDisplaced {
                let centre = Point(x: Double(rect.x + rect.width / 2), y: Double(rect.y + rect.height / 2))
                photo.drawLine(from: centre, to: axis.point(at: 0.5), colour: .black, thickness: 3)
                photo.drawLine(from: centre, to: axis.point(at: 0.5), colour: colour(for: book.status), thickness: 1)
            }
            photo.fill(rect.insetBy(-1), with: .black)
            photo.fill(rect, with: colour(for: book.status))
            photo.drawText(
                label, at: (rect.x + style.padding, rect.y + style.padding), scale: style.textScale, colour: .black)
        }
        return withLegend(photo, style: style, unplaced: unplaced)
    }

    /// How much taller than the scaled photo the annotated picture is: the legend band's height.
    public static func legendHeight(forWidth width: Int, height: Int) -> Int {
        let style = Style(width: width, height: height)
        return legendLayout(width: width, style: style, unplaced: []).height
    }

    /// The size of the annotated picture of a `width` × `height` photo: the photo's part (where the
    /// outlines are, scaled as `Image.fitting(maxSide:)` scales) and the whole, legend included
    /// (when every label found room).
    public static func pictureSize(
        width: Int, height: Int, maxSide: Int
    ) -> (photoWidth: Int, photoHeight: Int, totalHeight: Int) {
        let photo = Image.fittedSize(width: width, height: height, maxSide: maxSide)
        return (photo.width, photo.height, photo.height + legendHeight(forWidth: photo.width, height: photo.height))
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

    /// What the legend calls each status, in its order.
    static let legendEntries: [(status: DetectedBook.Status, name: String)] = [
        (.detected, "SELECTED"), (.confirmed, "SELECTED - ISBN CONFIRMS"), (.uncertain, "UNCERTAIN - CHECK IT"),
        (.alreadyInLibrary, "ALREADY IN LIBRARY"),
    ]

    /// Sizes that grow with the picture, so that lines and numbers stay legible when it is scaled
    /// to a screen.
    struct Style {
        var thickness: Int
        var textScale: Int
        var padding: Int

        init(width: Int, height: Int) {
            thickness = max(2, Int((Double(max(width, height)) / 600).rounded()))
            textScale = max(2, thickness)
            padding = max(2, textScale)
        }
    }

    /// A book's centre line, from the middle of its top side to the middle of its bottom side.
    private struct Axis {
        var top: Point
        var bottom: Point
        var isValid: Bool

        func point(at fraction: Double) -> Point { top.interpolated(to: bottom, by: fraction) }
    }

    private static func centreLine(of outline: [Point]) -> Axis {
        guard outline.count >= 4, outline.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
            let centre = outline.first { $0.x.isFinite && $0.y.isFinite } ?? Point(x: 0, y: 0)
            return Axis(top: centre, bottom: centre, isValid: false)
        }
        return Axis(
            top: Point(x: (outline[0].x + outline[1].x) / 2, y: (outline[0].y + outline[1].y) / 2),
            bottom: Point(x: (outline[2].x + outline[3].x) / 2, y: (outline[2].y + outline[3].y) / 2), isValid: true)
    }

    /// Where each legend entry goes: swatches and names flowing left to right, onto more lines
    /// when the picture is narrow.
    private static func legendLayout(
        width: Int, style: Style, unplaced: [Int]
    ) -> (height: Int, items: [(origin: (x: Int, y: Int), swatch: Image.Colour?, text: String)]) {
        let textHeight = 7 * style.textScale
        let lineHeight = textHeight + 2 * style.padding
        var entries: [(Image.Colour?, String)] = legendEntries.map { (colour(for: $0.status), $0.name) }
        if !unplaced.isEmpty {
            entries.append((nil, "NO ROOM FOR LABELS " + unplaced.map(String.init).joined(separator: " ")))
        }
        var items: [(origin: (x: Int, y: Int), swatch: Image.Colour?, text: String)] = []
        var x = style.padding * 2, y = style.padding
        for (swatch, text) in entries {
            let itemWidth = (swatch == nil ? 0 : textHeight + style.padding) + Image.textSize(text, scale: style.textScale).width
            if x + itemWidth > width - style.padding, x > style.padding * 2 {
                x = style.padding * 2
                y += lineHeight
            }
            items.append(((x, y + style.padding), swatch, text))
            x += itemWidth + 2 * textHeight
        }
        return (y + lineHeight + style.padding, items)
    }

    /// The photo with the legend band below it.
    private static func withLegend(_ photo: Image, style: Style, unplaced: [Int]) -> Image {
        let layout = legendLayout(width: photo.width, style: style, unplaced: unplaced)
        var picture = Image(width: photo.width, height: photo.height + layout.height, format: .rgb, filledWith: 32)
        // The photo's rows are the picture's first rows: one copy.
        picture.withUnsafeMutableBytes { target in
            photo.withUnsafeBytes { source in
                _ = UnsafeMutableBufferPointer(rebasing: target[..<source.count]).initialize(from: source)
            }
        }
        let textHeight = 7 * style.textScale
        for item in layout.items {
            let x = item.origin.x, y = photo.height + item.origin.y
            var textX = x
            if let swatch = item.swatch {
                picture.fill(PixelRect(x: x, y: y, width: textHeight, height: textHeight), with: swatch)
                textX += textHeight + style.padding
            }
            picture.drawText(item.text, at: (textX, y), scale: style.textScale, colour: .white)
        }
        return picture
    }
}
