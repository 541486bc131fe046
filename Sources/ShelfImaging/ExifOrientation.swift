/// The EXIF orientation tag (0x0112): how the stored pixels must be turned to show the photo
/// the way the person who took it saw it.
public enum ExifOrientation: Int, Sendable, CaseIterable, Codable {
    /// Stored as displayed.
    case up = 1
    /// Mirrored left to right.
    case upMirrored = 2
    /// Turned half a turn.
    case down = 3
    /// Mirrored top to bottom.
    case downMirrored = 4
    /// Mirrored along the main diagonal (transposed).
    case leftMirrored = 5
    /// Must be turned 90° clockwise to display (the usual portrait phone photo).
    case right = 6
    /// Mirrored along the anti-diagonal (transversed).
    case rightMirrored = 7
    /// Must be turned 90° counter-clockwise to display.
    case left = 8

    /// Whether displaying swaps width and height.
    public var swapsDimensions: Bool { rawValue >= 5 }
}
