import Foundation
import Testing

@testable import ShelfBench

/// The benchmark's figures follow the evaluation set's rules.
struct ScorecardTests {
    @Test func titlesAreComparedWithoutAccentsCaseOrPunctuation() {
        #expect(TitleMatch.normalised("Cançó d'estiu i de tardor") == "canco d estiu i de tardor")
        #expect(TitleMatch.normalised("  The  Left-Hand: of Darkness!! ") == "the left hand of darkness")
        #expect(TitleMatch.isTitle("THE LEFT HAND OF DARKNES", of: "The Left Hand of Darkness"))
        #expect(!TitleMatch.isTitle("The Left Hand", of: "The Left Hand of Darkness"))
        #expect(!TitleMatch.isTitle(nil, of: "Kindred"))
        #expect(TitleMatch.isAuthor("Serra", of: "Serra, Jaume"))
        #expect(TitleMatch.isAuthor("Octavia Butler", of: "Octavia E. Butler"))
        #expect(!TitleMatch.isAuthor("Kindred Octavia Butler Beacon Press Boston Edition", of: "Octavia E. Butler"))
        let words = TitleMatch.normalised("x et HOLLOW ALMANAC ei] | WREN THORNE").split(separator: " ").map(String.init)
        #expect(TitleMatch.appears("The Hollow Almanac", in: words))
        #expect(!TitleMatch.appears("The Salt Almanac", in: words))
    }

    @Test func outlinesOverlapByIntersectionOverUnion() {
        let square = [[0.0, 0], [10, 0], [10, 10], [0, 10]]
        let shifted = [[5.0, 0], [15, 0], [15, 10], [5, 10]]
        #expect(OutlineOverlap.iou(square, square) == 1)
        // Filled as Pillow fills them, edges included: 11 × 11 cells each, 6 × 11 shared.
        #expect(abs(OutlineOverlap.iou(square, shifted) - 66.0 / 176) < 1e-9)
        #expect(OutlineOverlap.iou(square, [[20.0, 20], [30, 20], [30, 30], [20, 30]]) == 0)
        #expect(OutlineOverlap.iou(square, [[0.0, .nan], [1, 1], [2, 2]]) == 0)
        // A leaning outline over a large photo, on the quarter-size grid.
        let leaning = [[1000.0, 100], [1100, 100], [1300, 1500], [1200, 1500]]
        let moved = leaning.map { [$0[0] + 50, $0[1]] }
        #expect(abs(OutlineOverlap.iou(leaning, moved) - 1.0 / 3) < 0.05)
    }

    @Test func aReportIsScoredAsTheEvaluationScorerScoresIt() throws {
        let truthJSON = """
            {"image": "shelf.jpg", "books": [
              {"title": "Kindred", "author": "Butler, Octavia E.", "isbn": null,
               "polygon": [[0, 0], [100, 0], [100, 600], [0, 600]], "inLibrary": null},
              {"title": "Dawn", "author": "Octavia E. Butler", "isbn": null,
               "polygon": [[100, 0], [200, 0], [200, 600], [100, 600]], "inLibrary": null}],
             "barcodes": [], "isbns": ["9780807083697"]}
            """
        let reportJSON = """
            {"images": [{"path": "photos/shelf.jpg", "elapsedMs": 1500, "error": null, "text": null, "isbns": [], "books": [
              {"title": "KINDRED", "author": "Butler", "isbn": "9780807083697", "status": "confirmed", "selected": true,
               "polygon": [[2, 0], [100, 0], [100, 600], [2, 600]], "text": "KINDRED | BUTLER"},
              {"title": "Beacon Press", "author": null, "isbn": null, "status": "detected", "selected": true,
               "polygon": [[300, 0], [400, 0], [400, 600], [300, 600]], "text": "Beacon Press Dawn"}]}]}
            """
        let truth = try JSONDecoder().decode(ShelfBench.PhotoTruth.self, from: Data(truthJSON.utf8))
        let report = try JSONDecoder().decode(Scorecard.Report.self, from: Data(reportJSON.utf8))
        let card = Scorecard(truths: [truth], report: report)
        #expect(card.images == 1 && card.imagesMissing == 0)
        #expect(card.spineRecall == 0.5 && card.spinePrecision == 0.5)
        #expect(card.titleAtSpine == 0.5 && card.authorAtSpine == 0.5)
        #expect(card.titleRecall == 0.5)
        // "Dawn" is in the second book's text: found by a whole-text reader's rule.
        #expect(card.textTitleRecall == 1)
        #expect(card.selectedPrecision == 0.5 && card.selectedShare == 1)
        #expect(card.isbnRecall == 1 && card.isbnPrecision == 1 && card.isbnWrong == 0)
        #expect(card.elapsedMsPerImage == 1500)
        let missing = Scorecard(truths: [truth], report: Scorecard.Report(images: []))
        #expect(missing.imagesMissing == 1 && missing.titleRecall == 0)
    }

    @Test func timesAreSpreadByMedianAndNinetiethPercentile() throws {
        let spread = try #require(StageTimes.spread((1...10).map(Double.init)))
        #expect(spread.medianMs == 5.5 && spread.p90Ms == 9 && spread.photos == 10)
        #expect(StageTimes.spread([]) == nil)
        let times = StageTimes(photos: [(["read": 100, "decode": 10], 120), (["read": 300], 330)])
        #expect(times.orderedStages.map(\.name) == ["decode", "read"])
        #expect(times.stages["read"]?.medianMs == 200 && times.stages["decode"]?.photos == 1)
        #expect(times.total?.medianMs == 225)
    }

    @Test func theBaselineTakesTheValidISBNsOfItsText() {
        let text = "ISBN 978-0-306-40615-7 and again 0-306-40615-2, not 978-0-306-40615-8 nor 12345"
        #expect(NaiveBaseline.isbns(inText: text) == ["9780306406157"])
    }
}
