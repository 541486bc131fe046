import Dispatch
import ShelfBarcodes
import ShelfCatalog
import ShelfDetection
import ShelfISBN
import ShelfLibrary
import ShelfWorkers

/// The last stage of a photo: each spine's findings, with the barcode on it or the ISBN printed on
/// it, become a reported book, identified in the catalogue, its author left out when it is no name
/// (`BookAssessor.withoutAuthorThatIsNoName(_:)`), and matched against the owner's library; and
/// the photo's ISBNs are gathered, barcodes first. An outline that shows no book
/// (`SpineFindings.showsNoBook`) and has no ISBN is not reported, nor one that is a bar of a code
/// read beside it (`isBar(_:of:)`).
struct BookAssembly: Sendable {
    var assessor: BookAssessor
    var library: LibraryMatcher?
    var catalog: CatalogIdentifier?

    func books(of findings: [SpineFindings], barcodes: [BarcodeFinding], lineISBNs: [ISBN?]) -> (
        books: [DetectedBook], isbns: [ReportedISBN]
    ) {
        var isbns = barcodes.map { ReportedISBN(isbn: $0.isbn, source: .barcode, addon: $0.addon, polygon: $0.polygon) }
        var books: [DetectedBook] = []
        var printedISBNs: [(ISBN, DetectedSpine)] = []
        for (spineFindings, lineISBN) in zip(findings, lineISBNs) {
            let spine = spineFindings.spine
            let barcode = barcodes.first { spine.contains($0.centre) }
            // The other bars of a code seen close up (a back cover) are not books.
            if barcode == nil, barcodes.contains(where: { Self.isBar(spine, of: $0) }) { continue }
            // A barcode on the spine wins over printed text when both were read.
            let printed = spineFindings.parsed.isbn ?? lineISBN
            // An outline with no lettering and no book's shape, and no ISBN on it, is left out.
            if spineFindings.showsNoBook && barcode == nil && printed == nil { continue }
            books.append(assessor.book(from: spineFindings, isbn: barcode?.isbn ?? printed))
            if let printed { printedISBNs.append((printed, spine)) }
        }
        // Identified first, so that the library compares the book the catalogue names.
        if let catalog {
            for (index, match) in identify(books, in: catalog).enumerated() {
                if let match {
                    books[index].markIdentified(match, minimumConfidence: assessor.minimumConfidence)
                } else if catalog.isComplete {
                    books[index].markNotInCatalog()
                }
            }
        }
        // After the catalogue, which may know the book by a surname read amiss; before the library,
        // whose books are compared by title and author.
        books = books.map(assessor.withoutAuthorThatIsNoName)
        for index in books.indices {
            guard let match = library?.match(for: books[index].scannedBook) else { continue }
            if match.isWanted { books[index].markWanted(match) } else { books[index].markInLibrary(match) }
        }
        for (printed, spine) in printedISBNs where !isbns.contains(where: { $0.isbn == printed }) {
            isbns.append(ReportedISBN(isbn: printed, source: .text, polygon: spine.polygon))
        }
        return (books, isbns)
    }

    /// Each book's work in the catalogue. A book that names none with an author that will be left
    /// out as no name (`BookAssessor.withoutAuthorThatIsNoName(_:)`: "Row" of Harper & Row, a scrap)
    /// is looked up again without it, so that what is no name does not refuse the work the rest of
    /// the reading names.
    func identify(_ books: [DetectedBook], in catalog: CatalogIdentifier) -> [CatalogMatch?] {
        var matches = Self.identify(books.map(\.scannedBook), in: catalog)
        let noNames = books.indices.filter {
            matches[$0] == nil && books[$0].author != nil && assessor.withoutAuthorThatIsNoName(books[$0]).author == nil
        }
        let readings = noNames.map { index in
            var reading = books[index].scannedBook
            reading.author = nil
            return reading
        }
        for (index, match) in zip(noNames, Self.identify(readings, in: catalog)) { matches[index] = match }
        return matches
    }

    /// Each reading's work in the catalogue, looked up on every core: a photo's spines are many.
    static func identify(_ readings: [ScannedBook], in catalog: CatalogIdentifier) -> [CatalogMatch?] {
        let results = Locked([CatalogMatch?](repeating: nil, count: readings.count))
        DispatchQueue.concurrentPerform(iterations: readings.count) { index in
            let match = catalog.identify(readings[index])
            results.withLock { $0[index] = match }
        }
        return results.withLock { $0 }
    }

    /// Whether `spine` is one of the bars of `barcode` that detection took for a spine: no longer
    /// than the code is wide, and centred within that width of the code's centre. A book's spine
    /// is several times longer than a code printed on it.
    static func isBar(_ spine: DetectedSpine, of barcode: BarcodeFinding) -> Bool {
        let codeSize = barcode.size
        return codeSize > 0 && spine.length <= 1.5 * codeSize
            && spine.centre.distance(to: barcode.centre) <= 0.75 * codeSize
    }
}
