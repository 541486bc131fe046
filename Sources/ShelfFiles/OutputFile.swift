import Foundation

/// Writes a whole output (an export, a page, a picture) to a path as `cat > PATH` would, but never
/// leaves half a file behind at a regular path:
/// - a regular file (or none yet) is written beside the target and renamed over it, keeping the
///   old file's permissions, so an interrupted or failed write leaves the old file as it was;
/// - a symbolic link is followed: its target is written, the link stays a link;
/// - a FIFO, a device or a socket is written in place (there is no renaming over those);
/// - a folder is refused.
public enum OutputFile {
    /// Writes `data` to `path`.
    ///
    /// - Parameter what: what is written, for the error ("the export").
    /// - Throws: ``FileWriteError`` naming the path, what was written and the system's reason.
    public static func write(_ data: Data, to path: String, what: String) throws(FileWriteError) {
        func failure(_ reason: String, code: Int32? = nil) -> FileWriteError {
            FileWriteError(path: path, what: what, reason: reason, code: code)
        }
        let target = try resolvingLinks(path, what: what)
        var status = stat()
        if lstat(target, &status) != 0 {
            let code = errno
            guard code == ENOENT else { throw failure(SystemReason.of(errno: code), code: code) }
            try replace(target, with: data, mode: nil, owner: nil, failure: failure)
            return
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            throw failure("it is a folder, not a file")
        case S_IFREG:
            try replace(target, with: data, mode: status.st_mode & 0o7777, owner: (status.st_uid, status.st_gid), failure: failure)
        default:
            // A FIFO, a terminal, /dev/null or /dev/full: written as they are, like a shell redirection.
            let descriptor = open(target, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                let code = errno
                throw failure(SystemReason.of(errno: code), code: code)
            }
            let written = Descriptor.writeAll(data, to: descriptor)
            let closed = close(descriptor) == 0 ? 0 : errno
            if let code = written ?? (closed == 0 ? nil : closed) { throw failure(SystemReason.of(errno: code), code: code) }
        }
    }

    /// The file a path names once its symbolic links are followed (a link to nowhere names the
    /// file it would make). Relative links are relative to the link's folder.
    static func resolvingLinks(_ path: String, what: String) throws(FileWriteError) -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length >= 0 else {
                let code = errno
                throw FileWriteError(path: path, what: what, reason: SystemReason.of(errno: code), code: code)
            }
            let destination = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current =
                destination.hasPrefix("/")
                ? destination : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
        }
        throw FileWriteError(path: path, what: what, reason: SystemReason.of(errno: ELOOP), code: ELOOP)
    }

    /// Writes a new file beside `target` and renames it over `target`.
    private static func replace(
        _ target: String, with data: Data, mode: mode_t?, owner: (uid_t, gid_t)?,
        failure: (String, Int32?) -> FileWriteError
    ) throws(FileWriteError) {
        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<100 {
            let suffix = String(UInt32.random(in: 0...UInt32.max), radix: 36)
            temporary = ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(".\(name).\(suffix).partial")
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode ?? 0o666)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else {
            let code = errno
            throw failure(SystemReason.of(errno: code), code)
        }
        // The umask may have taken bits off the old file's permissions: it keeps them all.
        if let mode { fchmod(descriptor, mode) }
        if let owner, owner.0 != geteuid() || owner.1 != getegid() { _ = fchown(descriptor, owner.0, owner.1) }
        var code = Descriptor.writeAll(data, to: descriptor)
        if code == nil, fsync(descriptor) != 0, errno != EINVAL { code = errno }
        if close(descriptor) != 0, code == nil { code = errno }
        if code == nil, rename(temporary, target) != 0 { code = errno }
        if let code {
            unlink(temporary)
            throw failure(SystemReason.of(errno: code), code)
        }
    }
}

/// Writing to a file descriptor.
public enum Descriptor {
    /// Writes all of `data` to `descriptor`, going on after partial writes and interruptions;
    /// returns the `errno` of a failure, or nil.
    public static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Int32? in
            guard var address = buffer.baseAddress else { return nil }
            var left = buffer.count
            while left > 0 {
                let written = Foundation.write(descriptor, address, left)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if written == 0 { return EIO }
                address += written
                left -= written
            }
            return nil
        }
    }
}
