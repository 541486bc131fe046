/// Finds the shelf rows of a deskewed working image: the horizontal bands where near-vertical
/// edges (spine sides, spine lettering) are dense, between boards and the wall above the books,
/// where they are not.
struct ShelfRowFinder: Sendable {
    /// A band holds books when at least this share of its pixels are near-vertical edges…
    var minEdgeDensity = 0.03
    /// …and this share of the densest rows' density.
    var relativeDensity = 0.3
    /// The shortest row, as a share of the image height.
    var minRowHeight = 0.07
    /// Bands closer than this share of the image height are one row.
    var mergeGap = 0.015

    /// The rows, top to bottom, as ranges of image rows.
    func rows(in field: GradientField, validSpans: [Range<Int>]) -> [Range<Int>] {
        let density = smoothed(verticalEdgeDensity(field, validSpans: validSpans), radius: max(2, field.height / 150))
        let sorted = density.sorted()
        guard let high = sorted.last, high > 0 else { return [] }
        let reference = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.95))]
        let threshold = max(minEdgeDensity, relativeDensity * reference)
        var runs: [Range<Int>] = []
        var start: Int?
        for y in 0...density.count {
            let inside = y < density.count && density[y] >= threshold
            if inside, start == nil { start = y }
            if !inside, let first = start {
                runs.append(first..<y)
                start = nil
            }
        }
        let gap = Int(mergeGap * Double(field.height))
        var merged: [Range<Int>] = []
        for run in runs {
            if let last = merged.last, run.lowerBound - last.upperBound <= gap {
                merged[merged.count - 1] = last.lowerBound..<run.upperBound
            } else {
                merged.append(run)
            }
        }
        let minHeight = Int(minRowHeight * Double(field.height))
        return merged.filter { $0.count >= minHeight }
    }

    /// Per image row, the share of its photo pixels that are near-vertical edges.
    func verticalEdgeDensity(_ field: GradientField, validSpans: [Range<Int>]) -> [Double] {
        field.verticalEdgeAngles.withUnsafeBufferPointer { angles in
            (0..<field.height).map { y in
                let span = validSpans[y]
                guard span.count > 2 else { return 0 }
                var count = 0
                let base = y * field.width
                for x in span where GradientField.isNearVertical(angles[base + x]) { count += 1 }
                return Double(count) / Double(span.count)
            }
        }
    }

    private func smoothed(_ values: [Double], radius: Int) -> [Double] {
        var prefix = [0.0]
        prefix.reserveCapacity(values.count + 1)
        for value in values { prefix.append(prefix.last! + value) }
        return values.indices.map { index in
            let lower = max(0, index - radius), upper = min(values.count, index + radius + 1)
            return (prefix[upper] - prefix[lower]) / Double(upper - lower)
        }
    }
}
