import Foundation
import ShelfPipeline
import ShelfWorkers

/// The progress of a batch on stderr. On a terminal (`live`), one line redrawn in place: the photo
/// in hand of the batch, its spines read of those found, the time so far and an estimate of the
/// time left. Otherwise (`lines`), one plain line as each photo is done. `off` shows nothing.
final class ProgressDisplay: Sendable {
    enum Mode: Sendable {
        case live, lines, off
    }

    private struct State {
        var photo = 0
        var photoName = ""
        var photoStarted = ContinuousClock.now
        var spines = 0
        var spinesRead = 0
        var finishedDurations: [Double] = []
        var lineShown = false
        var stopped = false
    }

    let mode: Mode
    private let total: Int
    private let style: TerminalStyle
    private let started = ContinuousClock.now
    private let state = Locked(State())
    /// Dispatch sources are safe to use from any thread.
    private nonisolated(unsafe) let ticker: DispatchSourceTimer?

    /// `total` photos are to be scanned.
    init(mode: Mode, total: Int, style: TerminalStyle) {
        self.mode = total == 0 ? .off : mode
        self.total = total
        self.style = style
        if self.mode == .live {
            // The clock moves on while a photo is decoded or its spines found, when no message comes.
            let ticker = DispatchSource.makeTimerSource(queue: .global())
            ticker.schedule(deadline: .now() + 0.5, repeating: 0.5)
            ticker.resume()
            self.ticker = ticker
            ticker.setEventHandler { [weak self] in self?.redraw() }
        } else {
            ticker = nil
        }
    }

    /// The photo numbered `index` (from 0) is being scanned.
    func begin(photo index: Int, path: String) {
        state.withLock { state in
            state.photo = index
            state.photoName = (path as NSString).lastPathComponent
            state.photoStarted = .now
            state.spines = 0
            state.spinesRead = 0
        }
        redraw()
    }

    /// How far the photo in hand has come.
    func update(_ progress: ScanProgress) {
        state.withLock { state in
            state.spines = progress.spines
            state.spinesRead = max(state.spinesRead, progress.spinesRead)
        }
        redraw()
    }

    /// The photo in hand is done: `summary` says what it gave (one plain line when not live).
    func finished(photo index: Int, path: String, summary: String) {
        let seconds = state.withLock { state in
            let elapsed = state.photoStarted.duration(to: .now).seconds
            state.finishedDurations.append(elapsed)
            return elapsed
        }
        if mode == .lines {
            ReportPrinter.printError(
                "[\(index + 1)/\(total)] \((path as NSString).lastPathComponent): \(summary) (\(String(format: "%.1f", seconds)) s)",
                prefix: "scanned")
        }
    }

    /// Runs `body` (which writes to the terminal) with the progress line taken away, then shows it again.
    func withLineCleared<T>(_ body: () throws -> T) rethrows -> T {
        guard mode == .live else { return try body() }
        clear()
        let value = try body()
        redraw()
        return value
    }

    /// Takes the line away for good.
    func stop() {
        ticker?.cancel()
        state.withLock { $0.stopped = true }
        clear()
    }

    private func clear() {
        let shown = state.withLock { state in
            defer { state.lineShown = false }
            return state.lineShown
        }
        if shown { StandardStreams.writeError("\r\u{1B}[K") }
    }

    private func redraw() {
        guard mode == .live else { return }
        let line: String? = state.withLock { state in
            guard !state.stopped else { return nil }
            state.lineShown = true
            return self.line(state)
        }
        guard let line else { return }
        StandardStreams.writeError("\r\u{1B}[K\(line)")
    }

    private func line(_ state: State) -> String {
        let elapsed = started.duration(to: .now).seconds
        let current = state.photoStarted.duration(to: .now).seconds
        var parts = ["[\(state.photo + 1)/\(total)] \(state.photoName)"]
        parts.append(state.spines == 0 ? "finding spines" : "\(state.spinesRead)/\(state.spines) spines read")
        parts.append("\(Self.clock(elapsed)) elapsed")
        if let left = estimateLeft(state, current: current) { parts.append("~\(Self.clock(left)) left") }
        var text = parts.joined(separator: "  ")
        if let width = style.width, text.count > width - 1 { text = String(text.prefix(max(0, width - 1))) }
        return style.paint(text, .dim)
    }

    /// The time the batch still needs: the photos not yet done at the mean time of those done (or,
    /// before any is done, at this one's pace), less what this photo has already had.
    private func estimateLeft(_ state: State, current: Double) -> Double? {
        let fractionOfThis = state.spines == 0 ? 0.1 : 0.1 + 0.8 * Double(state.spinesRead) / Double(state.spines)
        let perPhoto: Double
        if !state.finishedDurations.isEmpty {
            perPhoto = state.finishedDurations.reduce(0, +) / Double(state.finishedDurations.count)
        } else if state.spinesRead >= 3 {
            perPhoto = current / fractionOfThis
        } else {
            return nil
        }
        let photosAfter = Double(total - state.photo - 1)
        return max(0, perPhoto * (photosAfter + 1) - max(current, perPhoto * fractionOfThis))
    }

    /// "1:05".
    static func clock(_ seconds: Double) -> String {
        let whole = Int(max(0, min(seconds, 359_999)).rounded())
        return "\(whole / 60):" + String(format: "%02d", whole % 60)
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) / 1e18
    }
}
