import Foundation
import ShelfWorkers

/// How a write waits for another process that holds the library (an import or a `scan --add`
/// running at the same time): how long, and what the person is told while it waits.
public struct LockWaiting: Sendable {
    /// How long a write waits before it gives up with ``LibraryError/Code/busy``.
    public var timeout: TimeInterval
    /// After how long a wait ``notice`` is called, once per wait.
    public var noticeAfter: TimeInterval
    /// Told that the write is waiting, with the timeout; nil tells nobody.
    public var notice: (@Sendable (_ timeout: TimeInterval) -> Void)?

    public init(
        timeout: TimeInterval = 30, noticeAfter: TimeInterval = 1,
        notice: (@Sendable (_ timeout: TimeInterval) -> Void)? = nil
    ) {
        self.timeout = timeout
        self.noticeAfter = noticeAfter
        self.notice = notice
    }

    /// SQLite's busy handler: sleeps a little and tries again until the timeout, telling the
    /// person once when the wait gets long. SQLite starts counting the tries anew at every wait.
    var busyCallback: @Sendable (_ numberOfTries: Int) -> Bool {
        let started = Locked<(at: ContinuousClock.Instant, noticed: Bool)>((.now, false))
        return { [timeout, noticeAfter, notice] tries in
            let now = ContinuousClock.now
            let (waited, tell) = started.withLock { state in
                if tries == 0 { state = (now, false) }
                let waited = now - state.at
                let tell = !state.noticed && waited >= .seconds(noticeAfter)
                if tell { state.noticed = true }
                return (waited, tell)
            }
            guard waited < .seconds(timeout) else { return false }
            if tell { notice?(timeout) }
            Thread.sleep(forTimeInterval: 0.02)
            return true
        }
    }
}
