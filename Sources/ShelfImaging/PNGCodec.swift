import CPNG

/// Every call into libpng goes through here and comes back as pixels or an `ImageError`.
enum PNGCodec {
    /// Decodes straight into the image's own storage: the header gives the size first, so a
    /// photo of up to 100 MP is never held twice.
    static func decode(_ bytes: [UInt8], maxPixels: Int, path: String) throws(ImageError) -> Image {
        var info = CPNG_Image()
        let infoStatus = bytes.withUnsafeBufferPointer { buffer in
            CPNG_read_info(buffer.baseAddress, buffer.count, UInt64(clamping: maxPixels), &info)
        }
        try check(infoStatus, info, maxPixels: maxPixels, path: path)
        let format: Image.PixelFormat = info.channels == 1 ? .gray : info.channels == 3 ? .rgb : .rgba
        var result = CPNG_Image()
        var status = Int32(CPNG_OK)
        let image = Image(width: Int(info.width), height: Int(info.height), format: format) { pixels in
            status = bytes.withUnsafeBufferPointer { buffer in
                CPNG_decode(buffer.baseAddress, buffer.count, pixels.baseAddress, pixels.count, &result)
            }
        }
        try check(status, result, maxPixels: maxPixels, path: path)
        return image
    }

    private static func check(_ status: Int32, _ result: CPNG_Image, maxPixels: Int, path: String) throws(ImageError) {
        let message = withUnsafeBytes(of: result.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        switch Int(status) {
        case Int(CPNG_OK):
            return
        case Int(CPNG_TOO_LARGE):
            throw ImageError.tooLarge(
                width: Int(result.width), height: Int(result.height), limit: maxPixels, path: path)
        case Int(CPNG_TRUNCATED):
            throw ImageError(.truncated, path: path, reason: "truncated PNG (\(message))")
        default:
            throw ImageError(.corrupt, path: path, reason: "corrupt PNG: \(message)")
        }
    }

    static func encode(_ image: Image, level: Int = 6) throws(ImageError) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        var buffer = [CChar](repeating: 0, count: 256)
        let status = image.withUnsafeBytes { pixels in
            buffer.withUnsafeMutableBufferPointer { text in
                CPNG_encode(
                    pixels.baseAddress, UInt32(image.width), UInt32(image.height), Int32(image.format.channels),
                    Int32(level), &output, &length, text.baseAddress)
            }
        }
        defer { CPNG_free(output) }
        guard Int(status) == Int(CPNG_OK), let output else {
            let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ImageError(.corrupt, path: "", reason: "PNG encoding failed: \(text)")
        }
        return Array(UnsafeBufferPointer(start: output, count: length))
    }
}

extension ImageError {
    static func tooLarge(width: Int, height: Int, limit: Int, path: String) -> ImageError {
        let megapixels = Double(width * height) / 1_000_000
        let limitMegapixels = Double(limit) / 1_000_000
        return ImageError(
            .tooLarge, path: path,
            reason: "\(width)×\(height) pixels (\(formatted(megapixels)) MP) is above the limit of "
                + "\(formatted(limitMegapixels)) MP (raise it with --max-pixels)")
    }

    private static func formatted(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String((value * 10).rounded() / 10)
    }
}
