import ShelfLibrary
import ShelfText

extension CatalogIdentifier {
    /// Whether the catalogue holds a work that a reading not yet identified points to: one by an
    /// author whose surname the text holds, or two words or more of whose title (words that say
    /// something: `Reading.smallWords` aside) the text holds, in any order and a letter or two
    /// misread. A further reading of the spine can complete such an identification; where the
    /// catalogue has no lead, it can only yield a reading the assessor would not select on its own.
    public func hasLead(_ book: ScannedBook) -> Bool {
        guard let candidates = candidates(for: book) else { return false }
        let reading = Reading(book)
        let textWords = reading.textWords.filter { $0.count >= 3 }
        func isRead(_ word: String, alike: Double) -> Bool {
            textWords.contains { Similarity.ratio($0, word) >= alike }
        }
        return candidates.contains { work in
            let form = workForms.form(of: work)
            let surnameRead = form.key.surnames.contains {
                $0.count >= Self.shortestLeadSurname && isRead($0, alike: Self.surnameAgrees)
            }
            if surnameRead { return true }
            let titleWords = Set(form.titleWords.filter { $0.count >= 3 && !Reading.smallWords.contains($0) })
            return titleWords.filter { isRead($0, alike: Self.wordAgrees) }.count >= 2
        }
    }

    /// The fewest letters of a surname read that leads to its author's works: shorter ones
    /// ("Lee", "Roy") are in many names and many scraps.
    static let shortestLeadSurname = 4
}
