import Foundation
import ShelfImaging
import ShelfPipeline
import ShelfTestSupport
import Testing

@testable import ShelfScanCLI

/// The pieces of `scan`'s output that need no scan: names, wrapping, digests, relative links.
struct ScanOutputUnitTests {
    @Test func picturesOfPhotosWithOneNameGetNamesOfTheirOwn() {
        let names = PictureWriter.uniqueNames(for: ["a/shelf.jpg", "b/shelf.jpg", "shelf.png", "c/shelf-2.jpg", ".jpg"])
        #expect(names == ["shelf", "shelf-2", "shelf-3", "shelf-2-2", "photo"])
        #expect(Set(names).count == names.count)
    }

    @Test func longTitlesGoOnOverLinesInsteadOfBeingCut() {
        let title = "A Very Long Title That Goes On Well Past The Width Of Its Column"
        let lines = title.wrapped(to: 20)
        #expect(lines.allSatisfy { $0.count <= 20 })
        #expect(lines.joined(separator: " ") == title)
        #expect("Supercalifragilisticexpialidocious".wrapped(to: 10) == ["Supercalif", "ragilistic", "expialidoc", "ious"])
        #expect("short".wrapped(to: 10) == ["short"])
    }

    @Test func aPhotoCopiedUnderAnotherNameIsTheSamePhoto() throws {
        let folder = try Scratch.folder("same")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: EndToEndTests.fixture("shelves/blank-wall.jpg")))
        var changed = bytes
        changed[bytes.count / 2] ^= 1
        let names = ["a.jpg", "copy.jpg", "changed.jpg", "shorter.jpg"]
        for (name, data) in zip(names, [bytes, bytes, changed, bytes.dropLast()]) {
            try data.write(to: folder.appendingPathComponent(name))
        }
        let paths = names.map { folder.appendingPathComponent($0).path }
        let inputs = try PhotoInputs(paths)
        #expect(inputs.photos == [paths[0], paths[2], paths[3]])
        #expect(inputs.entries.contains { if case .sameAs(paths[1], original: paths[0]) = $0 { true } else { false } })
    }

    @Test func thePageLinksItsPicturesRelativeToItself() {
        let folder = URL(fileURLWithPath: "/home/reader/scans")
        #expect(HTMLReport.relative("/home/reader/scans/page_files/a b.png", to: folder) == "page_files/a%20b.png")
        #expect(HTMLReport.relative("/home/reader/crops/x.png", to: folder) == "../crops/x.png")
        #expect(HTMLReport.escape("<b>\"Tom & Jerry's\"</b>") == "&lt;b&gt;&quot;Tom &amp; Jerry&#39;s&quot;&lt;/b&gt;")
    }

    @Test func theAnnotatedSizeThePageAssumesIsThePictureDrawn() {
        for (width, height) in [(4000, 3000), (1600, 1200), (640, 640), (900, 3000)] {
            let photo = ShelfImaging.Image(width: width, height: height, format: .rgb, filledWith: 50)
            let picture = BookAnnotator.annotated(photo, books: [], maxSide: PictureWriter.annotationMaxSide)
            let size = HTMLReport.annotatedSize(width: width, height: height)
            #expect(size.photoWidth == picture.width && size.totalHeight == picture.height, "\(width)×\(height)")
        }
    }
}

/// The review and the HTML page show why a book is in doubt beside what was read on it.
struct DoubtOutputTests {
    static var report: ScanReport {
        let outline = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 100), Point(x: 0, y: 100)]
        let book = DetectedBook(
            title: "Salt Road", author: "Nora Vance", confidence: 0.63, detectionScore: 0.9, status: .uncertain,
            selected: false, polygon: outline, text: "THE SALT ROAD | NORA VANCE",
            signals: ["titleCheck": 1, BookAssessor.checkReadsOnSignal: 1])
        return ScanReport(images: [ImageReport(path: "shelf.jpg", elapsedMs: 1, books: [book])])
    }

    @Test func thePageSaysWhyABookIsInDoubt() {
        let page = HTMLReport(report: Self.report, pictures: [:]).page(relativeTo: URL(fileURLWithPath: "/tmp"))
        let doubt = "a second reading saw more lettering beside the title: words may be missing"
        #expect(page.contains("THE SALT ROAD | NORA VANCE<div class=\"doubt\">\(doubt)</div>"))
    }

    @Test func theReviewSaysWhyABookIsInDoubt() {
        let report = Self.report
        var written = ""
        var session = ReviewSession(report: report, pictures: [:], style: .plain)
        session.readLine = { nil }
        session.write = { written += $0 }
        _ = session.run()
        #expect(written.contains("\n  doubt:  a second reading saw more lettering beside the title: words may be missing\n"))
        #expect(written.contains("  read:   THE SALT ROAD | NORA VANCE"))
    }
}
