import Foundation

/// How the parser scores a pairing of title and author among a spine's runs
/// (`SpineTextParser.titleAndAuthor(in:)`): the weights of the evidence, loaded from
/// `Models/title-choice.json`, whose `note` says how they were set.
///
/// A title's score is `size × (its height ÷ the largest run's, at most 1) + wordLikeness × (share of
/// its words that are words) + confidence × (Tesseract's, 0…1) + extraWord × (its words beyond the
/// first, at most `extraWordsCounted`)`, plus `titleWord` when it holds a word that names never do,
/// plus `nameAsTitle` when it is a person's name, however large, plus
/// `shortNonWord` when it is a lone short word the lists do not know. An author's score is its name
/// score, plus `authorInCapitals` when capitals set it apart from the title, plus
/// `authorLargerThanTitle` when it is set larger than the title. Penalties are negative weights.
public struct TitleChoiceWeights: Sendable, Equatable, Codable {
    public var size: Double
    public var wordLikeness: Double
    /// The word-likeness a title of one word is given, word or not: one word is a title as often
    /// as a surname.
    public var oneWordLikeness: Double
    public var confidence: Double
    public var extraWord: Double
    public var extraWordsCounted: Int
    public var titleWord: Double
    public var nameAsTitle: Double
    public var shortNonWord: Double
    public var authorInCapitals: Double
    public var authorLargerThanTitle: Double

    public init(
        size: Double, wordLikeness: Double, oneWordLikeness: Double, confidence: Double, extraWord: Double,
        extraWordsCounted: Int, titleWord: Double, nameAsTitle: Double, shortNonWord: Double,
        authorInCapitals: Double, authorLargerThanTitle: Double
    ) {
        self.size = size
        self.wordLikeness = wordLikeness
        self.oneWordLikeness = oneWordLikeness
        self.confidence = confidence
        self.extraWord = extraWord
        self.extraWordsCounted = extraWordsCounted
        self.titleWord = titleWord
        self.nameAsTitle = nameAsTitle
        self.shortNonWord = shortNonWord
        self.authorInCapitals = authorInCapitals
        self.authorLargerThanTitle = authorLargerThanTitle
    }

    /// Loads `title-choice.json` from a models folder.
    public init(directory: ModelDirectory) throws(ModelError) {
        let file = "\(directory.path)/title-choice.json"
        do {
            self = try JSONDecoder().decode(TitleChoiceWeights.self, from: try directory.data(of: "title-choice.json"))
        } catch let error as ModelError {
            throw error
        } catch {
            throw .malformed(file, reason: "\(error)")
        }
    }
}
