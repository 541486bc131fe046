import ShelfCatalog
import ShelfImaging
import ShelfLibrary
import ShelfReading

/// Settings of one scan.
public struct ScanOptions: Sendable {
    /// Photos above this many pixels are refused before they are decoded.
    public var maxPixels: Int
    /// Also read printed ISBNs when a barcode was found (slower; by default the barcode is taken as
    /// the book's ISBN and the text is not read).
    public var readsTextAlways: Bool
    /// Books at or above this confidence are selected.
    public var minimumConfidence: Double
    /// The owner's library as it was before the scan: books found in it are `alreadyInLibrary`.
    public var library: LibraryMatcher?
    /// The catalogue spines are identified in; nil for none.
    public var catalog: CatalogIdentifier?
    /// When set, each photo's result carries a copy with its books drawn on, its longer side at most
    /// this many pixels (drawn while the photo is still decoded, instead of decoding it again).
    public var annotationMaxSide: Int?
    /// When set, each photo's result carries every book cut out and turned so that its lettering
    /// reads left to right, its longer side at most this many pixels (`PhotoScan.crops`).
    public var cropMaxSide: Int?
    /// Called as a photo's scan goes on: once its spines are found, then after each spine's first
    /// reading. Called from worker threads; it must return quickly.
    public var progress: (@Sendable (ScanProgress) -> Void)?
    /// The models folder; nil finds it (`ModelDirectory.locate()`).
    public var models: ModelDirectory?
    /// Where Tesseract's traineddata files are; nil for `TESSDATA_PREFIX` or Tesseract's own folder.
    public var tessdataPath: String?

    public init(
        maxPixels: Int = ImageDecoder.defaultMaxPixels, readsTextAlways: Bool = false,
        minimumConfidence: Double = BookAssessor.defaultMinimumConfidence, library: LibraryMatcher? = nil,
        annotationMaxSide: Int? = nil, models: ModelDirectory? = nil, tessdataPath: String? = nil
    ) {
        self.maxPixels = maxPixels
        self.readsTextAlways = readsTextAlways
        self.minimumConfidence = minimumConfidence
        self.library = library
        self.annotationMaxSide = annotationMaxSide
        self.models = models
        self.tessdataPath = tessdataPath
    }
}

/// What scanning one photo gave: its report, and the annotated copy when one was asked for.
public struct PhotoScan: Sendable {
    public var report: ImageReport
    /// The photo with its books drawn on (`ScanOptions.annotationMaxSide`); nil when not asked for
    /// or when the photo could not be read.
    public var annotated: Image?
    /// Each book of `report.books` cut out (`ScanOptions.cropMaxSide`), in the same order; empty
    /// when not asked for.
    public var crops: [Image] = []
}

/// How far the scan of one photo has come.
public struct ScanProgress: Sendable, Codable, Equatable {
    /// The photo being scanned.
    public var path: String
    /// The spines found on it.
    public var spines: Int
    /// The spines read so far.
    public var spinesRead: Int

    public init(path: String, spines: Int, spinesRead: Int) {
        self.path = path
        self.spines = spines
        self.spinesRead = spinesRead
    }
}
