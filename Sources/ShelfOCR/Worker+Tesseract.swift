import ShelfWorkers

extension Worker {
    /// This thread's Tesseract instance for `language` from `dataPath` (nil: `TESSDATA_PREFIX` or
    /// Tesseract's built-in folder), loaded on first use on this thread — each costs 55–105 ms and
    /// about 15 MB — and used by no other thread.
    public func tesseract(language: String = "eng", dataPath: String? = nil) throws(OCRError) -> TesseractEngine {
        do {
            return try value(for: "tesseract:\(language):\(dataPath ?? "")") {
                try TesseractEngine(language: language, dataPath: dataPath)
            }
        } catch let error as OCRError {
            throw error
        } catch {
            preconditionFailure("TesseractEngine.init throws only OCRError")
        }
    }
}
