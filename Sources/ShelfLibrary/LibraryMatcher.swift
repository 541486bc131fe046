import ShelfISBN
import ShelfText

/// Finds which library entry, if any, a book is: by ISBN first, then by title and author compared in
/// their normalised forms (``BookKey``) with a similarity that tolerates OCR errors. Built once per
/// scan or import over a snapshot of the library; pure and `Sendable`.
///
/// Near misses are not matches: "Leviathan Wakes" is not "Leviathan", "The Bluest Eye" is not "The
/// Bluest Sky", and another book by the same author is another book.
public struct LibraryMatcher: Sendable {
    struct Entry: Sendable {
        let book: LibraryBook
        let key: BookKey
    }

    private var entries: [Entry] = []
    private var byISBN: [String: Int] = [:]
    private var byTrigram: [String: [Int]] = [:]
    private var bySurnameTrigram: [String: [Int]] = [:]
    private var byTitleWord: [String: [Int]] = [:]

    /// Title similarity at which a title counts as the entry's when an author agrees too.
    static let titleWithAuthor = 0.75
    /// Title similarity at which a title alone is enough.
    static let titleAlone = 0.92
    /// Surname similarity at which an author agrees (OCR-garbled names still reach it).
    static let surnameAgrees = 0.8

    /// - Parameter books: the library's entries; those without an id are ignored.
    public init(books: [LibraryBook]) {
        for book in books { insert(book) }
    }

    /// Adds an entry (one just saved, so that the rest of an import or add compares against it too).
    /// A book without an id is ignored.
    public mutating func insert(_ book: LibraryBook) {
        guard book.id != nil else { return }
        let index = entries.count
        let key = BookKey(title: book.title, subtitle: book.subtitle, authors: book.authors)
        entries.append(Entry(book: book, key: key))
        if let isbn13 = book.isbn13 { byISBN[isbn13] = byISBN[isbn13] ?? index }
        for trigram in Set(Self.trigrams(of: key.compactTitle)) { byTrigram[trigram, default: []].append(index) }
        for trigram in Set(key.surnames.flatMap(Self.trigrams)) { bySurnameTrigram[trigram, default: []].append(index) }
        for word in Self.indexedWords(of: key.title) { byTitleWord[word, default: []].append(index) }
    }

    // MARK: - A spine

