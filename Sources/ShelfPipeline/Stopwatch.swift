/// Wall-clock time of a photo and of its stages.
struct Stopwatch {
    private let start = ContinuousClock.now
    private var lapStart = ContinuousClock.now

    /// Milliseconds since the last lap (or the start), starting a new lap.
    mutating func lap() -> Double {
        let now = ContinuousClock.now
        defer { lapStart = now }
        return (now - lapStart).milliseconds
    }

    var totalMilliseconds: Double { (ContinuousClock.now - start).milliseconds }
}

extension Duration {
    var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
