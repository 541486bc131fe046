import ShelfImaging

extension SpineReader {
    /// The book cut out upright and resampled, in its colours, with the photo pixels per crop pixel:
    /// what the readings start from. `part` cuts only a stretch of the book, as fractions of its
    /// length from head (0) to foot (1), at the scale of the whole. An outline that is not four
    /// finite corners gives a blank crop, which reads as nothing.
    public func colourCrop(_ polygon: [Point], in photo: Image, along part: ClosedRange<Double> = 0...1) -> (
        image: Image, scale: Double
    ) {
        guard polygon.count == 4, polygon.allSatisfy({ $0.x.isFinite && $0.y.isFinite }),
            part.lowerBound.isFinite, part.upperBound.isFinite
        else {
            return (Image(width: 4, height: 4, format: .rgb, filledWith: 255), 1)
        }
        let across = (polygon[0].distance(to: polygon[1]) + polygon[3].distance(to: polygon[2])) / 2
        let along = (polygon[0].distance(to: polygon[3]) + polygon[1].distance(to: polygon[2])) / 2
        var scale = min(max(pixelsAcross / max(across, 1), 0.25), 6)
        // Covers and thick spines: their lettering is a small part of the width; keep the photo's
        // resolution up to a cap on the longer side.
        if across > 0.3 * along { scale = min(max(scale, 1), 1400 / max(across, along)) }
        // No crop longer than any spine of a 100 MP photo could make (an outline off into the
        // distance would otherwise ask for gigapixels).
        let longest = max(across, along) * scale
        if longest > Self.maxCropSide { scale *= Self.maxCropSide / longest }
        let head = min(max(part.lowerBound, 0), 1), foot = min(max(part.upperBound, head), 1)
        let outline = Self.stretch(of: polygon, from: head, to: foot)
        let width = Int(saturating: (across * scale).rounded())
        let height = Int(saturating: (along * (foot - head) * scale).rounded())
        return (photo.sampled(quadrilateral: outline, width: max(width, 4), height: max(height, 4)), 1 / scale)
    }

    /// An outline (top-left, top-right, bottom-right, bottom-left) widened by `share` of its width
    /// on each long side, its length unchanged.
    public static func widened(_ polygon: [Point], by share: Double) -> [Point] {
        guard polygon.count == 4 else { return polygon }
        return [
            polygon[1].interpolated(to: polygon[0], by: 1 + share), polygon[0].interpolated(to: polygon[1], by: 1 + share),
            polygon[3].interpolated(to: polygon[2], by: 1 + share), polygon[2].interpolated(to: polygon[3], by: 1 + share),
        ]
    }

    /// Whether words of a reading of a cut `across` pixels wide touch a long side of the spine: the
    /// outline was drawn through the lettering, and a wider cut holds all of it. Lettering read
    /// across the spine (`horizontal`) runs up to its long sides as a matter of course.
    public static func lettersTouchLongSide(of reading: Reading, across: Int) -> Bool {
        guard reading.orientation != .horizontal else { return false }
        return reading.text.words.contains { $0.box.y <= 1 || $0.box.maxY >= across - 1 }
    }

    /// The part of a book's outline between two fractions of its length from its head.
    static func stretch(of polygon: [Point], from head: Double, to foot: Double) -> [Point] {
        guard head > 0 || foot < 1 else { return polygon }
        return [
            polygon[0].interpolated(to: polygon[3], by: head), polygon[1].interpolated(to: polygon[2], by: head),
            polygon[1].interpolated(to: polygon[2], by: foot), polygon[0].interpolated(to: polygon[3], by: foot),
        ]
    }

    /// The stretch of a book, as fractions of its length from its head, that holds `box` of a
    /// reading of it (in the reading's turned crop, whose length is the book's length over the
    /// reading's scale), widened by a margin so that the lettering keeps its background around it.
    public func stretch(holding box: PixelRect, of reading: Reading, outline polygon: [Point]) -> ClosedRange<Double> {
        guard polygon.count == 4 else { return 0...1 }
        let along = (polygon[0].distance(to: polygon[3]) + polygon[1].distance(to: polygon[2])) / 2
        let length = along / reading.scale
        guard length.isFinite, length >= 1 else { return 0...1 }
        // Where the box lies along the upright crop: its columns once turned a quarter, its rows when
        // the lettering runs across; a clockwise quarter turn puts the head at the right.
        let (start, end, lineSize): (Double, Double, Double)
        switch reading.orientation {
        case .topToBottom: (start, end, lineSize) = (Double(box.x), Double(box.maxX), Double(box.height))
        case .bottomToTop: (start, end, lineSize) = (length - Double(box.maxX), length - Double(box.x), Double(box.height))
        case .horizontal: (start, end, lineSize) = (Double(box.y), Double(box.maxY), 0)
        }
        let margin = titleStretchMargin * length + lineSize / 2
        let head = max(0, (start - margin) / length), foot = min(1, (end + margin) / length)
        return head < foot ? head...foot : 0...1
    }

    /// The longest side a crop is given, in pixels.
    static let maxCropSide = 60_000.0
}
