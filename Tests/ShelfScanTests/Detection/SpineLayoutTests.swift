import Foundation
import Testing

@testable import ShelfDetection
@testable import ShelfImaging

/// Shelves as real photos show them and the rendered fixtures do not: a whole row of books
/// leaning steeply against one another, and a shelf photographed sideways with nothing in the
/// file to say so.
@Suite(.tags(.accuracy))
struct SpineLayoutTests {
    /// A wall of one grey `wall` with a wooden board from `boardTop` down, drawn `scale` times
    /// larger (the rows below are drawn large and scaled down, for smooth slanted sides).
    static func wallAndBoard(width: Int, height: Int, boardTop: Int, wall: UInt8, scale: Int = 1) -> Image {
        var image = Image(width: width * scale, height: height * scale, format: .rgb, filledWith: wall)
        image.fill(
            PixelRect(x: 0, y: boardTop * scale, width: width * scale, height: (height - boardTop) * scale),
            with: .init(red: 110, green: 80, blue: 50))
        return image
    }

    /// A row of `count` books leaning `degrees` one way or the other on a board, each a
    /// parallelogram of its own colour with light or dark strokes along it for lettering; with their
    /// outlines. Drawn four times larger and scaled down, so that slanted sides are smooth, as a
    /// camera's are, not stairs of whole pixels.
    static func leaningRow(count: Int, degrees: Double) -> (image: Image, outlines: [[Point]]) {
        let scale = 4.0
        let width = 1200, height = 700, bookWidth = 44.0, bookHeight = 430.0, boardTop = 600.0
        var image = Self.wallAndBoard(width: width, height: height, boardTop: Int(boardTop), wall: 225, scale: 4)
        let palette: [Image.Colour] = [
            .init(red: 160, green: 40, blue: 40), .init(red: 40, green: 70, blue: 140), .init(red: 200, green: 170, blue: 60),
            .init(red: 50, green: 120, blue: 70), .init(red: 230, green: 230, blue: 220), .init(red: 90, green: 50, blue: 110),
        ]
        let slope = tan(degrees * .pi / 180)
        // A book leaning by the angle is its height times the cosine tall.
        let rise = bookHeight * cos(degrees * .pi / 180)
        let top = boardTop - rise
        var outlines: [[Point]] = []
        for index in 0..<count {
            let left = 290 + Double(index) * bookWidth
            func x(_ start: Double, atY y: Double) -> Double { start + slope * (y - boardTop) }
            let colour = palette[index % palette.count]
            let ink: Image.Colour = colour.red > 180 && colour.green > 180 ? .black : .white
            for row in Int(top * scale)..<Int(boardTop * scale) {
                let y = Double(row) / scale
                let from = x(left, atY: y) * scale, to = x(left + bookWidth, atY: y) * scale
                image.fill(PixelRect(x: Int(from), y: row, width: Int(to - from) - 4, height: 1), with: colour)
                // Lettering: lines of three short strokes across the middle of the spine.
                let along = boardTop - y
                if along > 60 && along < rise - 60 && Int(along) % 22 < 12 {
                    for stroke in 0..<3 {
                        let start = from + (10 + Double(stroke) * 9) * scale
                        image.fill(PixelRect(x: Int(start), y: row, width: Int(5 * scale), height: 1), with: ink)
                    }
                }
            }
            outlines.append([
                Point(x: x(left, atY: top), y: top), Point(x: x(left + bookWidth, atY: top), y: top),
                Point(x: left + bookWidth, y: boardTop), Point(x: left, y: boardTop),
            ])
        }
        return (image.downscaled(byFactor: 4), outlines)
    }

    @Test(arguments: [-20.0, 18.0])
    func booksLeaningSteeplyAreOutlinedOneByOne(degrees: Double) {
        let (image, outlines) = Self.leaningRow(count: 14, degrees: degrees)
        let spines = SpineDetector().spines(in: image)
        let matching = OutlineMatching(truth: outlines, detected: spines.map(\.polygon))
        #expect(matching.recall >= 0.8, "\(degrees)°: \(matching.matches.count) of 14 books, \(spines.count) outlines")
        #expect(matching.precision >= 0.8, "\(degrees)°: precision \(matching.precision)")
    }

