import CZXing
import ShelfImaging

/// Every call into zxing-cpp (through the CZXing shim) goes through here.
package enum ZXingReader {
    /// The binarisers zxing-cpp can use.
    package enum Binarizer {
        case localAverage
        case globalHistogram
        case fixedThreshold

        fileprivate var shimValue: CZXing_Binarizer {
            switch self {
            case .localAverage: CZXing_BinarizerLocalAverage
            case .globalHistogram: CZXing_BinarizerGlobalHistogram
            case .fixedThreshold: CZXing_BinarizerFixedThreshold
            }
        }
    }

    /// One EAN-13 symbol (with add-on) in a gray image, through `ReadBarcode` (single): Debian's
    /// `ReadBarcodes` aborts the process on large photos.
    package static func readEAN13(in image: Image, binarizer: Binarizer = .localAverage, tryHarder: Bool = true)
        -> EANRead?
    {
        precondition(image.format == .gray, "zxing-cpp is given gray images")
        var result = CZXing_EANResult()
        let status = image.withUnsafeBytes { pixels in
            CZXing_readEAN13(
                pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width),
                binarizer.shimValue, tryHarder ? 1 : 0, 1, &result)
        }
        guard status == 1 else { return nil }
        let digits = withUnsafeBytes(of: result.digits) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let addon = withUnsafeBytes(of: result.addon) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let corners = withUnsafeBytes(of: result.corners) { raw in
            let values = raw.bindMemory(to: Int32.self)
            return (0..<4).map { Point(x: Double(values[2 * $0]), y: Double(values[2 * $0 + 1])) }
        }
        return EANRead(digits: digits, addon: addon.isEmpty ? nil : addon, corners: corners, engine: .zxing)
    }
}
