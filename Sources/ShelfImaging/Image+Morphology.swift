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
        if takesMaximum {
            result.filter(width: windowWidth, height: windowHeight, neutral: 0, pick: max)
        } else {
            result.filter(width: windowWidth, height: windowHeight, neutral: 255, pick: min)
        }
        return result
    }

    /// The extreme filter in place: along the rows, then down the columns; `neutral` is the sample
    /// `pick` never prefers.
    @inline(__always)
    private mutating func filter(
        width windowWidth: Int, height windowHeight: Int, neutral: UInt8, pick: (UInt8, UInt8) -> UInt8
    ) {
        if windowWidth > 1 { filterRows(window: windowWidth, neutral: neutral, pick: pick) }
        if windowHeight > 1 { filterColumns(window: windowHeight, neutral: neutral, pick: pick) }
    }

    /// The most columns `filterColumns` takes at once: its running extremes for so many columns
    /// stay in the cache.
    static let columnStripWidth = 256

    /// The 1-D extreme filter down every column, as `filterRows` runs it along a row, but a strip
    /// of columns at a time and a whole row of the strip per step: each step takes the extremes of
    /// two rows contiguous in memory, which the compiler turns into vector instructions, where
    /// column by column every sample is a stride of a row away.
    @inline(__always)
    private mutating func filterColumns(window: Int, neutral: UInt8, pick: (UInt8, UInt8) -> UInt8) {
        let radius = window / 2
        let span = 2 * radius + 1
        // Padded rows: `radius` neutral rows each side, rounded up to whole blocks of `span`.
        let padded = ((height + 2 * radius + span - 1) / span) * span
        let (width, height) = (width, height)
        let stripWidth = Swift.min(width, Self.columnStripWidth)
        let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 2 * padded * stripWidth)
        defer { scratch.deallocate() }
        let forward = UnsafeMutableBufferPointer(rebasing: scratch[0..<(padded * stripWidth)])
        let backward = UnsafeMutableBufferPointer(rebasing: scratch[(padded * stripWidth)...])
        withUnsafeMutableBytes { samples in
            for stripStart in Swift.stride(from: 0, to: width, by: stripWidth) {
                let count = Swift.min(stripWidth, width - stripStart)
                // Padded row `row` of the strip into `extremes` row `into`: the image's row
                // `row - radius`, or neutral beyond the image; with `from`, the extreme of both.
                @inline(__always) func take(
                    row: Int, into: Int, of extremes: UnsafeMutableBufferPointer<UInt8>, from: Int?
                ) {
                    let target = into &* stripWidth, y = row &- radius
                    if y >= 0 && y < height {
                        let source = y &* width &+ stripStart
                        if let from {
                            let previous = from &* stripWidth
                            for x in 0..<count {
                                extremes[target &+ x] = pick(extremes[previous &+ x], samples[source &+ x])
                            }
                        } else {
                            for x in 0..<count { extremes[target &+ x] = samples[source &+ x] }
                        }
                    } else if let from {
                        let previous = from &* stripWidth
                        for x in 0..<count { extremes[target &+ x] = extremes[previous &+ x] }
                    } else {
                        for x in 0..<count { extremes[target &+ x] = neutral }
                    }
                }
                for blockStart in Swift.stride(from: 0, to: padded, by: span) {
                    let blockEnd = blockStart + span - 1
                    take(row: blockStart, into: blockStart, of: forward, from: nil)
                    for row in (blockStart + 1)...blockEnd { take(row: row, into: row, of: forward, from: row - 1) }
                    take(row: blockEnd, into: blockEnd, of: backward, from: nil)
                    for row in Swift.stride(from: blockEnd - 1, through: blockStart, by: -1) {
                        take(row: row, into: row, of: backward, from: row + 1)
                    }
                }
                // The window of output row `y` covers padded rows y…y + span - 1.
                for y in 0..<height {
                    let target = y &* width &+ stripStart
                    let early = y &* stripWidth, late = (y &+ span &- 1) &* stripWidth
                    for x in 0..<count { samples[target &+ x] = pick(backward[early &+ x], forward[late &+ x]) }
                }
            }
        }
    }

    /// The 1-D extreme filter along every row.
    @inline(__always)
    private mutating func filterRows(window: Int, neutral: UInt8, pick: (UInt8, UInt8) -> UInt8) {
        let radius = window / 2
        let span = 2 * radius + 1
        // Padded line: `radius` neutral samples each side, rounded up to whole blocks of `span`.
        let (length, count) = (width, height)
        let padded = ((length + 2 * radius + span - 1) / span) * span
        let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 3 * padded)
        defer { scratch.deallocate() }
        let line = UnsafeMutableBufferPointer(rebasing: scratch[0..<padded])
        let forward = UnsafeMutableBufferPointer(rebasing: scratch[padded..<(2 * padded)])
        let backward = UnsafeMutableBufferPointer(rebasing: scratch[(2 * padded)...])
        withUnsafeMutableBytes { samples in
            for lineIndex in 0..<count {
                let base = lineIndex * length
                line.update(repeating: neutral)
                for position in 0..<length { line[radius + position] = samples[base + position] }
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
                    samples[base + position] = pick(backward[position], forward[position + span - 1])
                }
            }
        }
    }
}
