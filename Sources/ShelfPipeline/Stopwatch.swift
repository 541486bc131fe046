/// Wall-clock time of a photo and of its stages.
struct Stopwatch {
    private var start = ContinuousClock.now
    private var lapStart = ContinuousClock.now

    /// Milliseconds since the last lap (or the start), starting a new lap.
    mutating func lap() -> Double {
        let now = ContinuousClock.now
        defer { lapStart = now }
        return (now - lapStart).milliseconds
    }

    /// Moves the start to `instant` if it is later: the time before it is not counted.
    mutating func startNoEarlierThan(_ instant: ContinuousClock.Instant) {
        start = max(start, instant)
    }

    var totalMilliseconds: Double { (ContinuousClock.now - start).milliseconds }
}

extension Duration {
    var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