    /// Whole rows of books lean 20–33° on real library shelves: the boundaries between them are
    /// found at their lean, one per gap.
    @Test(arguments: [-33.0, -25.0, 25.0, 33.0])
    func boundariesLeaningUpTo35DegreesAreFound(degrees: Double) {
        let (image, _) = Self.leaningRow(count: 14, degrees: degrees)
        let field = GradientField(image: image)
        let boundaries = SpineBoundaryFinder().boundaries(in: field, row: 260..<595)
        #expect((14...16).contains(boundaries.count), "\(degrees)°: \(boundaries.count) boundaries for 15 gaps")
        for boundary in boundaries {
            let lean = atan(abs(boundary.slope)) * 180 / .pi
            #expect(abs(lean - abs(degrees)) <= 1.5, "\(degrees)°: a boundary at \(lean)°")
        }
    }

    /// A row of books photographed from below, as a tall bookcase is: the books' sides converge
    /// toward a vanishing point above the photo, so each book leans by its own angle (about 11° at
    /// the row's ends, none in its middle) and is narrower at its top than at its foot. With their
    /// outlines, any quadrilaterals. Drawn four times larger and scaled down, as `leaningRow`.
    static func perspectiveRow() -> (image: Image, outlines: [[Point]]) {
        let scale = 4.0
        let width = 1000, height = 700, bookWidth = 46.0, boardTop = 600.0, top = 170.0
        let vanishing = Point(x: 500, y: -1500)
        var image = Self.wallAndBoard(width: width, height: height, boardTop: Int(boardTop), wall: 215, scale: 4)
        let palette: [Image.Colour] = [
            .init(red: 160, green: 40, blue: 40), .init(red: 40, green: 70, blue: 140), .init(red: 200, green: 170, blue: 60),
            .init(red: 50, green: 120, blue: 70), .init(red: 90, green: 50, blue: 110), .init(red: 30, green: 30, blue: 35),
        ]
        /// Where a line from `foot` on the board toward the vanishing point is at height `y`.
        func x(_ foot: Double, atY y: Double) -> Double {
            vanishing.x + (foot - vanishing.x) * (y - vanishing.y) / (boardTop - vanishing.y)
        }
        var outlines: [[Point]] = []
        for index in 0..<18 {
            let left = 90 + Double(index) * bookWidth, right = left + bookWidth - 3
            let colour = palette[index % palette.count]
            let ink: Image.Colour = colour.red > 180 && colour.green > 180 ? .black : .white
            for row in Int(top * scale)..<Int(boardTop * scale) {
                let y = Double(row) / scale
                let from = x(left, atY: y) * scale, to = x(right, atY: y) * scale
                image.fill(PixelRect(x: Int(from), y: row, width: Int(to - from), height: 1), with: colour)
                // Lettering: lines of three short strokes across the middle of the spine.
                let along = boardTop - y
                if along > 50 && along < boardTop - top - 50 && Int(along) % 22 < 12 {
                    let across = to - from
                    for stroke in 0..<3 {
                        let start = from + across * (0.2 + Double(stroke) * 0.22)
                        image.fill(PixelRect(x: Int(start), y: row, width: Int(across * 0.12), height: 1), with: ink)
                    }
                }
            }
            outlines.append([
                Point(x: x(left, atY: top), y: top), Point(x: x(right, atY: top), y: top),
                Point(x: right, y: boardTop), Point(x: left, y: boardTop),
            ])
        }
        return (image.downscaled(byFactor: 4), outlines)
    }

