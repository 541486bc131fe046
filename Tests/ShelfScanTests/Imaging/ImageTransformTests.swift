import Testing

@testable import ShelfImaging

struct ImageTransformTests {
    /// A 3×2 RGB image whose every sample is distinct.
    static let sample = Image(width: 3, height: 2, format: .rgb, pixels: (0..<18).map { UInt8($0 * 10) })

    @Test func quarterTurnsMoveCornersClockwise() {
        let gray = Image(width: 3, height: 2, format: .gray, pixels: [1, 2, 3, 4, 5, 6])
        let turned = gray.rotated(quarterTurns: 1)
        #expect(turned.width == 2 && turned.height == 3)
        #expect(turned.pixels == [4, 1, 5, 2, 6, 3])
        #expect(gray.rotated(quarterTurns: 2).pixels == [6, 5, 4, 3, 2, 1])
        #expect(gray.rotated(quarterTurns: -1).pixels == [3, 6, 2, 5, 1, 4])
        #expect(gray.rotated(quarterTurns: 4) == gray)
    }

    @Test(arguments: ExifOrientation.allCases)
    func everyOrientationKeepsEveryPixel(orientation: ExifOrientation) {
        let turned = Self.sample.applying(orientation)
        #expect(turned.pixelCount == Self.sample.pixelCount)
        #expect(turned.pixels.sorted() == Self.sample.pixels.sorted())
        #expect(turned.width == (orientation.swapsDimensions ? 2 : 3))
    }

    @Test func mirroringTwiceIsIdentity() {
        #expect(Self.sample.flippedHorizontally().flippedHorizontally() == Self.sample)
        #expect(Self.sample.applying(.leftMirrored).applying(.leftMirrored) == Self.sample)
    }

    @Test func croppingClipsToTheImage() {
        let gray = Image(width: 3, height: 2, format: .gray, pixels: [1, 2, 3, 4, 5, 6])
        #expect(gray.cropped(to: PixelRect(x: 1, y: 0, width: 5, height: 1)).pixels == [2, 3])
        #expect(gray.cropped(to: PixelRect(x: 5, y: 5, width: 2, height: 2)).isEmpty)
    }

    @Test func downscalingAveragesBlocks() {
        let gray = Image(width: 4, height: 2, format: .gray, pixels: [0, 10, 20, 30, 40, 50, 60, 70])
        let half = gray.downscaled(byFactor: 2)
        #expect(half.width == 2 && half.height == 1)
        #expect(half.pixels == [25, 45])
    }

