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
    /// What each folder named held besides photos: passed over, and said once.
    var passedOver: [(folder: String, files: [String], folders: Int)] = []

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
                let found = try Self.contents(ofFolder: argument)
                if found.photos.isEmpty {
                    throw Problem(description: "\(argument): the folder holds no photo (JPEG or PNG)")
                }
                paths += found.photos
                if !found.otherFiles.isEmpty || found.folders > 0 {
                    passedOver.append((argument, found.otherFiles, found.folders))
                }
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
    static func announced(_ arguments: [String], done: String, by command: ParsableCommand.Type) throws -> PhotoInputs {
        let inputs: PhotoInputs
        do {
            inputs = try PhotoInputs(arguments)
        } catch {
            // As ArgumentParser words a wrong command line, with the usage of this command, not the top one's.
            let name = command.configuration.commandName ?? ""
            StandardStreams.writeError(
                "Error: \(error.description)\nUsage: \(ShelfScanCommand.usageString(for: command))\n"
                    + "  See 'shelfscan \(name) --help' for more information.\n")
            throw ExitCode.validationFailure
        }
        for (folder, files, folders) in inputs.passedOver {
            var parts: [String] = []
            if !files.isEmpty {
                let names = files.prefix(3).joined(separator: ", ") + (files.count > 3 ? ", …" : "")
                parts.append((files.count == 1 ? "1 file that is not a photo" : "\(files.count) files that are not photos") + " (\(names))")
            }
            if folders > 0 { parts.append("\(folders) \(folders == 1 ? "folder" : "folders") in it") }
            ReportPrinter.printError("\(folder): passed over \(parts.joined(separator: " and "))", prefix: "note")
        }
        for report in inputs.unusable { ReportPrinter.printError(report.error?.message ?? report.path) }
        for case .sameAs(let path, let original) in inputs.entries {
            ReportPrinter.printError("\(path) is the same photo as \(original): \(done) once", prefix: "note")
        }
        return inputs
    }

    /// The files of `folder` that are images by their first bytes (photos shelfscan cannot read,
    /// such as HEIC, are kept, so that they are named), in name order; the names of its other
    /// files and the number of folders in it, which are passed over. Hidden files are not counted.
    static func contents(ofFolder folder: String) throws(Problem) -> (photos: [String], otherFiles: [String], folders: Int) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw Problem(description: "\(folder): the folder cannot be read (\(SystemReason.of(error)))")
        }
        var photos: [String] = [], otherFiles: [String] = [], folders = 0
        for name in names.filter({ !$0.hasPrefix(".") }).sorted(by: { $0.localizedStandardCompare($1) == .orderedAscending }) {
            let path = (folder as NSString).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                folders += 1
                continue
            }
            guard let handle = FileHandle(forReadingAtPath: path) else {
                otherFiles.append(name)
                continue
            }
            defer { try? handle.close() }
            let head = [UInt8]((try? handle.read(upToCount: ImageFormat.sniffedLength)) ?? Data())
            if ImageFormat(sniffing: head) != nil { photos.append(path) } else { otherFiles.append(name) }
        }
        return (photos, otherFiles, folders)
    }
}
