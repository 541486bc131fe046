import ShelfOCR
import ShelfText

extension SpineTextParser {
    /// The run that is the title's subtitle, when one is read: the run right after the title's, or
    /// else right before it (spines set either way), on its line or the next, set smaller than the
    /// title (a run of the title's size would have continued it), three ordinary words or more read
    /// with confidence (two are as often a name made of words, "LARK STONE", or the title's own
    /// start set smaller, "A GREAT" / "TIDE"), and no name, publisher, genre ("A NOVEL") or words
    /// that join on ("AND THE"). Catalogues give such a title with its subtitle ("Running: The
    /// Whole Sport"); nil when there is none.
    func subtitle(of title: ClosedRange<Int>, author: Int?, in runs: [Run]) -> Int? {
        let titleHeight = runs[title].map(\.height).max() ?? 0
        func isSubtitle(_ index: Int, beside neighbour: Int) -> Bool {
            guard index != author, runs.indices.contains(index) else { return false }
            let run = runs[index]
            guard abs(run.line - runs[neighbour].line) <= 1, run.words.count >= 3, run.letterCount >= 6,
                run.height >= 0.3 * titleHeight, run.height <= 0.8 * titleHeight
            else { return false }
            let confidences = run.words.map(\.confidence)
            guard confidences.min() ?? 0 >= 60, confidences.reduce(0, +) / Double(confidences.count) >= 80 else { return false }
            let folded = run.words.map(\.text.folded)
            if folded.allSatisfy({ Self.genreWords.contains($0) }) || lexicon.isPublisher(run.text.folded) { return false }
            // Words that join on or end unfinished ("AND THE") are the title's own, set smaller.
            if Self.joiningWords.contains(folded[0]) || Self.unfinishedEndings.contains(folded[folded.count - 1]) { return false }
            return wordShare(of: run) == 1 && nameScore(run) == 0
        }
        if isSubtitle(title.upperBound + 1, beside: title.upperBound) { return title.upperBound + 1 }
        if isSubtitle(title.lowerBound - 1, beside: title.lowerBound) { return title.lowerBound - 1 }
        return nil
    }

    /// Words that name a book's kind rather than continue its title: a run of nothing else ("A
    /// NOVEL", "ROMAN", "SHORT STORIES") is no subtitle.
    static let genreWords: Set<String> = [
        "a", "an", "the", "novel", "novella", "novela", "roman", "romanzo", "poems", "poemas", "poesia", "stories", "short",
        "relatos", "cuentos", "contes", "thriller", "mystery", "memoir", "edition", "edicion", "volume", "book", "books",
        "complete", "collected", "selected", "new", "revised", "updated", "classics", "classic",
    ]

    /// A title and its subtitle as a catalogue gives them: "Title: Subtitle".
    static func titleText(_ title: String, subtitle: String) -> String {
        let separator = [":", ",", ";", "-", "—"].contains(where: { title.hasSuffix($0) }) ? " " : ": "
        return title + separator + subtitle
    }
}
