extension Image {
    /// A gray image with the lettering dark on white, whatever the colours of the original: each
    /// pixel's shade is its colour distance from the dominant (background) colour.
    ///
    /// Light lettering on a dark spine comes out inverted, and coloured lettering on a background of
    /// the same brightness (red on green) still stands out, which plain luma would lose. The distance
    /// that maps to black is the `inkShare` quantile, never below `minimumContrast`, so a plain
    /// region's noise is not stretched into specks.
    public func inkOnWhite(inkShare: Double = 0.03, minimumContrast: Double = 48) -> Image {
        let colour = rgb()
        return colour.inkOnWhite(rowBackgrounds: [RGB](repeating: colour.dominantColour(), count: height), inkShare: inkShare, minimumContrast: minimumContrast)
    }

    /// `inkOnWhite` with each row's own background colour (`localRowBackgrounds`): a spine of two
    /// colours, or lit unevenly, has each part's lettering dark on white, where one colour for the
    /// whole would turn another part into a dark block. Nil when every row's background is the
    /// dominant colour, so the ink would be the same.
    public func inkOnWhiteAgainstLocalBackground(inkShare: Double = 0.03, minimumContrast: Double = 48) -> Image? {
        let colour = rgb()
        guard let backgrounds = colour.localRowBackgrounds() else { return nil }
        return colour.inkOnWhite(rowBackgrounds: backgrounds, inkShare: inkShare, minimumContrast: minimumContrast)
    }

    /// An RGB colour as three channel levels.
    typealias RGB = (Int, Int, Int)

    /// Each pixel's colour distance from its row's background, stretched so the `inkShare` quantile is black.
    private func inkOnWhite(rowBackgrounds: [RGB], inkShare: Double, minimumContrast: Double) -> Image {
        var distances = [UInt8](repeating: 0, count: pixelCount)
        var histogram = [Int](repeating: 0, count: 256)
        withUnsafeBytes { source in
            distances.withUnsafeMutableBufferPointer { distances in
                histogram.withUnsafeMutableBufferPointer { histogram in
                    for y in 0..<height {
                        let background = rowBackgrounds[y]
                        for index in (y * width)..<((y + 1) * width) {
                            let dr = Int(source[3 &* index]) &- background.0
                            let dg = Int(source[3 &* index &+ 1]) &- background.1
                            let db = Int(source[3 &* index &+ 2]) &- background.2
                            // The whole part of the distance: a sum of squares of levels is below 2^24, where
                            // Float holds every integer and its square root's whole part exactly.
                            let squared = Float(dr &* dr &+ dg &* dg &+ db &* db)
                            let distance = UInt8(min(255, Int(squared.squareRoot())))
                            distances[index] = distance
                            histogram[Int(distance)] &+= 1
                        }
                    }
                }
            }
        }
        var full = 255, remaining = Int(Double(pixelCount) * inkShare)
        while full > 0 && remaining > histogram[full] {
            remaining -= histogram[full]
            full -= 1
        }
        let scale = 255 / max(Double(full), minimumContrast)
        let table = (0..<256).map { UInt8(255 - min(255, Double($0) * scale)) }
        return Image(width: width, height: height, format: .gray) { target in
            for index in 0..<distances.count { target[index] = table[Int(distances[index])] }
        }
    }

