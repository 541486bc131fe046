import Foundation

/// The catalogue works a `CatalogIdentifier` has put in the forms a reading is compared with
/// (`CatalogIdentifier.Reading.WorkForm`: titles and names folded, surnames found), by work: the
/// same works come back as candidates for spine after spine, and folding them again took most of a
/// lookup's time. Shared by the identifier's copies; safe from any thread. Forgets everything when
/// full.
final class RememberedWorkForms: @unchecked Sendable {
    /// The most works remembered at once.
    static let capacity = 16384

    private let lock = NSLock()
    private var forms: [String: (work: CatalogWork, form: CatalogIdentifier.Reading.WorkForm)] = [:]

    /// `work` in the forms a reading is compared with, made once.
    func form(of work: CatalogWork) -> CatalogIdentifier.Reading.WorkForm {
        if let known = lock.withLock({ forms[work.key] }), known.work == work { return known.form }
        let form = CatalogIdentifier.Reading.WorkForm(work)
        lock.withLock {
            if forms.count >= Self.capacity { forms.removeAll(keepingCapacity: true) }
            forms[work.key] = (work, form)
        }
        return form
    }
}
