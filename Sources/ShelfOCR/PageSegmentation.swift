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