    @Test func booksConvergingInPerspectiveAreOutlinedOneByOne() {
        let (image, outlines) = Self.perspectiveRow()
        let spines = SpineDetector().spines(in: image)
        let matching = OutlineMatching(truth: outlines, detected: spines.map(\.polygon))
        #expect(matching.recall >= 0.85, "\(matching.matches.count) of 18 books, \(spines.count) outlines")
        #expect(matching.precision >= 0.85, "precision \(matching.precision)")
        // The end books' outlines lean as their books do, each its own way.
        let leftmost = spines.min { $0.polygon[0].x < $1.polygon[0].x }, rightmost = spines.max { $0.polygon[0].x < $1.polygon[0].x }
        #expect((leftmost?.polygon[0].x ?? 0) > (leftmost?.polygon[3].x ?? 0) + 40, "the left end leans right toward the top")
        #expect((rightmost?.polygon[1].x ?? 0) < (rightmost?.polygon[2].x ?? 0) - 40, "the right end leans left toward the top")
    }

    /// A framed picture standing on the board beside a row of books, as on many home shelves: a
    /// dark frame, a pale mount and a picture of soft shapes, shorter than the books and several
    /// times as wide as one. It is no book, and the books beside it are still found one by one.
    @Test func aFramedPictureBesideTheBooksIsNotABook() {
        let (books, outlines) = Self.leaningRow(count: 12, degrees: 0)
        var image = books
        let frame = PixelRect(x: 880, y: 260, width: 190, height: 340)
        image.fill(frame, with: .init(red: 70, green: 45, blue: 30))
        let mount = PixelRect(x: frame.x + 14, y: frame.y + 14, width: frame.width - 28, height: frame.height - 28)
        image.fill(mount, with: .init(red: 236, green: 232, blue: 222))
        let picture = PixelRect(x: mount.x + 22, y: mount.y + 22, width: mount.width - 44, height: mount.height - 44)
        image.fill(picture, with: .init(red: 120, green: 160, blue: 200))
        // Hills and a sun: broad shapes, no lettering.
        for band in 0..<picture.height / 2 {
            let y = picture.y + picture.height / 2 + band
            let rise = Int(Double(picture.width) * 0.5 * (1 + sin(Double(band) / 9)))
            image.fill(PixelRect(x: picture.x, y: y, width: min(picture.width, 30 + rise / 2 + band), height: 1), with: .init(red: 70, green: 120, blue: 60))
        }
        image.fill(PixelRect(x: picture.x + picture.width - 50, y: picture.y + 25, width: 28, height: 28), with: .init(red: 240, green: 200, blue: 80))
        let spines = SpineDetector().spines(in: image)
        let framePolygon = [
            Point(x: Double(frame.x), y: Double(frame.y)), Point(x: Double(frame.maxX), y: Double(frame.y)),
            Point(x: Double(frame.maxX), y: Double(frame.maxY)), Point(x: Double(frame.x), y: Double(frame.maxY)),
        ]
        let onPicture = spines.filter { spine in
            Polygon.area(Polygon.intersection(framePolygon, spine.polygon)) > 0.5 * Polygon.area(spine.polygon)
        }
        // Not yet: the picture's sides are taken for boundaries and the shapes between them for
        // lettering, so a piece of it comes out as a book. Real photos show few such frames
        // (most non-books found there are gaps and shelf sides); this marks the gap until a
        // non-book test closes it, and fails once one does.
        withKnownIssue("a framed picture standing on the board is outlined as a book") {
            #expect(onPicture.isEmpty, "outlines on the picture: \(onPicture.map(\.polygon))")
        }
        let matching = OutlineMatching(truth: outlines, detected: spines.map(\.polygon))
        #expect(matching.matches.count >= 11, "\(matching.matches.count) of 12 books")
    }

    /// What stands fifth in `rowWithCopies`, where two 46 px books could stand.
    enum WideBook {
        /// Two copies of one book touching with no seam: one colour, the same lettering at the
        /// same heights.
        case copies
        /// One spine twice as wide, its words set across it, centred (`twoWords`: each line two
        /// words with a space at the middle).
        case wordsAcross(twoWords: Bool)
        /// One spine twice as wide, its title along it in large letters beside its author's name
        /// in small ones, both over the same stretch of the spine.
        case titleBesideAuthor
    }

