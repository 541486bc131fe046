import Foundation

/// The accuracy figures of a scan report against the truth of its photos, computed as the
/// evaluation set's scorer computes them (FORMAT.md there; the same names), from the report as
/// `shelfscan scan --json` writes it.
public struct Scorecard: Sendable, Codable, Equatable {
    public var images = 0
    public var imagesMissing = 0
    public var imagesError = 0
    /// Outlined truth spines found (intersection over union ≥ 0.5), of those outlined.
    public var spineRecall: Double?
    /// Found spines of the books reported (when the truth has outlines).
    public var spinePrecision: Double?
    /// Outlined truth spines whose matched book has the right title.
    public var titleAtSpine: Double?
    public var authorAtSpine: Double?
    /// Truth books whose title is reported on some book of the photo.
    public var titleRecall: Double?
    /// Truth books whose title or ISBN is reported on some book.
    public var bookIdentified: Double?
    /// Truth titles found anywhere in the reported text and titles.
    public var textTitleRecall: Double?
    public var titlePrecision: Double?
    /// Selected books whose title (or ISBN) is real.
    public var selectedPrecision: Double?
    /// Selected books of those reported that are not already in the library.
    public var selectedShare: Double?
    public var duplicateRecall: Double?
    public var duplicateFalse = 0
    public var isbnRecall: Double?
    public var isbnPrecision: Double?
    public var isbnWrong = 0
    public var addonRecall: Double?
    public var elapsedMsPerImage: Double?

    /// The figures, in the scorer's order, with its names.
    public var lines: [(name: String, value: String)] {
        // As the scorer (Python) prints them: 1.0, 0.7488, None.
        func show(_ value: Double?) -> String { value.map { "\($0)" } ?? "None" }
        return [
            ("images", String(images)), ("images_missing", String(imagesMissing)), ("images_error", String(imagesError)),
            ("spine_recall", show(spineRecall)), ("spine_precision", show(spinePrecision)),
            ("title_at_spine", show(titleAtSpine)), ("author_at_spine", show(authorAtSpine)),
            ("title_recall", show(titleRecall)), ("book_identified", show(bookIdentified)),
            ("text_title_recall", show(textTitleRecall)), ("title_precision", show(titlePrecision)),
            ("selected_precision", show(selectedPrecision)), ("selected_share", show(selectedShare)),
            ("duplicate_recall", show(duplicateRecall)), ("duplicate_false", String(duplicateFalse)),
            ("isbn_recall", show(isbnRecall)), ("isbn_precision", show(isbnPrecision)), ("isbn_wrong", String(isbnWrong)),
            ("addon_recall", show(addonRecall)), ("elapsed_ms_per_image", show(elapsedMsPerImage)),
        ]
    }

    /// A report as `--json` writes it: only what the figures need.
    public struct Report: Decodable, Sendable {
        public struct Image: Decodable, Sendable {
            public struct Book: Decodable, Sendable {
                public var title: String?
                public var author: String?
                public var isbn: String?
                public var status: String?
                public var selected: Bool?
                public var polygon: [[Double]]?
                public var text: String?
            }
            public struct FoundISBN: Decodable, Sendable {
                public var isbn: String?
                public var addon: String?
            }
            public struct Failure: Decodable, Sendable {
                public var code: String?
            }
            public var path: String
            /// The photo's displayed size, when the report gives it.
            public var width: Int?
            public var height: Int?
            public var elapsedMs: Double?
            public var error: Failure?
            public var books: [Book]?
            public var isbns: [FoundISBN]?
            public var text: String?
        }
        public var images: [Image]
    }

    private struct Counts {
        var spines = 0, outlined = 0, spinesFound = 0, predicted = 0, predictedNew = 0
        var titlesAtSpine = 0, authorsAtSpine = 0, titlesAnywhere = 0, identified = 0, textTitles = 0
        var predictedTitles = 0, predictedTitlesTrue = 0, selected = 0, selectedTrue = 0
        var libraryTruth = 0, libraryFound = 0, libraryFalse = 0
        var isbnTruth = 0, isbnFound = 0, isbnPredicted = 0, isbnFalse = 0, addonTruth = 0, addonFound = 0
        var elapsed = 0.0, timed = 0
    }

    public init() {}

