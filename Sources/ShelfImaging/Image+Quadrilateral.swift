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
        let channels = format.channels
        let sourceWidth = width, sourceHeight = height
        let maxX = Double(width - 1), maxY = Double(height - 1)
        // Where each column falls between the left and right sides, the same on every row.
        let columnFractions = (0..<outWidth).map { (Double($0) + 0.5) / Double(outWidth) }
        return Image(width: outWidth, height: outHeight, format: format) { target in
            withUnsafeBytes { source in
                var base = 0
                for row in 0..<outHeight {
                    let t = (Double(row) + 0.5) / Double(outHeight)
                    let leftX = topLeft.x + (bottomLeft.x - topLeft.x) * t
                    let leftY = topLeft.y + (bottomLeft.y - topLeft.y) * t
                    let spanX = topRight.x + (bottomRight.x - topRight.x) * t - leftX
                    let spanY = topRight.y + (bottomRight.y - topRight.y) * t - leftY
                    for s in columnFractions {
                        let x = min(max(leftX + spanX * s - 0.5, 0), maxX)
                        let y = min(max(leftY + spanY * s - 0.5, 0), maxY)
                        let x0 = Int(x), y0 = Int(y)
                        let fx = x - Double(x0), fy = y - Double(y0)
                        // The four neighbours' first samples; the right and lower ones stay at the edge.
                        let upperLeft = (y0 * sourceWidth + x0) * channels
                        let right = x0 + 1 < sourceWidth ? channels : 0
                        let down = y0 + 1 < sourceHeight ? sourceWidth * channels : 0
                        for channel in 0..<channels {
                            target[base + channel] = Self.blend(
                                source, upperLeft: upperLeft + channel, right: right, down: down, fx: fx, fy: fy)
                        }
                        base += channels
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
        let channels = format.channels
        let maxX = Double(width - 1), maxY = Double(height - 1)
        let sourceWidth = width, sourceHeight = height
        return Image(width: outWidth, height: outHeight, format: .gray) { target in
            withUnsafeBytes { source in
                // Luma in 1/256ths, as `grayscale()` weighs the channels; a gray source is its own.
                @inline(__always) func luma(_ pixel: Int) -> Float {
                    let base = pixel * channels
                    guard channels >= 3 else { return 256 * Float(source[base]) }
                    return 77 * Float(source[base]) + 150 * Float(source[base + 1]) + 29 * Float(source[base + 2])
                }
                for row in 0..<outHeight {
                    let t = (Double(row) + 0.5) / Double(outHeight)
                    let leftX = topLeft.x + (bottomLeft.x - topLeft.x) * t,
                        leftY = topLeft.y + (bottomLeft.y - topLeft.y) * t
                    let rightX = topRight.x + (bottomRight.x - topRight.x) * t
                    let rightY = topRight.y + (bottomRight.y - topRight.y) * t
                    let stepX = (rightX - leftX) / Double(outWidth), stepY = (rightY - leftY) / Double(outWidth)
                    var sourceX = leftX + stepX / 2 - 0.5, sourceY = leftY + stepY / 2 - 0.5
                    let rowStart = row * outWidth
                    for column in 0..<outWidth {
                        let x = min(max(sourceX, 0), maxX), y = min(max(sourceY, 0), maxY)
                        sourceX += stepX
                        sourceY += stepY
                        let x0 = Int(x), y0 = Int(y)
                        let x1 = min(x0 + 1, sourceWidth - 1), y1 = min(y0 + 1, sourceHeight - 1)
                        let fx = Float(x - Double(x0)), fy = Float(y - Double(y0))
                        let a = luma(y0 * sourceWidth + x0), b = luma(y0 * sourceWidth + x1)
                        let c = luma(y1 * sourceWidth + x0), d = luma(y1 * sourceWidth + x1)
                        let top = a + (b - a) * fx, bottom = c + (d - c) * fx
                        target[rowStart + column] = UInt8(min(255, max(0, (top + (bottom - top) * fy) / 256 + 0.5)))
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
