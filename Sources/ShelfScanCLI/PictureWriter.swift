import Foundation
import ShelfFiles
import ShelfImaging
import ShelfPipeline

/// Writes the pictures of a scanned photo: `--annotate` (`NAME.annotated.png`, its books drawn
/// on) and `--crops` (`NAME-07.png`, book 7 cut out readable). `NAME` is the photo's file name
/// without its extension, made unique in the batch by `uniqueNames(for:)` (drawn and cut by the
/// scanner while the photo is decoded, so no photo is decoded twice).
struct PictureWriter: Sendable {
    /// The longer side of an annotated picture, at most.
    static let annotationMaxSide = 2000
    /// The longer side of a crop, at most.
    static let cropMaxSide = 1200

    /// A folder or picture that could not be written.
    struct WriteError: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "\(path): \(reason)" }
    }

    /// What was written for one photo, and what could not be.
    struct Written: Sendable, Codable, Equatable {
        var annotated: String?
        var crops: [String] = []
        var failures: [String] = []
    }

    let annotationFolder: String?
    let cropFolder: String?

    /// Makes the folders (and their parents) that are missing.
    init(annotationFolder: String?, cropFolder: String?) throws(WriteError) {
        for folder in [annotationFolder, cropFolder].compactMap({ $0 }) {
            try Self.makeFolder(folder)
        }
        self.annotationFolder = annotationFolder
        self.cropFolder = cropFolder
    }

    /// Makes `folder` and its parents if missing; an error names the folder.
    static func makeFolder(_ folder: String) throws(WriteError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw WriteError(path: folder, reason: "is a file, not a folder") }
            guard FileManager.default.isWritableFile(atPath: folder) else {
                throw WriteError(path: folder, reason: "the folder is not writable")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: folder, reason: "cannot create the folder (\(SystemReason.of(error)))")
        }
    }

    /// Whether this writer writes anything.
    var isActive: Bool { annotationFolder != nil || cropFolder != nil }

    /// Sets `options` to have the scanner draw and cut what this writer writes.
    func configure(_ options: inout ScanOptions) {
        if annotationFolder != nil { options.annotationMaxSide = Self.annotationMaxSide }
        if cropFolder != nil { options.cropMaxSide = Self.cropMaxSide }
    }

    /// Writes the pictures of `scan` under `name`.
    func write(_ scan: PhotoScan, name: String) -> Written {
        var written = Written()
        if let folder = annotationFolder, let picture = scan.annotated {
            let target = (folder as NSString).appendingPathComponent("\(name).annotated.png")
            do {
                try Self.write(picture, to: target)
                written.annotated = target
            } catch {
                written.failures.append("\(error)")
            }
        }
        if let folder = cropFolder {
            let digits = max(2, String(scan.crops.count).count)
            for (index, crop) in scan.crops.enumerated() {
                let number = String(index + 1)
                let padded = String(repeating: "0", count: max(0, digits - number.count)) + number
                let target = (folder as NSString).appendingPathComponent("\(name)-\(padded).png")
                do {
                    try Self.write(crop, to: target)
                    written.crops.append(target)
                } catch {
                    written.failures.append("\(error)")
                    break
                }
            }
        }
        return written
    }

    private static func write(_ picture: Image, to target: String) throws {
        let data = Data(try picture.pngData(quick: true))
        do {
            try OutputFile.write(data, to: target, what: "the picture")
        } catch {
            throw WriteError(path: target, reason: "cannot write the picture (\(error.reason))")
        }
    }

    /// Each photo's name for its pictures: its file name without the extension, with `-2`, `-3`…
    /// after a name an earlier photo of the batch has.
    static func uniqueNames(for photos: [String]) -> [String] {
        var used: Set<String> = []
        return photos.map { photo in
            var stem = ((photo as NSString).lastPathComponent as NSString).deletingPathExtension
            // No hidden pictures for a photo named ".jpg".
            if stem.isEmpty || stem.hasPrefix(".") { stem = "photo" }
            var name = stem
            var copy = 2
            while used.contains(name) {
                name = "\(stem)-\(copy)"
                copy += 1
            }
            used.insert(name)
            return name
        }
    }
}