    /// The entry a scanned book is, judged from its ISBN, its parsed title and author, and the raw
    /// text of its spine (where a title or name the parser missed may still be read).
    public func match(for book: ScannedBook) -> LibraryMatch? {
        if let isbn = book.isbn {
            if let index = byISBN[isbn.isbn13] { return match(entries[index], .isbn, 1) }
        }
        let rawText = book.text.folded
        let compactText = rawText.replacingOccurrences(of: " ", with: "")
        let textWords = Set(rawText.split(separator: " ").map(String.init))
        let parsed = BookKey(title: book.title ?? "", authors: book.author.map { [$0] } ?? [])
        let parsedTitleWords = parsed.title.split(separator: " ").map(String.init)

        var best: (entry: Entry, rule: LibraryMatch.Rule, score: Double, similarity: Double)?
        for index in candidates(for: compactText + parsed.compactTitle) {
            let entry = entries[index]
            if let isbn = book.isbn, let own = entry.book.isbn13, own != isbn.isbn13 { continue }  // another edition
            let key = entry.key
            let titleParsed = book.title == nil ? 0
                : max(Similarity.ratio(parsed.compactTitle, key.compactTitle), Similarity.ratio(parsed.compactTitle, key.compactFullTitle))
            let authorInText = key.surnames.map { Self.occurrence(of: $0, words: $0, in: compactText, textWords: textWords) }.max() ?? 0
            let authorParsed = Self.surnameSimilarity(parsed.surnames, key.surnames)
            let authorAgrees = max(authorInText, authorParsed) >= Self.surnameAgrees
            // With an agreeing author even a short title may be sought approximately in the glued text.
            let titleInText = authorAgrees && key.compactTitle.count >= 4
                ? Similarity.occurrence(of: key.compactTitle, in: compactText)
                : Self.occurrence(of: key.compactTitle, words: key.title, in: compactText, textWords: textWords)
            let extendsTitle = Self.extends(parsedTitleWords, entryTitle: key.title, names: key.nameWords)
            // A lone word where the author goes may be a misread publisher: against an exactly read
            // title it does not count.
            let parsedAuthorIsFullName = parsed.nameWords.count >= 2
            let authorConflicts = Self.conflicts(parsed.surnames, with: key) && !authorAgrees && authorParsed < 0.5
                && (parsedAuthorIsFullName || titleParsed < 1)

            // The score ranks rival entries: an agreeing author first, then the parsed title over the raw text.
            var rule: LibraryMatch.Rule?, score = 0.0, similarity = 0.0
            if authorAgrees, titleParsed >= Self.titleWithAuthor {
                (rule, score, similarity) = (.titleAndAuthor, titleParsed + 1, titleParsed)
            } else if authorAgrees, titleInText >= Self.titleWithAuthor, !extendsTitle {
                (rule, score, similarity) = (.titleAndAuthor, titleInText + 0.9, titleInText)
            } else if !authorConflicts, titleParsed >= Self.titleAlone, titleParsed == 1 || key.compactTitle.count >= 8 {
                (rule, score, similarity) = (.title, titleParsed, titleParsed)
            } else if !authorConflicts, key.compactTitle.count >= 10, titleInText >= Self.titleAlone, !extendsTitle {
                (rule, score, similarity) = (.title, titleInText - 0.05, titleInText)
            }
            if let rule, score > (best?.score ?? 0) { best = (entry, rule, score, similarity) }
        }
        guard let best else { return nil }
        return match(best.entry, best.rule, best.similarity)
    }

    // MARK: - A catalogue entry

    /// The entry a catalogued book (an imported row, a book about to be added) is: the same ISBN, or,
    /// when either has none, the same normalised title and an author in common.
    public func match(title: String, subtitle: String? = nil, authors: [String], isbn: ISBN?) -> LibraryMatch? {
        if let isbn, let index = byISBN[isbn.isbn13] { return match(entries[index], .isbn, 1) }
        let key = BookKey(title: title, subtitle: subtitle, authors: authors)
        var best: (entry: Entry, similarity: Double)?
        // Catalogued titles are spelt nearly right: a close one keeps at least one word whole (a
        // title of one word may not: it is sought by its trigrams).
        let words = Self.indexedWords(of: key.title)
        let found = words.count > 1 ? Set(words.flatMap { byTitleWord[$0] ?? [] }).sorted() : candidates(for: key.compactTitle)
        for index in found {
            let entry = entries[index]
            if let isbn, let own = entry.book.isbn13, own != isbn.isbn13 { continue }
            let lengths = (key.compactTitle.count, entry.key.compactTitle.count)
            guard Double(abs(lengths.0 - lengths.1)) <= (1 - Self.titleAlone) * Double(max(lengths.0, lengths.1)) else { continue }
            let similarity = Similarity.ratio(key.compactTitle, entry.key.compactTitle)
            guard similarity >= Self.titleAlone else { continue }
            let bothNamed = !key.surnames.isEmpty && !entry.key.surnames.isEmpty
            guard !bothNamed || Self.surnameSimilarity(key.surnames, entry.key.surnames) >= Self.surnameAgrees else { continue }
            if similarity > (best?.similarity ?? 0) { best = (entry, similarity) }
        }
        guard let best else { return nil }
        return match(best.entry, best.entry.key.surnames.isEmpty || key.surnames.isEmpty ? .title : .titleAndAuthor, best.similarity)
    }

    // MARK: - Helpers

