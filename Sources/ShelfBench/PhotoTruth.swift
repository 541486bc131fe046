import Foundation

/// What a photo really shows: `NAME.truth.json` beside the photo `NAME` (the layout is described
/// in `docs/TRUTH-FORMAT.md`). Fields a truth does not know are null or absent: a title-level truth
/// has books without outlines, a barcode photo has no books.
public struct PhotoTruth: Decodable, Sendable {
    /// One book on the photo.
    public struct Book: Decodable, Sendable {
        /// Nil when the truth outlines the spine without knowing its title.
        public var title: String?
        public var author: String?
        /// The ISBN-13 when the spine shows one.
        public var isbn: String?
        /// The book's outline in the photo's displayed pixels, `[[x, y], …]`; nil when not outlined.
        public var polygon: [[Double]]?
        /// Whether the owner's library (the benchmark's `--library`) has the book.
        public var inLibrary: Bool?
    }

    /// A barcode on the photo, with its add-on when it has one.
    public struct Barcode: Decodable, Sendable {
        public var isbn: String
        public var addon: String?
    }

    /// The photo's file name.
    public var image: String
    public var books: [Book]
    /// Every ISBN-13 the photo shows, printed or as a barcode.
    public var isbns: [String]
    public var barcodes: [Barcode]

    enum CodingKeys: String, CodingKey { case image, books, isbns, barcodes }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        image = try container.decode(String.self, forKey: .image)
        books = try container.decodeIfPresent([Book].self, forKey: .books) ?? []
        isbns = try container.decodeIfPresent([String].self, forKey: .isbns) ?? []
        barcodes = try container.decodeIfPresent([Barcode].self, forKey: .barcodes) ?? []
    }

    /// A truth file that could not be read.
    public struct ReadError: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// Every `*.truth.json` below `folder` (in path order), read, with the path of its photo.
    public static func all(in folder: String) throws(ReadError) -> [(truth: PhotoTruth, photo: String)] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else {
            throw ReadError(path: folder, reason: "the folder cannot be read")
        }
        var paths: [String] = []
        while let relative = walker.nextObject() as? String {
            if relative.hasSuffix(".truth.json") { paths.append((folder as NSString).appendingPathComponent(relative)) }
        }
        var found: [(PhotoTruth, String)] = []
        for path in paths.sorted() {
            let truth: PhotoTruth
            do {
                truth = try JSONDecoder().decode(PhotoTruth.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
            } catch {
                throw ReadError(path: path, reason: "not a truth file (\(error))")
            }
            let photo = ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(truth.image)
            found.append((truth, photo))
        }
        return found
    }
}
