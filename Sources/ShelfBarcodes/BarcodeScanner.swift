import Foundation
import ShelfISBN
import ShelfImaging

/// Finds ISBN barcodes (EAN-13 with 978/979, with their EAN-5/EAN-2 add-on) in a photo, with
/// ZBar and zxing-cpp together, at any rotation.
///
/// A quick pass reads most photos; when it finds nothing the scanner tries harder (other scales,
/// contrast stretching, sharpening, other binarisations, turned copies) before giving up. A product
/// EAN that is not an ISBN is never reported.
public struct BarcodeScanner: Sendable {
    /// Whether to go on past the quick pass when it finds nothing.
    public var triesHarder: Bool
    /// Whether trying harder includes whole-photo copies (other scales, contrast, turned copies),
    /// not only the places that look like bars. A back cover or a copyright page: yes. A shelf,
    /// where a code can only be where bars are seen: no (those copies cost about a second of a
    /// core on a 12 MP photo, 0.4 s on a 640-pixel one), except on a photo of `fewPixels`.
    public var searchesWholePhoto: Bool

    /// At most this many pixels, and a photo's whole-photo copies are read in any case: a crop of a
    /// code (the real codes of the evaluation set are 0.004 to 0.26 MP), read in a tenth of a second.
    static let fewPixels = 300_000

    public init(triesHarder: Bool = true, searchesWholePhoto: Bool = true) {
        self.triesHarder = triesHarder
        self.searchesWholePhoto = searchesWholePhoto
    }

    /// The ISBN barcodes in `image`, each once, outlines in its pixels.
    public func isbnBarcodes(in image: Image) -> [BarcodeFinding] {
        let gray = image.grayscale()
        var collector = Collector()
        let zbar = ZBarReader()

        // Quick pass: zxing at full resolution (it samples rows and is fast), ZBar on a reduced copy.
        collector.add(ZXingReader.readEAN13(in: gray).map { [$0] } ?? [])
        let reduced = Variant.reduced(gray, toLongSide: 1400)
        collector.add(zbar.readEAN13(in: reduced.image).map { $0.mapped(reduced.toOriginal) })

        // Trying harder only where something looks like bars, so that a page of text costs nothing
        // more; small photos (a cropped code, too few blocks to judge) always when their copies are read.
        let regions = triesHarder && !collector.hasISBN ? BarcodeRegionFinder().regions(in: gray) : []
        let isSmall = max(gray.width, gray.height) < 1000
        let readsWholePhoto = readsWholePhotoCopies(of: gray)
        if triesHarder && !collector.hasISBN && (!regions.isEmpty || (isSmall && readsWholePhoto)) {
            // On a shelf, only the largest region: striped spines make many bar-like regions there,
            // and a code seen close enough to read (a back cover held up) is the largest.
            let regionsTried = searchesWholePhoto ? 3 : 1
            let attempts =
                regions.prefix(regionsTried).flatMap {
                    Self.regionAttempts(for: $0, in: gray, onShelf: !searchesWholePhoto)
                }
                + (readsWholePhoto ? Self.harderAttempts(for: gray, reduced: reduced) : [])
            for attempt in attempts {
                read(attempt(), into: &collector, zbar: zbar)
                if collector.hasISBN { break }
            }
        }
        if triesHarder { lookForMissingAddons(in: gray, collector: &collector, zbar: zbar) }
        return collector.findings
    }

    /// Whether `isbnBarcodes(in:)`, trying harder, reads copies of the whole of `image`.
    func readsWholePhotoCopies(of image: Image) -> Bool {
        searchesWholePhoto || image.width * image.height <= Self.fewPixels
    }

    /// Reads one prepared copy with both libraries (zxing with two binarisers), stopping at the first ISBN.
    private func read(_ variant: Variant, into collector: inout Collector, zbar: ZBarReader) {
        if let read = ZXingReader.readEAN13(in: variant.image) {
            collector.add([read.mapped(variant.toOriginal)])
        }
        if !collector.hasISBN {
            collector.add(zbar.readEAN13(in: variant.image).map { $0.mapped(variant.toOriginal) })
        }
        if !collector.hasISBN, let read = ZXingReader.readEAN13(in: variant.image, binarizer: .globalHistogram) {
            collector.add([read.mapped(variant.toOriginal)])
        }
    }

