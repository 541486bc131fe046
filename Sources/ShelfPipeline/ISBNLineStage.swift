import ShelfBarcodes
import ShelfDetection
import ShelfISBN
import ShelfImaging
import ShelfOCR
import ShelfReading

/// The stage that looks for the small ISBN line printed along a spine, on the spines where neither
/// the spine's own text nor a barcode gave an ISBN.
struct ISBNLineStage: Sendable {
    var reader = SpineISBNReader()
    var recognizer: TextRecognizer

    /// Per spine, in order, the ISBN read on its line, or nil (also for the spines not looked at).
    func isbns(of findings: [SpineFindings], barcodes: [BarcodeFinding], in image: Image) async throws -> [ISBN?] {
        let reader = reader
        let unread = findings.indices.filter { index in
            findings[index].parsed.isbn == nil && !barcodes.contains { findings[index].spine.contains($0.centre) }
        }
        let found = try await SpineReadingStage.concurrentMap(unread) { index in
            let (polygon, orientation) = (findings[index].spine.polygon, findings[index].reading.orientation)
            return try await recognizer.withEngine { engine in
                reader.read(polygon, in: image, orientation: orientation, engine: engine)
            }
        }
        var isbns = [ISBN?](repeating: nil, count: findings.count)
        for (index, isbn) in zip(unread, found) { isbns[index] = isbn }
        return isbns
    }
}
