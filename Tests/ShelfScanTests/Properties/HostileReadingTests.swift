import Testing

@testable import ShelfImaging
@testable import ShelfOCR
@testable import ShelfPipeline
@testable import ShelfReading

/// The parser and the title check over thousands of generated readings no spine would give: words
/// of names, title words, marks, numbers, ISBNs and prices in any case, on any number of lines, with
/// boxes of no size or far apart, character heights of zero or none at all, and any confidence.
/// What Tesseract reads is outside input to them: nothing may trap. `SHELFSCAN_PROPERTY_CASES`
/// (`HostileImageTests`) sets how many.
@Suite(.tags(.property))
struct HostileReadingTests {
    static let parser = try! ScanModels.load().parser

    static let vocabulary = [
        "THE", "the", "of", "OF", "and", "a", "A", "an", "in", "IN", "to", "de", "la", "y", "Y", "die", "Der",
        "Harry", "POTTER", "Sheryl", "SANDBERG", "Anna", "KARENINA", "Leo", "Tolstoy", "J.", "R.R.", "Mc",
        "van", "der", "MARTA", "Vidal", "«BUDDY»", "Ng", "Oz", "FE", "ee", "oe", "iF", "|", "—", "~~a", "©",
        "[Atlantis]", "Kayak", "641.55", "Rob", "ISBN", "978-0-306-40615-7", "9780306406157", "$16.95US",
        "12,90€", "1984", "11/22/63", "2", "Penguin", "Vintage", "VINTAGE", "Anchor", "Picador", "Mayores",
        "ESTADÍSTICAS", "Cançó", "d'estiu", "Història", "B", "E", "O", "W", "U", "LF", "C", "an", "di",
        "GUIDE", "To", "Hazel", "MORROW", "Patience", "GREEN", "GARDEN", "ELSA", "WARD", "x", "1", "ll",
        "HARBOUR.", "ag,", "mp:", "Viatjar", "lentament", "ROOTS", "Louis", "bRANDT", "é", "ß", "ﬁ", "🙂",
        "NEVERSAYDIE!*", "Something", "\\Always", "Said", "Him", "BÜTÜN", "ŞİİRLER", "KISA", "…", ".", ",",
    ]

    static func word(using random: inout SeededGenerator) -> RecognizedText.Word {
        var text = vocabulary.randomElement(using: &random)!
        switch Int.random(in: 0..<12, using: &random) {
        case 0: text = text.uppercased()
        case 1: text = text.lowercased()
        case 2: text += vocabulary.randomElement(using: &random)!
        case 3: text = String(repeating: text, count: Int.random(in: 2...40, using: &random))
        default: break
        }
        let height = [0, 1, 3, 12, 30, 60, 140, 900].randomElement(using: &random)!
        let box = PixelRect(
            x: Int.random(in: 0...100_000, using: &random), y: Int.random(in: 0...3_000, using: &random),
            width: [0, 1, 7, 60, 400, 50_000].randomElement(using: &random)!, height: height)
        let characters: [(character: Character, height: Int)] =
            Bool.random(using: &random)
            ? text.map { ($0, [0, height, height / 2, 1_000].randomElement(using: &random)!) } : []
        let confidence = [-1.0, 0, 24, 59.9, 60, 85, 96, 100].randomElement(using: &random)!
        return RecognizedText.Word(text: text, confidence: confidence, box: box, characters: characters)
    }

    static func reading(using random: inout SeededGenerator) -> RecognizedText {
        let lines = (0..<Int.random(in: 0...7, using: &random)).map { _ -> RecognizedText.Line in
            var words = (0..<Int.random(in: 0...9, using: &random)).map { _ in word(using: &random) }
            if Bool.random(using: &random) { words.sort { $0.box.x < $1.box.x } }
            let box = words.dropFirst().reduce(words.first?.box ?? PixelRect(x: 0, y: 0, width: 0, height: 0)) {
                $0.union($1.box)
            }
            return RecognizedText.Line(words: words, box: box)
        }
        return RecognizedText(lines: lines)
    }

    @Test func theParserNeverTrapsAndGivesTidyFields() {
        var random = SeededGenerator(seed: HostileImageTests.seed)
        var titles = 0
        for index in 0..<(HostileImageTests.cases * 2) {
            let text = Self.reading(using: &random)
            HostileImageTests.noting("parser \(index): \(text.lines.map(\.text))")
            let parsed = Self.parser.parse(text)
            for field in [parsed.title, parsed.author, parsed.publisher] {
                if let field { #expect(!field.isEmpty && field == field.trimmingCharacters(in: .whitespaces)) }
            }
            let evidence = [
                parsed.evidence.titleConfidence, parsed.evidence.titleLength, parsed.evidence.titleWordShare,
                parsed.evidence.titleNameScore, parsed.evidence.authorNameScore, parsed.evidence.leftoverShare,
            ]
            #expect(evidence.allSatisfy { $0.isFinite }, "\(text.lines.map(\.text))")
            if let title = parsed.title {
                titles += 1
                let agreement = TitleCheck.agreement(title: title, check: Self.reading(using: &random))
                #expect((0...1).contains(agreement))
            }
            _ = SpineReader.sideBySideJoined(text.lines.filter { !$0.words.isEmpty })
        }
        // The cases reached past the first passes: titles were chosen and checked.
        #expect(titles > HostileImageTests.cases / 2)
    }
}