    /// A row of books on a board, each 46 px wide and of its own colour, with `fifth` in the fifth
    /// place. Lettering is drawn as rows of letter blocks whose top and bottom edges are the
    /// strokes the detector sees; with the books' outlines (copies outlined one by one).
    static func rowWithCopies(_ fifth: WideBook) -> (image: Image, outlines: [[Point]]) {
        let width = 900, height = 700, bookWidth = 46, top = 160, boardTop = 600
        var image = Self.wallAndBoard(width: width, height: height, boardTop: boardTop, wall: 205)
        let palette: [Image.Colour] = [
            .init(red: 160, green: 40, blue: 40), .init(red: 40, green: 70, blue: 140), .init(red: 50, green: 120, blue: 70),
            .init(red: 90, green: 50, blue: 110), .init(red: 30, green: 30, blue: 35),
        ]
        /// A word along the spine on each line: letter blocks `letterWidth` wide one above the
        /// other, centred on `centre`, a different word length on each line.
        func wordsAlong(centre: Int, letterWidth: Int = 14) {
            var y = top + 40, line = 0
            while y < boardTop - 60 {
                let letters = 3 + line % 4
                for row in 0..<letters {
                    image.fill(PixelRect(x: centre - letterWidth / 2, y: y + row * 12, width: letterWidth, height: 8), with: .white)
                }
                y += letters * 12 + 20
                line += 1
            }
        }
        /// Words set across the spine from `from`, `width` wide: letters of varied widths side by
        /// side, centred, or two words about the middle.
        func wordsAcross(from: Int, width: Int, twoWords: Bool) {
            var y = top + 40, line = 0
            while y < boardTop - 60 {
                let widths = (0..<(4 + line % 3)).map { 7 + ($0 * 5 + line * 3) % 6 }
                func draw(_ letters: ArraySlice<Int>, from start: Int) {
                    var x = start
                    for letter in letters {
                        image.fill(PixelRect(x: x, y: y, width: letter, height: 14), with: .white)
                        x += letter + 3
                    }
                }
                func span(_ letters: ArraySlice<Int>) -> Int { letters.reduce(0) { $0 + $1 + 3 } - 3 }
                let middle = from + width / 2
                if twoWords {
                    // The space wanders a little from line to line, as between real words.
                    let first = widths[..<(widths.count / 2)], second = widths[(widths.count / 2)...]
                    let space = middle + 3 * (line % 3 - 1)
                    draw(first, from: space - 3 - span(first))
                    draw(second, from: space + 3)
                } else {
                    draw(widths[...], from: middle - span(widths[...]) / 2)
                }
                y += 26
                line += 1
            }
        }
        var outlines: [[Point]] = []
        func outline(from start: Int, width: Int) {
            outlines.append([
                Point(x: Double(start), y: Double(top)), Point(x: Double(start + width), y: Double(top)),
                Point(x: Double(start + width), y: Double(boardTop)), Point(x: Double(start), y: Double(boardTop)),
            ])
        }
        var left = 150
        for index in 0..<9 {
            guard index == 4 else {
                image.fill(PixelRect(x: left, y: top, width: bookWidth - 3, height: boardTop - top), with: palette[index % palette.count])
                wordsAlong(centre: left + (bookWidth - 3) / 2)
                outline(from: left, width: bookWidth - 3)
                left += bookWidth
                continue
            }
            let colour = Image.Colour(red: 35, green: 95, blue: 150)
            switch fifth {
            case .copies:
                image.fill(PixelRect(x: left, y: top, width: 2 * bookWidth, height: boardTop - top), with: colour)
                for start in [left, left + bookWidth] {
                    wordsAlong(centre: start + (bookWidth - 3) / 2)
                    outline(from: start, width: bookWidth)
                }
            case .wordsAcross(let twoWords):
                image.fill(PixelRect(x: left, y: top, width: 2 * bookWidth - 3, height: boardTop - top), with: colour)
                wordsAcross(from: left, width: 2 * bookWidth - 3, twoWords: twoWords)
                outline(from: left, width: 2 * bookWidth - 3)
            case .titleBesideAuthor:
                image.fill(PixelRect(x: left, y: top, width: 2 * bookWidth - 3, height: boardTop - top), with: colour)
                wordsAlong(centre: left + bookWidth / 2, letterWidth: 8)
                wordsAlong(centre: left + bookWidth + bookWidth / 2 - 3, letterWidth: 26)
                outline(from: left, width: 2 * bookWidth - 3)
            }
            left += 2 * bookWidth
        }
        return (image, outlines)
    }

