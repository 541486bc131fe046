import Dispatch
import Foundation
import ShelfWorkers

/// Ctrl-C (SIGINT) as a request to stop: while an operation runs under `run`, the first Ctrl-C
/// cancels it instead of killing the process, so that what is done can still be printed and
/// nothing half-done is kept; a second Ctrl-C kills the process as usual.
enum Interruption {
    /// What an interruptible operation gave, and whether Ctrl-C stopped it.
    struct Outcome<Value: Sendable>: Sendable {
        var value: Value
        var wasInterrupted: Bool
    }

    /// Runs `operation`; the first Ctrl-C cancels it. `afterFirst` says what a later one does:
    /// kill the process (`.kill`, the default), or nothing (`.ignore`: a worker process, whose
    /// supervisor may pass on a Ctrl-C the terminal sent it too).
    static func run<Value: Sendable>(
        afterFirst: Repeat = .kill, _ operation: @escaping @Sendable () async -> Value
    ) async -> Outcome<Value> {
        let task = Task { await operation() }
        let interrupted = Flag()
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler {
            interrupted.set()
            if afterFirst == .kill { signal(SIGINT, SIG_DFL) }
            task.cancel()
        }
        source.resume()
        let value = await task.value
        source.cancel()
        signal(SIGINT, SIG_DFL)
        return Outcome(value: value, wasInterrupted: interrupted.isSet)
    }

    /// Runs `body` on this thread; the first Ctrl-C sets the flag `body` is handed (for it to stop
    /// at its next check), a second kills the process.
    static func runChecking<T>(_ body: (_ isInterrupted: () -> Bool) throws -> T) rethrows -> T {
        let interrupted = Flag()
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler {
            interrupted.set()
            signal(SIGINT, SIG_DFL)
        }
        source.resume()
        defer {
            source.cancel()
            signal(SIGINT, SIG_DFL)
        }
        return try body { interrupted.isSet }
    }

    /// What a Ctrl-C after the first does.
    enum Repeat: Sendable {
        case kill, ignore
    }

    /// A flag set from the signal handler's queue and read by the command.
    private final class Flag: Sendable {
        private let value = Locked(false)
        func set() { value.withLock { $0 = true } }
        var isSet: Bool { value.withLock { $0 } }
    }
}
