import Foundation

/// Debian's libtesseract opens a 4-thread OpenMP region at every LSTM step, which makes recognition
/// about 8× slower on small images; `OMP_THREAD_LIMIT=1` avoids it, but the OpenMP runtime reads it
/// only when the library loads. So the program re-executes itself once with it set: a user who just
/// runs `shelfscan` gets the fast path, and shelfscan parallelises across Tesseract instances instead.
public enum OpenMPGuard {
    /// Re-executes the program with `OMP_THREAD_LIMIT=1` unless it is set; call first thing in `main`.
    public static func reexecIfNeeded() {
        guard ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] == nil else { return }
        setenv("OMP_THREAD_LIMIT", "1", 1)
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        // exec failed (no /proc?): carry on, only slower. The variable stays set for any child.
    }
}
