import ShelfLibrary
import ShelfText

extension CatalogIdentifier {
    /// Whether the catalogue holds a work that a reading not yet identified points to: one by an
    /// author whose surname the text holds, or whose title holds every word of the title read (two
    /// that say something at least: `Reading.smallWords` aside). A further reading of the spine can
    /// complete such an identification; where the catalogue has no lead, it can only yield a
    /// reading the assessor would not select on its own.
    public func hasLead(_ book: ScannedBook) -> Bool {
        let query = [book.title, book.author, book.text].compactMap { $0 }.joined(separator: " ")
        guard let candidates = try? catalog.candidates(for: query, limit: Self.candidateCount) else { return false }
        let reading = Reading(book)
        let textWords = reading.textWords.filter { $0.count >= Self.shortestLeadSurname }
        let titleWords = reading.titleWords.filter { !Reading.smallWords.contains($0) }
        return candidates.contains { work in
            let form = workForms.form(of: work)
            let surnameRead = form.key.surnames.contains { surname in
                surname.count >= Self.shortestLeadSurname
                    && textWords.contains { Similarity.ratio($0, surname) >= Self.surnameAgrees }
            }
            if surnameRead { return true }
            guard titleWords.count >= 2 else { return false }
            return titleWords.allSatisfy { word in
                form.titleWords.contains { Similarity.ratio($0, word) >= Self.wordAgrees }
            }
        }
    }

    /// The fewest letters of a surname read that leads to its author's works: shorter ones
    /// ("Lee", "Roy") are in many names and many scraps.
    static let shortestLeadSurname = 4
}
