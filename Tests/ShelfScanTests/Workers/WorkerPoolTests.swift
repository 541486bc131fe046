import Dispatch
import Foundation
import Testing

@testable import ShelfWorkers

struct WorkerPoolTests {
    @Test func runsWorkOnThreadsOfItsOwn() async throws {
        let pool = WorkerPool(threadCount: 2)
        // The kernel's name of the thread running the work: not one of Swift's cooperative threads.
        let name = try await pool.run { _ in
            (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
        }
        #expect(name.hasPrefix("shelfscan-w"), "\(name)")
    }

    @Test func eachThreadKeepsItsOwnValues() async throws {
        let pool = WorkerPool(threadCount: 1)
        let made = Locked(0)
        for _ in 0..<3 {
            let value = try await pool.run { worker in
                worker.value(for: "engine") { () -> Int in
                    made.withLock { $0 += 1 }
                    return 42
                }
            }
            #expect(value == 42)
        }
        // One thread, so one value made, then lent to each piece of work.
        #expect(made.withLock { $0 } == 1)
    }

    @Test func runsAsManyPiecesAtOnceAsItHasThreads() async throws {
        let pool = WorkerPool(threadCount: 2)
        let first = DispatchSemaphore(value: 0), second = DispatchSemaphore(value: 0)
        // Each waits for the other: both finish only if both run at once.
        async let a = pool.run { _ in
            first.signal()
            return second.wait(timeout: .now() + 10) == .success
        }
        async let b = pool.run { _ in
            second.signal()
            return first.wait(timeout: .now() + 10) == .success
        }
        let (metA, metB) = try await (a, b)
        #expect(metA && metB)
    }

    @Test func dropsQueuedWorkWhenItsTaskIsCancelled() async throws {
        let pool = WorkerPool(threadCount: 1)
        let release = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0)
        let busy = Task {
            try await pool.run { _ in
                started.signal(); release.wait()
            }
        }
        started.wait()
        let ran = Locked(false)
        let queued = Task { try await pool.run { _ in ran.withLock { $0 = true } } }
        // The queued piece waits for the one thread; cancelling its task drops it at once.
        try await Task.sleep(for: .milliseconds(50))
        queued.cancel()
        await #expect(throws: CancellationError.self) { try await queued.value }
        release.signal()
        try await busy.value
        // The thread is free again, and the dropped piece never ran.
        _ = try await pool.run { _ in 0 }
        #expect(ran.withLock { $0 } == false)
    }

    @Test func aTaskCancelledBeforeItQueuesRunsNothing() async throws {
        let pool = WorkerPool(threadCount: 1)
        let ran = Locked(false)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await pool.run { _ in ran.withLock { $0 = true } }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(ran.withLock { $0 } == false)
    }

    @Test func passesOnWhatTheWorkThrows() async {
        struct Failure: Error {}
        let pool = WorkerPool(threadCount: 1)
        await #expect(throws: Failure.self) { try await pool.run { _ in throw Failure() } }
    }
}