    /// Each row's background colour: the dominant colour, except where, within the image's width
    /// either way, fewer than `dominantRowShare` of the rows have it — a part of another colour, or
    /// a stretch lit differently. There the background is the median over those rows of each row's
    /// median colour. Lettering, however bold, leaves the rows between letters and words in the
    /// background colour, so it does not pass for a part of its own. Nil when no row changes.
    func localRowBackgrounds(dominantRowShare: Double = 0.25, nearDistance: Int = 40) -> [RGB]? {
        precondition(format == .rgb, "backgrounds are taken of RGB images")
        let dominant = dominantColour()
        let step = max(1, width / 48)
        var rowMedians = [RGB](repeating: (0, 0, 0), count: height)
        withUnsafeBytes { source in
            var samples = [[Int]](repeating: [], count: 3)
            for y in 0..<height {
                for channel in 0..<3 { samples[channel].removeAll(keepingCapacity: true) }
                for x in stride(from: 0, to: width, by: step) {
                    for channel in 0..<3 { samples[channel].append(Int(source[3 * (y * width + x) + channel])) }
                }
                for channel in 0..<3 { samples[channel].sort() }
                let middle = samples[0].count / 2
                rowMedians[y] = (samples[0][middle], samples[1][middle], samples[2][middle])
            }
        }
        func isNear(_ colour: RGB) -> Bool {
            let (dr, dg, db) = (colour.0 - dominant.0, colour.1 - dominant.1, colour.2 - dominant.2)
            return dr * dr + dg * dg + db * db <= nearDistance * nearDistance
        }
        // Running counts over the window of rows within `radius`.
        let radius = width
        var nearBefore = [Int](repeating: 0, count: height + 1)
        for y in 0..<height { nearBefore[y + 1] = nearBefore[y] + (isNear(rowMedians[y]) ? 1 : 0) }
        var backgrounds = [RGB](repeating: dominant, count: height)
        var changed = false
        // The window's row medians, counted by level per channel as the window slides down.
        var window = WindowHistogram()
        for y in 0..<height {
            let rows = max(0, y - radius)..<min(height, y + radius + 1)
            window.slide(to: rows, over: rowMedians)
            let near = nearBefore[rows.upperBound] - nearBefore[rows.lowerBound]
            guard Double(near) < dominantRowShare * Double(rows.count) else { continue }
            backgrounds[y] = window.median()
            changed = true
        }
        return changed ? backgrounds : nil
    }

    /// Per-channel level counts of the colours in a window of rows that only moves down: each
    /// row enters and leaves once, so a median costs a walk over 256 levels, not a sort.
    private struct WindowHistogram {
        private var counts = [[Int]](repeating: [Int](repeating: 0, count: 256), count: 3)
        private var rows = 0..<0
        private var total: Int { rows.count }

        /// Moves the window to `next`: row by row when it moves down, counted afresh otherwise.
        mutating func slide(to next: Range<Int>, over colours: [RGB]) {
            if next.lowerBound < rows.lowerBound || next.upperBound < rows.upperBound {
                self = WindowHistogram()
            }
            for y in stride(from: rows.lowerBound, to: min(next.lowerBound, rows.upperBound), by: 1) {
                add(colours[y], by: -1)
            }
            for y in stride(from: max(rows.upperBound, next.lowerBound), to: next.upperBound, by: 1) {
                add(colours[y], by: 1)
            }
            rows = next
        }

        /// The level at index `count / 2` of each channel's levels sorted.
        func median() -> RGB {
            func level(_ channel: Int) -> Int {
                var seen = 0
                for level in 0..<256 {
                    seen += counts[channel][level]
                    if seen > total / 2 { return level }
                }
                return 255
            }
            return (level(0), level(1), level(2))
        }

        private mutating func add(_ colour: RGB, by change: Int) {
            counts[0][colour.0] += change
            counts[1][colour.1] += change
            counts[2][colour.2] += change
        }
    }

    /// The per-channel median of an RGB image: its background colour when most of it is background.
    func dominantColour() -> RGB {
        precondition(format == .rgb, "the dominant colour is taken of RGB images")
        var histograms = [[Int]](repeating: [Int](repeating: 0, count: 256), count: 3)
        let step = max(1, pixelCount / 20_000)
        var counted = 0
        withUnsafeBytes { source in
            for index in stride(from: 0, to: pixelCount, by: step) {
                for channel in 0..<3 { histograms[channel][Int(source[3 * index + channel])] += 1 }
                counted += 1
            }
        }
        func median(_ histogram: [Int]) -> Int {
            var seen = 0
            for level in 0..<256 {
                seen += histogram[level]
                if seen * 2 >= counted { return level }
            }
            return 255
        }
        return (median(histograms[0]), median(histograms[1]), median(histograms[2]))
    }
}
