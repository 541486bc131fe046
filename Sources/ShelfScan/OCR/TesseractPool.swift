import Foundation

/// A small pool of long-lived Tesseract instances, one per core by default, each lent to one task
/// at a time. Instances are made on first need (each costs ~15 MB and 55–105 ms to load).
public actor TesseractPool {
    /// The pool the scanner uses: one instance per core.
    public static let shared = TesseractPool(capacity: ProcessInfo.processInfo.activeProcessorCount)

    /// The most instances that exist at once, which is the most recognitions running at once.
    public nonisolated let capacity: Int
    private var idle: [TesseractEngine] = []
    private var created = 0
    private var waiters: [CheckedContinuation<TesseractEngine, Never>] = []

    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Recognises the text of a gray image on the first free instance.
    @concurrent public nonisolated func recognize(_ image: Image, segmentation: PageSegmentation) async throws(OCRError)
        -> RecognizedText
    {
        let engine = try await checkOut()
        let text = engine.recognize(image, segmentation: segmentation)
        await checkIn(engine)
        return text
    }

    private func checkOut() async throws(OCRError) -> TesseractEngine {
        if let engine = idle.popLast() { return engine }
        if created < capacity {
            created += 1
            do {
                return try TesseractEngine()
            } catch {
                created -= 1
                throw error
            }
        }
        return await withCheckedContinuation { waiters.append($0) }
    }

    private func checkIn(_ engine: TesseractEngine) {
        if waiters.isEmpty {
            idle.append(engine)
        } else {
            waiters.removeFirst().resume(returning: engine)
        }
    }
}

/// How Tesseract should look for text in an image.
public enum PageSegmentation: Sendable {
    /// Automatic layout analysis: pages, back covers.
    case auto
    /// One uniform block of text, in reading order.
    case singleBlock
    /// One line of text.
    case singleLine
    /// As much text as possible, in no particular order.
    case sparse

}
