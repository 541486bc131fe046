import Testing

@testable import ShelfImaging

struct ImageFormatTests {
    @Test(
        arguments: [
            ([0xFF, 0xD8, 0xFF, 0xE0], ImageFormat.jpeg),
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], .png),
            (Array("GIF89a".utf8), .gif),
            (Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), .webp),
            ([0x49, 0x49, 0x2A, 0x00], .tiff),
            ([0x4D, 0x4D, 0x00, 0x2A], .tiff),
            (Array("\u{0}\u{0}\u{0}\u{18}ftypheic".utf8), .heic),
            (Array("\u{0}\u{0}\u{0}\u{18}ftypavif".utf8), .avif),
            (Array("%PDF-1.7".utf8), .pdf),
        ] as [([UInt8], ImageFormat)])
    func recognisesFormatsByTheirFirstBytes(bytes: [UInt8], format: ImageFormat) {
        #expect(ImageFormat(sniffing: bytes) == format)
    }

    @Test func recognisesNothingInText() {
        #expect(ImageFormat(sniffing: Array("hello, world".utf8)) == nil)
        #expect(ImageFormat(sniffing: [UInt8]()) == nil)
    }

    @Test func onlyJPEGAndPNGAreSupported() {
        #expect(ImageFormat.jpeg.isSupported && ImageFormat.png.isSupported)
        #expect(!ImageFormat.heic.isSupported && !ImageFormat.webp.isSupported)
    }
}
