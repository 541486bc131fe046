/// The catalogue works a `CatalogIdentifier` has put in the forms a reading is compared with
/// (`CatalogIdentifier.Reading.WorkForm`: titles and names folded, surnames found), by work: the
/// same works come back as candidates for spine after spine, and folding them again took most of a
/// lookup's time. Shared by the identifier's copies; safe from any thread. Forgets everything when
/// full.
final class RememberedWorkForms: Sendable {
    /// The most works remembered at once.
    static let capacity = 16384

    private let forms = RememberedValues<String, (work: CatalogWork, form: CatalogIdentifier.Reading.WorkForm)>(
        capacity: capacity)

    /// `work` in the forms a reading is compared with, made once.
    func form(of work: CatalogWork) -> CatalogIdentifier.Reading.WorkForm {
        if let known = forms.value(for: work.key), known.work == work { return known.form }
        let form = CatalogIdentifier.Reading.WorkForm(work)
        forms.remember((work, form), for: work.key)
        return form
    }
}
