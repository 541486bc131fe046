/// A photo or a part of one in memory: 8-bit samples in one contiguous, row-major buffer.
///
/// Pixel `(x, y)` starts at `(y * width + x) * format.channels`; rows are packed.
public struct Image: Sendable, Equatable {
    /// The layout of one pixel.
    public enum PixelFormat: Int, Sendable, Equatable {
        case gray = 1
        case rgb = 3
        case rgba = 4

        /// Samples per pixel.
        public var channels: Int { rawValue }
    }

    public let width: Int
    public let height: Int
    public let format: PixelFormat
    /// The samples, `width * height * format.channels` of them.
    public private(set) var pixels: [UInt8]

    /// Wraps existing samples; their count must be `width * height * format.channels`.
    public init(width: Int, height: Int, format: PixelFormat, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0, "negative image size")
        precondition(pixels.count == width * height * format.channels, "pixel count does not match the size")
        self.width = width
        self.height = height
        self.format = format
        self.pixels = pixels
    }

    /// An image filled with one sample value in every channel.
    public init(width: Int, height: Int, format: PixelFormat, filledWith value: UInt8 = 0) {
        self.init(
            width: width, height: height, format: format,
            pixels: [UInt8](repeating: value, count: width * height * format.channels))
    }

    /// An image whose samples are written by `body` into an uninitialised buffer of the right size.
    init(
        width: Int, height: Int, format: PixelFormat,
        initializingWith body: (UnsafeMutableBufferPointer<UInt8>) throws -> Void
    ) rethrows {
        let count = width * height * format.channels
        let pixels = try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            try body(buffer)
            initialized = count
        }
        self.init(width: width, height: height, format: format, pixels: pixels)
    }

    /// Number of samples in one row.
    public var bytesPerRow: Int { width * format.channels }

    /// Whether the image has no pixels.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// Number of pixels.
    public var pixelCount: Int { width * height }

    /// One sample of the pixel at `(x, y)`.
    public subscript(x x: Int, y y: Int, channel channel: Int = 0) -> UInt8 {
        get { pixels[(y * width + x) * format.channels + channel] }
        set { pixels[(y * width + x) * format.channels + channel] = newValue }
    }

    /// Calls `body` with the samples, for hot loops.
    public func withUnsafeBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try pixels.withUnsafeBufferPointer(body)
    }

    /// Calls `body` with the mutable samples, for hot loops.
    public mutating func withUnsafeMutableBytes<R>(
        _ body: (inout UnsafeMutableBufferPointer<UInt8>) throws -> R
    ) rethrows -> R {
        try pixels.withUnsafeMutableBufferPointer(body)
    }
}
