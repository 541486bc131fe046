import ArgumentParser
import Foundation
import ShelfFiles
import ShelfImaging
import ShelfPipeline

/// The photos a command was given, checked before any is scanned: folders expanded to the photos
/// in them (recognised by content, in name order), each file checked from its first bytes (there,
/// readable, a photo shelfscan reads), and a photo given twice (the same bytes) kept once.
struct PhotoInputs {
    /// One photo argument, as checked.
    enum Entry {
        /// To be scanned.
        case photo(String)
        /// Cannot be scanned: the report it gets.
        case unusable(ImageReport)
        /// The same bytes as an earlier photo, which is scanned instead.
        case sameAs(String, original: String)

        var path: String {
            switch self {
            case .photo(let path), .sameAs(let path, _): path
            case .unusable(let report): report.path
            }
        }
    }

    /// A folder or argument list that cannot be used at all.
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    var entries: [Entry]

    /// The photos to scan, in order.
    var photos: [String] {
        entries.compactMap { if case .photo(let path) = $0 { path } else { nil } }
    }

    /// The reports of the photos that cannot be scanned.
    var unusable: [ImageReport] {
        entries.compactMap { if case .unusable(let report) = $0 { report } else { nil } }
    }

    /// Checks `arguments` (files and folders); at most `limit` photos in all.
    init(_ arguments: [String], limit: Int = ShelfScanner.maxPhotosPerRun) throws(Problem) {
        var paths: [String] = []
        for argument in arguments {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue {
                let found = try Self.photos(inFolder: argument)
                if found.isEmpty {
                    throw Problem(description: "\(argument): the folder holds no photo (JPEG or PNG)")
                }
                paths += found
            } else {
                paths.append(argument)
            }
        }
        if paths.count > limit {
            throw Problem(
                description: "at most \(limit) photos a run: got \(paths.count)"
                    + (paths.count > arguments.count ? " (with the photos in the folders named)" : "")
                    + ". Split them over several runs.")
        }
        // The same photo given twice has one length: only photos of the same length are compared.
        var scannedByLength: [Int: [String]] = [:]
        entries = paths.map { path in
            let clock = ContinuousClock(), started = clock.now
            func unusable(_ error: ReportedError) -> Entry {
                let elapsed = started.duration(to: clock.now)
                return .unusable(ImageReport(path: path, elapsedMs: elapsed.seconds * 1000, stageErrors: [error]))
            }
            do {
                try ImageDecoder.checkPhoto(atPath: path)
            } catch let error as ImageError {
                return unusable(ReportedError(code: ReportedError.Code(error.code), stage: .decode, message: error.description))
            } catch {
                return unusable(ReportedError(code: .unreadable, stage: .decode, message: "\(path): \(error)"))
            }
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            let length = (attributes?[.size] as? NSNumber)?.intValue ?? -1
            let earlier = scannedByLength[length, default: []]
            if let original = earlier.first(where: { FileManager.default.contentsEqual(atPath: $0, andPath: path) }) {
                return .sameAs(path, original: original)
            }
            scannedByLength[length, default: []].append(path)
            return .photo(path)
        }
    }

    /// The reports of a batch in the order its photos were given: each photo's from `reports`
    /// (none when the scan stopped before it or cut it short), each unusable photo's own, none for
    /// a photo given twice.
    func inOrder(_ reports: [ImageReport]) -> [ImageReport] {
        let byPath = Dictionary(reports.map { ($0.path, $0) }) { first, _ in first }
        return entries.compactMap { entry in
            switch entry {
            case .photo(let path): byPath[path].flatMap { $0.error?.code == .cancelled ? nil : $0 }
            case .unusable(let report): report
            case .sameAs: nil
            }
        }
    }

    /// The photos of `arguments`, with each one that cannot be used named on stderr, and each given
    /// twice noted ("…: scanned once", with `done` the command's verb); a folder or argument list
    /// that cannot be used at all ends the command as a wrong command line.
    static func announced(_ arguments: [String], done: String) throws -> PhotoInputs {
        let inputs: PhotoInputs
        do {
            inputs = try PhotoInputs(arguments)
        } catch {
            throw ValidationError(error.description)
        }
        for report in inputs.unusable { ReportPrinter.printError(report.error?.message ?? report.path) }
        for case .sameAs(let path, let original) in inputs.entries {
            ReportPrinter.printError("\(path) is the same photo as \(original): \(done) once", prefix: "note")
        }
        return inputs
    }

    /// The files of `folder` that are images by their first bytes (photos shelfscan cannot read,
    /// such as HEIC, are kept, so that they are named), in name order; other files are passed over.
    static func photos(inFolder folder: String) throws(Problem) -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw Problem(description: "\(folder): the folder cannot be read (\(SystemReason.of(error)))")
        }
        return names.filter { !$0.hasPrefix(".") }.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
            .map { (folder as NSString).appendingPathComponent($0) }
            .filter { path in
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                    let handle = FileHandle(forReadingAtPath: path)
                else { return false }
                defer { try? handle.close() }
                let head = [UInt8]((try? handle.read(upToCount: ImageFormat.sniffedLength)) ?? Data())
                return ImageFormat(sniffing: head) != nil
            }
    }
}
