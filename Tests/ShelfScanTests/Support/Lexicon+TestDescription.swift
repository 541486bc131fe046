import Testing

@testable import ShelfReading

/// A failed expectation shows the values of its subexpressions, a lexicon among them: its size,
/// not its 300,000 words.
extension Lexicon: CustomTestStringConvertible {
    public var testDescription: String {
        "Lexicon(\(words.count) words, \(givenNames.count) given names, \(authorSurnames.count) surnames)"
    }
}