    /// The figures of `report` against `truths` (each photo found in the report by its file name).
    public init(truths: [PhotoTruth], report: Report) {
        var byName: [String: Report.Image] = [:]
        for image in report.images { byName[(image.path as NSString).lastPathComponent] = image }
        var counts = Counts()
        for truth in truths {
            images += 1
            let image = byName[truth.image]
            if image == nil { imagesMissing += 1 }
            if let elapsed = image?.elapsedMs {
                counts.elapsed += elapsed
                counts.timed += 1
            }
            if image?.error != nil { imagesError += 1 }
            Self.count(truth, image, into: &counts)
        }
        let c = counts
        func ratio(_ a: Int, _ b: Int) -> Double? { b == 0 ? nil : (Double(a) / Double(b) * 10_000).rounded() / 10_000 }
        spineRecall = ratio(c.spinesFound, c.outlined)
        spinePrecision = c.outlined > 0 ? ratio(c.spinesFound, c.predicted) : nil
        titleAtSpine = ratio(c.titlesAtSpine, c.outlined)
        authorAtSpine = ratio(c.authorsAtSpine, c.outlined)
        titleRecall = ratio(c.titlesAnywhere, c.spines)
        bookIdentified = ratio(c.identified, c.spines)
        textTitleRecall = ratio(c.textTitles, c.spines)
        titlePrecision = ratio(c.predictedTitlesTrue, c.predictedTitles)
        selectedPrecision = ratio(c.selectedTrue, c.selected)
        selectedShare = ratio(c.selected, c.predictedNew)
        duplicateRecall = ratio(c.libraryFound, c.libraryTruth)
        duplicateFalse = c.libraryFalse
        isbnRecall = ratio(c.isbnFound, c.isbnTruth)
        isbnPrecision = ratio(c.isbnFound, c.isbnPredicted)
        isbnWrong = c.isbnFalse
        addonRecall = ratio(c.addonFound, c.addonTruth)
        elapsedMsPerImage = c.timed == 0 ? nil : (c.elapsed / Double(c.timed) * 10).rounded() / 10
    }

    private static func count(_ truth: PhotoTruth, _ image: Report.Image?, into c: inout Counts) {
        let predicted = image?.books ?? [], truths = truth.books
        c.spines += truths.count
        c.outlined += truths.filter { $0.polygon != nil }.count
        c.predicted += predicted.count
        c.predictedNew += predicted.filter { $0.status != "alreadyInLibrary" }.count
        // Outlines matched greedily, best overlap first.
        let match = OutlinePairing.pairs(truth: truths.map(\.polygon), detected: predicted.map(\.polygon))
        c.spinesFound += match.count
        for (i, j) in match {
            if TitleMatch.isTitle(predicted[j].title, of: truths[i].title) { c.titlesAtSpine += 1 }
            if TitleMatch.isAuthor(predicted[j].author, of: truths[i].author) { c.authorsAtSpine += 1 }
        }
        var allText = predicted.map { ($0.text ?? "") + " " + ($0.title ?? "") }.joined(separator: " ")
        allText += " " + (image?.text ?? "")
        let words = TitleMatch.normalised(allText).split(separator: " ").map(String.init)
        for truthBook in truths {
            if TitleMatch.appears(truthBook.title, in: words) { c.textTitles += 1 }
            if predicted.contains(where: { TitleMatch.isTitle($0.title, of: truthBook.title) }) { c.titlesAnywhere += 1 }
            let identified = predicted.contains { book in
                TitleMatch.isTitle(book.title, of: truthBook.title)
                    || (truthBook.isbn != nil && book.isbn == truthBook.isbn)
            }
            if identified { c.identified += 1 }
        }
        let truthISBNs = Set(truth.isbns)
        for book in predicted {
            let isReal = truths.contains { TitleMatch.isTitle(book.title, of: $0.title) }
            if book.title != nil && book.title != "" {
                c.predictedTitles += 1
                if isReal { c.predictedTitlesTrue += 1 }
            }
            if book.selected == true {
                c.selected += 1
                if isReal || (book.isbn.map { truthISBNs.contains($0) } ?? false) { c.selectedTrue += 1 }
            }
        }
        // Books the library has: each truth book credited once.
        c.libraryTruth += truths.filter { $0.inLibrary == true }.count
        var credited = Set<Int>()
        for (j, book) in predicted.enumerated() where book.status == "alreadyInLibrary" {
            var index = match.first { $0.value == j }?.key
            if index == nil {
                index = truths.indices.first { !credited.contains($0) && TitleMatch.isTitle(book.title, of: truths[$0].title) }
            }
            if let index, truths[index].inLibrary == true, !credited.contains(index) {
                credited.insert(index)
                c.libraryFound += 1
            } else {
                c.libraryFalse += 1
            }
        }
        var reported = Set((image?.isbns ?? []).compactMap(\.isbn))
        reported.formUnion(predicted.compactMap(\.isbn))
        c.isbnTruth += truthISBNs.count
        c.isbnPredicted += reported.count
        c.isbnFound += truthISBNs.intersection(reported).count
        c.isbnFalse += reported.subtracting(truthISBNs).count
        for barcode in truth.barcodes where barcode.addon != nil {
            c.addonTruth += 1
            if (image?.isbns ?? []).contains(where: { $0.isbn == barcode.isbn && $0.addon == barcode.addon }) {
                c.addonFound += 1
            }
        }
    }
}