    /// Two copies of one book side by side, as shops and libraries shelve them, meet in no edge:
    /// they are told apart by the gap in the lettering between them and by reading alike.
    @Test func twoCopiesSideBySideAreOutlinedOneByOne() {
        let (image, outlines) = Self.rowWithCopies(.copies)
        func found(_ detector: SpineDetector) -> Int {
            OutlineMatching(truth: outlines, detected: detector.spines(in: image).map(\.polygon)).matches.count
        }
        var noCopies = SpineDetector()
        noCopies.outliner.copyValleyShare = -1
        #expect(found(noCopies) == outlines.count - 2, "without the split, the copies are one outline")
        #expect(found(SpineDetector()) == outlines.count)
    }

    /// Single wide spines whose two halves are lettered in the same rows stay whole, each kept so
    /// by a guard the test turns off to see the spine split:
    /// - words set across it run through its middle (`copyBridge`: it holds with the other two
    ///   guards off, and with it off too the spine is split);
    /// - a title in large letters beside its author's name in small ones carries far more
    ///   lettering than the name (`copyInkRatio`).
    @Test(arguments: [WideBook.wordsAcross(twoWords: false), .titleBesideAuthor])
    func aWideSingleSpineStaysWhole(_ book: WideBook) {
        let (image, outlines) = Self.rowWithCopies(book)
        let spines = SpineDetector().spines(in: image)
        let matching = OutlineMatching(truth: outlines, detected: spines.map(\.polygon))
        #expect(matching.matches.count == outlines.count, "\(matching.matches.count) of \(outlines.count), \(spines.count) outlines")
        #expect(spines.count == outlines.count)
        var unguarded = SpineDetector()
        if case .wordsAcross = book {
            unguarded.outliner.copyValleyShare = 1
            unguarded.outliner.copyInkRatio = 0
            #expect(unguarded.spines(in: image).count == outlines.count, "the bridge alone keeps it whole")
            unguarded.outliner.copyBridge = .infinity
        } else {
            unguarded.outliner.copyInkRatio = 0
        }
        #expect(unguarded.spines(in: image).count > outlines.count, "without its guard, the spine is split")
    }

    /// Not yet: two words a line across a wide spine ("EDITH / BLAKE" set in pairs), the space
    /// between them wandering a few pixels about the middle, leave a gap down the middle that the
    /// bridge test (lettering in the gap, or beside it on both sides) does not see across, and
    /// the halves are lettered alike: the spine is split as copies. Fails once that is fixed.
    @Test func twoWordsALineAcrossAWideSpineAreSplitAsCopies() {
        let (image, outlines) = Self.rowWithCopies(.wordsAcross(twoWords: true))
        let spines = SpineDetector().spines(in: image)
        withKnownIssue("two words a line across a wide spine are taken for copies") {
            #expect(spines.count == outlines.count)
        }
    }

    /// What the light head of a two-colour spine carries.
    enum HeadLettering: Sendable, CaseIterable {
        /// Its title, in lines down the whole head.
        case title
        /// Only a small mark near its top, a publisher's logo or a series number: a few rows of a
        /// head otherwise bare.
        case mark
    }

