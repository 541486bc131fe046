/// Reads the orientation tag from the EXIF block of a JPEG (APP1) or a PNG (`eXIf` chunk).
///
/// Anything malformed is treated as "no tag": a broken EXIF block must not make a readable photo fail.
package enum ExifReader {
    /// The orientation recorded in a JPEG or PNG file, `.up` when there is none.
    package static func orientation(in bytes: [UInt8], format: ImageFormat) -> ExifOrientation {
        let tiff: ArraySlice<UInt8>?
        switch format {
        case .jpeg: tiff = jpegExifBlock(bytes)
        case .png: tiff = pngExifChunk(bytes)
        default: tiff = nil
        }
        guard let tiff, let value = orientationTag(inTIFF: tiff) else { return .up }
        return ExifOrientation(rawValue: value) ?? .up
    }

    /// The TIFF structure inside the first `Exif\0\0` APP1 segment, scanning markers up to the image data.
    static func jpegExifBlock(_ bytes: [UInt8]) -> ArraySlice<UInt8>? {
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF {  // fill byte
                offset += 1
                continue
            }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 {
                offset += 2
                continue
            }
            if marker == 0xDA || marker == 0xD9 { return nil }  // image data begins: no EXIF before it
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
            let body = (offset + 4)..<(offset + 2 + length)
            if marker == 0xE1, body.count > 6, Array(bytes[body.lowerBound..<body.lowerBound + 6]) == exifHeader {
                return bytes[(body.lowerBound + 6)..<body.upperBound]
            }
            offset += 2 + length
        }
        return nil
    }

    /// The data of the `eXIf` chunk, walking the chunk list.
    static func pngExifChunk(_ bytes: [UInt8]) -> ArraySlice<UInt8>? {
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(readUInt32(bytes[...], at: offset, bigEndian: true) ?? 0)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let dataStart = offset + 8
            guard length >= 0, dataStart + length <= bytes.count else { return nil }
            if type == "eXIf" { return bytes[dataStart..<(dataStart + length)] }
            if type == "IEND" { return nil }
            offset = dataStart + length + 4
        }
        return nil
    }

    /// Tag 0x0112 of IFD0 in a TIFF structure.
    static func orientationTag(inTIFF tiff: ArraySlice<UInt8>) -> Int? {
        let start = tiff.startIndex
        guard tiff.count >= 8 else { return nil }
        let bigEndian: Bool
        switch (tiff[start], tiff[start + 1]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return nil
        }
        guard readUInt16(tiff, at: start + 2, bigEndian: bigEndian) == 42,
            let ifdOffset = readUInt32(tiff, at: start + 4, bigEndian: bigEndian)
        else { return nil }
        let ifd = start + Int(ifdOffset)
        guard let entryCount = readUInt16(tiff, at: ifd, bigEndian: bigEndian) else { return nil }
        for entry in 0..<Int(entryCount) {
            let position = ifd + 2 + entry * 12
            guard let tag = readUInt16(tiff, at: position, bigEndian: bigEndian) else { return nil }
            guard tag == 0x0112 else { continue }
            let type = readUInt16(tiff, at: position + 2, bigEndian: bigEndian)
            switch type {
            case 3: return readUInt16(tiff, at: position + 8, bigEndian: bigEndian).map(Int.init)  // SHORT
            case 4: return readUInt32(tiff, at: position + 8, bigEndian: bigEndian).map(Int.init)  // LONG
            default: return nil
            }
        }
        return nil
    }

    private static let exifHeader: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]

    private static func readUInt16(_ bytes: ArraySlice<UInt8>, at offset: Int, bigEndian: Bool) -> UInt16? {
        guard offset >= bytes.startIndex, offset + 2 <= bytes.endIndex else { return nil }
        let a = UInt16(bytes[offset]), b = UInt16(bytes[offset + 1])
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    private static func readUInt32(_ bytes: ArraySlice<UInt8>, at offset: Int, bigEndian: Bool) -> UInt32? {
        guard let high = readUInt16(bytes, at: bigEndian ? offset : offset + 2, bigEndian: bigEndian),
            let low = readUInt16(bytes, at: bigEndian ? offset + 2 : offset, bigEndian: bigEndian)
        else { return nil }
        return UInt32(high) << 16 | UInt32(low)
    }
}
