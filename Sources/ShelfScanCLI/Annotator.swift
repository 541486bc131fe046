import Foundation
import ShelfWorkers
import ShelfImaging

/// Writes `--annotate` pictures: per scanned photo, `NAME.annotated.png` with its books drawn on
/// (drawn by the scanner while the photo is decoded, so no photo is decoded twice).
final class Annotator: Sendable {
    /// The longer side of an annotated picture, at most.
    static let maxSide = 2000

    /// A picture that could not be written.
    struct WriteError: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "\(path): \(reason)" }
    }

    let folder: String
    /// The names written so far: photos with the same name get `-2`, `-3`… suffixes.
    private let usedNames = Locked(Set<String>())

    /// Makes `folder` (and its parents) if missing.
    init(folder: String) throws(WriteError) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: folder, reason: "cannot create the folder (\(error.localizedDescription))")
        }
        self.folder = folder
    }

    /// Writes the picture of the photo at `photoPath` and returns the path written.
    @discardableResult
    func write(_ picture: Image, for photoPath: String) throws -> String {
        let stem = ((photoPath as NSString).lastPathComponent as NSString).deletingPathExtension
        let name = usedNames.withLock { used in
            var name = "\(stem).annotated.png"
            var copy = 2
            while used.contains(name) {
                name = "\(stem)-\(copy).annotated.png"
                copy += 1
            }
            used.insert(name)
            return name
        }
        let target = (folder as NSString).appendingPathComponent(name)
        let data = Data(try picture.pngData())
        do {
            try data.write(to: URL(fileURLWithPath: target), options: .atomic)
        } catch {
            throw WriteError(path: target, reason: "cannot write the picture (\(error.localizedDescription))")
        }
        return target
    }
}
