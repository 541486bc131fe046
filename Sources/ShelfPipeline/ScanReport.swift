import ShelfISBN
import ShelfImaging
import ShelfLibrary

/// The report `--json` prints: the contract in the evaluation set's FORMAT.md (schema version 1).
public struct ScanReport: Sendable, Encodable {
    public var schemaVersion = 1
    public var images: [ImageReport]
    public var summary: Summary

    public init(images: [ImageReport]) {
        self.images = images
        summary = Summary(
            images: images.count,
            books: images.reduce(0) { $0 + $1.books.count },
            selected: images.reduce(0) { $0 + $1.books.filter(\.selected).count },
            duplicates: images.reduce(0) { $0 + $1.books.filter { $0.status == .alreadyInLibrary }.count },
            errors: images.filter { $0.error != nil }.count,
            elapsedMs: images.reduce(0) { $0 + $1.elapsedMs })
    }

    /// Totals over the batch.
    public struct Summary: Sendable, Encodable {
        public var images: Int
        public var books: Int
        public var selected: Int
        public var duplicates: Int
        public var errors: Int
        public var elapsedMs: Double

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(images, forKey: .images)
            try container.encode(books, forKey: .books)
            try container.encode(selected, forKey: .selected)
            try container.encode(duplicates, forKey: .duplicates)
            try container.encode(errors, forKey: .errors)
            try container.encode(elapsedMs.roundedToTenths, forKey: .elapsedMs)
        }

        enum CodingKeys: String, CodingKey { case images, books, selected, duplicates, errors, elapsedMs }
    }
}

/// What one photo gave.
public struct ImageReport: Sendable, Codable {
    public var path: String
    /// Displayed size (EXIF orientation applied); nil when the photo could not be read.
    public var width: Int?
    public var height: Int?
    /// Wall time spent on this photo.
    public var elapsedMs: Double
    /// Every stage that failed, in the order of the pipeline. A photo whose later stages failed
    /// still has the books the earlier ones found.
    public var stageErrors: [ReportedError]
    /// The first failure, the one the report's `error` names.
    public var error: ReportedError? { stageErrors.first }
    public var books: [DetectedBook]
    public var isbns: [ReportedISBN]
    /// Raw OCR of the whole photo, when it was read as text.
    public var text: String?
    /// Time per pipeline stage, in milliseconds.
    public var timings: [String: Double]
    /// What reading the spines took, part by part; nil when no spine was read.
    public var readingWork: ReadingWork?

    public init(
        path: String, width: Int? = nil, height: Int? = nil, elapsedMs: Double = 0, stageErrors: [ReportedError] = [],
        books: [DetectedBook] = [], isbns: [ReportedISBN] = [], text: String? = nil, timings: [String: Double] = [:]
    ) {
        self.path = path
        self.width = width
        self.height = height
        self.elapsedMs = elapsedMs
        self.stageErrors = stageErrors
        self.books = books
        self.isbns = isbns
        self.text = text
        self.timings = timings
    }

    enum CodingKeys: String, CodingKey {
        case path, width, height, elapsedMs, error, stageErrors, books, isbns, text, timings, readingWork
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(elapsedMs.roundedToTenths, forKey: .elapsedMs)
        try container.encode(error, forKey: .error)
        try container.encode(stageErrors, forKey: .stageErrors)
        try container.encode(books, forKey: .books)
        try container.encode(isbns, forKey: .isbns)
        try container.encode(text, forKey: .text)
        try container.encode(timings.mapValues(\.roundedToTenths), forKey: .timings)
        try container.encodeIfPresent(readingWork, forKey: .readingWork)
    }

    /// Reads a report written with `CodingUserInfoKey.fullPrecision` (as one shelfscan process
    /// passes it to another); `error` is the first of `stageErrors`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        path = try container.decode(String.self, forKey: .path)
        width = try container.decodeIfPresent(Int.self, forKey: .width)
        height = try container.decodeIfPresent(Int.self, forKey: .height)
        elapsedMs = try container.decode(Double.self, forKey: .elapsedMs)
        stageErrors = try container.decode([ReportedError].self, forKey: .stageErrors)
        books = try container.decode([DetectedBook].self, forKey: .books)
        isbns = try container.decode([ReportedISBN].self, forKey: .isbns)
        text = try container.decodeIfPresent(String.self, forKey: .text)
        timings = try container.decode([String: Double].self, forKey: .timings)
        readingWork = try container.decodeIfPresent(ReadingWork.self, forKey: .readingWork)
    }
}

/// A stage of a photo's scan that failed: a stable code, the stage, and a message naming the file.
public struct ReportedError: Sendable, Codable, Equatable {
    /// What went wrong; `rawValue` is the code the JSON report carries.
    public enum Code: String, Sendable, Codable {
        // The photo itself (the codes of `ImageError.Code`).
        case unreadable, isDirectory = "is-directory", empty, unsupportedFormat = "unsupported-format"
        case unrecognizedFormat = "unrecognized-format", truncated, corrupt, tooLarge = "too-large"
        /// shelfscan's models folder is missing or broken.
        case modelsUnavailable = "models-unavailable"
        /// Tesseract could not be loaded.
        case ocrUnavailable = "ocr-unavailable"
        /// The scan was stopped (Ctrl-C) before this photo was done.
        case cancelled
        /// shelfscan itself failed on this photo (a crash); the other photos were scanned.
        case internalError = "internal-error"

        /// The code of a photo that could not be decoded.
        public init(_ code: ImageError.Code) {
            switch code {
            case .unreadable: self = .unreadable
            case .isDirectory: self = .isDirectory
            case .empty: self = .empty
            case .unsupportedFormat: self = .unsupportedFormat
            case .unrecognizedFormat: self = .unrecognizedFormat
            case .truncated: self = .truncated
            case .corrupt: self = .corrupt
            case .tooLarge: self = .tooLarge
            }
        }
    }

    /// The stages of a photo's scan, in order.
    public enum Stage: String, Sendable, Codable {
        case models, decode, detect, barcodes, read, text
        /// Stages of reports written before a spine's readings became one stage (`read`).
        case readAgain, checkTitles, isbnLines
        /// Somewhere in the photo's scan, which stopped without saying where.
        case unknown
    }

    public var code: Code
    public var stage: Stage
    public var message: String

    public init(code: Code, stage: Stage, message: String) {
        self.code = code
        self.stage = stage
        self.message = message
    }

    enum CodingKeys: String, CodingKey { case code, stage, message }
}

/// An ISBN read anywhere in a photo.
public struct ReportedISBN: Sendable, Codable, Equatable {
    /// Where it was read.
    public enum Source: String, Sendable, Codable {
        case barcode
        case text
    }

    public var isbn: ISBN
    public var source: Source
    /// The EAN-5/EAN-2 add-on printed beside the barcode.
    public var addon: String?
    public var polygon: [Point]?

    public init(isbn: ISBN, source: Source, addon: String? = nil, polygon: [Point]? = nil) {
        self.isbn = isbn
        self.source = source
        self.addon = addon
        self.polygon = polygon
    }

    enum CodingKeys: String, CodingKey { case isbn, source, addon, polygon }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(isbn, forKey: .isbn)
        try container.encode(source, forKey: .source)
        try container.encode(addon, forKey: .addon)
        try container.encode(polygon, forKey: .polygon)
    }
}

extension Double {
    var roundedToTenths: Double { (self * 10).rounded() / 10 }
}
