import CPNG

/// Every call into libpng goes through here and comes back as pixels or an `ImageError`.
enum PNGCodec {
    static func decode(_ bytes: [UInt8], maxPixels: Int, path: String) throws(ImageError) -> Image {
        var result = CPNG_Image()
        let status = bytes.withUnsafeBufferPointer { buffer in
            CPNG_decode(buffer.baseAddress, buffer.count, UInt64(maxPixels), &result)
        }
        defer { CPNG_free(result.pixels) }
        switch Int(status) {
        case Int(CPNG_OK):
            break
        case Int(CPNG_TOO_LARGE):
            throw ImageError.tooLarge(
                width: Int(result.width), height: Int(result.height), limit: maxPixels, path: path)
        default:
            let message = withUnsafeBytes(of: result.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let lowered = message.lowercased()
            let code: ImageError.Code =
                lowered.contains("truncated") || lowered.contains("read error") || lowered.contains("not enough")
                ? .truncated : .corrupt
            let reason = code == .truncated ? "truncated PNG (\(message))" : "corrupt PNG: \(message)"
            throw ImageError(code, path: path, reason: reason)
        }
        let format: Image.PixelFormat = result.channels == 1 ? .gray : result.channels == 3 ? .rgb : .rgba
        let count = Int(result.width) * Int(result.height) * Int(result.channels)
        let pixels = Array(UnsafeBufferPointer(start: result.pixels, count: count))
        return Image(width: Int(result.width), height: Int(result.height), format: format, pixels: pixels)
    }

    static func encode(_ image: Image) throws(ImageError) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        var buffer = [CChar](repeating: 0, count: 256)
        let status = image.withUnsafeBytes { pixels in
            buffer.withUnsafeMutableBufferPointer { text in
                CPNG_encode(
                    pixels.baseAddress, UInt32(image.width), UInt32(image.height), Int32(image.format.channels),
                    &output, &length, text.baseAddress)
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
