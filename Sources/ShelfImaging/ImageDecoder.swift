import Foundation
import ShelfFiles

/// Decodes JPEG and PNG photos into displayed pixels: the format is found from the bytes, the size
/// is checked before any pixel buffer is allocated, and the EXIF orientation is applied.
public struct ImageDecoder: Sendable {
    /// The default pixel limit: 100 megapixels.
    public static let defaultMaxPixels = 100_000_000

    /// Photos with more pixels than this are refused from their header.
    public var maxPixels: Int

    public init(maxPixels: Int = ImageDecoder.defaultMaxPixels) {
        self.maxPixels = maxPixels
    }

    /// Reads and decodes the photo at `path`.
    public func decodePhoto(atPath path: String) throws(ImageError) -> Photo {
        try decodePhoto(bytes: try Self.readFile(atPath: path), path: path)
    }

    /// Decodes a photo held in memory; `path` names it in errors.
    public func decodePhoto(bytes: [UInt8], path: String) throws(ImageError) -> Photo {
        let format = try Self.checkFormat(of: bytes, path: path)
        let stored: Image
        switch format {
        case .jpeg: stored = try JPEGCodec.decode(bytes, maxPixels: maxPixels, path: path)
        default: stored = try PNGCodec.decode(bytes, maxPixels: maxPixels, path: path)
        }
        let orientation = ExifReader.orientation(in: bytes, format: format)
        return Photo(path: path, image: stored.applying(orientation), format: format, orientation: orientation)
    }

    /// The format of a file's bytes when shelfscan decodes it (JPEG or PNG); otherwise the error
    /// decoding it would give: empty, not an image, or a format shelfscan does not read.
    @discardableResult
    public static func checkFormat(of bytes: [UInt8], path: String) throws(ImageError) -> ImageFormat {
        guard !bytes.isEmpty else { throw ImageError(.empty, path: path, reason: "the file is empty") }
        guard let format = ImageFormat(sniffing: bytes) else {
            throw ImageError(
                .unrecognizedFormat, path: path,
                reason: "not a JPEG or PNG photo (the file's contents match no image format shelfscan knows)")
        }
        guard format.isSupported else {
            throw ImageError(
                .unsupportedFormat, path: path,
                reason: "\(format.rawValue) is not supported: shelfscan reads JPEG and PNG photos"
                    + (format == .heic || format == .heif ? " (set the phone's camera to \"Most Compatible\")" : ""))
        }
        return format
    }

    /// Checks, from its first bytes only, that the file at `path` is there, readable, and a photo
    /// shelfscan decodes (JPEG or PNG); throws the error decoding it would give otherwise. A damaged
    /// photo passes: that is found when it is decoded.
    @discardableResult
    public static func checkPhoto(atPath path: String) throws(ImageError) -> ImageFormat {
        try checkFormat(of: readFile(atPath: path, upTo: ImageFormat.sniffedLength), path: path)
    }

    /// The whole file (or its first `limit` bytes), or an error naming it.
    static func readFile(atPath path: String, upTo limit: Int? = nil) throws(ImageError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ImageError(.unreadable, path: path, reason: "no such file")
        }
        if isDirectory.boolValue {
            throw ImageError(.isDirectory, path: path, reason: "is a directory, not a photo")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ImageError(.unreadable, path: path, reason: "cannot be opened (permission denied?)")
        }
        defer { try? handle.close() }
        do {
            let data = try limit.map { try handle.read(upToCount: $0) } ?? handle.readToEnd()
            return [UInt8](data ?? Data())
        } catch {
            throw ImageError(.unreadable, path: path, reason: "cannot be read: \(SystemReason.of(error))")
        }
    }
}

extension Image {
    /// The image encoded as PNG: compact, or (`quick`) three to four times faster and a little larger,
    /// for pictures written while a person waits.
    public func pngData(quick: Bool = false) throws(ImageError) -> [UInt8] {
        try PNGCodec.encode(self, level: quick ? 1 : 6)
    }
}
