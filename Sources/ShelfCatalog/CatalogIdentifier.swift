import ShelfLibrary
import ShelfText

/// Identifies a spine's reading in the catalogue: candidates from the title index for every word
/// read (the parsed title and author and the raw text, so that a title the parser missed is still
/// found), each then checked strictly enough for a catalogue of millions, where some work is
/// always close: a title that tolerates OCR errors, an author's surname read on the spine (not
/// inside the title read), near misses refused ("Leviathan Wakes" is not "Leviathan"), an author
/// read who is not the work's refused, and a title alone only when no other author's work has it.
public struct CatalogIdentifier: Sendable {
    let catalog: Catalog
    /// How many candidates the index gives for checking.
    static let candidateCount = 20
    /// Title similarity at which a title counts as the work's when an author agrees too.
    static let titleWithAuthor = 0.8
    /// Title similarity at which a title alone is enough.
    static let titleAlone = 0.92
    /// Surname similarity at which an author agrees.
    static let surnameAgrees = 0.8

    public init(catalog: Catalog) {
        self.catalog = catalog
    }

    /// The work `book` is, or nil when the catalogue knows none surely (or cannot be read).
    public func identify(_ book: ScannedBook) -> CatalogMatch? {
        if let isbn = book.isbn, let work = try? catalog.works(withISBN: isbn.isbn13).first {
            return CatalogMatch(work: work, matchedBy: .isbn, similarity: 1)
        }
        let query = [book.title, book.author, book.text].compactMap { $0 }.joined(separator: " ")
        guard let candidates = try? catalog.candidates(for: query, limit: Self.candidateCount) else { return nil }
        return Self.best(for: book, among: candidates)
    }

    /// The candidate `book` surely is, by the checks above.
    static func best(for book: ScannedBook, among candidates: [CatalogWork]) -> CatalogMatch? {
        let reading = Reading(book)
        // A spine that sets the author larger than the title is often parsed the other way round:
        // read so too, it counts only when title and author then both agree.
        var swapped = book
        (swapped.title, swapped.author) = (book.author, book.title)
        let swappedReading = book.title != nil && book.author != nil ? Reading(swapped) : nil
        var verdicts: [(work: CatalogWork, key: BookKey, rule: CatalogMatch.Rule, similarity: Double)] = []
        for work in candidates {
            let key = BookKey(title: work.title, subtitle: work.subtitle, authors: work.authors)
            guard !key.compactTitle.isEmpty else { continue }
            if let (rule, similarity) = reading.verdict(on: key) {
                verdicts.append((work, key, rule, similarity))
            } else if let swappedReading, let (rule, similarity) = swappedReading.verdict(on: key), rule == .titleAndAuthor {
                verdicts.append((work, key, rule, similarity))
            }
        }
        let ranked = verdicts.sorted { ($0.rule == .title ? 0 : 1, $0.similarity) > ($1.rule == .title ? 0 : 1, $1.similarity) }
        guard let best = ranked.first else { return nil }
        // One title by two authors is two books: a title alone that fits another author's work as
        // well names neither.
        if best.rule == .title,
            ranked.dropFirst().contains(where: {
                $0.similarity >= best.similarity - 0.02 && Set($0.key.surnames) != Set(best.key.surnames)
            })
        {
            return nil
        }
        return CatalogMatch(work: best.work, matchedBy: best.rule, similarity: best.similarity)
    }

    /// A spine's reading in the forms it is compared on.
    struct Reading {
        let parsed: BookKey
        let hasTitle: Bool
        let compactText: String

        init(_ book: ScannedBook) {
            parsed = BookKey(title: book.title ?? "", authors: book.author.map { [$0] } ?? [])
            hasTitle = !(book.title ?? "").isEmpty
            compactText = book.text.folded.replacingOccurrences(of: " ", with: "")
        }

        /// How `key` fits the reading, if it does.
        func verdict(on key: BookKey) -> (CatalogMatch.Rule, Double)? {
            let title =
                hasTitle
                ? max(Similarity.ratio(parsed.compactTitle, key.compactTitle), Similarity.ratio(parsed.compactTitle, key.compactFullTitle))
                : 0
            let titleInText =
                key.compactTitle.count >= 6 ? Similarity.occurrence(of: key.compactTitle, in: compactText) : 0
            // An author read on the spine who is none of the work's: another book. A spine may print
            // "Guin" for Le Guin, or a given name alone.
            let nameWords = key.surnames + key.nameWords.filter { $0.count >= 3 }
            let parsedAuthor = Self.surnameSimilarity(parsed.surnames, nameWords)
            // A name cut short ("Rod" for Rodríguez) is no other author.
            let isCutName = parsed.surnames.contains { surname in
                surname.count >= 3 && nameWords.contains { $0.count > surname.count && $0.hasPrefix(surname) }
            }
            if !parsed.surnames.isEmpty && parsedAuthor < 0.5 && !isCutName { return nil }
            // A surname found in the text counts only outside the title read ("A Winter …" is no Winters).
            let surnameInText = key.surnames.filter { $0.count >= 4 }.contains { surname in
                Similarity.occurrence(of: surname, in: compactText) >= 0.85
                    && !(hasTitle && Similarity.occurrence(of: surname, in: parsed.compactTitle) >= 0.75)
                    && Similarity.occurrence(of: surname, in: key.compactFullTitle) < 0.75
            }
            let authorAgrees = parsedAuthor >= CatalogIdentifier.surnameAgrees || surnameInText
            // A title read that goes on past the work's ("Dune Messiah" for "Dune", by one author):
            // another work, however well the shorter title occurs in the text.
            let readGoesOn = hasTitle && title < CatalogIdentifier.titleWithAuthor
                && parsed.compactTitle.count >= key.compactFullTitle.count + 4
            let bestTitle = readGoesOn ? title : max(title, titleInText)
            if authorAgrees && bestTitle >= CatalogIdentifier.titleWithAuthor { return (.titleAndAuthor, bestTitle) }
            if title >= CatalogIdentifier.titleAlone && key.compactTitle.count >= 8 { return (.title, title) }
            return nil
        }

        static func surnameSimilarity(_ some: [String], _ others: [String]) -> Double {
            var best = 0.0
            for a in some { for b in others { best = max(best, Similarity.ratio(a, b)) } }
            return best
        }
    }
}
