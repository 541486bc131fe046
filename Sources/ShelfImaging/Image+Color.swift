extension Image {
    /// The image as 8-bit gray (ITU-R BT.601 luma; alpha is ignored).
    public func grayscale() -> Image {
        if format == .gray { return self }
        let channels = format.channels
        return Image(width: width, height: height, format: .gray) { target in
            withUnsafeBytes { source in
                for index in 0..<(width * height) {
                    let base = index * channels
                    let r = UInt32(source[base]), g = UInt32(source[base + 1]), b = UInt32(source[base + 2])
                    target[index] = UInt8(truncatingIfNeeded: (77 * r + 150 * g + 29 * b + 128) >> 8)
                }
            }
        }
    }

    /// The image as RGB; gray is replicated, alpha is dropped.
    public func rgb() -> Image {
        if format == .rgb { return self }
        let channels = format.channels
        return Image(width: width, height: height, format: .rgb) { target in
            withUnsafeBytes { source in
                for index in 0..<(width * height) {
                    let base = index * channels
                    if channels == 1 {
                        target[3 * index] = source[base]
                        target[3 * index + 1] = source[base]
                        target[3 * index + 2] = source[base]
                    } else {
                        target[3 * index] = source[base]
                        target[3 * index + 1] = source[base + 1]
                        target[3 * index + 2] = source[base + 2]
                    }
                }
            }
        }
    }

    /// Every sample replaced by `255 - sample` (alpha kept).
    public func inverted() -> Image {
        var copy = self
        let channels = format.channels
        let hasAlpha = format == .rgba
        copy.withUnsafeMutableBytes { samples in
            for index in 0..<samples.count where !(hasAlpha && index % channels == 3) {
                samples[index] = 255 &- samples[index]
            }
        }
        return copy
    }

    /// A gray image's levels stretched so that the darkest and lightest `clip` share of pixels
    /// map to 0 and 255: brings up dim, low-contrast photos.
    public func contrastStretched(clip: Double = 0.01) -> Image {
        precondition(format == .gray, "contrast stretching works on gray images")
        var histogram = [Int](repeating: 0, count: 256)
        withUnsafeBytes { samples in
            for sample in samples { histogram[Int(sample)] += 1 }
        }
        let limit = Int(Double(pixelCount) * clip)
        var low = 0, high = 255, seen = 0
        while low < 255 && seen + histogram[low] <= limit {
            seen += histogram[low]
            low += 1
        }
        seen = 0
        while high > 0 && seen + histogram[high] <= limit {
            seen += histogram[high]
            high -= 1
        }
        guard high > low else { return self }
        var table = [UInt8](repeating: 0, count: 256)
        for level in 0..<256 {
            let scaled = (level - low) * 255 / (high - low)
            table[level] = UInt8(clamping: scaled)
        }
        return mappingSamples(through: table)
    }

    /// Every sample replaced by `table[sample]`.
    public func mappingSamples(through table: [UInt8]) -> Image {
        precondition(table.count == 256)
        var copy = self
        table.withUnsafeBufferPointer { table in
            copy.withUnsafeMutableBytes { samples in
                for index in 0..<samples.count { samples[index] = table[Int(samples[index])] }
            }
        }
        return copy
    }

    /// Mean sample value over the whole image (all channels).
    public var meanLevel: Double {
        guard !pixels.isEmpty else { return 0 }
        var total = 0
        withUnsafeBytes { samples in
            for sample in samples { total &+= Int(sample) }
        }
        return Double(total) / Double(pixels.count)
    }
}
