import ShelfImaging
import ShelfWorkers

/// Recognises text on the worker threads, each with its own Tesseract engine: the way the async
/// stages reach Tesseract without holding a cooperative thread.
///
/// Every call is one piece of work on the pool; a task cancelled while its work still waits for a
/// thread throws `CancellationError`, and a model that cannot be loaded throws `OCRError`.
public struct TextRecognizer: Sendable {
    public var workers: WorkerPool
    public var language: String
    /// Where the traineddata files are; nil for `TESSDATA_PREFIX` or Tesseract's built-in folder.
    public var dataPath: String?

    public init(workers: WorkerPool = .shared, language: String = "eng", dataPath: String? = nil) {
        self.workers = workers
        self.language = language
        self.dataPath = dataPath
    }

    /// Runs `body` with a worker thread's engine, on that thread.
    public func withEngine<Result: Sendable>(_ body: @escaping @Sendable (TesseractEngine) throws -> Result)
        async throws
        -> Result
    {
        let (language, dataPath) = (language, dataPath)
        return try await workers.run { worker in try body(worker.tesseract(language: language, dataPath: dataPath)) }
    }

    /// Recognises the text of a gray image.
    public func recognize(_ image: Image, segmentation: PageSegmentation) async throws -> RecognizedText {
        try await withEngine { engine in engine.recognize(image, segmentation: segmentation) }
    }
}
