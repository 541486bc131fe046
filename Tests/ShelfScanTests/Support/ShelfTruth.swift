import Foundation
import ShelfImaging

/// The truth file written beside each shelf photo: every book with its spine outline.
struct ShelfTruth: Decodable {
    struct Book: Decodable {
        var title: String
        var author: String?
        var isbn: String?
        var polygon: [[Double]]?
        var textOrientation: String?
        var row: Int?

        var outline: [Point] { (polygon ?? []).map { Point(x: $0[0], y: $0[1]) } }
    }

    var image: String
    var width: Int
    var height: Int
    var exifOrientation: Int
    var books: [Book]

    static func load(_ photo: String) throws -> ShelfTruth {
        try Fixtures.json(ShelfTruth.self, "shelves/\(photo).truth.json")
    }
}

/// Detected outlines matched one-to-one with true ones, the best overlaps first, as the
/// evaluation does: a match needs an intersection over union of at least `minimumIoU`.
struct OutlineMatching {
    /// Index of the true outline → index of the detected one.
    var matches: [Int: Int] = [:]
    var truthCount: Int
    var detectedCount: Int

    init(truth: [[Point]], detected: [[Point]], minimumIoU: Double = 0.5) {
        truthCount = truth.count
        detectedCount = detected.count
        var pairs: [(iou: Double, truth: Int, detected: Int)] = []
        for (t, truthOutline) in truth.enumerated() {
            for (d, detectedOutline) in detected.enumerated() {
                let iou = Polygon.intersectionOverUnion(truthOutline, detectedOutline)
                if iou >= minimumIoU { pairs.append((iou, t, d)) }
            }
        }
        var usedDetections: Set<Int> = []
        for pair in pairs.sorted(by: { $0.iou > $1.iou })
        where matches[pair.truth] == nil && !usedDetections.contains(pair.detected) {
            matches[pair.truth] = pair.detected
            usedDetections.insert(pair.detected)
        }
    }

    var recall: Double { truthCount == 0 ? 1 : Double(matches.count) / Double(truthCount) }
    var precision: Double { detectedCount == 0 ? 1 : Double(matches.count) / Double(detectedCount) }
}

/// Area and overlap of convex quadrilaterals (spine outlines are convex).
enum Polygon {
    static func area(_ points: [Point]) -> Double {
        guard points.count >= 3 else { return 0 }
        var sum = 0.0
        for index in points.indices {
            let a = points[index], b = points[(index + 1) % points.count]
            sum += a.x * b.y - b.x * a.y
        }
        return abs(sum) / 2
    }

    /// `subject` clipped by the convex `clip` (Sutherland–Hodgman).
    static func intersection(_ subject: [Point], _ clip: [Point]) -> [Point] {
        var output = subject
        let orientation = signedArea(clip) >= 0 ? 1.0 : -1.0
        for index in clip.indices {
            guard !output.isEmpty else { break }
            let a = clip[index], b = clip[(index + 1) % clip.count]
            func inside(_ p: Point) -> Bool {
                orientation * ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) >= 0
            }
            func crossing(_ p: Point, _ q: Point) -> Point {
                let d1 = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
                let d2 = (b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x)
                let t = d1 / (d1 - d2)
                return Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
            }
            let input = output
            output = []
            for (position, current) in input.enumerated() {
                let previous = input[(position + input.count - 1) % input.count]
                if inside(current) {
                    if !inside(previous) { output.append(crossing(previous, current)) }
                    output.append(current)
                } else if inside(previous) {
                    output.append(crossing(previous, current))
                }
            }
        }
        return output
    }

    static func intersectionOverUnion(_ a: [Point], _ b: [Point]) -> Double {
        let overlap = area(intersection(a, b))
        let union = area(a) + area(b) - overlap
        return union > 0 ? overlap / union : 0
    }

    private static func signedArea(_ points: [Point]) -> Double {
        var sum = 0.0
        for index in points.indices {
            let a = points[index], b = points[(index + 1) % points.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum / 2
    }
}
