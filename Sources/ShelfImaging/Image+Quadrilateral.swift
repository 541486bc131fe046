extension Image {
    /// The part of the image inside a quadrilateral, straightened into a `width` × `height` image.
    ///
    /// `corners` are top-left, top-right, bottom-right, bottom-left of the region as it should come
    /// out; each output pixel is sampled bilinearly where it falls between them, so a leaning or
    /// slightly skewed spine comes out upright. Points outside the image take the nearest edge pixel.
    public func sampled(quadrilateral corners: [Point], width outWidth: Int, height outHeight: Int) -> Image {
        let outWidth = max(1, outWidth), outHeight = max(1, outHeight)
        guard !isEmpty, let (topLeft, topRight, bottomRight, bottomLeft) = Self.sampleable(corners) else {
            return Image(width: outWidth, height: outHeight, format: format, filledWith: 255)
        }
        let channels = format.channels, rowBytes = width * channels
        // Positions in 1/65536ths of a pixel, stepped along each row: integer work only per pixel.
        // Corners within a billion pixels keep every position far inside `Int`.
        let one = 65536.0, maxX = (width - 1) << 16, maxY = (height - 1) << 16
        return Image(width: outWidth, height: outHeight, format: format) { target in
            withUnsafeBytes { source in
                var base = 0
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
                        // Points outside the image take the nearest edge pixel.
                        let heldX = min(max(x, 0), maxX), heldY = min(max(y, 0), maxY)
                        x &+= dx
                        y &+= dy
                        // The four neighbours' first samples (the right and lower ones stay at the
                        // edge), weighed in 1/256ths and rounded once.
                        let upperLeft = (heldY >> 16) &* rowBytes &+ (heldX >> 16) &* channels
                        let right = heldX < maxX ? channels : 0, down = heldY < maxY ? rowBytes : 0
                        let wx = (heldX >> 8) & 255, wy = (heldY >> 8) & 255
                        for channel in 0..<channels {
                            let at = upperLeft &+ channel
                            let a = Int(source[at]), b = Int(source[at &+ right])
                            let c = Int(source[at &+ down]), d = Int(source[at &+ down &+ right])
                            let top = a &<< 8 &+ (b &- a) &* wx, bottom = c &<< 8 &+ (d &- c) &* wx
                            target[base &+ channel] = UInt8(truncatingIfNeeded: (top &<< 8 &+ (bottom &- top) &* wy &+ 32768) >> 16)
                        }
                        base &+= channels
                    }
                }
            }
        }
    }
}

extension Image {
    /// `sampled(quadrilateral:width:height:)` straight to gray (BT.601 luma, as `grayscale()`): one
    /// pass instead of two, and one interpolation per pixel instead of one per channel.
    public func sampledGray(quadrilateral corners: [Point], width outWidth: Int, height outHeight: Int) -> Image {
        let outWidth = max(1, outWidth), outHeight = max(1, outHeight)
        guard !isEmpty, let (topLeft, topRight, bottomRight, bottomLeft) = Self.sampleable(corners) else {
            return Image(width: outWidth, height: outHeight, format: .gray, filledWith: 255)
        }
        let channels = format.channels, rowBytes = width * channels
        // Positions in 1/65536ths of a pixel, as `sampled` steps them.
        let one = 65536.0, maxX = (width - 1) << 16, maxY = (height - 1) << 16
        return Image(width: outWidth, height: outHeight, format: .gray) { target in
            withUnsafeBytes { source in
                // Luma in 1/256ths, as `grayscale()` weighs the channels; a gray source is its own.
                @inline(__always) func luma(_ at: Int) -> Int {
                    guard channels >= 3 else { return Int(source[at]) &<< 8 }
                    return 77 &* Int(source[at]) &+ 150 &* Int(source[at &+ 1]) &+ 29 &* Int(source[at &+ 2])
                }
                var out = 0
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
                        let upperLeft = (heldY >> 16) &* rowBytes &+ (heldX >> 16) &* channels
                        let right = heldX < maxX ? channels : 0, down = heldY < maxY ? rowBytes : 0
                        let wx = (heldX >> 8) & 255, wy = (heldY >> 8) & 255
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