    /// Each channel of each output pixel is the rounded mean of its block, the blocks of the last
    /// column and row cut short by the image's edge, for every format.
    @Test func downscalingMatchesTheMeanOfEachBlock() {
        var generator = SystemRandomNumberGenerator()
        for format in [Image.PixelFormat.gray, .rgb, .rgba] {
            for (width, height) in [(1, 1), (7, 5), (31, 12), (12, 31)] {
                let channels = format.channels
                let pixels = (0..<(width * height * channels)).map { _ in UInt8.random(in: 0...255, using: &generator) }
                let image = Image(width: width, height: height, format: format, pixels: pixels)
                for factor in [1, 2, 3, 5, 8] {
                    let small = image.downscaled(byFactor: factor)
                    #expect(
                        small.width == (width + factor - 1) / factor && small.height == (height + factor - 1) / factor)
                    var mismatches = 0
                    for outY in 0..<small.height {
                        for outX in 0..<small.width {
                            for channel in 0..<channels {
                                var sum = 0, count = 0
                                for y in (outY * factor)..<min(height, (outY + 1) * factor) {
                                    for x in (outX * factor)..<min(width, (outX + 1) * factor) {
                                        sum += Int(pixels[(y * width + x) * channels + channel])
                                        count += 1
                                    }
                                }
                                let mean = (sum + count / 2) / count
                                if Int(small.pixels[(outY * small.width + outX) * channels + channel]) != mean {
                                    mismatches += 1
                                }
                            }
                        }
                    }
                    #expect(mismatches == 0, "\(format) \(width)×\(height), factor \(factor)")
                }
            }
        }
    }

    @Test func resizingDownAveragesAndUpInterpolates() {
        let gray = Image(width: 4, height: 1, format: .gray, pixels: [0, 100, 200, 100])
        #expect(gray.resized(width: 2, height: 1).pixels == [50, 150])
        let wide = Image(width: 2, height: 1, format: .gray, pixels: [0, 200]).resized(width: 4, height: 1)
        #expect(wide.pixels.first == 0 && wide.pixels.last == 200)
        #expect(wide.pixels == wide.pixels.sorted())
    }

    @Test func grayscaleUsesLuma() {
        let rgb = Image(width: 3, height: 1, format: .rgb, pixels: [255, 0, 0, 0, 255, 0, 255, 255, 255])
        #expect(rgb.grayscale().pixels == [77, 149, 255])
    }

    @Test func arbitraryRotationByNinetyMatchesAQuarterTurn() {
        var gray = Image(width: 40, height: 30, format: .gray)
        for y in 0..<30 { for x in 0..<40 { gray[x: x, y: y] = UInt8((x * 5 + y * 2) % 256) } }
        let turned = gray.rotated(byDegrees: 90)
        let exact = gray.rotated(quarterTurns: 1)
        #expect(turned.width == exact.width && turned.height == exact.height)
        var worst = 0
        for y in 2..<(exact.height - 2) {
            for x in 2..<(exact.width - 2) { worst = max(worst, abs(Int(turned[x: x, y: y]) - Int(exact[x: x, y: y]))) }
        }
        #expect(worst <= 2)
    }

    @Test func rotationGrowsTheCanvasToHoldTheImage() {
        let gray = Image(width: 100, height: 50, format: .gray, filledWith: 0)
        let turned = gray.rotated(byDegrees: 30, fill: 255)
        #expect(turned.width == 112 && turned.height == 94)
        #expect(turned[x: 0, y: 0] == 255)
        #expect(turned[x: 56, y: 47] == 0)
        let centre = gray.pointAfterRotation(Point(x: 50, y: 25), byDegrees: 30)
        #expect(abs(centre.x - 56) < 1 && abs(centre.y - 47) < 1)
    }

    @Test func gradientAngleFollowsBars() {
        var bars = Image(width: 60, height: 60, format: .gray)
        for y in 0..<60 { for x in 0..<60 { bars[x: x, y: y] = (x / 3) % 2 == 0 ? 0 : 255 } }
        #expect(abs(bars.dominantGradientAngle()) < 1)
        let tilted = bars.rotated(byDegrees: 30, fill: 128).cropped(to: PixelRect(x: 25, y: 25, width: 30, height: 30))
        #expect(abs(tilted.dominantGradientAngle() - 30) < 6)
    }

    @Test func contrastStretchingSpreadsADimImage() {
        let dim = Image(width: 100, height: 1, format: .gray, pixels: (0..<100).map { UInt8(100 + $0 / 4) })
        let stretched = dim.contrastStretched(clip: 0)
        #expect(stretched.pixels.min() == 0 && stretched.pixels.max() == 255)
    }

    /// Bilinear sampling is exact on a linear ramp: each output pixel is the ramp's value where its
    /// centre falls, within the one rounding, in every channel and at any sub-pixel position.
    @Test func sampledQuadrilateralInterpolatesALinearRamp() {
        var photo = Image(width: 60, height: 50, format: .rgb, filledWith: 0)
        for y in 0..<50 {
            for x in 0..<60 {
                photo[x: x, y: y, channel: 0] = UInt8(2 * x + y)
                photo[x: x, y: y, channel: 1] = UInt8(3 * y)
                photo[x: x, y: y, channel: 2] = UInt8(200 - 3 * x)
            }
        }
        // A tilted quadrilateral well inside the image, at fractional corners.
        let corners = [Point(x: 10.3, y: 5.7), Point(x: 47.9, y: 9.1), Point(x: 44.2, y: 41.6), Point(x: 6.8, y: 38.25)]
        let (outWidth, outHeight) = (29, 23)
        let sampled = photo.sampled(quadrilateral: corners, width: outWidth, height: outHeight)
        for row in 0..<outHeight {
            for column in 0..<outWidth {
                let t = (Double(row) + 0.5) / Double(outHeight), s = (Double(column) + 0.5) / Double(outWidth)
                let left = corners[0].interpolated(to: corners[3], by: t), right = corners[1].interpolated(to: corners[2], by: t)
                let point = left.interpolated(to: right, by: s)
                // Pixel centres sit at whole coordinates + 0.5.
                let (x, y) = (point.x - 0.5, point.y - 0.5)
                let expected = [2 * x + y, 3 * y, 200 - 3 * x]
                for channel in 0..<3 {
                    let value = Double(sampled[x: column, y: row, channel: channel])
                    #expect(abs(value - expected[channel]) <= 1, "(\(column), \(row)) channel \(channel)")
                }
            }
        }
    }

    @Test func sampledGrayIsTheSampledQuadrilateralInGray() {
        var photo = Image(width: 40, height: 30, format: .rgb, filledWith: 0)
        for y in 0..<30 {
            for x in 0..<40 {
                photo[x: x, y: y, channel: 0] = UInt8(6 * x)
                photo[x: x, y: y, channel: 1] = UInt8(8 * y)
                photo[x: x, y: y, channel: 2] = UInt8((x * y) % 256)
            }
        }
        let corners = [Point(x: 5.3, y: 2.1), Point(x: 33.7, y: 6.2), Point(x: 30.2, y: 27.9), Point(x: 3.1, y: 24.4)]
        let expected = photo.sampled(quadrilateral: corners, width: 23, height: 17).grayscale()
        let gray = photo.sampledGray(quadrilateral: corners, width: 23, height: 17)
        #expect(gray.format == .gray && gray.width == 23 && gray.height == 17)
        // One rounding instead of four: within a level.
        #expect(zip(gray.pixels, expected.pixels).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
    }

    @Test func otsuSplitsPrintFromGroundAndJudgesWhichIsPrint() {
        // 10 % dark print on a light ground, then the same inverted.
        let pixels: [UInt8] = (0..<1000).map { (index: Int) -> UInt8 in
            index % 10 == 0 ? UInt8(40 + index % 7) : UInt8(200 + index % 9)
        }
        let page = Image(width: 100, height: 10, format: .gray, pixels: pixels)
        #expect((46..<200).contains(Int(page.otsuThreshold())))  // between the classes
        #expect(!page.hasLightPrint && page.darkPrint() == page)
        #expect(page.inverted().hasLightPrint && page.inverted().darkPrint() == page)
    }

    /// The running median gives each window's own median (the lowest level with more than half
    /// the window at or below it, the window cut short at the edges), along rows and columns, on
    /// random images of every shape, windows longer than the lines included.
    @Test func runningMedianMatchesEachWindowsOwnMedian() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<60 {
            let width = Int.random(in: 1...23, using: &generator), height = Int.random(in: 1...23, using: &generator)
            // Few levels and many: runs of one level and scattered ones.
            let levels = Bool.random(using: &generator) ? 4 : 256
            let pixels = (0..<(width * height)).map { _ in UInt8(Int.random(in: 0..<levels, using: &generator) * (256 / levels)) }
            let image = Image(width: width, height: height, format: .gray, pixels: pixels)
            let window = 2 * Int.random(in: 1...15, using: &generator) + 1
            for horizontally in [true, false] {
                let filtered = image.medianFiltered(window: window, horizontally: horizontally)
                for y in 0..<height {
                    for x in 0..<width {
                        let (position, length) = horizontally ? (x, width) : (y, height)
                        let span = max(0, position - window / 2)...min(length - 1, position + window / 2)
                        let samples = span.map { horizontally ? image.pixels[y * width + $0] : image.pixels[$0 * width + x] }.sorted()
                        // More than half at or below it: the sorted samples' middle, the upper one of an even count.
                        let median = samples[samples.count / 2]
                        #expect(filtered.pixels[y * width + x] == median, "\(width)×\(height) window \(window) at (\(x), \(y))")
                    }
                }
            }
        }
    }

    /// The running extremes give what the window's own samples give, on images of every shape,
    /// windows wider and taller than the image included.
    @Test func extremeFilterMatchesTheLargestAndSmallestInEachWindow() {
        var generator = SystemRandomNumberGenerator()
        // Wider than a strip of columns too (`Image.columnStripWidth`).
        for (width, height) in [(1, 1), (1, 9), (9, 1), (7, 5), (31, 12), (12, 31), (Image.columnStripWidth + 45, 13)] {
            var image = Image(width: width, height: height, format: .gray, filledWith: 0)
            for y in 0..<height {
                for x in 0..<width { image[x: x, y: y] = UInt8.random(in: 0...255, using: &generator) }
            }
            for (windowWidth, windowHeight) in [(1, 3), (3, 1), (3, 3), (5, 9), (15, 41), (1, 1)] {
                for takesMaximum in [true, false] {
                    let filtered = image.extremeFiltered(
                        width: windowWidth, height: windowHeight, takesMaximum: takesMaximum)
                    var mismatches = 0
                    for y in 0..<height {
                        for x in 0..<width {
                            var window: [UInt8] = []
                            for wy in max(0, y - windowHeight / 2)...min(height - 1, y + windowHeight / 2) {
                                for wx in max(0, x - windowWidth / 2)...min(width - 1, x + windowWidth / 2) {
                                    window.append(image[x: wx, y: wy])
                                }
                            }
                            if filtered[x: x, y: y] != (takesMaximum ? window.max() : window.min()) { mismatches += 1 }
                        }
                    }
                    #expect(mismatches == 0, "\(width)x\(height), window \(windowWidth)x\(windowHeight)")
                }
            }
        }
    }

    @Test func closingFillsDarkMarksNarrowerThanTheWindow() {
        var image = Image(width: 30, height: 9, format: .gray, filledWith: 200)
        for y in 2..<7 { image[x: 10, y: y] = 20 }  // a stroke one pixel wide
        for y in 0..<9 { for x in 20..<30 { image[x: x, y: y] = 20 } }  // a block wider than the window
        let closed = image.closed(width: 5, height: 5)
        #expect(closed[x: 10, y: 4] == 200)
        #expect(closed[x: 25, y: 4] == 20)
        let flat = image.flattened(window: 5)
        #expect(flat[x: 10, y: 4] < 40 && flat[x: 2, y: 4] == 255)
    }
}