    /// A row of upright books of two colours, as many real spines are: a light head with dark
    /// strokes above a dark body with light strokes. The outline's top is the book's top, not the
    /// line where the colours meet, whether the head carries a title or only a small mark.
    @Test(arguments: HeadLettering.allCases)
    func aTwoColourSpineIsOutlinedToItsTop(head lettering: HeadLettering) {
        let width = 900, height = 700, bookWidth = 48, top = 150, split = 300, boardTop = 600
        var image = Self.wallAndBoard(width: width, height: height, boardTop: boardTop, wall: 90)
        let bodies: [Image.Colour] = [.init(red: 40, green: 50, blue: 110), .init(red: 120, green: 30, blue: 40), .init(red: 30, green: 80, blue: 50)]
        var outlines: [[Point]] = []
        for index in 0..<12 {
            let left = 120 + index * bookWidth
            let head: Image.Colour = .init(red: 235, green: 225, blue: 200)
            image.fill(PixelRect(x: left, y: top, width: bookWidth - 2, height: split - top), with: head)
            image.fill(PixelRect(x: left, y: split, width: bookWidth - 2, height: boardTop - split), with: bodies[index % 3])
            // Lettering: rows of small marks, a word's strokes, with a gap between words.
            let headLettering = lettering == .title ? split - 10 : top + 40
            for y in stride(from: top + 16, to: boardTop - 16, by: 6)
            where abs(y - split) > 10 && (y / 6) % 7 != 0 && (y < headLettering || y > split) {
                let ink: Image.Colour = y < split ? .black : .white
                for stroke in 0..<3 {
                    image.fill(PixelRect(x: left + 9 + stroke * 11, y: y, width: 6, height: 3), with: ink)
                }
            }
            outlines.append([
                Point(x: Double(left), y: Double(top)), Point(x: Double(left + bookWidth - 2), y: Double(top)),
                Point(x: Double(left + bookWidth - 2), y: Double(boardTop)), Point(x: Double(left), y: Double(boardTop)),
            ])
        }
        let spines = SpineDetector().spines(in: image)
        let matching = OutlineMatching(truth: outlines, detected: spines.map(\.polygon))
        #expect(matching.recall >= 0.9, "\(matching.matches.count) of 12 books")
        let tops = spines.map { $0.polygon[0].y }
        #expect(tops.filter { abs($0 - Double(top)) <= 8 }.count >= 10, "tops at \(tops.map { Int($0) })")
    }

    /// A short book between tall ones: above it is bare wall up to the board over the row, and
    /// its neighbours' sides rise past it. Its outline ends at its own top, not at the board's edge.
    @Test func aShortBookBetweenTallOnesEndsAtItsOwnTop() {
        let width = 900, height = 700, bookWidth = 48, tallTop = 150, shortTop = 330, boardTop = 600
        var image = Self.wallAndBoard(width: width, height: height, boardTop: boardTop, wall: 200)
        image.fill(PixelRect(x: 0, y: 100, width: width, height: 30), with: .init(red: 110, green: 80, blue: 50))
        let colours: [Image.Colour] = [.init(red: 40, green: 50, blue: 110), .init(red: 120, green: 30, blue: 40), .init(red: 30, green: 80, blue: 50)]
        var shortOutlines: [[Point]] = []
        for index in 0..<12 {
            let left = 120 + index * bookWidth, top = index % 3 == 1 ? shortTop : tallTop
            image.fill(PixelRect(x: left, y: top, width: bookWidth - 2, height: boardTop - top), with: colours[index % 3])
            for y in stride(from: top + 16, to: boardTop - 16, by: 6) where (y / 6) % 7 != 0 {
                for stroke in 0..<3 {
                    image.fill(PixelRect(x: left + 9 + stroke * 11, y: y, width: 6, height: 3), with: .white)
                }
            }
            if top == shortTop {
                shortOutlines.append([
                    Point(x: Double(left), y: Double(top)), Point(x: Double(left + bookWidth - 2), y: Double(top)),
                    Point(x: Double(left + bookWidth - 2), y: Double(boardTop)), Point(x: Double(left), y: Double(boardTop)),
                ])
            }
        }
        let spines = SpineDetector().spines(in: image)
        let matching = OutlineMatching(truth: shortOutlines, detected: spines.map(\.polygon))
        #expect(matching.matches.count == shortOutlines.count)
        let tops = matching.matches.values.map { spines[$0].polygon[0].y }
        #expect(tops.allSatisfy { abs($0 - Double(shortTop)) <= 8 }, "tops at \(tops.map { Int($0) })")
        var unguarded = SpineDetector()
        unguarded.outliner.minHeadLettering = 0
        let unguardedTops = unguarded.spines(in: image).map(\.polygon[0].y)
        #expect(unguardedTops.filter { abs($0 - Double(shortTop)) <= 8 }.count < shortOutlines.count, "without its guard, the wall is taken for a head")
    }

