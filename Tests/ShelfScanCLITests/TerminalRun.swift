import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the built `shelfscan` with its stdin and stderr on a pseudo-terminal, as a person at a
/// terminal would, and stdout on a pipe: what the terminal showed is read from the terminal's
/// other side, and lines can be typed into it.
final class TerminalRun: @unchecked Sendable {
    let process = Process()
    private let master: Int32
    private let lock = NSLock()
    private var shown = Data()
    private var stdoutData = Data()
    private let finished = DispatchGroup()

    init(_ arguments: [String], environment: [String: String] = [:], columns: UInt16 = 120) throws {
        var master: Int32 = -1, slave: Int32 = -1
        var size = winsize(ws_row: 40, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "openpty failed"])
        }
        self.master = master
        process.executableURL = EndToEndTests.binary
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        merged["TERM"] = merged["TERM"].flatMap { $0 == "dumb" ? nil : $0 } ?? "xterm"
        for (key, value) in environment where value.isEmpty { merged[key] = nil }
        process.environment = merged
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        let out = Pipe()
        process.standardInput = terminal
        process.standardError = terminal
        process.standardOutput = out
        try process.run()
        try terminal.close()
        finished.enter()
        Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(self.master, &buffer, buffer.count)
                // EIO once the child and its terminal are gone.
                if count <= 0 { break }
                lock.withLock { shown.append(contentsOf: buffer[0..<count]) }
            }
            finished.leave()
        }.start()
        finished.enter()
        Thread { [self] in
            let data = out.fileHandleForReading.readDataToEndOfFile()
            lock.withLock { stdoutData = data }
            finished.leave()
        }.start()
    }

    /// Types `line` and Enter.
    func type(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// What the terminal has shown so far.
    var screen: String { lock.withLock { String(decoding: shown, as: UTF8.self) } }

    /// Waits until the terminal shows `text`, at most `timeout` seconds; false when it did not.
    func waitFor(_ text: String, timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if screen.contains(text) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return screen.contains(text)
    }

    /// Waits for the command to end (at most `timeout` seconds, then kills it) and returns its
    /// exit status, the terminal's text and stdout.
    func finish(timeout: TimeInterval = 300) -> (status: Int32, screen: String, stdout: String) {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        _ = finished.wait(timeout: .now() + 5)
        close(master)
        return lock.withLock {
            (process.terminationStatus, String(decoding: shown, as: UTF8.self), String(decoding: stdoutData, as: UTF8.self))
        }
    }
}
