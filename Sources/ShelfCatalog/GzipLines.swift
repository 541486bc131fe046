import CZlib
import Foundation
import ShelfFiles

/// The lines of a file read as a stream, gzip-compressed or not (zlib reads a plain file as it
/// is): a dump of tens of millions of lines is never held in memory.
final class GzipLines {
    private let file: gzFile
    let path: String
    private var buffer = [CChar](repeating: 0, count: 1 << 16)
    /// The line number of the last line read, from 1.
    private(set) var lineNumber = 0

    init(path: String) throws(CatalogError) {
        guard let file = gzopen(path, "rb") else {
            throw CatalogError(.badImport, path: path, reason: "cannot be read: \(SystemReason.of(errno: errno))")
        }
        gzbuffer(file, 1 << 18)
        self.file = file
        self.path = path
    }

    deinit { gzclose(file) }

    /// How far into the file (compressed bytes) reading has come.
    var offset: Int64 { Int64(gzoffset(file)) }

    /// The next line without its line break, or nil at the end.
    ///
    /// - Throws: `corrupt` when the gzip stream is damaged or cut short.
    func next() throws(CatalogError) -> String? {
        var line: [UInt8] = []
        while true {
            let read = buffer.withUnsafeMutableBufferPointer { pointer in
                gzgets(file, pointer.baseAddress, Int32(pointer.count))
            }
            guard read != nil else {
                var code: Int32 = 0
                let message = gzerror(file, &code)
                if code != Z_OK && code != Z_STREAM_END {
                    let detail = message.map { String(cString: $0) } ?? "error \(code)"
                    throw CatalogError(.corrupt, path: path, reason: "the gzip data is damaged or cut short after line \(lineNumber) (\(detail)); nothing of it was imported")
                }
                if line.isEmpty { return nil }
                break
            }
            let length = strlen(buffer)
            let ended = length > 0 && buffer[length - 1] == 0x0A
            line.append(contentsOf: buffer[0..<(ended ? length - 1 : length)].map { UInt8(bitPattern: $0) })
            if ended { break }
        }
        lineNumber += 1
        if line.last == 0x0D { line.removeLast() }
        return String(decoding: line, as: UTF8.self)
    }
}

@available(*, unavailable)
extension GzipLines: Sendable {}
