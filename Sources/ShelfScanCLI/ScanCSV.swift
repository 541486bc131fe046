import Foundation
import ShelfLibrary
import ShelfPipeline

/// `scan --csv`: the selected books of a scan in the columns Goodreads imports (the layout of its
/// export, which LibraryThing, StoryGraph and `shelfscan library import` read too), ISBNs written
/// as text (`="…"`). Copies of one book seen several times make one row with their count, as
/// `scan --add` makes one library entry.
enum ScanCSV {
    static func goodreads(_ report: ScanReport) throws -> String {
        // The library's own merging of copies, in a library that lives only for this.
        let scratch = try Library.inMemory()
        _ = try scratch.add(report.selectedCopies)
        return LibraryExporter.goodreadsCSV(try scratch.books())
    }
}
