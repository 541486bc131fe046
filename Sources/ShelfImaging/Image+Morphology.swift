extension Image {
    /// A gray image's grey-level closing by a `width`×`height` rectangle (the largest sample in each
    /// window, then the smallest): dark marks narrower than the window vanish, so on dark print the
    /// result is the paper it is printed on.
    public func closed(width: Int, height: Int) -> Image {
        precondition(format == .gray, "closing works on gray images")
        return extremeFiltered(width: width, height: height, takesMaximum: true)
            .extremeFiltered(width: width, height: height, takesMaximum: false)
    }

    /// A gray image with its uneven background divided out: each sample over the `closed` background
    /// around it, so dark print on a shaded or graded ground comes out dark on an even white.
    public func flattened(window: Int) -> Image {
        precondition(format == .gray, "flattening works on gray images")
        let side = max(3, window | 1)
        let background = closed(width: side, height: side)
        return Image(width: width, height: height, format: .gray) { target in
            withUnsafeBytes { samples in
                background.withUnsafeBytes { paper in
                    for index in 0..<samples.count {
                        let level = Int(samples[index]) * 255 / max(Int(paper[index]), 1)
                        target[index] = UInt8(min(255, level))
                    }
                }
            }
        }
    }

    /// Each sample replaced by the largest (or smallest) in the `width`×`height` window centred on
    /// it, clipped at the borders; separable, with van Herk–Gil–Werman running extremes, so the cost
    /// per pixel does not grow with the window.
    func extremeFiltered(width windowWidth: Int, height windowHeight: Int, takesMaximum: Bool) -> Image {
        var result = self
        if windowWidth > 1 {
            result.filterLines(
                count: height, length: width, stride: 1, lineStride: width, window: windowWidth, takesMaximum: takesMaximum)
        }
        if windowHeight > 1 {
            result.filterLines(
                count: width, length: height, stride: width, lineStride: 1, window: windowHeight, takesMaximum: takesMaximum)
        }
        return result
    }

    /// Runs the 1-D extreme filter along `count` lines of `length` samples.
    private mutating func filterLines(
        count: Int, length: Int, stride: Int, lineStride: Int, window: Int, takesMaximum: Bool
    ) {
        if takesMaximum {
            filterLines(count: count, length: length, stride: stride, lineStride: lineStride, window: window, neutral: 0, pick: max)
        } else {
            filterLines(count: count, length: length, stride: stride, lineStride: lineStride, window: window, neutral: 255, pick: min)
        }
    }

    @inline(__always)
    private mutating func filterLines(
        count: Int, length: Int, stride: Int, lineStride: Int, window: Int, neutral: UInt8,
        pick: (UInt8, UInt8) -> UInt8
    ) {
        let radius = window / 2
        let span = 2 * radius + 1
        // Padded line: `radius` neutral samples each side, rounded up to whole blocks of `span`.
        let padded = ((length + 2 * radius + span - 1) / span) * span
        let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 3 * padded)
        defer { scratch.deallocate() }
        let line = UnsafeMutableBufferPointer(rebasing: scratch[0..<padded])
        let forward = UnsafeMutableBufferPointer(rebasing: scratch[padded..<(2 * padded)])
        let backward = UnsafeMutableBufferPointer(rebasing: scratch[(2 * padded)...])
        withUnsafeMutableBytes { samples in
            for lineIndex in 0..<count {
                let base = lineIndex * lineStride
                line.update(repeating: neutral)
                for position in 0..<length { line[radius + position] = samples[base + position * stride] }
                for blockStart in Swift.stride(from: 0, to: padded, by: span) {
                    let blockEnd = blockStart + span - 1
                    forward[blockStart] = line[blockStart]
                    for position in (blockStart + 1)...blockEnd {  // a window is at least 3 wide
                        forward[position] = pick(forward[position - 1], line[position])
                    }
                    backward[blockEnd] = line[blockEnd]
                    for position in Swift.stride(from: blockEnd - 1, through: blockStart, by: -1) {
                        backward[position] = pick(backward[position + 1], line[position])
                    }
                }
                // The window of output `position` covers padded samples position…position + span - 1.
                for position in 0..<length {
                    samples[base + position * stride] = pick(backward[position], forward[position + span - 1])
                }
            }
        }
    }
}
