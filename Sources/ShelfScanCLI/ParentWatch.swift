import Foundation

/// Ends a child process when the process that started it is gone (killed with `kill -9`, say),
/// so that a scanner never goes on working, unseen, for nobody.
enum ParentWatch {
    /// Starts a thread that checks a few times a second whether this process's parent has changed
    /// (an orphan is adopted by another), and ends the process at once if it has.
    static func exitWhenOrphaned() {
        let parent = getppid()
        let thread = Thread {
            while getppid() == parent {
                Thread.sleep(forTimeInterval: 0.25)
            }
            _exit(137)
        }
        thread.name = "parent-watch"
        thread.start()
    }
}
