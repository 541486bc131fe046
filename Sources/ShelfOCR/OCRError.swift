/// Why text recognition could not run.
public enum OCRError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Tesseract could not make an instance (out of memory).
    case cannotCreateEngine
    /// The model for `language` is not installed where Tesseract looks (`dataPath`, else
    /// `TESSDATA_PREFIX` or its built-in folder).
    case modelUnavailable(language: String, dataPath: String?)

    public var description: String {
        switch self {
        case .cannotCreateEngine:
            "text recognition: cannot create a Tesseract instance"
        case .modelUnavailable(let language, let dataPath):
            "text recognition: cannot load the Tesseract model \"\(language)\""
                + (dataPath.map { " from \($0)" } ?? "")
                + " (install tesseract-ocr-\(language), or set TESSDATA_PREFIX)"
        }
    }
}
