import CJPEG

/// Every call into libjpeg-turbo goes through here and comes back as pixels or an `ImageError`.
enum JPEGCodec {
    /// Decodes straight into the image's own storage: the header gives the size first, so a
    /// photo of up to 100 MP is never held twice.
    static func decode(
        _ bytes: [UInt8], maxPixels: Int, scaleDenominator: Int = 1, path: String
    ) throws(ImageError) -> Image {
        var info = CJPEG_Image()
        let infoStatus = bytes.withUnsafeBufferPointer { buffer in
            CJPEG_read_info(
                buffer.baseAddress, buffer.count, UInt64(clamping: maxPixels), Int32(scaleDenominator), &info)
        }
        try check(infoStatus, info, maxPixels: maxPixels, path: path)
        var result = CJPEG_Image()
        var status = Int32(CJPEG_OK)
        let image = Image(
            width: Int(info.width), height: Int(info.height), format: info.channels == 1 ? .gray : .rgb
        ) { pixels in
            status = bytes.withUnsafeBufferPointer { buffer in
                CJPEG_decode(
                    buffer.baseAddress, buffer.count, Int32(scaleDenominator), pixels.baseAddress, pixels.count, &result
                )
            }
        }
        try check(status, result, maxPixels: maxPixels, path: path)
        return image
    }

    private static func check(_ status: Int32, _ result: CJPEG_Image, maxPixels: Int, path: String) throws(ImageError) {
        let message = withUnsafeBytes(of: result.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        switch Int(status) {
        case Int(CJPEG_OK):
            return
        case Int(CJPEG_TOO_LARGE):
            throw ImageError.tooLarge(
                width: Int(result.width), height: Int(result.height), limit: maxPixels, path: path)
        case Int(CJPEG_TRUNCATED):
            throw ImageError(.truncated, path: path, reason: "truncated JPEG: \(message)")
        default:
            throw ImageError(.corrupt, path: path, reason: "corrupt JPEG: \(message)")
        }
    }
}