    private func match(_ entry: Entry, _ rule: LibraryMatch.Rule, _ similarity: Double) -> LibraryMatch {
        LibraryMatch(
            id: entry.book.id ?? 0, title: entry.book.title, author: entry.book.author, isbn: entry.book.isbn,
            matchedBy: rule, similarity: similarity, isWanted: entry.book.isWanted, shelf: entry.book.shelf)
    }

    /// Entries sharing at least a third of their title's trigrams, or half of an author's surname's,
    /// with the text: the only ones worth comparing closely.
    private func candidates(for compactText: String) -> [Int] {
        var titleHits: [Int: Int] = [:], surnameHits: [Int: Int] = [:]
        for trigram in Set(Self.trigrams(of: compactText)) {
            for index in byTrigram[trigram] ?? [] { titleHits[index, default: 0] += 1 }
            for index in bySurnameTrigram[trigram] ?? [] { surnameHits[index, default: 0] += 1 }
        }
        var found = Set(titleHits.compactMap { index, count in
            count * 3 >= max(1, entries[index].key.compactTitle.count - 2) ? index : nil
        })
        for (index, count) in surnameHits {
            let shortest = entries[index].key.surnames.map(\.count).min() ?? 0
            if count * 2 >= max(1, shortest - 2) { found.insert(index) }
        }
        return found.sorted()
    }

    /// The words of a folded title worth indexing: three letters or more, not the commonest.
    static func indexedWords(of title: String) -> Set<String> {
        let common: Set<String> = ["the", "and", "for", "with", "from", "into", "des", "les", "und", "der"]
        return Set(title.split(separator: " ").map(String.init).filter { $0.count >= 3 && !common.contains($0) })
    }

    static func trigrams(of text: String) -> [String] {
        let characters = Array(text)
        guard characters.count >= 3 else { return characters.isEmpty ? [] : [String(characters)] }
        return (0...(characters.count - 3)).map { String(characters[$0..<$0 + 3]) }
    }

    /// How well a folded name or title occurs in a spine's text: approximately inside the glued text
    /// when long enough to be distinctive, else only as a whole word.
    static func occurrence(of compact: String, words: String, in compactText: String, textWords: Set<String>) -> Double {
        if compact.count >= 5 { return Similarity.occurrence(of: compact, in: compactText) }
        let needed = words.split(separator: " ").map(String.init)
        return !needed.isEmpty && needed.allSatisfy(textWords.contains) ? 1 : 0
    }

    static func surnameSimilarity(_ some: [String], _ others: [String]) -> Double {
        var best = 0.0
        for a in some { for b in others { best = max(best, Similarity.ratio(a, b)) } }
        return best
    }

    /// Whether a parsed title is the entry's title plus words of its own ("Leviathan Wakes" for
    /// "Leviathan"), ignoring the author's names (even misread) and scraps of two or three letters.
    static func extends(_ parsedWords: [String], entryTitle: String, names: Set<String>) -> Bool {
        let titleWords = entryTitle.split(separator: " ").map(String.init)
        let own = parsedWords.filter { word in
            word.count >= 4 && word.allSatisfy(\.isLetter)
                && !titleWords.contains { Similarity.ratio($0, word) >= 0.75 || (word.hasPrefix($0) && word.count <= $0.count + 2) }
                && !names.contains { Similarity.ratio($0, word) >= 0.6 || Similarity.occurrence(of: $0, in: word) >= 0.8 }
        }
        return !own.isEmpty && titleWords.contains { word in parsedWords.contains { Similarity.ratio($0, word) >= 0.75 } }
    }

    /// Whether a parsed author is plainly someone else: a surname of four letters or more that is
    /// neither the entry's author nor a word of its title (the parser's mistake, then).
    static func conflicts(_ parsedSurnames: [String], with key: BookKey) -> Bool {
        guard !key.surnames.isEmpty else { return false }
        let titleWords = key.title.split(separator: " ").map(String.init)
        return parsedSurnames.contains { surname in
            surname.count >= 4 && !titleWords.contains { Similarity.ratio($0, surname) >= 0.75 }
        }
    }
}
