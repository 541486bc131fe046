import ShelfReading

/// Everything the pipeline loads from the models folder.
public struct ScanModels: Sendable {
    public var lexicon: Lexicon
    public var titleChoice: TitleChoiceWeights
    public var confidence: ConfidenceModel

    public init(lexicon: Lexicon, titleChoice: TitleChoiceWeights, confidence: ConfidenceModel) {
        self.lexicon = lexicon
        self.titleChoice = titleChoice
        self.confidence = confidence
    }

    /// Loads the models from `directory`, or from the folder `ModelDirectory.locate()` finds.
    public static func load(from directory: ModelDirectory? = nil) throws(ModelError) -> ScanModels {
        let folder: ModelDirectory
        if let directory { folder = directory } else { folder = try ModelDirectory.locate() }
        return ScanModels(
            lexicon: try Lexicon(directory: folder), titleChoice: try TitleChoiceWeights(directory: folder),
            confidence: try ConfidenceModel(directory: folder))
    }

    /// The parser these models make.
    public var parser: SpineTextParser { SpineTextParser(lexicon: lexicon, weights: titleChoice) }
}
