import ShelfLibrary
import ShelfText

extension CatalogIdentifier.Reading {
    /// The main title read, compact, without a first word that is "The" with a letter misread
    /// ("Tho Silent Harbour Bells"): a catalogue's titles are compared without their article, so
    /// a misread one would count against the work as letters wrong. Nil for a title of fewer than
    /// three words or that starts otherwise.
    static func withoutMisreadArticle(_ words: [String]) -> String? {
        guard words.count >= 3, let first = words.first, first.count == 3, first != "the",
            first.editDistance(to: "the") == 1
        else { return nil }
        return BookKey(title: words.dropFirst().joined(separator: " "), authors: []).compactTitle
    }

    /// The main title read without the name of one of `work`'s authors run into its start or end,
    /// compact: OCR reads a line that sets the author beside the title as one line, and the parse
    /// keeps it whole ("Harlow Quiet Waters", "Nora Vance The Salt Road",
    /// "Letters from the Harbour Ingrid Solberg"). The name is a surname of the work's (four letters or
    /// more, read nearly) among the first three words or the last three, with the given names
    /// before it. Nil when the title read has no such name, or nothing else.
    func titleWithoutRunInName(of work: WorkForm) -> String? {
        let words = mainTitleWords
        guard words.count >= 2 else { return nil }
        func isSurname(_ word: String) -> Bool {
            word.count >= 4
                && work.key.surnames.contains { $0.count >= 4 && Similarity.ratio($0, word) >= CatalogIdentifier.surnameAgrees }
        }
        func isName(_ word: String) -> Bool {
            work.key.nameWords.contains { Similarity.ratio($0, word) >= CatalogIdentifier.surnameAgrees }
        }
        var rest: ArraySlice<String>?
        if let surname = words.prefix(3).lastIndex(where: isSurname), surname < words.count - 1 {
            rest = words[(surname + 1)...]
        } else if let surname = words.suffix(3).firstIndex(where: isSurname), surname > 0 {
            var start = surname
            while start > 1, start > surname - 2, isName(words[start - 1]) { start -= 1 }
            rest = words[..<start]
        }
        guard let rest else { return nil }
        let compact = BookKey(title: rest.joined(separator: " "), authors: []).compactTitle
        return compact.count >= 4 ? compact : nil
    }
}