    /// A code read without its add-on may have one the whole-photo pass missed: read again on a
    /// magnified crop around the code and its right-hand side.
    private func lookForMissingAddons(in gray: Image, collector: inout Collector, zbar: ZBarReader) {
        for finding in collector.findings where finding.addon == nil {
            let box = BoundingBox(finding.polygon)
            let size = finding.size
            let rect = PixelRect(
                x: Int(box.minX - size * 1.5), y: Int(box.minY - size * 1.5),
                width: Int(box.width + size * 3), height: Int(box.height + size * 3))
            let crop = gray.cropped(to: rect)
            guard !crop.isEmpty else { continue }
            let clipped = rect.intersection(PixelRect(x: 0, y: 0, width: gray.width, height: gray.height))
            // At most 1000 px across: the add-on's bars stay several pixels wide, and turning stays cheap.
            let fit = min(1, 1000 / Double(max(crop.width, crop.height)))
            let base = Variant.scaled(crop, by: fit, offset: clipped)
            // Turn the crop so the bars stand upright: a tilted add-on is what both readers miss.
            let tilt = base.image.dominantGradientAngle()
            let upright = abs(tilt) < 3 ? base : Variant.rotated(base, byDegrees: -tilt)
            for scale in [1.0, 1.6] {
                let variant = Variant.scaled(upright, by: scale)
                var reads = zbar.readEAN13(in: variant.image)
                if let read = ZXingReader.readEAN13(in: variant.image) { reads.append(read) }
                let addons = reads.filter { $0.digits == finding.isbn.isbn13 && $0.addon != nil }
                if !addons.isEmpty {
                    collector.add(addons.map { $0.mapped(variant.toOriginal) })
                    break
                }
            }
        }
    }

    // MARK: - Trying harder

    /// Crops around a barcode-like region, turned so its bars stand upright, at several sizes and
    /// with contrast stretched or edges sharpened: blurred, glared or small codes read here.
    /// On a shelf (`onShelf`), where the region is mostly a striped spine, only the first two sizes:
    /// a code seen close enough to read there reads at those, and the other sizes and the blurred
    /// copy cost a tenth of a shelf photo's time (they read none of the evaluation set's codes).
    /// Last on a shelf, a crop twice as wide around the region.
    private static func regionAttempts(
        for region: BarcodeRegionFinder.Region, in gray: Image, onShelf: Bool
    ) -> [() -> Variant] {
        let upright = uprightCrop(around: region, in: gray, margin: max(region.box.width, region.box.height) / 4)
        var attempts: [() -> Variant] = []
        for side in onShelf ? [600.0, 900.0] : [600.0, 900.0, 400.0, 1300.0] {
            let scale = side / Double(max(upright.image.width, upright.image.height))
            attempts.append { Variant.scaled(upright, by: scale) }
            attempts.append {
                let scaled = Variant.scaled(upright, by: scale)
                return scaled.replacingImage(
                    scaled.image.contrastStretched(clip: 0.02).sharpened(radius: 2, amount: 1.2))
            }
        }
        // The blocks that look like bars can miss a tilted code's ends (its guard bars, the
        // add-on): once more from a crop twice as wide around them.
        attempts.append {
            let wide = uprightCrop(around: region, in: gray, margin: max(region.box.width, region.box.height) / 2)
            return Variant.scaled(wide, by: 900 / Double(max(wide.image.width, wide.image.height)))
        }
        guard !onShelf else { return attempts }
        attempts.append {
            let scaled = Variant.scaled(upright, by: 800 / Double(max(upright.image.width, upright.image.height)))
            return scaled.replacingImage(scaled.image.boxBlurred(radius: 1))
        }
        return attempts
    }

    /// The photo cut around `region` with `margin` more on every side, turned so its bars stand upright.
    private static func uprightCrop(around region: BarcodeRegionFinder.Region, in gray: Image, margin: Int) -> Variant {
        let rect = region.box.insetBy(-margin).intersection(
            PixelRect(x: 0, y: 0, width: gray.width, height: gray.height))
        let crop = Variant.scaled(gray.cropped(to: rect), by: 1, offset: rect)
        return abs(region.angle) < 3 ? crop : Variant.rotated(crop, byDegrees: -region.angle)
    }

