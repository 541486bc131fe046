import ShelfReading

/// Everything the reading stages load from the models folder.
public struct ScanModels: Sendable {
    public var lexicon: Lexicon
    public var confidence: ConfidenceModel

    public init(lexicon: Lexicon, confidence: ConfidenceModel) {
        self.lexicon = lexicon
        self.confidence = confidence
    }

    /// Loads the models from `directory`, or from the folder `ModelDirectory.locate()` finds.
    public static func load(from directory: ModelDirectory? = nil) throws(ModelError) -> ScanModels {
        let folder: ModelDirectory
        if let directory { folder = directory } else { folder = try ModelDirectory.locate() }
        return ScanModels(lexicon: try Lexicon(directory: folder), confidence: try ConfidenceModel(directory: folder))
    }
}
