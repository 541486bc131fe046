import ShelfWorkers

/// Counts the spines read of one photo and passes each count on to `ScanOptions.progress`.
final class SpineCounter: Sendable {
    private let path: String
    private let spines: Int
    private let reportProgress: @Sendable (ScanProgress) -> Void
    private let read = Locked(0)

    init(path: String, spines: Int, report: @escaping @Sendable (ScanProgress) -> Void) {
        self.path = path
        self.spines = spines
        self.reportProgress = report
    }

    func report() {
        reportProgress(ScanProgress(path: path, spines: spines, spinesRead: read.withLock { $0 }))
    }

    func countOne() {
        let count = read.withLock { count in
            count += 1
            return count
        }
        reportProgress(ScanProgress(path: path, spines: spines, spinesRead: count))
    }
}
