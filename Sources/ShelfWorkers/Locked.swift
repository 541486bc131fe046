import Foundation

/// A value behind a lock, for state that threads share. It does what the standard library's
/// `Mutex` does, but on a pthread mutex (`NSLock`), which ThreadSanitizer understands: on Linux
/// `Mutex` is a bare futex, so under the sanitizer every access it guards reads as a race and a
/// real one could not be told apart.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value with the lock held.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
