import Foundation
import Testing

@testable import ShelfBench

/// Detection's misses and false outlines are sorted by kind, on outlines laid out by hand.
struct DetectionFaultsTests {
    /// An upright outline from `left` to `right`, `top` to `bottom`.
    static func box(_ left: Double, _ right: Double, top: Double = 0, bottom: Double = 100) -> [[Double]] {
        [[left, top], [right, top], [right, bottom], [left, bottom]]
    }

    @Test func eachMissAndFalseOutlineIsSortedByWhatLiesThere() {
        let truth = [
            Self.box(0, 10),  // found
            Self.box(20, 30),  // split in two thin pieces
            Self.box(40, 50), Self.box(50, 60), Self.box(60, 70),  // outlined as one
            Self.box(80, 90),  // cut short
            Self.box(100, 110),  // nothing there, and it runs to the photo's top and foot
            Self.box(120, 130, top: 20, bottom: 80),  // nothing there
        ]
        let detected = [
            Self.box(0, 10),
            Self.box(20, 23), Self.box(27, 30),
            Self.box(40, 70),
            Self.box(80, 90, top: 60),
            Self.box(150, 160, top: 20, bottom: 80),  // no book
        ]
        let faults = DetectionFaults(truth: truth, detected: detected, size: (width: 200, height: 100))
        #expect(faults.found == 1)
        #expect(faults.split == 1)
        #expect(faults.splitAsSeveralBooks == 0, "a book as wide as the others, in slivers")
        #expect(faults.merged == 3)
        #expect(faults.misfit == 1)
        #expect(faults.absent == 2)
        #expect(faults.absentAtFrame == 1)
        #expect(faults.falseMerges == 1)
        #expect(faults.falseParts == 3, "the two pieces and the outline cut short")
        #expect(faults.falseNothing == 1)
        // Every truth book is counted once, as found or as one kind of miss; every detected
        // outline that found none, once.
        #expect(faults.found + faults.split + faults.merged + faults.misfit + faults.absent == truth.count)
        #expect(faults.falseMerges + faults.falseParts + faults.falseNothing == detected.count - faults.found)
    }

    /// A truth outline as wide as two of its photo's books, outlined as two books, is split and
    /// as wide as several books; cut into slivers, or across, it is only split; and a photo of
    /// too few books has no median to judge by.
    @Test func aSplitTruthOutlineAsWideAsSeveralBooksIsToldApart() {
        let books = [Self.box(0, 10), Self.box(10, 20), Self.box(20, 30), Self.box(30, 40)]
        let twoBooks = Self.box(50, 78)
        let pieces = [Self.box(51, 63), Self.box(65, 77)]
        let faults = DetectionFaults(truth: books + [twoBooks], detected: books + pieces)
        #expect(faults.found == 4 && faults.split == 1 && faults.splitAsSeveralBooks == 1)

        let slivers = DetectionFaults(truth: books + [twoBooks], detected: books + [Self.box(51, 53), Self.box(60, 62)])
        #expect(slivers.split == 1 && slivers.splitAsSeveralBooks == 0, "pieces under half a book wide")
        let cutAcross = DetectionFaults(
            truth: books + [twoBooks], detected: books + [Self.box(50, 78, bottom: 40), Self.box(50, 78, top: 60)])
        #expect(cutAcross.split == 1 && cutAcross.splitAsSeveralBooks == 0)
        let fewBooks = DetectionFaults(truth: [books[0], twoBooks], detected: [books[0]] + pieces)
        #expect(fewBooks.split == 1 && fewBooks.splitAsSeveralBooks == 0)
    }

    @Test func aPhotoOfUnknownSizeHasNoBookAtItsEdgeAndBrokenOutlinesAreNoOutlines() {
        let faults = DetectionFaults(
            truth: [Self.box(0, 10), nil, [[0, .nan], [1, 1], [2, 2]]], detected: [nil, [[5, 5]]], size: nil)
        #expect(faults == {
            var expected = DetectionFaults()
            expected.absent = 1
            return expected
        }())
    }

    @Test func aReportIsSortedPhotoByPhotoWithItsSize() throws {
        let truth = try JSONDecoder().decode(
            ShelfBench.PhotoTruth.self,
            from: Data(#"{"image": "shelf.jpg", "books": [{"polygon": [[0, 0], [10, 0], [10, 100], [0, 100]]}]}"#.utf8))
        let report = try JSONDecoder().decode(
            Scorecard.Report.self,
            from: Data(#"{"images": [{"path": "/photos/shelf.jpg", "width": 400, "height": 100, "books": []}]}"#.utf8))
        let faults = try #require(DetectionFaults(truths: [truth], report: report))
        #expect(faults.absent == 1 && faults.absentAtFrame == 1)
        // A photo the report lacks has its books absent, none at an edge it cannot know.
        let missing = try #require(DetectionFaults(truths: [truth], report: Scorecard.Report(images: [])))
        #expect(missing.absent == 1 && missing.absentAtFrame == 0)
        // A truth of titles only has no detection to sort.
        let titlesOnly = try JSONDecoder().decode(
            ShelfBench.PhotoTruth.self, from: Data(#"{"image": "shelf.jpg", "books": [{"title": "Kindred"}]}"#.utf8))
        #expect(DetectionFaults(truths: [titlesOnly], report: report) == nil)
    }

    @Test func aBenchRunShowsTheKindsWhenItsTruthHasOutlines() throws {
        var faults = DetectionFaults()
        (faults.found, faults.merged, faults.absent, faults.absentAtFrame) = (10, 2, 3, 1)
        (faults.split, faults.splitAsSeveralBooks) = (4, 3)
        func result(_ faults: DetectionFaults?) -> BenchResult {
            BenchResult(
                folder: "shelves", photos: 1, scorecard: Scorecard(), times: StageTimes(photos: []), spinesPerSecond: 1,
                wallSeconds: 1, peakResidentMiB: 1, faults: faults)
        }
        let text = result(faults).text
        #expect(text.contains("missed_split          4 (3 as wide as several books)"))
        #expect(text.contains("missed_merged         2"))
        #expect(text.contains("missed_absent         3 (1 at the photo's edge)"))
        #expect(!result(nil).text.contains("missed_"))
        // The JSON keeps them, and reads back the same.
        let decoded = try JSONDecoder().decode(BenchResult.self, from: try JSONEncoder().encode(result(faults)))
        #expect(decoded.faults == faults)
    }
}
