import Foundation
import ShelfScan

/// Writes `--annotate` pictures: per scanned photo, `NAME.annotated.png` with its books drawn on.
enum Annotator {
    /// A picture that could not be written.
    struct WriteError: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "\(path): \(reason)" }
    }

    /// Writes a picture for every photo of `report` that was read, into `folder` (created if
    /// missing), and returns the paths written. Photos with the same name get `-2`, `-3`… suffixes.
    @discardableResult
    static func writeAnnotations(of report: ScanReport, to folder: String, maxPixels: Int) throws -> [String] {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: folder, reason: "cannot create the folder (\(error.localizedDescription))")
        }
        var written: [String] = []
        var usedNames: Set<String> = []
        for image in report.images where image.error == nil {
            let stem = ((image.path as NSString).lastPathComponent as NSString).deletingPathExtension
            var name = "\(stem).annotated.png"
            var copy = 2
            while usedNames.contains(name) {
                name = "\(stem)-\(copy).annotated.png"
                copy += 1
            }
            usedNames.insert(name)
            let photo = try ImageDecoder(maxPixels: maxPixels).decodePhoto(atPath: image.path)
            let picture = BookAnnotator.annotated(photo.image, books: image.books)
            let target = (folder as NSString).appendingPathComponent(name)
            let data = Data(try picture.pngData())
            do {
                try data.write(to: URL(fileURLWithPath: target), options: .atomic)
            } catch {
                throw WriteError(path: target, reason: "cannot write the picture (\(error.localizedDescription))")
            }
            written.append(target)
        }
        return written
    }
}
