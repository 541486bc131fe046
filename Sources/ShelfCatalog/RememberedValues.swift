import Foundation

/// Values remembered by key, safe from any thread. When `capacity` are held, everything is
/// forgotten at once: no bookkeeping of what to forget first, and a batch's lookups fit.
final class RememberedValues<Key: Hashable, Value>: @unchecked Sendable {
    let capacity: Int
    private let lock = NSLock()
    private var values: [Key: Value] = [:]

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The value remembered for `key`, or nil.
    func value(for key: Key) -> Value? {
        lock.withLock { values[key] }
    }

    func remember(_ value: Value, for key: Key) {
        lock.withLock {
            if values.count >= capacity { values.removeAll(keepingCapacity: true) }
            values[key] = value
        }
    }
}
