import ShelfOCR

extension SpineTextParser {
    /// A named step over the words read on a spine, before they are grouped into runs.
    struct TextPass: Sendable {
        let name: String
        let apply: @Sendable (SpineTextParser, RecognizedText) -> RecognizedText
    }

    /// A named step over the runs of a spine.
    struct RunPass: Sendable {
        let name: String
        let apply: @Sendable (SpineTextParser, [Run]) -> [Run]
    }

    /// The passes over the words, in order: what no lettering could be goes first, so that the
    /// later passes measure sizes and gaps on real words.
    static let textPasses: [TextPass] = [
        TextPass(name: "dropImpossibleWords") { parser, text in parser.withoutImpossibleWords(text) },
        TextPass(name: "separateGluedWords") { parser, text in parser.separatingGluedWords(text) },
        TextPass(name: "dropRepeatedLines") { parser, text in parser.withoutRepeatedLines(text) },
        TextPass(name: "steadyHeights") { parser, text in parser.steadyingHeights(text) },
        TextPass(name: "dropCallNumbers") { parser, text in parser.withoutCallNumbers(text) },
        TextPass(name: "dropEdgeJunk") { parser, text in parser.withoutEdgeJunk(text) },
    ]

    /// The passes over the runs, in order: marks split off and junk trimmed before names are
    /// found, names split off before they are joined across runs.
    static let runPasses: [RunPass] = [
        RunPass(name: "splitPublishers") { parser, runs in parser.splitPublishers(in: runs) },
        RunPass(name: "trimJunk") { parser, runs in runs.compactMap(parser.trimmingJunk) },
        RunPass(name: "dropScrapsBetweenWords") { parser, runs in parser.droppingScrapsBetweenWords(runs) },
        RunPass(name: "splitCapitalsAtEdges") { _, runs in runs.flatMap(SpineTextParser.splittingCapitalsAtEdges) },
        RunPass(name: "splitNames") { parser, runs in parser.splitNames(in: runs) },
        RunPass(name: "splitSurnamesAtEdges") { parser, runs in runs.flatMap(parser.splittingSurnameAtEdges) },
        RunPass(name: "joinNames") { parser, runs in parser.joiningNames(runs) },
    ]

    /// The text of the runs after each pass, by pass name: what a developer reads to see where a
    /// spine's parse went wrong.
    func trace(_ text: RecognizedText) -> [(pass: String, text: String)] {
        var steps: [(String, String)] = []
        var cleaned = text
        for pass in Self.textPasses {
            cleaned = pass.apply(self, cleaned)
            steps.append((pass.name, cleaned.lines.map(\.text).joined(separator: " | ")))
        }
        var runs = runs(of: cleaned)
        steps.append(("runs", runs.map(\.text).joined(separator: " / ")))
        for pass in Self.runPasses {
            runs = pass.apply(self, runs)
            steps.append((pass.name, runs.map(\.text).joined(separator: " / ")))
        }
        return steps
    }
}
