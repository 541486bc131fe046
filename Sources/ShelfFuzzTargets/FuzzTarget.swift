import Foundation
import ShelfDetection
import ShelfISBN
import ShelfImaging
import ShelfLibrary

/// The parsers of bytes from outside, each a fuzz target: any bytes in, no trap out. `shelfscan-fuzz`
/// drives them under libFuzzer (`Scripts/fuzz.sh`); the tests replay the seed corpora and every
/// input a fuzzer ever crashed on (`Fixtures/fuzz/TARGET/`).
public enum FuzzTarget: String, Sendable, CaseIterable {
    /// JPEG and PNG decoding, from the sniffed format to the pixels, under a small pixel limit.
    case decoder
    /// The EXIF orientation reader, on JPEG and PNG containers.
    case exif
    /// ISBNs in text (OCR confusions, hyphens, checksums).
    case isbn
    /// The CSV reader and the three services' row readers.
    case csv
    /// The spine detector on decoded pixels: the first two bytes give the size, the rest the pixels.
    case detector

    /// Runs the target on one input.
    public func run(_ bytes: [UInt8]) {
        switch self {
        case .decoder:
            _ = try? ImageDecoder(maxPixels: 2_000_000).decodePhoto(bytes: bytes, path: "fuzz")
        case .exif:
            _ = ExifReader.orientation(in: bytes, format: .jpeg)
            _ = ExifReader.orientation(in: bytes, format: .png)
        case .isbn:
            _ = ISBNExtractor().matches(in: String(decoding: bytes, as: UTF8.self))
        case .csv:
            guard let table = try? CSVTable(data: Data(bytes), path: "fuzz") else { return }
            _ = ExportFormat.detect(table)
            for format in ExportFormat.allCases {
                for row in table.rows { _ = format.read(row, of: table) }
            }
        case .detector:
            guard bytes.count >= 3 else { return }
            let width = 1 + Int(bytes[0]) % 160, height = 1 + Int(bytes[1]) % 160
            let pixels = bytes.dropFirst(2)
            let samples = (0..<(width * height * 3)).map { pixels[pixels.startIndex + $0 % pixels.count] }
            let image = Image(width: width, height: height, format: .rgb, pixels: samples)
            _ = SpineDetector().spines(in: image)
        }
    }
}
