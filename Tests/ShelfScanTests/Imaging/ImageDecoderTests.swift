import Foundation
import Testing

@testable import ShelfImaging

struct ImageDecoderTests {
    struct ExpectedPixels: Decodable {
        var width: Int
        var height: Int
        var channels: Int
        var pixels: [UInt8]
    }

    static let pngFixtures = Fixtures.photos(in: "imaging").filter { $0.hasPrefix("png-") }

    @Test func everyPNGColourTypeAndDepthIsAFixture() {
        #expect(Self.pngFixtures.count >= 18)
    }

    @Test(arguments: pngFixtures)
    func decodesPNGPixelExact(name: String) throws {
        let expected = try Fixtures.json(ExpectedPixels.self, "imaging/\(name).expected.json")
        let photo = try ImageDecoder().decodePhoto(atPath: Fixtures.path("imaging/\(name)"))
        #expect(photo.format == .png)
        #expect(photo.image.width == expected.width)
        #expect(photo.image.height == expected.height)
        #expect(photo.image.format.channels == expected.channels)
        #expect(photo.image.pixels == expected.pixels)
    }

    struct ExpectedMean: Decodable {
        var width: Int
        var height: Int
        var channels: Int
        var meanRGB: [Double]
    }

    @Test(arguments: ["jpeg-baseline.jpg", "jpeg-progressive.jpg", "jpeg-gray.jpg", "jpeg-cmyk.jpg"])
    func decodesJPEGVariants(name: String) throws {
        let expected = try Fixtures.json(ExpectedMean.self, "imaging/\(name).expected.json")
        let image = try ImageDecoder().decodePhoto(atPath: Fixtures.path("imaging/\(name)")).image
        #expect(image.width == expected.width && image.height == expected.height)
        #expect(image.format.channels == expected.channels)
        let rgb = image.rgb()
        for channel in 0..<3 {
            var total = 0.0
            for y in 0..<rgb.height {
                for x in 0..<rgb.width { total += Double(rgb[x: x, y: y, channel: channel]) }
            }
            let mean = total / Double(rgb.pixelCount)
            #expect(
                abs(mean - expected.meanRGB[channel]) < 4, "channel \(channel): \(mean) vs \(expected.meanRGB[channel])"
            )
        }
    }

    struct OrientationTruth: Decodable {
        var width: Int
        var height: Int
        var quadrants: [String: [Int]]
        var samplePoints: [String: [Int]]
    }

    @Test(arguments: (1...8).map { "orientation-\($0).jpg" } + ["orientation-6.png"])
    func appliesEXIFOrientation(name: String) throws {
        let truth = try Fixtures.json(OrientationTruth.self, "imaging/orientation.expected.json")
        let photo = try ImageDecoder().decodePhoto(atPath: Fixtures.path("imaging/\(name)"))
        let number = Int(name.dropFirst("orientation-".count).prefix(1))!
        #expect(photo.orientation.rawValue == number)
        #expect(photo.image.width == truth.width && photo.image.height == truth.height)
        for (corner, point) in truth.samplePoints {
            let colour = truth.quadrants[corner]!
            for channel in 0..<3 {
                let sample = Int(photo.image[x: point[0], y: point[1], channel: channel])
                #expect(abs(sample - colour[channel]) < 40, "\(name) \(corner) channel \(channel)")
            }
        }
    }

    @Test(arguments: [
        ("empty.jpg", ImageError.Code.empty),
        ("truncated.jpg", .truncated),
        ("truncated.png", .truncated),
        ("corrupt.png", .corrupt),
        ("garbage.jpg", .unrecognizedFormat),
        ("image.gif", .unsupportedFormat),
        ("image.tiff", .unsupportedFormat),
        ("image.webp", .unsupportedFormat),
        ("document.pdf", .unsupportedFormat),
        ("image.heic", .unsupportedFormat),
        ("huge.png", .tooLarge),
        ("huge.jpg", .tooLarge),
    ])
    func refusesBadInputNamingTheFile(name: String, code: ImageError.Code) {
        let path = Fixtures.path("imaging/bad/\(name)")
        let error = #expect(throws: ImageError.self) { try ImageDecoder().decodePhoto(atPath: path) }
        #expect(error?.code == code)
        #expect(error?.description.hasPrefix(path + ": ") == true)
    }

    @Test(arguments: [
        ("image.gif", "GIF"), ("image.tiff", "TIFF"), ("image.webp", "WebP"), ("document.pdf", "PDF"),
        ("image.heic", "HEIC"),
    ])
    func namesTheUnsupportedFormat(name: String, format: String) {
        let error = #expect(throws: ImageError.self) {
            try ImageDecoder().decodePhoto(atPath: Fixtures.path("imaging/bad/\(name)"))
        }
        #expect(error?.reason.hasPrefix("\(format) is not supported") == true)
    }

    @Test func refusesHugeImagesWithTheirSize() {
        let error = #expect(throws: ImageError.self) {
            try ImageDecoder().decodePhoto(atPath: Fixtures.path("imaging/bad/huge.png"))
        }
        #expect(error?.reason.contains("40000×30000") == true)
    }

    @Test func theLimitIsAdjustable() throws {
        let path = Fixtures.path("imaging/jpeg-baseline.jpg")
        #expect(throws: ImageError.self) { try ImageDecoder(maxPixels: 1000).decodePhoto(atPath: path) }
        #expect(try ImageDecoder(maxPixels: 1200).decodePhoto(atPath: path).image.pixelCount == 1200)
    }

    @Test func findsTheFormatFromTheBytesNotTheName() throws {
        let photo = try ImageDecoder().decodePhoto(atPath: Fixtures.path("imaging/bad/jpeg-named.png"))
        #expect(photo.format == .jpeg)
        #expect(photo.image.width == 120 && photo.image.height == 90)
    }

    @Test func refusesDirectoriesAndMissingFiles() {
        let directory = #expect(throws: ImageError.self) {
            try ImageDecoder().decodePhoto(atPath: Fixtures.path("imaging"))
        }
        #expect(directory?.code == .isDirectory)
        let missing = #expect(throws: ImageError.self) { try ImageDecoder().decodePhoto(atPath: "/no/such/photo.jpg") }
        #expect(missing?.code == .unreadable)
    }

    @Test func survivesEveryTruncationOfAPhoto() throws {
        // No prefix of a real file may crash the decoder: each either decodes or throws.
        for name in ["imaging/jpeg-progressive.jpg", "imaging/png-rgb8-interlaced.png"] {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(name))))
            for length in stride(from: 0, to: bytes.count, by: 7) {
                _ = try? ImageDecoder().decodePhoto(bytes: Array(bytes.prefix(length)), path: name)
            }
        }
    }

    @Test func survivesCorruptedBytesAndReportsThemAsImageErrors() throws {
        // Seeded random damage (changed, removed and inserted bytes) to real files, EXIF blocks
        // included: each copy either decodes or throws an ImageError; nothing may crash.
        var generator = SeededGenerator(seed: 7)
        var decoded = 0, refused = 0
        for name in [
            "imaging/orientation-6.jpg", "imaging/jpeg-cmyk.jpg", "imaging/png-palette4-trns.png",
            "imaging/orientation-6.png",
        ] {
            let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(name))))
            for _ in 0..<60 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...8, using: &generator) {
                    let position = Int.random(in: 0..<bytes.count, using: &generator)
                    switch Int.random(in: 0..<3, using: &generator) {
                    case 0: bytes[position] = UInt8.random(in: 0...255, using: &generator)
                    case 1: bytes.removeSubrange(position..<min(bytes.count - 1, position + 20))
                    default:
                        bytes.insert(
                            contentsOf: (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }, at: position
                        )
                    }
                }
                do {
                    _ = try ImageDecoder().decodePhoto(bytes: bytes, path: name)
                    decoded += 1
                } catch {
                    refused += 1
                }
            }
        }
        #expect(decoded + refused == 240)
        #expect(refused > 0)
    }

    @Test func encodesPNGThatDecodesToTheSamePixels() throws {
        for format in [Image.PixelFormat.gray, .rgb, .rgba] {
            let image = Image(
                width: 13, height: 7, format: format,
                pixels: (0..<(13 * 7 * format.channels)).map { UInt8(truncatingIfNeeded: $0 * 37) })
            let decoded = try ImageDecoder().decodePhoto(bytes: try image.pngData(), path: "memory").image
            #expect(decoded == image)
        }
    }
}
