import Foundation
import ShelfDetection
import ShelfImaging

/// Detection alone over the photos of a truth folder: each photo decoded and its spines found, no
/// reading. Spine recall and precision depend on nothing after detection, so this measures them in
/// a fraction of a scan's time, which is what tuning the detector on hundreds of photos needs.
public struct DetectionRun: Sendable {
    /// One photo's outlines, or why it could not be decoded.
    public struct Photo: Encodable, Sendable {
        public var path: String
        /// The photo's displayed size; nil when it could not be decoded.
        public var width: Int?
        public var height: Int?
        public var elapsedMs: Double
        public var error: Failure?
        public var books: [Outline]
    }

    /// A photo that could not be decoded, as the scan report says it.
    public struct Failure: Encodable, Sendable {
        public var code = "decodeFailed"
        public var message: String
    }

    /// A spine as the report gives it: its outline in the photo's pixels.
    public struct Outline: Encodable, Sendable {
        public var polygon: [[Double]]
        public var detectionScore: Double
    }

    public var photos: [Photo]
    public var wallSeconds: Double

    /// Finds the spines of `photos`, `concurrency` photos at a time.
    public static func detect(_ photos: [String], concurrency: Int = 2) async -> DetectionRun {
        let clock = ContinuousClock(), started = clock.now
        var found = [Photo?](repeating: nil, count: photos.count)
        await withTaskGroup(of: (Int, Photo).self) { group in
            var next = 0
            func addOne() {
                guard next < photos.count else { return }
                let index = next, path = photos[index]
                next += 1
                group.addTask { (index, detect(path)) }
            }
            for _ in 0..<max(1, concurrency) { addOne() }
            for await (index, photo) in group {
                found[index] = photo
                addOne()
            }
        }
        return DetectionRun(photos: found.compactMap { $0 }, wallSeconds: started.duration(to: clock.now).seconds)
    }

    private static func detect(_ path: String) -> Photo {
        let clock = ContinuousClock(), started = clock.now
        func milliseconds() -> Double { started.duration(to: clock.now).seconds * 1000 }
        do {
            let image = try ImageDecoder().decodePhoto(atPath: path).image
            let spines = SpineDetector().spines(in: image)
            let outlines = spines.map { spine in
                Outline(polygon: spine.polygon.map { [$0.x, $0.y] }, detectionScore: spine.score)
            }
            return Photo(
                path: path, width: image.width, height: image.height, elapsedMs: milliseconds(), error: nil, books: outlines)
        } catch {
            return Photo(path: path, elapsedMs: milliseconds(), error: Failure(message: error.description), books: [])
        }
    }

    /// The outlines as a scan report (`images`, each with its `books`), which the scorer reads.
    public var reportJSON: Data {
        get throws {
            struct Images: Encodable { var images: [Photo] }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            return try encoder.encode(Images(images: photos))
        }
    }
}
