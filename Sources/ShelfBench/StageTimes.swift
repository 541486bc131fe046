/// Time per photo, per pipeline stage and in all: median and 90th percentile over the photos.
public struct StageTimes: Sendable, Codable, Equatable {
    /// A stage's spread over the photos it ran on, in milliseconds.
    public struct Spread: Sendable, Codable, Equatable {
        public var medianMs: Double
        public var p90Ms: Double
        /// The photos the stage ran on.
        public var photos: Int
    }

    /// By stage name, as the report's `timings` name them (`decode`, `detect`, `read`, …).
    public var stages: [String: Spread]
    /// A photo's whole time.
    public var total: Spread?

    /// The spreads of `photos`' timings (`timings` per stage, `elapsedMs` in all).
    public init(photos: [(timings: [String: Double], elapsedMs: Double)]) {
        var byStage: [String: [Double]] = [:]
        for photo in photos {
            for (stage, milliseconds) in photo.timings { byStage[stage, default: []].append(milliseconds) }
        }
        stages = byStage.compactMapValues(Self.spread)
        total = Self.spread(photos.map(\.elapsedMs))
    }

    /// The pipeline's order, then any other stage by name.
    public var orderedStages: [(name: String, spread: Spread)] {
        let order = [
            "decode", "detect", "read", "read.first", "read.parse", "read.wider", "read.again", "read.lines", "read.check",
            "read.isbnLine", "assemble", "barcodes", "text",
        ]
        return stages.sorted { a, b in
            let left = order.firstIndex(of: a.key) ?? order.count, right = order.firstIndex(of: b.key) ?? order.count
            return left != right ? left < right : a.key < b.key
        }.map { ($0.key, $0.value) }
    }

    /// Median and 90th percentile (nearest rank) of `values`; nil when empty.
    public static func spread(_ values: [Double]) -> Spread? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        let rank = Int((0.9 * Double(sorted.count)).rounded(.up)) - 1
        return Spread(medianMs: median, p90Ms: sorted[max(0, min(sorted.count - 1, rank))], photos: sorted.count)
    }
}
