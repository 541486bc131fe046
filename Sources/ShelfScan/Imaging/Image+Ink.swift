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
        let background = colour.dominantColour()
        var distances = [UInt8](repeating: 0, count: pixelCount)
        var histogram = [Int](repeating: 0, count: 256)
        colour.withUnsafeBytes { source in
            for index in 0..<pixelCount {
                let dr = Double(Int(source[3 * index]) - background.0)
                let dg = Double(Int(source[3 * index + 1]) - background.1)
                let db = Double(Int(source[3 * index + 2]) - background.2)
                let distance = UInt8(min(255, (dr * dr + dg * dg + db * db).squareRoot()))
                distances[index] = distance
                histogram[Int(distance)] += 1
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

    /// The per-channel median of an RGB image: its background colour when most of it is background.
    func dominantColour() -> (Int, Int, Int) {
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
