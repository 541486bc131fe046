import Foundation

/// What detection got wrong, by kind, over a set of photos with outlined truth: each truth book no
/// detected outline finds (`OutlinePairing`) and each detected outline that finds no truth book,
/// sorted by what lies where it should be. Tuning a detector on the kinds, not photo by photo,
/// is what carries to photos nobody has looked at.
///
/// A point is "in" an outline when it lies inside its polygon; an outline's centre is the mean of
/// its corners.
public struct DetectionFaults: Sendable, Equatable, Codable {
    /// Truth books that detection found.
    public var found = 0
    /// Truth books outlined in pieces: the centres of two detected outlines or more lie in them.
    public var split = 0
    /// …of which this many are as wide as several books (`severalBooksWidth` times their photo's
    /// median truth book) and the pieces inside are each a book wide: where this was looked at
    /// (the open-shelves tune photos), most often a truth outline drawn over two books or more,
    /// which detection rightly outlines one by one.
    public var splitAsSeveralBooks = 0
    /// Truth books outlined together with a neighbour: their centre lies in a detected outline that
    /// holds the centres of two truth books or more.
    public var merged = 0
    /// Truth books a detected outline overlaps (its centre in the book, or the book's in it) but
    /// fits too badly to find: cut short, run long, shifted across.
    public var misfit = 0
    /// Truth books with no detected outline there at all…
    public var absent = 0
    /// …of which this many touch the photo's edge (`frameMargin`), where a photo cuts a row.
    public var absentAtFrame = 0
    /// Detected outlines that find no book and hold the centres of two truth books or more.
    public var falseMerges = 0
    /// Detected outlines that find no book and whose centre lies in a truth book: a piece of it,
    /// or a misfit.
    public var falseParts = 0
    /// Detected outlines with no truth book there: a book the truth leaves out, or none.
    public var falseNothing = 0

    /// An outline within this share of the photo's longer side from its edge touches the frame.
    static let frameMargin = 0.01
    /// How many times wider than its photo's median truth book a truth outline is as wide as
    /// several books (`splitAsSeveralBooks`). A photo's books vary in width by about half either
    /// way; the median needs `leastBooksForMedian` outlines.
    static let severalBooksWidth = 1.6
    static let leastBooksForMedian = 4

    public init() {}

    /// The faults of one photo `size` pixels large (nil when unknown: no book counts as at the
    /// frame) whose truth outlines are `truth` and detected ones `detected`, `[[x, y], …]` each.
    public init(truth: [[[Double]]?], detected: [[[Double]]?], size: (width: Int, height: Int)? = nil) {
        add(truth: truth, detected: detected, size: size)
    }

    /// The faults of a report's photos against their truths (each photo found in the report by its
    /// file name; a photo the report lacks has every book absent); nil when no truth outlines a
    /// book, as a title-level truth does not.
    public init?(truths: [PhotoTruth], report: Scorecard.Report) {
        guard truths.contains(where: { $0.books.contains { $0.polygon != nil } }) else { return nil }
        var byName: [String: Scorecard.Report.Image] = [:]
        for image in report.images { byName[(image.path as NSString).lastPathComponent] = image }
        for truth in truths {
            let image = byName[truth.image]
            let size = image.flatMap { image in image.width.flatMap { width in image.height.map { (width, $0) } } }
            add(truth: truth.books.map(\.polygon), detected: (image?.books ?? []).map(\.polygon), size: size)
        }
    }

