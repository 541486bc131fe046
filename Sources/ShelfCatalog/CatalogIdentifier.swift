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
    /// Whether a reading the catalogue does not know is likely misread (``CatalogInfo/isComplete``).
    public let isComplete: Bool
    /// How many candidates the index gives for checking.
    static let candidateCount = 20
    /// Title similarity at which a title counts as the work's when an author agrees too.
    static let titleWithAuthor = 0.8
    /// Title similarity at which a title alone is enough.
    static let titleAlone = 0.92
    /// Surname similarity at which an author agrees.
    static let surnameAgrees = 0.8
    /// Surname similarity below which an author read is another person ("Hawking" is not
    /// Rowling, though they share three letters in seven), unless the name is cut short.
    static let surnameRefuses = 0.7
    /// Similarity at which a word read is a word of the title.
    static let wordAgrees = 0.8
    /// The share of a title's letters that must be read, by its words, when an author agrees.
    static let titleWordsShare = 0.5

    /// The readings looked up so far: a reading asked about twice is looked up once.
    private let remembered = RememberedMatches()
    /// The candidates checked so far, in the forms a reading is compared with.
    let workForms = RememberedWorkForms()

    public init(catalog: Catalog) {
        self.catalog = catalog
        isComplete = (try? catalog.isComplete()) ?? false
    }

    /// The work `book` is, or nil when the catalogue knows none surely (or cannot be read).
    public func identify(_ book: ScannedBook) -> CatalogMatch? {
        if let known = remembered.match(for: book) { return known }
        let match = lookUp(book)
        remembered.remember(match, for: book)
        return match
    }

    private func lookUp(_ book: ScannedBook) -> CatalogMatch? {
        if let isbn = book.isbn, let work = try? catalog.works(withISBN: isbn.isbn13).first {
            return CatalogMatch(work: work, matchedBy: .isbn, similarity: 1)
        }
        guard let candidates = candidates(for: book) else { return nil }
        return Self.best(for: book, among: candidates, forms: workForms)
    }

    /// The works the index gives for every word read (the parsed title and author and the raw
    /// text); nil when the catalogue cannot be read.
    func candidates(for book: ScannedBook) -> [CatalogWork]? {
        let query = [book.title, book.author, book.text].compactMap { $0 }.joined(separator: " ")
        return try? catalog.candidates(for: query, limit: Self.candidateCount)
    }

    /// The candidate `book` surely is, by the checks above; `forms` keeps the candidates' forms
    /// for the next lookup.
    static func best(
        for book: ScannedBook, among candidates: [CatalogWork], forms: RememberedWorkForms = RememberedWorkForms()
    ) -> CatalogMatch? {
        let reading = Reading(book)
        // A spine that sets the author larger than the title is often parsed the other way round:
        // read so too, it counts only when title and author then both agree.
        var swapped = book
        (swapped.title, swapped.author) = (book.author, book.title)
        let swappedReading = book.title != nil && book.author != nil ? Reading(swapped) : nil
        var verdicts: [(work: CatalogWork, key: BookKey, rule: CatalogMatch.Rule, similarity: Double)] = []
        for work in candidates {
            let form = forms.form(of: work)
            guard !form.key.compactTitle.isEmpty else { continue }
            if let (rule, similarity) = reading.verdict(on: form) {
                verdicts.append((work, form.key, rule, similarity))
            } else if let swappedReading, let (rule, similarity) = swappedReading.verdict(on: form, looseNames: false),
                rule == .titleAndAuthor
            {
                verdicts.append((work, form.key, rule, similarity))
            }
        }
        let ranked = verdicts.sorted { ($0.rule.strength, $0.similarity) > ($1.rule.strength, $1.similarity) }
        guard let best = ranked.first else { return nil }
        // Part of a title by its author fits every work of that author that shares the part
        // ("Harry Potter" by Rowling): only a part no other of the author's works has names one.
        if best.rule == .titleWordsAndAuthor,
            ranked.dropFirst().contains(where: {
                $0.rule == .titleWordsAndAuthor && $0.similarity >= best.similarity - 0.15
                    && !Set($0.key.surnames).isDisjoint(with: best.key.surnames)
            })
        {
            return nil
        }
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
}