    /// A row of twelve books with pale lettering, the middle four of one dark colour meeting in
    /// seams only a little darker: steps the photo's edge threshold passes over, as between black
    /// paperbacks on a real shelf. With their outlines and the seams' columns.
    /// `seamShare`: the share of the books' height along which the seams between the dark ones
    /// show, in stretches, as where light catches them. `darkBooks`: which books are dark;
    /// `thinBooks`: which are 28 px wide instead of 48.
    static func darkNeighboursRow(
        seamShare: Double = 1, darkBooks: Range<Int> = 4..<8, thinBooks: Set<Int> = []
    ) -> (image: Image, outlines: [[Point]], seams: [Int]) {
        let width = 900, height = 700, bookWidth = 48, top = 150, boardTop = 600
        var image = Self.wallAndBoard(width: width, height: height, boardTop: boardTop, wall: 200)
        let colours: [Image.Colour] = [
            .init(red: 160, green: 40, blue: 40), .init(red: 40, green: 70, blue: 140), .init(red: 200, green: 170, blue: 60),
            .init(red: 50, green: 120, blue: 70),
        ]
        let dark = Image.Colour(red: 44, green: 44, blue: 48), seam = Image.Colour(red: 22, green: 22, blue: 24)
        var outlines: [[Point]] = [], seams: [Int] = []
        var left = 162
        for index in 0..<12 {
            let bookWidth = thinBooks.contains(index) ? 28 : bookWidth
            defer { left += bookWidth }
            let isDark = darkBooks.contains(index)
            // Dark books touch, a two-pixel seam between them; the others stand a gap apart.
            let body = isDark ? bookWidth : bookWidth - 3
            image.fill(PixelRect(x: left, y: top, width: body, height: boardTop - top), with: isDark ? dark : colours[index % 4])
            if isDark && index > darkBooks.lowerBound {
                let period = 40, shown = Int(seamShare * Double(period))
                for y in stride(from: top, to: boardTop, by: period) {
                    image.fill(PixelRect(x: left - 1, y: y, width: 2, height: min(shown, boardTop - y)), with: seam)
                }
                seams.append(left)
            }
            for y in stride(from: top + 20, to: boardTop - 20, by: 6) where (y / 6) % 7 != 0 {
                for stroke in 0..<3 where 16 + stroke * 10 <= body {
                    image.fill(PixelRect(x: left + 10 + stroke * 10, y: y, width: 6, height: 3), with: .init(red: 235, green: 230, blue: 215))
                }
            }
            outlines.append([
                Point(x: Double(left), y: Double(top)), Point(x: Double(left + body), y: Double(top)),
                Point(x: Double(left + body), y: Double(boardTop)), Point(x: Double(left), y: Double(boardTop)),
            ])
        }
        return (image, outlines, seams)
    }

    /// How many of `seams` (columns) `finder` finds a boundary at, within 3 px, in `darkNeighboursRow`'s
    /// row of books.
    static func seamsFound(by finder: SpineBoundaryFinder, in field: GradientField, seams: [Int]) -> Int {
        let lines = finder.boundaries(in: field, row: 150..<600)
        return seams.filter { seam in lines.contains { abs($0.x - Double(seam)) <= 3 } }.count
    }