    /// Counts one more photo's faults in.
    public mutating func add(truth: [[[Double]]?], detected: [[[Double]]?], size: (width: Int, height: Int)? = nil) {
        let pairs = OutlinePairing.pairs(truth: truth, detected: detected)
        let truths = truth.map { $0.flatMap(Outline.init) }, founds = detected.map { $0.flatMap(Outline.init) }
        let paired = Set(pairs.values)
        // How many truth centres each detected outline holds.
        let held = founds.map { found in found.map { found in truths.count { $0.map { found.contains($0.centre) } ?? false } } ?? 0 }
        let widths = truths.compactMap { $0?.sides?.width }.sorted()
        let medianWidth = widths.count >= Self.leastBooksForMedian ? widths[widths.count / 2] : nil
        for (index, book) in truths.enumerated() {
            guard let book else { continue }
            if pairs[index] != nil {
                found += 1
                continue
            }
            let piecesInside = founds.count { $0.map { book.contains($0.centre) } ?? false }
            let holders = founds.indices.filter { founds[$0]?.contains(book.centre) ?? false }
            if piecesInside >= 2 {
                split += 1
                if let medianWidth, isSeveralBooks(book, medianWidth: medianWidth, pieces: founds) {
                    splitAsSeveralBooks += 1
                }
            } else if holders.contains(where: { held[$0] >= 2 }) {
                merged += 1
            } else if piecesInside == 1 || !holders.isEmpty {
                misfit += 1
            } else {
                absent += 1
                if let size, book.touchesFrame(of: size, margin: Self.frameMargin) { absentAtFrame += 1 }
            }
        }
        for (index, found) in founds.enumerated() where !paired.contains(index) {
            guard let found else { continue }
            if held[index] >= 2 {
                falseMerges += 1
            } else if truths.contains(where: { $0?.contains(found.centre) ?? false }) {
                falseParts += 1
            } else {
                falseNothing += 1
            }
        }
    }

    /// Whether `book` is as wide as several books of a photo whose median truth book is
    /// `medianWidth` wide, and two of the `pieces` whose centres lie in it are each a book, not a
    /// sliver nor a stretch of one: at least half the median width, at most three quarters of
    /// `book`'s, and at least half its length.
    private func isSeveralBooks(_ book: Outline, medianWidth: Double, pieces: [Outline?]) -> Bool {
        guard let sides = book.sides, sides.width >= Self.severalBooksWidth * medianWidth else { return false }
        let bookWide = pieces.count { piece in
            guard let piece, book.contains(piece.centre), let pieceSides = piece.sides else { return false }
            return pieceSides.width >= 0.5 * medianWidth && pieceSides.width <= 0.75 * sides.width
                && pieceSides.length >= 0.5 * sides.length
        }
        return bookWide >= 2
    }

    /// The counts as `shelfbench` prints them.
    public var lines: [(name: String, value: String)] {
        [
            ("found", "\(found)"), ("missed_split", "\(split) (\(splitAsSeveralBooks) as wide as several books)"),
            ("missed_merged", "\(merged)"),
            ("missed_misfit", "\(misfit)"), ("missed_absent", "\(absent) (\(absentAtFrame) at the photo's edge)"),
            ("false_merge", "\(falseMerges)"), ("false_part", "\(falseParts)"), ("false_nothing", "\(falseNothing)"),
        ]
    }

    /// A polygon of finite corners.
    private struct Outline {
        var xs: [Double]
        var ys: [Double]

        init?(_ corners: [[Double]]) {
            guard corners.count >= 3, corners.allSatisfy({ $0.count >= 2 && $0[0].isFinite && $0[1].isFinite }) else {
                return nil
            }
            xs = corners.map { $0[0] }
            ys = corners.map { $0[1] }
        }

        /// A quadrilateral's width and length: the means of its opposite sides, the shorter pair
        /// across. Nil for another polygon.
        var sides: (width: Double, length: Double)? {
            guard xs.count == 4 else { return nil }
            func side(_ a: Int, _ b: Int) -> Double { hypot(xs[b] - xs[a], ys[b] - ys[a]) }
            let first = (side(0, 1) + side(2, 3)) / 2, second = (side(1, 2) + side(3, 0)) / 2
            return (min(first, second), max(first, second))
        }

        var centre: (x: Double, y: Double) {
            (xs.reduce(0, +) / Double(xs.count), ys.reduce(0, +) / Double(ys.count))
        }

        /// Even-odd rule.
        func contains(_ point: (x: Double, y: Double)) -> Bool {
            var inside = false
            var previous = xs.count - 1
            for current in xs.indices {
                if (ys[current] > point.y) != (ys[previous] > point.y) {
                    let crossing =
                        xs[previous] + (point.y - ys[previous]) / (ys[current] - ys[previous]) * (xs[current] - xs[previous])
                    if point.x < crossing { inside.toggle() }
                }
                previous = current
            }
            return inside
        }

        func touchesFrame(of size: (width: Int, height: Int), margin share: Double) -> Bool {
            let margin = share * Double(max(size.width, size.height))
            return xs.contains { $0 <= margin || $0 >= Double(size.width) - margin }
                || ys.contains { $0 <= margin || $0 >= Double(size.height) - margin }
        }
    }
}
