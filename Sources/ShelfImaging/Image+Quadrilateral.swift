extension Image {
    /// The part of the image inside a quadrilateral, straightened into a `width` × `height` image.
    ///
    /// `corners` are top-left, top-right, bottom-right, bottom-left of the region as it should come
    /// out; each output pixel is sampled bilinearly where it falls between them, so a leaning or
    /// slightly skewed spine comes out upright. Points outside the image take the nearest edge pixel.
    public func sampled(quadrilateral corners: [Point], width outWidth: Int, height outHeight: Int) -> Image {
        let outWidth = max(1, outWidth), outHeight = max(1, outHeight)
        guard !isEmpty, let corners = Self.sampleable(corners) else {
            return Image(width: outWidth, height: outHeight, format: format, filledWith: 255)
        }
        let channels = format.channels
        return Image(width: outWidth, height: outHeight, format: format) { target in
            withUnsafeBytes { source in
                @inline(__always) func sample(_ at: Int, _ right: Int, _ down: Int, _ wx: Int, _ wy: Int) -> UInt8 {
                    let a = Int(source[at]), b = Int(source[at &+ right])
                    let c = Int(source[at &+ down]), d = Int(source[at &+ down &+ right])
                    let top = a &<< 8 &+ (b &- a) &* wx, bottom = c &<< 8 &+ (d &- c) &* wx
                    // The two weights' 1/256ths together: 2^16, rounded once.
                    return UInt8(truncatingIfNeeded: (top &<< 8 &+ (bottom &- top) &* wy &+ 1 << 15) >> 16)
                }
                var out = 0
                // Colour photos, the common case, with the channels written out: a loop over a
                // count known only at run time is not unrolled.
                if channels == 3 {
                    forEachBilinearSample(of: corners, width: outWidth, height: outHeight) { upperLeft, right, down, wx, wy in
                        target[out] = sample(upperLeft, right, down, wx, wy)
                        target[out &+ 1] = sample(upperLeft &+ 1, right, down, wx, wy)
                        target[out &+ 2] = sample(upperLeft &+ 2, right, down, wx, wy)
                        out &+= 3
                    }
                    return
                }
                forEachBilinearSample(of: corners, width: outWidth, height: outHeight) { upperLeft, right, down, wx, wy in
                    for channel in 0..<channels {
                        target[out &+ channel] = sample(upperLeft &+ channel, right, down, wx, wy)
                    }
                    out &+= channels
                }
            }
        }
    }

    /// `sampled(quadrilateral:width:height:)` straight to gray (BT.601 luma, as `grayscale()`): one
    /// pass instead of two, and one interpolation per pixel instead of one per channel.
    public func sampledGray(quadrilateral corners: [Point], width outWidth: Int, height outHeight: Int) -> Image {
        let outWidth = max(1, outWidth), outHeight = max(1, outHeight)
        guard !isEmpty, let corners = Self.sampleable(corners) else {
            return Image(width: outWidth, height: outHeight, format: .gray, filledWith: 255)
        }
        let channels = format.channels
        return Image(width: outWidth, height: outHeight, format: .gray) { target in
            withUnsafeBytes { source in
                // Luma in 1/256ths, as `grayscale()` weighs the channels; a gray source is its own.
                @inline(__always) func luma(_ at: Int) -> Int {
                    guard channels >= 3 else { return Int(source[at]) &<< 8 }
                    return 77 &* Int(source[at]) &+ 150 &* Int(source[at &+ 1]) &+ 29 &* Int(source[at &+ 2])
                }
                var out = 0
                forEachBilinearSample(of: corners, width: outWidth, height: outHeight) { upperLeft, right, down, wx, wy in
                    let a = luma(upperLeft), b = luma(upperLeft &+ right)
                    let c = luma(upperLeft &+ down), d = luma(upperLeft &+ down &+ right)
                    let top = a &<< 8 &+ (b &- a) &* wx, bottom = c &<< 8 &+ (d &- c) &* wx
                    // Luma's 1/256ths and the two weights' together: 2^24, rounded once.
                    target[out] = UInt8(truncatingIfNeeded: (top &<< 8 &+ (bottom &- top) &* wy &+ 1 << 23) >> 24)
                    out &+= 1
                }
            }
        }
    }

    /// Where each pixel of a `width` × `height` sampling of the quadrilateral falls in this image,
    /// row by row: the byte offset of the upper-left of its four neighbours, the offsets from it to
    /// the right and lower ones (0 at the image's last column or row, so points outside take the
    /// nearest edge pixel), and the weights of those, in 1/256ths.
    ///
    /// Positions are stepped along each row in 1/65536ths of a pixel, so the work per pixel is
    /// integer only; corners within a billion pixels (`sampleable`) keep every position far inside `Int`.
    @inline(__always)
    private func forEachBilinearSample(
        of corners: (Point, Point, Point, Point), width outWidth: Int, height outHeight: Int,
        _ body: (_ upperLeft: Int, _ right: Int, _ down: Int, _ weightRight: Int, _ weightDown: Int) -> Void
    ) {
        let (topLeft, topRight, bottomRight, bottomLeft) = corners
        let channels = format.channels, rowBytes = width * channels
        let one = 65536.0, maxX = (width - 1) << 16, maxY = (height - 1) << 16
        for row in 0..<outHeight {
            let t = (Double(row) + 0.5) / Double(outHeight)
            let leftX = topLeft.x + (bottomLeft.x - topLeft.x) * t
            let leftY = topLeft.y + (bottomLeft.y - topLeft.y) * t
            let stepX = (topRight.x + (bottomRight.x - topRight.x) * t - leftX) / Double(outWidth)
            let stepY = (topRight.y + (bottomRight.y - topRight.y) * t - leftY) / Double(outWidth)
            var x = Int(((leftX + stepX / 2 - 0.5) * one).rounded())
            var y = Int(((leftY + stepY / 2 - 0.5) * one).rounded())
            let dx = Int((stepX * one).rounded()), dy = Int((stepY * one).rounded())
            for _ in 0..<outWidth {
                let heldX = min(max(x, 0), maxX), heldY = min(max(y, 0), maxY)
                x &+= dx
                y &+= dy
                body(
                    (heldY >> 16) &* rowBytes &+ (heldX >> 16) &* channels, heldX < maxX ? channels : 0,
                    heldY < maxY ? rowBytes : 0, (heldX >> 8) & 255, (heldY >> 8) & 255)
            }
        }
    }

    /// The four corners, each coordinate held within a billion pixels (so that no difference of
    /// two overflows to infinity); nil unless there are four, all numbers. Such an outline samples
    /// white: no trap, whatever a caller computed.
    static func sampleable(_ corners: [Point]) -> (Point, Point, Point, Point)? {
        guard corners.count == 4, corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        let held = corners.map { Point(x: min(max($0.x, -1e9), 1e9), y: min(max($0.y, -1e9), 1e9)) }
        return (held[0], held[1], held[2], held[3])
    }
}
