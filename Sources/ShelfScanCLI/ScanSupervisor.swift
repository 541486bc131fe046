import Foundation
import ShelfFiles
import ShelfPipeline
import ShelfWorkers

/// Runs the scanning of a batch in a child process (`shelfscan scan-worker`) and watches it: if a
/// photo crashes the child, that photo gets an `internal-error` report naming it, and a new child
/// scans the photos after it. One bad photo never loses the batch.
///
/// Ctrl-C: the first is passed on to the child, which stops after the photo in hand; a second
/// kills the child and this process.
struct ScanSupervisor {
    /// What the batch gave: each photo's message, in order, and whether Ctrl-C stopped it.
    struct Outcome: Sendable {
        var messages: [WorkerMessage] = []
        var wasInterrupted = false
    }

    var photos: [String]
    /// Each photo's name for its pictures, in the same order.
    var names: [String]
    /// The worker's options (everything but the photos and names).
    var workerOptions: [String]
    var executable = "/proc/self/exe"

    /// Whether children can be started here (Linux's /proc gives the program's own path).
    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/proc/self/exe")
            && ProcessInfo.processInfo.environment["SHELFSCAN_NO_SUPERVISOR"] == nil
    }

    /// Scans the batch, handing each message to `handle` as it comes (on a thread of its own, one
    /// at a time): progress, and each photo's report as soon as it is done, those the scanner
    /// failed on included.
    func run(each handle: @escaping @Sendable (WorkerMessage) -> Void = { _ in }) async -> Outcome {
        var outcome = Outcome()
        var remaining = Array(zip(photos, names))[...]
        let child = CurrentChild()
        signal(SIGINT, SIG_IGN)
        let interruptions = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        interruptions.setEventHandler { child.interrupt() }
        interruptions.resume()
        defer {
            interruptions.cancel()
            signal(SIGINT, SIG_DFL)
        }
        func fail(_ photo: String, _ reason: String) {
            let message = WorkerMessage(report: Self.failure(photo, reason))
            handle(message)
            outcome.messages.append(message)
        }
        // After a crash, the first photo left is scanned alone: a child prepares the next photo
        // while it reads one, so the crash may have been either's.
        var scansAlone = false
        while !remaining.isEmpty && !child.wasInterrupted {
            let batch = scansAlone ? Array(remaining.prefix(1)) : Array(remaining)
            let result: ChildResult
            do {
                result = try await runChild(on: batch, child: child, handle: handle)
            } catch {
                // The child could not even start: every photo left gets the error.
                for (photo, _) in batch { fail(photo, "shelfscan could not start its scanner (\(SystemReason.of(error)))") }
                return outcome
            }
            outcome.messages += result.messages
            remaining = remaining.dropFirst(result.messages.count)
            if child.wasInterrupted || result.status == .exited(130) {
                outcome.wasInterrupted = true
                break
            }
            guard result.messages.count < batch.count, let (crashed, _) = remaining.first else {
                scansAlone = false
                continue
            }
            if !scansAlone && batch.count > 1 {
                scansAlone = true
                continue
            }
            scansAlone = false
            // The child stopped before its last photo without being asked to, scanning it alone or
            // last: that photo brought it down.
            var message = "shelfscan failed while scanning this photo (\(result.status)); the other photos were scanned"
            if let crashLog = result.crashLog { message += ". What it printed is in \(crashLog)" }
            fail(crashed, message)
            remaining = remaining.dropFirst()
        }
        outcome.wasInterrupted = outcome.wasInterrupted || child.wasInterrupted
        return outcome
    }

    /// The report of a photo the scanner failed on.
    static func failure(_ photo: String, _ reason: String) -> ImageReport {
        ImageReport(
            path: photo,
            stageErrors: [ReportedError(code: .internalError, stage: .unknown, message: "\(photo): \(reason)")])
    }

    /// How a child ended.
    enum Status: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        var description: String {
            switch self {
            case .exited(let code): "its scanner exited with status \(code)"
            case .signalled(let signal):
                "its scanner was stopped by signal \(signal)\(signal == SIGILL || signal == SIGTRAP ? ", a trap" : "")"
            }
        }
    }

    struct ChildResult: Sendable {
        var messages: [WorkerMessage]
        var status: Status
        /// Where the child's stderr was kept, when it failed; nil otherwise.
        var crashLog: String?
    }

    /// Writes what a failed child printed to a file in the temporary folder, for a bug report;
    /// returns its path, or nil when it could not be written.
    static func keepCrashLog(_ output: Data) -> String? {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent(
            "shelfscan-crash-\(UUID().uuidString).txt")
        return FileManager.default.createFile(atPath: log.path, contents: output) ? log.path : nil
    }

    /// Runs one child over `photos` until it ends, passing its messages on as they come; waits on
    /// a worker thread (reading its output and waiting for it block).
    private func runChild(
        on photos: [(photo: String, name: String)], child: CurrentChild,
        handle: @escaping @Sendable (WorkerMessage) -> Void
    ) async throws -> ChildResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments =
            ["scan-worker"] + workerOptions + photos.flatMap { ["--output-name", $0.name] } + ["--"]
            + photos.map(\.photo)
        var environment = ProcessInfo.processInfo.environment
        // No backtracer: it attaches to the crashed child as a process of its own, which can hang
        // (seen under AddressSanitizer and in virtual machines) and then keeps the child from being
        // reaped, and it asks for a key on a terminal. The runtime's own message (what failed, at
        // which line) still goes to the crash log.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        // Process.waitUntilExit spins its thread's run loop, a whole core, while the child works;
        // the termination handler only wakes this thread when the child is gone.
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        let reports = Locked([WorkerMessage]())
        let reader = PipeReader(output.fileHandleForReading) { line in
            guard let message = WorkerMessage.decode(line) else { return }
            if message.report != nil { reports.withLock { $0.append(message) } }
            handle(message)
        }
        let errorReader = PipeReader(errors.fileHandleForReading)
        try process.run()
        child.started(process)
        return try await WorkerPool.shared.run { _ in
            exited.wait()
            // What the child wrote is in the pipes now. A process it started may still hold them
            // open (the crash reporter, seen hanging under AddressSanitizer), so their end is not
            // waited for beyond a moment.
            reader.waitForEnd(atMost: .seconds(2))
            let errorOutput = errorReader.waitForEnd(atMost: .milliseconds(200))
            child.ended()
            let status: Status =
                process.terminationReason == .uncaughtSignal
                ? .signalled(process.terminationStatus) : .exited(process.terminationStatus)
            let failed = status != .exited(0) && status != .exited(1) && status != .exited(130)
            return ChildResult(
                messages: reports.withLock { $0 }, status: status,
                crashLog: failed ? Self.keepCrashLog(errorOutput) : nil)
        }
    }
}

