import Testing

extension Tag {
    /// Runs the detector, Tesseract or the barcode readers over many fixture photos and checks a
    /// figure: seconds to a minute. `Scripts/test-fast.sh` leaves these and `.pipeline` out.
    @Tag static var accuracy: Self
    /// Runs whole photos through `ShelfScanner`: a few seconds each.
    @Tag static var pipeline: Self
    /// Runs thousands of generated images through the detector and the reader: a minute or two.
    @Tag static var property: Self
}
