import Testing

@testable import ShelfScan

/// The parser on spines as Tesseract reads them: words with their sizes and places, typed here as
/// `WORD:capital height`, with `/` between lines, `|` for a wide gap along a line and `¦` for a
/// gap of a few letters.
@Suite struct SpineTextParserTests {
    static let parser = SpineTextParser(lexicon: try! ScanModels.load().lexicon)

    /// A reading built from a spec like "HERMANN:30 HESSE:30 | SIDDHARTHA:60 | Picador:24".
    static func reading(_ spec: String, confidence: Double = 92) -> RecognizedText {
        var lines: [RecognizedText.Line] = []
        for (index, lineSpec) in spec.split(separator: "/").enumerated() {
            var x = 20
            var words: [RecognizedText.Word] = []
            for token in lineSpec.split(separator: " ") {
                if token == "|" || token == "¦" {
                    x += token == "|" ? 80 : 30
                    continue
                }
                let parts = token.split(separator: ":")
                let text = String(parts[0]), cap = Int(parts[1])!
                let wordConfidence = parts.count > 2 ? Double(parts[2])! : confidence
                let characters = text.map { character -> (character: Character, height: Int) in
                    let tall = character.isUppercase || character.isNumber || "bdfhklt".contains(character)
                    return (character, tall ? cap : Int(Double(cap) * 0.7))
                }
                let width = text.count * cap * 7 / 10
                let box = PixelRect(x: x, y: 10 + index * 80, width: width, height: cap)
                words.append(RecognizedText.Word(text: text, confidence: wordConfidence, box: box, characters: characters))
                x += width + cap / 3
            }
            let box = words.dropFirst().reduce(words[0].box) { $0.union($1.box) }
            lines.append(RecognizedText.Line(words: words, box: box))
        }
        return RecognizedText(lines: lines)
    }

    static let cases: [(spec: String, title: String?, author: String?, publisher: String?)] = [
        ("HERMANN:30 HESSE:30 | SIDDHARTHA:60 | Picador:24", "Siddhartha", "Hermann Hesse", "Picador"),
        ("JAMES:20 S.A.:20 COREY:20 | LEVIATHAN:30 WAKES:30 | Penguin:20", "Leviathan Wakes", "James S.A. Corey", "Penguin"),
        ("THE:14 ELEMENTS:14 OF:14 STATISTICAL:14 LEARNING:14 TREVOR:14 HASTIE:14 | Norton:18",
            "The Elements of Statistical Learning", "Trevor Hastie", "Norton"),
        ("Concrete:21 Mathematics:21 | GRAHAM:18 | Norton:14", "Concrete Mathematics", "Graham", "Norton"),
        ("NABOKOV:49 | Pale:60 Fire:60 | Bloomsbury:30", "Pale Fire", "Nabokov", "Bloomsbury"),
        ("Klara:17 and:17 the:17 Sun:17 | Ishiguro:17", "Klara and the Sun", "Ishiguro", nil),
        ("ROBERT:20 A.HEINLEIN:20 | THE:30 MOON:30 IS:30 A:30 HARSH:30 MISTRESS:30", "The Moon Is a Harsh Mistress",
            "Robert A. Heinlein", nil),
        ("NORTON:25 JUSTER:25 THE:25 PHANTOM:25 TOLLBOOTH:25 | Tor:25", "The Phantom Tollbooth", "Norton Juster", "Tor"),
        ("O:50 R:50 L:50 A:50 N:50 DO:50 | VIRGINIA:24 WOOLF:24 | Norton:20", "Orlando", "Virginia Woolf", "Norton"),
        ("PHILIP:30 ROTH:30 AMERICAN:30 PASTORAL:30 | Knopf:20", "American Pastoral", "Philip Roth", "Knopf"),
        ("LOUISSACHAR:20 | HOLES:50 | Scribner:18", "Holes", "Louis Sachar", "Scribner"),
        ("Dune:60", "Dune", nil, nil),
        ("Marilynne:20 ¦ Robinson:20 | Housekeeping:40 | Ace:18", "Housekeeping", "Marilynne Robinson", "Ace"),
        // A surname on the title's line, set off by a wider space.
        ("Possession:40 A:40 Romance:40 ¦ Byatt:40 | Vintage:20", "Possession A Romance", "Byatt", "Vintage"),
        // One word each: the larger is the title, whichever comes first and whatever the word lists say.
        ("Stoner:60 | WILLIAMS:36 | Vintage:20", "Stoner", "Williams", "Vintage"),
        ("WILLIAMS:36 | Stoner:60", "Stoner", "Williams", nil),
        // Marks of logos at the ends: a lone digit, a lower-case fragment.
        ("7:30 MIDDLEMARCH:50 ss:20 | Penguin:20", "Middlemarch", nil, "Penguin"),
        // A title in another language, in lower case, is not eaten as marks from its end.
        ("PAMUK:40 | La:30 mujer:30 del:30 pelo:30 rojo:30", "La mujer del pelo rojo", "Pamuk", nil),
        // A publisher's name set as the largest text is the title, not the foot's mark.
        ("VINTAGE:60 | JOHN:30 SMITH:30", "Vintage", "John Smith", nil),
        // A title word close beside the title is not taken for a surname.
        ("Bleak:50 House:50 | DICKENS:30", "Bleak House", "Dickens", nil),
        // A surname split off the title's line does not take the title back; a neighbour's text
        // bleeding in on a second line is not the author.
        ("Invisible:37 Cities:37 ¦ Calvino:42 | Penguin:16 / Fuentes:26", "Invisible Cities", "Calvino", "Penguin"),
        // A surname that is also an English word, split off the title's line when set off by both
        // a wide space and another size; a title word is not.
        ("New:50 Atlantis:50 ¦ Bacon:40", "New Atlantis", "Bacon", nil),
        ("The:40 Heart:40 Is:40 a:40 Lonely:40 Hunter:45", "The Heart Is a Lonely Hunter", nil, nil),
        // A word read doubtfully with a box far taller than its neighbours is not large type.
        ("Brave:150:35 New:55 World:55 | HUXLEY:30 | Vintage:20", "Brave New World", "Huxley", "Vintage"),
        // Pieces of one spaced-out word, set close, that the word lists know joined.
        ("Dra:50 cula:50 | BRAM:30 STOKER:30", "Dracula", "Bram Stoker", nil),
        ("IVAN:50 HO:50 E:50 | Penguin:20", "Ivanhoe", nil, "Penguin"),
        // A title does not stop at "the" or a comma, whatever the next run looks like.
        ("THE:18 WIND:18 IN:18 THE:18 | WILLOWS:18 | GRAHAME:16", "The Wind in the Willows", "Grahame", nil),
        ("GOODBYE,:28 | MR.:26 CHIPS:26 | JAMES:20 HILTON:20", "Goodbye, Mr. Chips", "James Hilton", nil),
    ]

    @Test func anInitialsStretchedBoxDoesNotSizeItsRun() {
        let words = Self.reading("B.:80 STOKER:30").lines[0].words
        #expect(SpineTextParser.Run(words: words, line: 0).height == 30)
        #expect(SpineTextParser.Run(words: [words[0]], line: 0).height == 80)
    }

    @Test(arguments: cases.indices)
    func findsTitleAuthorAndPublisher(_ index: Int) {
        let example = Self.cases[index]
        let parsed = Self.parser.parse(Self.reading(example.spec))
        #expect(parsed.title == example.title, "\(example.spec)")
        #expect(parsed.author == example.author, "\(example.spec)")
        #expect(parsed.publisher == example.publisher, "\(example.spec)")
    }
}
