import Testing

@testable import ShelfImaging
@testable import ShelfPipeline

/// Labels on annotated pictures: never overlapping, always inside, near their books.
struct LabelPlacerTests {
    @Test func crowdedLabelsNeverOverlapAndStayInside() {
        var generator = SeededGenerator(seed: 7)
        var placer = LabelPlacer(bounds: PixelRect(x: 0, y: 0, width: 800, height: 500))
        var placed: [PixelRect] = []
        // 150 labels whose books all crowd one corner and run off the picture's edges.
        for _ in 0..<150 {
            let anchor = Point(x: Double.random(in: -50...200, using: &generator), y: Double.random(in: -50...150, using: &generator))
            let candidates = (0..<4).map { step in Point(x: anchor.x, y: anchor.y + Double(step) * 20) }
            guard let placement = placer.place(width: 30, height: 18, candidates: candidates, anchor: anchor) else {
                Issue.record("no room for a label on a picture with room to spare")
                continue
            }
            placed.append(placement.rect)
        }
        #expect(placed.count == 150)
        for (index, rect) in placed.enumerated() {
            #expect(rect.x >= 0 && rect.y >= 0 && rect.maxX <= 800 && rect.maxY <= 500)
            for other in placed[(index + 1)...] { #expect(rect.intersection(other).isEmpty) }
        }
    }

    @Test func aLabelGoesWhereOfferedWhenFreeAndNearestOtherwise() {
        var placer = LabelPlacer(bounds: PixelRect(x: 0, y: 0, width: 400, height: 400))
        let first = placer.place(width: 20, height: 10, candidates: [Point(x: 100, y: 100)], anchor: Point(x: 100, y: 100))
        #expect(first == LabelPlacer.Placement(rect: PixelRect(x: 90, y: 95, width: 20, height: 10), isDisplaced: false))
        let second = placer.place(width: 20, height: 10, candidates: [Point(x: 100, y: 100)], anchor: Point(x: 100, y: 100))
        #expect(second?.isDisplaced == true)
        if let rect = second?.rect {
            let centre = (x: Double(rect.x) + 10, y: Double(rect.y) + 5)
            #expect(abs(centre.x - 100) + abs(centre.y - 100) < 40, "close to its book")
        }
        // Larger than the picture, or at no finite place: no label, no trap.
        #expect(placer.place(width: 500, height: 10, candidates: [], anchor: Point(x: 0, y: 0)) == nil)
        #expect(placer.place(width: 5, height: 5, candidates: [Point(x: .nan, y: 1)], anchor: Point(x: .infinity, y: 0)) == nil)
    }

    @Test func theAnnotatedPictureHasALegendBandWithEveryStatusColour() {
        let photo = Image(width: 1200, height: 600, format: .rgb, filledWith: 90)
        let books: [DetectedBook] = (0..<60).map { (index: Int) -> DetectedBook in
            let left = Double(index * 20), right = Double(index * 20 + 18)
            let outline = [Point(x: left, y: 100), Point(x: right, y: 100), Point(x: right, y: 500), Point(x: left, y: 500)]
            let status: DetectedBook.Status = index % 2 == 0 ? .detected : .uncertain
            return DetectedBook(
                confidence: 0.5, detectionScore: 0.9, status: status, selected: status == .detected, polygon: outline)
        }
        let picture = BookAnnotator.annotated(photo, books: books, maxSide: 2000)
        let band = BookAnnotator.legendHeight(forWidth: 1200, height: 600)
        #expect(band > 0 && picture.width == 1200 && picture.height == 600 + band)
        for status in [DetectedBook.Status.detected, .confirmed, .uncertain, .alreadyInLibrary] {
            let colour = BookAnnotator.colour(for: status)
            var found = false
            for y in 600..<picture.height where !found {
                for x in 0..<picture.width
                where picture[x: x, y: y, channel: 0] == colour.red && picture[x: x, y: y, channel: 1] == colour.green
                    && picture[x: x, y: y, channel: 2] == colour.blue
                {
                    found = true
                    break
                }
            }
            #expect(found, "\(status) in the legend")
        }
    }
}