    /// Copies of the photo to read one after the other, cheapest and likeliest first.
    /// `reduced` is the quick pass's copy at 1400 px, shared by the attempts that start from it.
    private static func harderAttempts(for gray: Image, reduced: Variant) -> [() -> Variant] {
        let longSide = max(gray.width, gray.height)
        var attempts: [() -> Variant] = []
        // Blurred codes read better smaller; small ones larger.
        for side in [800, 1100, 2000] where side < longSide {
            attempts.append { Variant.reduced(gray, toLongSide: side) }
        }
        if longSide < 1400 {
            attempts.append { Variant.scaled(gray, by: 2) }
        }
        if longSide <= 2000 {
            attempts.append { Variant.identity(gray) }
        }
        attempts.append { reduced.replacingImage(reduced.image.contrastStretched(clip: 0.02)) }
        attempts.append { reduced.replacingImage(reduced.image.sharpened(radius: 2, amount: 1.5)) }
        // Turned copies: zxing looks along rows (and columns with tryRotate), ZBar along both axes;
        // a code at 45° escapes both.
        for degrees in [30.0, 60.0, -30.0, -60.0, 45.0, -45.0] {
            attempts.append { Variant.rotated(reduced, byDegrees: degrees) }
        }
        attempts.append { reduced.replacingImage(reduced.image.adaptivelyBinarized(radius: 12, offset: 6)) }
        return attempts
    }
}

/// A copy of the photo prepared for reading, with the way back to the photo's coordinates.
private struct Variant {
    var image: Image
    var toOriginal: (Point) -> Point

    func replacingImage(_ image: Image) -> Variant {
        Variant(image: image, toOriginal: toOriginal)
    }

    static func identity(_ image: Image) -> Variant {
        Variant(image: image, toOriginal: { $0 })
    }

    static func reduced(_ image: Image, toLongSide side: Int) -> Variant {
        let longSide = max(image.width, image.height)
        guard longSide > side else { return identity(image) }
        let factor = Int((Double(longSide) / Double(side)).rounded(.up))
        let reduced = image.downscaled(byFactor: factor)
        let scaleX = Double(image.width) / Double(reduced.width)
        let scaleY = Double(image.height) / Double(reduced.height)
        return Variant(image: reduced, toOriginal: { Point(x: $0.x * scaleX, y: $0.y * scaleY) })
    }

    static func scaled(_ image: Image, by scale: Double, offset: PixelRect = PixelRect(x: 0, y: 0, width: 0, height: 0))
        -> Variant
    {
        scaled(Variant(image: image, toOriginal: { $0 }), by: scale, offset: offset)
    }

    /// `base` scaled by `scale`, its points then moved by `offset` (the crop's place in the photo).
    static func scaled(
        _ base: Variant, by scale: Double, offset: PixelRect = PixelRect(x: 0, y: 0, width: 0, height: 0)
    )
        -> Variant
    {
        let image = base.image
        let scaled = scale == 1 ? image : image.scaled(by: scale)
        let scaleX = Double(image.width) / Double(scaled.width)
        let scaleY = Double(image.height) / Double(scaled.height)
        let dx = Double(offset.x), dy = Double(offset.y)
        let inner = base.toOriginal
        return Variant(image: scaled, toOriginal: { inner(Point(x: $0.x * scaleX + dx, y: $0.y * scaleY + dy)) })
    }

    static func rotated(_ base: Variant, byDegrees degrees: Double) -> Variant {
        let source = base.image
        let turned = source.rotated(byDegrees: degrees, fill: 255)
        let radians = degrees * .pi / 180
        let cosine = cos(radians), sine = sin(radians)
        let inner = base.toOriginal
        return Variant(image: turned) { point in
            let dx = point.x - Double(turned.width) / 2, dy = point.y - Double(turned.height) / 2
            let unturned = Point(
                x: cosine * dx + sine * dy + Double(source.width) / 2,
                y: -sine * dx + cosine * dy + Double(source.height) / 2)
            return inner(unturned)
        }
    }
}

/// Merges reads from both libraries and every attempt: one finding per ISBN.
private struct Collector {
    private(set) var findings: [BarcodeFinding] = []

    var hasISBN: Bool { !findings.isEmpty }

    mutating func add(_ reads: [EANRead]) {
        for read in reads {
            // Only checksum-valid 978/979 codes are ISBNs; product EANs are dropped here.
            guard ISBN.isValidEAN13(read.digits), let isbn = try? ISBN(read.digits) else { continue }
            let addon = read.addon.flatMap { $0.count == 5 || $0.count == 2 ? $0 : nil }
            if let index = findings.firstIndex(where: { $0.isbn == isbn }) {
                findings[index].engines.insert(read.engine)
                if findings[index].addon == nil { findings[index].addon = addon }
            } else {
                findings.append(BarcodeFinding(isbn: isbn, addon: addon, polygon: read.corners, engines: [read.engine]))
            }
        }
    }
}
