import ShelfText
import Testing

/// Where a pattern occurs best in a text, as OCR leaves it: whole, with letters misread, at either
/// end, or not at all.
struct SimilarityTests {
    static func stretch(_ pattern: String, in text: String) -> String? {
        Similarity.bestStretch(of: pattern, in: text).map { String(decoding: [UInt8](text.utf8)[$0], as: UTF8.self) }
    }

    @Test func theBestStretchIsWhereThePatternIsRead() {
        #expect(Self.stretch("notesfromunderground", in: "otesfromundergroundai") == "otesfromunderground")
        #expect(Self.stretch("twentythousand", in: "thetwentythovsandleagues") == "twentythovsand")
        #expect(Self.stretch("dalloway", in: "woolfmrdalloway") == "dalloway")
        #expect(Self.stretch("woolf", in: "woolfmrdalloway") == "woolf")
        #expect(Similarity.bestStretch(of: "", in: "text") == nil)
        #expect(Similarity.bestStretch(of: "text", in: "") == nil)
    }

    /// A property over generated strings: the stretch found is as like the pattern as
    /// `occurrence(of:in:)` says the best one is.
    @Test func theStretchIsAsLikeThePatternAsTheBestOccurrence() {
        var generator = SeededGenerator(seed: 7)
        let letters = Array("abcde")
        for _ in 0..<500 {
            let pattern = String((0..<Int.random(in: 1...8, using: &generator)).map { _ in letters.randomElement(using: &generator)! })
            let text = String((0..<Int.random(in: 1...20, using: &generator)).map { _ in letters.randomElement(using: &generator)! })
            let range = try! #require(Similarity.bestStretch(of: pattern, in: text))
            #expect(range.lowerBound >= 0 && range.upperBound <= text.utf8.count && range.lowerBound <= range.upperBound)
            let found = String(decoding: [UInt8](text.utf8)[range], as: UTF8.self)
            let cost = pattern.editDistance(to: found)
            #expect(1 - Double(cost) / Double(pattern.count) == Similarity.occurrence(of: pattern, in: text), "\(pattern) in \(text): \(found)")
        }
    }
}
