import Foundation

/// The system's reason for a failed file operation, in plain words ("no space left on device",
/// "permission denied"), for messages that are shelfscan's own: never Foundation's wording
/// ("The file doesn't exist.", "(NSCocoaErrorDomain error 512.)").
public enum SystemReason {
    /// The reason behind `error`: the POSIX error it carries, else the reason its Cocoa code
    /// stands for, else its description.
    public static func of(_ error: any Error) -> String {
        if let failure = error as? FileWriteError { return failure.reason }
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return of(errno: Int32(nsError.code)) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return of(errno: Int32(underlying.code))
        }
        if nsError.domain == NSCocoaErrorDomain, let reason = cocoaReasons[nsError.code] { return reason }
        return String(describing: error)
    }

    /// `strerror`'s words for `code`, lower-cased as they read inside a sentence.
    public static func of(errno code: Int32) -> String {
        if code == EPIPE { return "the reader closed the pipe (broken pipe)" }
        let words = String(cString: strerror(code))
        guard let first = words.first, !words.dropFirst().prefix(1).allSatisfy(\.isUppercase) else { return words }
        return first.lowercased() + words.dropFirst()
    }

    private static let cocoaReasons: [Int: String] = [
        CocoaError.fileNoSuchFile.rawValue: "no such file or directory",
        CocoaError.fileReadNoSuchFile.rawValue: "no such file or directory",
        CocoaError.fileReadNoPermission.rawValue: "permission denied",
        CocoaError.fileWriteNoPermission.rawValue: "permission denied",
        CocoaError.fileWriteOutOfSpace.rawValue: "no space left on device",
        CocoaError.fileWriteVolumeReadOnly.rawValue: "read-only file system",
        CocoaError.fileWriteFileExists.rawValue: "a file is already there",
        CocoaError.fileReadTooLarge.rawValue: "the file is too large",
        CocoaError.fileReadInvalidFileName.rawValue: "not a valid file name",
        CocoaError.fileWriteInvalidFileName.rawValue: "not a valid file name",
        CocoaError.fileReadInapplicableStringEncoding.rawValue: "not text in a known encoding",
        CocoaError.fileReadCorruptFile.rawValue: "the file is damaged",
        CocoaError.fileLocking.rawValue: "the file is locked",
        CocoaError.fileReadUnknown.rawValue: "an input/output error",
        CocoaError.fileWriteUnknown.rawValue: "an input/output error",
    ]
}
