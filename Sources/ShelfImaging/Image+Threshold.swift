extension Image {
    /// Otsu's threshold of a gray image: the level that best splits its histogram into two classes
    /// (samples at or below it, samples above it), by the largest between-class variance.
    public func otsuThreshold() -> UInt8 {
        precondition(format == .gray, "thresholds are taken of gray images")
        var histogram = [Int](repeating: 0, count: 256)
        withUnsafeBytes { samples in
            for sample in samples { histogram[Int(sample)] += 1 }
        }
        let total = Double(pixelCount)
        guard total > 0 else { return 127 }
        let levelSum = histogram.enumerated().reduce(0.0) { $0 + Double($1.offset * $1.element) }
        var below = 0.0, belowSum = 0.0, best = (variance: -1.0, level: 0)
        for level in 0..<255 {
            below += Double(histogram[level])
            belowSum += Double(level * histogram[level])
            let above = total - below
            guard below > 0 && above > 0 else { continue }
            let difference = belowSum / below - (levelSum - belowSum) / above
            let variance = below * above * difference * difference
            if variance > best.variance { best = (variance, level) }
        }
        return UInt8(best.level)
    }

    /// A gray image turned so its print is the darker class: Otsu splits print from ground, and
    /// the class with fewer pixels is taken for the print (light lettering on a dark spine is
    /// inverted).
    public func darkPrint() -> Image {
        hasLightPrint ? inverted() : self
    }

    /// Whether a gray image's print is lighter than its ground: whether fewer of its pixels lie above
    /// its Otsu threshold than at or below it.
    public var hasLightPrint: Bool {
        precondition(format == .gray, "print polarity is judged on gray images")
        let threshold = otsuThreshold()
        var light = 0
        withUnsafeBytes { samples in
            for sample in samples where sample > threshold { light += 1 }
        }
        return light * 2 < pixelCount
    }
}
