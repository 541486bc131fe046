import CJPEG

/// Every call into libjpeg-turbo goes through here and comes back as pixels or an `ImageError`.
enum JPEGCodec {
    static func decode(
        _ bytes: [UInt8], maxPixels: Int, scaleDenominator: Int = 1, path: String
    ) throws(ImageError) -> Image {
        var result = CJPEG_Image()
        let status = bytes.withUnsafeBufferPointer { buffer in
            CJPEG_decode(buffer.baseAddress, buffer.count, UInt64(maxPixels), Int32(scaleDenominator), &result)
        }
        defer { CJPEG_free(result.pixels) }
        let message = withUnsafeBytes(of: result.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        switch Int(status) {
        case Int(CJPEG_OK):
            break
        case Int(CJPEG_TOO_LARGE):
            throw ImageError.tooLarge(
                width: Int(result.width), height: Int(result.height), limit: maxPixels, path: path)
        case Int(CJPEG_TRUNCATED):
            throw ImageError(.truncated, path: path, reason: "truncated JPEG: \(message)")
        default:
            throw ImageError(.corrupt, path: path, reason: "corrupt JPEG: \(message)")
        }
        let format: Image.PixelFormat = result.channels == 1 ? .gray : .rgb
        let count = Int(result.width) * Int(result.height) * Int(result.channels)
        let pixels = Array(UnsafeBufferPointer(start: result.pixels, count: count))
        return Image(width: Int(result.width), height: Int(result.height), format: format, pixels: pixels)
    }
}
