// The one edit distance of the project: Levenshtein's, with an early stop. Similarity builds its
// ratio and its approximate substring search on the same recurrence.

extension String {
    /// Levenshtein distance, stopping early above `limit` (returns `limit + 1` then).
    public func editDistance(to other: String, limit: Int = .max) -> Int {
        Array(self).editDistance(to: Array(other), limit: limit)
    }
}

extension Array where Element == Character {
    /// Levenshtein distance between two words as characters, stopping early above `limit`.
    public func editDistance(to other: [Character], limit: Int = .max) -> Int {
        let a = self, b = other
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return Swift.max(a.count, b.count) }
        var previous = [Int](0...b.count), current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                current[j] = Swift.min(
                    previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                rowMinimum = Swift.min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
