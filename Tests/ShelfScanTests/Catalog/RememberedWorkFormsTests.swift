import Testing

@testable import ShelfCatalog
@testable import ShelfLibrary

/// The identifier puts each candidate work in its compared forms once, and a work changed under
/// the same key is put in its forms again.
struct RememberedWorkFormsTests {
    @Test func aWorksFormsAreMadeOnceAndAgainWhenTheWorkChanges() {
        let forms = RememberedWorkForms()
        let work = CatalogWork(key: "/works/OL7W", title: "The Salt Road", subtitle: "A Novel", authors: ["Ida Fenn"])
        let first = forms.form(of: work)
        #expect(first.titleWords == ["the", "salt", "road", "a", "novel"])
        #expect(first.laterNameWords == ["fenn"])
        #expect(forms.form(of: work).titleWords == first.titleWords)
        var renamed = work
        renamed.title = "The Tin Road"
        renamed.authors = ["Ida Marsh"]
        let again = forms.form(of: renamed)
        #expect(again.titleWords == ["the", "tin", "road", "a", "novel"], "the same key, another work")
        #expect(again.laterNameWords == ["marsh"])
    }

    /// A lookup with the forms of earlier lookups finds what one without them does.
    @Test func rememberedFormsChangeNoMatch() {
        let forms = RememberedWorkForms()
        let works = [
            CatalogWork(key: "/works/OL7W", title: "The Salt Road", authors: ["Ida Fenn"]),
            CatalogWork(key: "/works/OL8W", title: "The Salt Marsh", authors: ["Tomas Vane"]),
        ]
        let book = ScannedBook(title: "The Salt Road", author: "Fenn", isbn: nil, text: "THE SALT ROAD | FENN")
        let fresh = CatalogIdentifier.best(for: book, among: works)
        #expect(fresh?.key == "/works/OL7W")
        for _ in 0..<2 { #expect(CatalogIdentifier.best(for: book, among: works, forms: forms) == fresh) }
    }
}