/// The child running now, for the Ctrl-C handler.
private final class CurrentChild: Sendable {
    private struct State {
        var processIdentifier: Int32?
        var interruptions = 0
    }

    private let state = Locked(State())

    var wasInterrupted: Bool { state.withLock { $0.interruptions > 0 } }

    func started(_ process: Process) {
        let identifier = process.processIdentifier
        let interruptions = state.withLock { state in
            state.processIdentifier = identifier
            return state.interruptions
        }
        // A Ctrl-C that came between two children stops the new one at once.
        if interruptions > 0 { kill(identifier, SIGINT) }
    }

    func ended() {
        state.withLock { $0.processIdentifier = nil }
    }

    /// The first Ctrl-C is passed on (the child ignores any more it gets, from the terminal too);
    /// a second kills the child and this process.
    func interrupt() {
        let (identifier, count) = state.withLock { state in
            state.interruptions += 1
            return (state.processIdentifier, state.interruptions)
        }
        if count == 1 {
            if let identifier { kill(identifier, SIGINT) }
        } else {
            if let identifier { kill(identifier, SIGKILL) }
            exit(130)
        }
    }
}

/// Reads a pipe to its end on a thread of its own, so that the reader is never stuck behind a
/// process that keeps the pipe open. Each whole line is handed to `onLine` as it arrives (when
/// given; otherwise the bytes are kept); `waitForEnd` returns the kept bytes once the end has come
/// or the time is up. The thread ends with the pipe.
private final class PipeReader: Sendable {
    private struct State {
        var data = Data()
        var isAtEnd = false
    }

    private let state = Locked(State())

    init(_ handle: FileHandle, onLine: (@Sendable (Data) -> Void)? = nil) {
        // The thread holds the reader until the pipe ends.
        Thread { [self] in
            var pending = Data()
            while true {
                let chunk = handle.availableData
                let isEnd = chunk.isEmpty
                if let onLine {
                    pending.append(chunk)
                    while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                        let line = Data(pending[pending.startIndex..<newline])
                        pending = Data(pending[pending.index(after: newline)...])
                        onLine(line)
                    }
                    if isEnd && !pending.isEmpty { onLine(pending) }
                } else {
                    self.state.withLock { $0.data.append(chunk) }
                }
                if isEnd {
                    self.state.withLock { $0.isAtEnd = true }
                    return
                }
            }
        }.start()
    }

    @discardableResult
    func waitForEnd(atMost limit: Duration) -> Data {
        let deadline = ContinuousClock.now + limit
        while true {
            let (data, isAtEnd) = state.withLock { ($0.data, $0.isAtEnd) }
            if isAtEnd || ContinuousClock.now >= deadline { return data }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }
}
