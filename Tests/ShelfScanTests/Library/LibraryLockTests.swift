import Foundation
import GRDB
import ShelfWorkers
import Testing

@testable import ShelfLibrary

/// A write while another connection holds the library: it waits, says so once, and goes on when
/// the other is done, or gives up after its timeout having changed nothing.
struct LibraryLockTests {
    /// Holds the write lock of the database at `path` from another connection, on a thread of its
    /// own, for `seconds`; returns once the lock is held. `released` is signalled when it is let go.
    static func holdWriteLock(on path: String, for seconds: Double) throws -> DispatchSemaphore {
        let holder = try DatabaseQueue(path: path)
        let held = DispatchSemaphore(value: 0), released = DispatchSemaphore(value: 0)
        Thread {
            try? holder.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN IMMEDIATE")
                held.signal()
                Thread.sleep(forTimeInterval: seconds)
                try db.execute(sql: "COMMIT")
            }
            released.signal()
        }.start()
        held.wait()
        return released
    }

    @Test func aWriteWaitsForAnotherWriterAndThenGoesOn() throws {
        let path = try LibraryTests.temporaryFolder().appendingPathComponent("library.sqlite").path
        let notices = Locked<[TimeInterval]>([])
        let library = try Library.open(
            at: path, waiting: LockWaiting(timeout: 20, noticeAfter: 0.2) { timeout in
                notices.withLock { $0.append(timeout) }
            })
        let released = try Self.holdWriteLock(on: path, for: 0.8)
        let summary = try LibraryTests.importedFixture("storygraph_export.csv", into: library)
        #expect(released.wait(timeout: .now()) == .success, "the import did not wait for the other writer")
        #expect(summary.imported.count == 6)
        #expect(try library.count() == 6)
        #expect(notices.withLock { $0 } == [20], "the person is told once that the write waits")
    }

    @Test func aWriteThatWaitsTooLongChangesNothingAndSaysWhy() throws {
        let path = try LibraryTests.temporaryFolder().appendingPathComponent("library.sqlite").path
        let library = try Library.open(at: path, waiting: LockWaiting(timeout: 0.3))
        _ = try LibraryTests.importedFixture("storygraph_export.csv", into: library)
        let released = try Self.holdWriteLock(on: path, for: 2)
        let started = ContinuousClock.now
        #expect {
            try LibraryTests.importedFixture("goodreads_library_export.csv", into: library)
        } throws: { error in
            let error = error as? LibraryError
            return error?.code == .busy && error?.description.hasPrefix(path) == true
                && error?.description.contains("nothing was changed") == true
        }
        #expect(ContinuousClock.now - started < .seconds(1.8), "gave up only when the other writer was done")
        released.wait()
        #expect(try library.count() == 6)
        // Reading never waits for a writer (WAL): the books can be listed while another writes.
        let reading = try Self.holdWriteLock(on: path, for: 1)
        #expect(try library.books().count == 6)
        reading.wait()
    }
}
