import Foundation

/// The committed test photos and their truth, found from this file's place in the package.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }

    /// The photos (JPEG and PNG) of one fixture folder, sorted.
    static func photos(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path(folder))) ?? []
        return names.filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".png") }.sorted()
    }

    /// A JSON file beside the fixtures, decoded.
    static func json<T: Decodable>(_ type: T.Type, _ relative: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(contentsOf: root.appendingPathComponent(relative)))
    }
}

/// The truth file written beside each barcode and page photo.
struct PhotoTruth: Decodable {
    struct Barcode: Decodable {
        var isbn: String
        var addon: String?
        var polygon: [[Double]]?
    }

    var image: String
    var width: Int
    var height: Int
    var exifOrientation: Int
    var barcodes: [Barcode]
    var isbns: [String]
    var ean: String?
}