    /// Faint seams are found in a second look between boundaries far wider apart than the row's
    /// books, and only there: without it the dark books merge.
    @Test func darkNeighboursMeetingInFaintSeamsAreSplit() {
        let (image, outlines, seams) = Self.darkNeighboursRow()
        let field = GradientField(image: image)
        func foundSeams(_ finder: SpineBoundaryFinder) -> Int { Self.seamsFound(by: finder, in: field, seams: seams) }
        var firstLookOnly = SpineBoundaryFinder()
        firstLookOnly.wideGap = .infinity
        #expect(foundSeams(firstLookOnly) == 0)
        #expect(foundSeams(SpineBoundaryFinder()) == seams.count)
        let spines = SpineDetector().spines(in: image)
        let matching = OutlineMatching(truth: outlines, detected: spines.map(\.polygon))
        #expect(matching.matches.count >= 11, "\(matching.matches.count) of 12 books")
    }

    /// Seams showing in stretches along half the books' height (an edge along about 44% of the
    /// searched rows) are still taken in the second look, at `faintMinCoverage`; the first look's
    /// coverage would drop them.
    @Test func seamsShowingInPlacesAreSplit() {
        let (image, _, seams) = Self.darkNeighboursRow(seamShare: 0.5)
        let field = GradientField(image: image)
        func foundSeams(_ finder: SpineBoundaryFinder) -> Int { Self.seamsFound(by: finder, in: field, seams: seams) }
        var firstLookCoverage = SpineBoundaryFinder()
        firstLookCoverage.faintMinCoverage = firstLookCoverage.minCoverage
        #expect(foundSeams(firstLookCoverage) == 0)
        #expect(foundSeams(SpineBoundaryFinder()) == seams.count)
    }

    /// A thin dark book against a dark one of the usual width: the two together are only about 1.6
    /// times as wide as the row's books, yet they are two. The second look (`wideGap`) takes in
    /// such a stretch; at a bar of 1.8 it did not, and the pair came out as one book.
    @Test func aThinDarkBookBesideADarkOneIsSplit() {
        let (image, outlines, seams) = Self.darkNeighboursRow(darkBooks: 5..<7, thinBooks: [5])
        let field = GradientField(image: image)
        func foundSeams(_ finder: SpineBoundaryFinder) -> Int { Self.seamsFound(by: finder, in: field, seams: seams) }
        var formerBar = SpineBoundaryFinder()
        formerBar.wideGap = 1.8
        #expect(seams.count == 1)
        #expect(foundSeams(formerBar) == 0)
        #expect(foundSeams(SpineBoundaryFinder()) == 1)
        let spines = SpineDetector().spines(in: image)
        let matching = OutlineMatching(truth: outlines, detected: spines.map(\.polygon))
        #expect(matching.matches[5] != nil && matching.matches[6] != nil, "the dark pair: \(matching.matches.keys.sorted())")
        #expect(matching.matches.count >= 11, "\(matching.matches.count) of 12 books")
    }

    /// A rendered shelf turned a quarter either way, as a phone held sideways writes it without
    /// an EXIF turn: the books are found as on the shelf the right way up.
    @Test(arguments: [1, 3])
    func aShelfPhotographedSidewaysIsFoundAsUpright(quarterTurns: Int) throws {
        let photo = "shelf-002.jpg"
        let decoded = try ImageDecoder().decodePhoto(atPath: Fixtures.path("shelves/\(photo)"))
        let truth = try ShelfTruth.load(photo)
        let upright = OutlineMatching(
            truth: truth.books.map(\.outline), detected: SpineDetector().spines(in: decoded.image).map(\.polygon))
        let turned = decoded.image.rotated(quarterTurns: quarterTurns)
        let height = Double(decoded.image.height), width = Double(decoded.image.width)
        // Where a point of the photo lands in the turned copy.
        func turn(_ point: Point) -> Point {
            quarterTurns == 1 ? Point(x: height - point.y, y: point.x) : Point(x: point.y, y: width - point.x)
        }
        let sideways = OutlineMatching(
            truth: truth.books.map { $0.outline.map(turn) },
            detected: SpineDetector().spines(in: turned).map(\.polygon))
        #expect(upright.recall >= 0.8)
        #expect(sideways.recall >= upright.recall - 0.1, "sideways \(sideways.recall), upright \(upright.recall)")
        #expect(sideways.precision >= 0.8, "sideways precision \(sideways.precision)")
    }
}
