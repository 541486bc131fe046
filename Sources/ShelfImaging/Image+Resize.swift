extension Image {
    /// The image shrunk by a whole `factor`, each output pixel the mean of a `factor`×`factor` block
    /// (edge blocks average what there is).
    public func downscaled(byFactor factor: Int) -> Image {
        precondition(factor >= 1, "the factor must be at least 1")
        if factor == 1 { return self }
        let outWidth = (width + factor - 1) / factor
        let outHeight = (height + factor - 1) / factor
        let channels = format.channels
        if format == .rgb { return rgbDownscaled(byFactor: factor, outWidth: outWidth, outHeight: outHeight) }
        return Image(width: outWidth, height: outHeight, format: format) { target in
            withUnsafeBytes { source in
                var sums = [UInt32](repeating: 0, count: outWidth * channels)
                var counts = [UInt32](repeating: 0, count: outWidth)
                for outY in 0..<outHeight {
                    for index in 0..<sums.count { sums[index] = 0 }
                    for index in 0..<outWidth { counts[index] = 0 }
                    let rowEnd = min(height, (outY + 1) * factor)
                    for y in (outY * factor)..<rowEnd {
                        var sourceIndex = y * width * channels
                        for x in 0..<width {
                            let outX = x / factor
                            counts[outX] += 1
                            for channel in 0..<channels {
                                sums[outX * channels + channel] += UInt32(source[sourceIndex + channel])
                            }
                            sourceIndex += channels
                        }
                    }
                    let rowBase = outY * outWidth * channels
                    for outX in 0..<outWidth {
                        let count = counts[outX]
                        for channel in 0..<channels {
                            let sum = sums[outX * channels + channel]
                            target[rowBase + outX * channels + channel] = UInt8((sum + count / 2) / count)
                        }
                    }
                }
            }
        }
    }

    /// `downscaled(byFactor:)` for RGB: the hot path of every shelf photo, summed a source row at a
    /// time into per-column accumulators without per-pixel division.
    private func rgbDownscaled(byFactor factor: Int, outWidth: Int, outHeight: Int) -> Image {
        Image(width: outWidth, height: outHeight, format: .rgb) { target in
            withUnsafeBytes { source in
                let sums = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: outWidth * 3)
                defer { sums.deallocate() }
                let fullColumns = width / factor
                for outY in 0..<outHeight {
                    sums.initialize(repeating: 0)
                    let rowEnd = min(height, (outY + 1) * factor)
                    for y in (outY * factor)..<rowEnd {
                        var sourceIndex = y * width * 3
                        for outX in 0..<fullColumns {
                            var red: UInt32 = 0, green: UInt32 = 0, blue: UInt32 = 0
                            for _ in 0..<factor {
                                red &+= UInt32(source[sourceIndex])
                                green &+= UInt32(source[sourceIndex + 1])
                                blue &+= UInt32(source[sourceIndex + 2])
                                sourceIndex += 3
                            }
                            sums[outX * 3] &+= red
                            sums[outX * 3 + 1] &+= green
                            sums[outX * 3 + 2] &+= blue
                        }
                        if fullColumns < outWidth {
                            for _ in (fullColumns * factor)..<width {
                                sums[fullColumns * 3] &+= UInt32(source[sourceIndex])
                                sums[fullColumns * 3 + 1] &+= UInt32(source[sourceIndex + 1])
                                sums[fullColumns * 3 + 2] &+= UInt32(source[sourceIndex + 2])
                                sourceIndex += 3
                            }
                        }
                    }
                    let rows = UInt32(rowEnd - outY * factor)
                    let base = outY * outWidth * 3
                    for outX in 0..<outWidth {
                        let columns = UInt32(outX < fullColumns ? factor : width - fullColumns * factor)
                        let count = rows * columns
                        for channel in 0..<3 {
                            target[base + outX * 3 + channel] = UInt8((sums[outX * 3 + channel] + count / 2) / count)
                        }
                    }
                }
            }
        }
    }

    /// The image resampled to `newWidth`×`newHeight`: area averaging where it shrinks,
    /// bilinear interpolation where it grows.
    public func resized(width newWidth: Int, height newHeight: Int) -> Image {
        precondition(newWidth > 0 && newHeight > 0, "the new size must be positive")
        if newWidth == width && newHeight == height { return self }
        if newWidth <= width && newHeight <= height {
            return areaAveraged(width: newWidth, height: newHeight)
        }
        return bilinear(width: newWidth, height: newHeight)
    }

    /// The image scaled by `scale` on both axes (at least one pixel each way).
    public func scaled(by scale: Double) -> Image {
        resized(
            width: max(1, Int((Double(width) * scale).rounded())),
            height: max(1, Int((Double(height) * scale).rounded())))
    }

    /// The image scaled down so that its longer side is at most `maxSide` (unchanged when it already is).
    public func fitting(maxSide: Int) -> Image {
        let size = Self.fittedSize(width: width, height: height, maxSide: maxSide)
        guard size.width != width || size.height != height else { return self }
        return resized(width: size.width, height: size.height)
    }

    /// The size `fitting(maxSide:)` gives an image of `width` × `height`.
    public static func fittedSize(width: Int, height: Int, maxSide: Int) -> (width: Int, height: Int) {
        let longer = max(width, height)
        guard longer > maxSide else { return (width, height) }
        let scale = Double(maxSide) / Double(longer)
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    private func areaAveraged(width newWidth: Int, height newHeight: Int) -> Image {
        let channels = format.channels
        // Source span of each output column and row, in whole pixels (every source pixel used once).
        let columnStarts = (0...newWidth).map { $0 * width / newWidth }
        let rowStarts = (0...newHeight).map { $0 * height / newHeight }
        return Image(width: newWidth, height: newHeight, format: format) { target in
            withUnsafeBytes { source in
                var sums = [UInt32](repeating: 0, count: newWidth * channels)
                for outY in 0..<newHeight {
                    for index in 0..<sums.count { sums[index] = 0 }
                    let top = rowStarts[outY], bottom = max(rowStarts[outY + 1], top + 1)
                    for y in top..<bottom {
                        let row = y * width * channels
                        for outX in 0..<newWidth {
                            let left = columnStarts[outX], right = max(columnStarts[outX + 1], left + 1)
                            for x in left..<right {
                                let base = row + x * channels
                                for channel in 0..<channels {
                                    sums[outX * channels + channel] += UInt32(source[base + channel])
                                }
                            }
                        }
                    }
                    for outX in 0..<newWidth {
                        let area = UInt32(
                            (max(columnStarts[outX + 1], columnStarts[outX] + 1) - columnStarts[outX])
                                * (bottom - top))
                        for channel in 0..<channels {
                            let index = outX * channels + channel
                            target[(outY * newWidth) * channels + index] = UInt8((sums[index] + area / 2) / area)
                        }
                    }
                }
            }
        }
    }

    private func bilinear(width newWidth: Int, height newHeight: Int) -> Image {
        let channels = format.channels
        let scaleX = Double(width) / Double(newWidth)
        let scaleY = Double(height) / Double(newHeight)
        // Each output column's two source columns (as sample offsets in a row) and its weight,
        // worked out once rather than on every row.
        let columns = (0..<newWidth).map { outX in
            let sourceX = max(0, min(Double(width - 1), (Double(outX) + 0.5) * scaleX - 0.5))
            let x0 = Int(sourceX), x1 = min(x0 + 1, width - 1)
            return (left: x0 * channels, right: x1 * channels, fx: sourceX - Double(x0))
        }
        return Image(width: newWidth, height: newHeight, format: format) { target in
            withUnsafeBytes { source in
                var out = 0
                for outY in 0..<newHeight {
                    let sourceY = max(0, min(Double(height - 1), (Double(outY) + 0.5) * scaleY - 0.5))
                    let y0 = Int(sourceY), y1 = min(y0 + 1, height - 1)
                    let fy = sourceY - Double(y0)
                    let upperRow = y0 * width * channels, lowerRow = y1 * width * channels
                    for column in columns {
                        for channel in 0..<channels {
                            target[out + channel] = Self.blend(
                                source, upperLeft: upperRow + column.left + channel,
                                right: column.right - column.left, down: lowerRow - upperRow, fx: column.fx, fy: fy)
                        }
                        out += channels
                    }
                }
            }
        }
    }

    /// One sample blended bilinearly from the source sample at `upperLeft`, the one `right` samples
    /// along, and the two `down` samples below them, `fx` and `fy` of the way from the first to the
    /// second of each pair.
    @inline(__always)
    static func blend(
        _ source: UnsafeBufferPointer<UInt8>, upperLeft: Int, right: Int, down: Int, fx: Double, fy: Double
    ) -> UInt8 {
        let a = Double(source[upperLeft]), b = Double(source[upperLeft + right])
        let c = Double(source[upperLeft + down]), d = Double(source[upperLeft + down + right])
        let top = a + (b - a) * fx, bottom = c + (d - c) * fx
        // Halves up, as `rounded()` for a value of 0 or more, without a call into libm per sample.
        return UInt8(clamping: Int(top + (bottom - top) * fy + 0.5))
    }
}
