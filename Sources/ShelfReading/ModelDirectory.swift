import Foundation

/// The folder of data the pipeline loads at run time (`Models/` in the repository): word lists and
/// learned parameters.
///
/// Looked for in `$SHELFSCAN_MODELS` when it is set; otherwise, in order: `Models` or
/// `share/shelfscan/Models` beside or above the executable (an installed copy, or
/// `.build/release/shelfscan` in a clone); the clone this code was built from.
public struct ModelDirectory: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The first folder of the search order that holds shelfscan's models. A folder named by
    /// `SHELFSCAN_MODELS` is the only one looked at: a wrong setting is reported, not passed over.
    public static func locate() throws(ModelError) -> ModelDirectory {
        if let variable = ProcessInfo.processInfo.environment["SHELFSCAN_MODELS"], !variable.isEmpty {
            guard FileManager.default.fileExists(atPath: variable + "/" + marker) else {
                throw .variableNamesNoModels(variable, marker: marker)
            }
            return ModelDirectory(path: variable)
        }
        for candidate in candidates() where FileManager.default.fileExists(atPath: candidate + "/" + marker) {
            return ModelDirectory(path: candidate)
        }
        throw .notFound(searched: candidates())
    }

    /// The lines of a text file in the folder, without blank lines and `#` comments.
    /// Lines are split at their bytes: the word lists have 300,000 lines, and splitting them
    /// character by character took most of a second's first photo. A line with other than ASCII
    /// in it is split and trimmed by Unicode's rules as well.
    public func lines(of name: String) throws(ModelError) -> [String] {
        let file = path + "/" + name
        guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8)
        else { throw .unreadable(file) }
        var lines: [String] = []
        // \n, vertical tab, form feed and \r: the ASCII characters that are newlines.
        for bytes in text.utf8.split(whereSeparator: { (0x0A...0x0D).contains($0) }) {
            let pieces: [String]
            if bytes.allSatisfy({ $0 < 0x80 }) {
                let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
                guard let first = bytes.firstIndex(where: { !isBlank($0) }),
                    let last = bytes.lastIndex(where: { !isBlank($0) })
                else { continue }
                pieces = [String(Substring(bytes[first...last]))]
            } else {
                pieces = Substring(bytes).split(whereSeparator: \.isNewline).map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
            }
            lines += pieces.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        }
        return lines
    }

    /// The contents of a file in the folder.
    public func data(of name: String) throws(ModelError) -> Data {
        let file = path + "/" + name
        guard let data = FileManager.default.contents(atPath: file) else { throw .unreadable(file) }
        return data
    }

    /// A file every models folder has.
    private static let marker = "confidence.json"

    private static func candidates() -> [String] {
        var folders: [String] = []
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            var folder = executable.deletingLastPathComponent()
            for _ in 0..<4 {
                folders.append(folder.appendingPathComponent("Models").path)
                folders.append(folder.appendingPathComponent("share/shelfscan/Models").path)
                folder = folder.deletingLastPathComponent()
            }
        }
        // Sources/ShelfReading/ModelDirectory.swift → the clone's Models.
        let source = URL(fileURLWithPath: #filePath)
        folders.append(source.deletingLastPathComponent().appendingPathComponent("../../Models").standardized.path)
        return folders
    }
}

/// A models folder that cannot be found, or a model file in it that is missing or malformed.
public enum ModelError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No folder of the search order holds shelfscan's models.
    case notFound(searched: [String])
    /// `SHELFSCAN_MODELS` names a folder without the models (no `marker` file in it).
    case variableNamesNoModels(String, marker: String)
    /// A model file is missing or cannot be read.
    case unreadable(String)
    /// A model file is there but its contents are wrong.
    case malformed(String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let searched):
            "cannot find shelfscan's Models folder (looked in \(searched.joined(separator: ", "))); set SHELFSCAN_MODELS to it"
        case .variableNamesNoModels(let path, let marker):
            "SHELFSCAN_MODELS is \(path), which holds no shelfscan models (\(marker))"
        case .unreadable(let file):
            "cannot read \(file)"
        case .malformed(let file, let reason):
            "\(file): \(reason)"
        }
    }
}
