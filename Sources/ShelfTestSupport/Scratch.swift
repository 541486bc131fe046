import Foundation

/// Where the tests write their files: a folder of this test run's own in the system's temporary
/// folder, removed with everything in it when the run exits. (A target of the test targets only,
/// in no product.)
public enum Scratch {
    public static let root: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "shelfscan-tests-\(getpid())-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: Scratch.root) }
        return root
    }()

    /// A new, empty folder.
    public static func folder(_ name: String = "folder") throws -> URL {
        let folder = root.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A path for a new file, not created.
    public static func file(_ name: String, extension suffix: String) -> URL {
        root.appendingPathComponent("\(name)-\(UUID().uuidString).\(suffix)")
    }
}
