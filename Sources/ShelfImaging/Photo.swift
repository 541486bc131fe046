/// A decoded photo, turned the way it is displayed: every coordinate shelfscan reports is in `image`.
public struct Photo: Sendable {
    /// The file, as the user named it.
    public let path: String
    /// The pixels as displayed (EXIF orientation applied).
    public let image: Image
    /// The file's format.
    public let format: ImageFormat
    /// The EXIF orientation that was applied.
    public let orientation: ExifOrientation

    public init(path: String, image: Image, format: ImageFormat, orientation: ExifOrientation) {
        self.path = path
        self.image = image
        self.format = format
        self.orientation = orientation
    }
}
