import Foundation

/// Threads of shelfscan's own for blocking work — Tesseract, ZBar and zxing-cpp calls, decoding,
/// detection — so that none of it occupies Swift's cooperative threads, which are one per core and
/// shared by every task (a full cooperative pool stalls every other task, cancellation included).
///
/// Work is queued in order and taken by the first free thread. Each thread keeps its own
/// thread-confined values (`Worker.value(for:orMake:)`): a Tesseract engine is made on the thread
/// that uses it and never leaves it.
///
/// ```swift
/// let text = try await WorkerPool.shared.run { worker in try reader.read(crop, engine: worker.tesseract()) }
/// ```
public final class WorkerPool: Sendable {
    /// The pool every stage shares: one thread per core.
    public static let shared = WorkerPool(threadCount: ProcessInfo.processInfo.activeProcessorCount)

    /// How many threads the pool has: the most pieces of work running at once.
    public let threadCount: Int
    private let queue: JobQueue

    /// Starts `threadCount` threads (at least one), each with a stack of `stackSize` bytes.
    public init(threadCount: Int, stackSize: Int = 8 << 20) {
        self.threadCount = max(1, threadCount)
        queue = JobQueue()
        for index in 0..<self.threadCount {
            let queue = self.queue
            let thread = Thread {
                // The kernel's name (at most 15 bytes), so that ps, top and debuggers show whose the
                // thread is: Foundation's Thread.name does not reach it on Linux, and Glibc's
                // pthread_setname_np is not imported into Swift.
                if let comm = FileHandle(forWritingAtPath: "/proc/thread-self/comm") {
                    comm.write(Data("shelfscan-w\(index)".utf8))
                    try? comm.close()
                }
                Worker(index: index).serve(queue)
            }
            thread.stackSize = stackSize
            thread.start()
        }
    }

    deinit {
        queue.shutDown(threads: threadCount)
    }

    /// Runs `body` on one of the pool's threads and returns what it returns (or throws what it
    /// throws). If the calling task is cancelled while the work is still waiting for a thread, the
    /// work never starts and this throws `CancellationError`; work already running is not
    /// interrupted (keep each piece short: one spine, one barcode pass).
    public func run<Result: Sendable>(_ body: @escaping @Sendable (Worker) throws -> Result) async throws -> Result {
        let id = queue.newID()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Result, any Error>) in
                let job = Job(
                    id: id,
                    run: { worker in continuation.resume(with: Swift.Result { try body(worker) }) },
                    cancel: { continuation.resume(throwing: CancellationError()) })
                queue.enqueue(job)
            }
        } onCancel: {
            queue.cancel(id)
        }
    }
}

/// One of the pool's threads, as seen by the work running on it. It is confined to its thread:
/// what it keeps (`value(for:orMake:)`) is never touched by another.
public final class Worker {
    /// The thread's number in its pool, from 0.
    public let index: Int
    private var values: [String: Any] = [:]

    init(index: Int) {
        self.index = index
    }

    /// The value this thread keeps under `key`, made by `make` on first use (a failed `make` keeps
    /// nothing, so the next use tries again).
    public func value<Value>(for key: String, orMake make: () throws -> Value) rethrows -> Value {
        if let value = values[key] as? Value { return value }
        let value = try make()
        values[key] = value
        return value
    }

    fileprivate func serve(_ queue: JobQueue) {
        while let job = queue.next() {
            job.run(self)
            queue.finished(job.id)
        }
    }
}

@available(*, unavailable)
extension Worker: Sendable {}

/// A piece of work and how to tell its caller it was cancelled before it ran. Exactly one of the
/// two closures is called, by whoever takes the job out of the queue.
private struct Job: Sendable {
    let id: UInt64
    let run: @Sendable (Worker) -> Void
    let cancel: @Sendable () -> Void
}

/// The jobs waiting for a thread, and the bookkeeping that lets a job be cancelled before, while or
/// after it is queued.
private final class JobQueue: Sendable {
    private struct State {
        var waiting: [Job] = []
        var running: Set<UInt64> = []
        /// Jobs cancelled before they were queued (the cancellation handler can run first).
        var cancelledEarly: Set<UInt64> = []
        var lastID: UInt64 = 0
        var isShutDown = false
    }

    private let state = Locked(State())
    /// Signalled once per queued job (and once per thread at shut-down); a thread that wakes to an
    /// empty queue (the job was cancelled) goes back to waiting.
    private let signal = DispatchSemaphore(value: 0)

    func newID() -> UInt64 {
        state.withLock { state in
            state.lastID += 1
            return state.lastID
        }
    }

    func enqueue(_ job: Job) {
        let accepted = state.withLock { state in
            if state.cancelledEarly.remove(job.id) != nil { return false }
            state.waiting.append(job)
            return true
        }
        if accepted { signal.signal() } else { job.cancel() }
    }

    func cancel(_ id: UInt64) {
        let removed = state.withLock { state -> Job? in
            if let index = state.waiting.firstIndex(where: { $0.id == id }) { return state.waiting.remove(at: index) }
            if !state.running.contains(id) { state.cancelledEarly.insert(id) }
            return nil
        }
        removed?.cancel()
    }

    /// The next job for a thread, waiting for one; nil once the pool is shut down.
    func next() -> Job? {
        while true {
            signal.wait()
            let taken = state.withLock { state -> (job: Job?, isShutDown: Bool) in
                guard !state.waiting.isEmpty else { return (nil, state.isShutDown) }
                let job = state.waiting.removeFirst()
                state.running.insert(job.id)
                return (job, false)
            }
            if let job = taken.job { return job }
            if taken.isShutDown { return nil }
        }
    }

    func finished(_ id: UInt64) {
        _ = state.withLock { $0.running.remove(id) }
    }

    func shutDown(threads: Int) {
        state.withLock { $0.isShutDown = true }
        for _ in 0..<threads { signal.signal() }
    }
}
