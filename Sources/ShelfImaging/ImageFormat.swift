/// A file format, recognised from the first bytes of a file, never from its name.
public enum ImageFormat: String, Sendable, Equatable {
    case jpeg = "JPEG"
    case png = "PNG"
    case gif = "GIF"
    case webp = "WebP"
    case tiff = "TIFF"
    case heic = "HEIC"
    case heif = "HEIF"
    case avif = "AVIF"
    case bmp = "BMP"
    case pdf = "PDF"
    case jpeg2000 = "JPEG 2000"
    case jpegXL = "JPEG XL"
    case photoshop = "Photoshop"
    case svg = "SVG"

    /// Whether shelfscan decodes this format.
    public var isSupported: Bool { self == .jpeg || self == .png }

    /// How many of a file's first bytes `init(sniffing:)` looks at.
    public static let sniffedLength = 64

    /// The format of a file that starts with `bytes`, or nil when nothing is recognised.
    public init?<Bytes: Collection<UInt8>>(sniffing bytes: Bytes) where Bytes.Index == Int {
        let head = Array(bytes.prefix(Self.sniffedLength))
        func starts(with prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && Array(head[offset..<offset + prefix.count]) == prefix
        }
        func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

        if starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(with: ascii("GIF87a")) || starts(with: ascii("GIF89a")) {
            self = .gif
        } else if starts(with: ascii("RIFF")) && starts(with: ascii("WEBP"), at: 8) {
            self = .webp
        } else if starts(with: [0x49, 0x49, 0x2A, 0x00]) || starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            self = .tiff
        } else if starts(with: ascii("ftyp"), at: 4), head.count >= 12 {
            let brand = String(decoding: head[8..<12], as: UTF8.self)
            switch brand {
            case "heic", "heix", "hevc", "hevx", "heim", "heis": self = .heic
            case "avif", "avis": self = .avif
            case "mif1", "msf1": self = .heif
            case "jp2 ": self = .jpeg2000
            default: return nil
            }
        } else if starts(with: ascii("%PDF")) {
            self = .pdf
        } else if starts(with: ascii("BM")) && head.count >= 14 {
            self = .bmp
        } else if starts(with: [0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20]) {
            self = .jpeg2000
        } else if starts(with: [0xFF, 0x0A]) || starts(with: [0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) {
            self = .jpegXL
        } else if starts(with: ascii("8BPS")) {
            self = .photoshop
        } else if Self.isSVG(String(decoding: head, as: UTF8.self).lowercased()) {
            self = .svg
        } else {
            return nil
        }
    }

    private static func isSVG(_ text: String) -> Bool {
        text.hasPrefix("<svg") || (text.hasPrefix("<?xml") && text.contains("<svg"))
    }
}
