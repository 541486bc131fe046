import Foundation

extension Image {
    /// The image turned clockwise by `degrees` about its centre, with bilinear sampling. The result
    /// is large enough to hold the whole turned image; uncovered corners take `fill`.
    public func rotated(byDegrees degrees: Double, fill: UInt8 = 255) -> Image {
        let radians = degrees * .pi / 180
        let cosine = cos(radians), sine = sin(radians)
        let (outWidth, outHeight) = rotatedSize(cosine: cosine, sine: sine)
        let channels = format.channels
        let centreX = Double(width) / 2, centreY = Double(height) / 2
        let outCentreX = Double(outWidth) / 2, outCentreY = Double(outHeight) / 2
        return Image(width: outWidth, height: outHeight, format: format) { target in
            withUnsafeBytes { source in
                for outY in 0..<outHeight {
                    let dy = Double(outY) + 0.5 - outCentreY
                    // Walk the source along the inverse rotation of this output row.
                    var sourceX = cosine * (0.5 - outCentreX) + sine * dy + centreX - 0.5
                    var sourceY = -sine * (0.5 - outCentreX) + cosine * dy + centreY - 0.5
                    var out = outY * outWidth * channels
                    for _ in 0..<outWidth {
                        let x0 = Int(sourceX.rounded(.down)), y0 = Int(sourceY.rounded(.down))
                        if x0 >= 0 && y0 >= 0 && x0 < width - 1 && y0 < height - 1 {
                            let fx = sourceX - Double(x0), fy = sourceY - Double(y0)
                            let base = (y0 * width + x0) * channels
                            let below = base + width * channels
                            for channel in 0..<channels {
                                let a = Double(source[base + channel]), b = Double(source[base + channels + channel])
                                let c = Double(source[below + channel]), d = Double(source[below + channels + channel])
                                let top = a + (b - a) * fx, bottom = c + (d - c) * fx
                                target[out + channel] = UInt8(clamping: Int(top + (bottom - top) * fy + 0.5))
                            }
                        } else {
                            for channel in 0..<channels { target[out + channel] = fill }
                        }
                        out += channels
                        sourceX += cosine
                        sourceY -= sine
                    }
                }
            }
        }
    }

    /// Maps a point of this image to where `rotated(byDegrees:)` puts it.
    public func pointAfterRotation(_ point: Point, byDegrees degrees: Double) -> Point {
        let radians = degrees * .pi / 180
        let cosine = cos(radians), sine = sin(radians)
        let (outWidth, outHeight) = rotatedSize(cosine: cosine, sine: sine)
        let dx = point.x - Double(width) / 2, dy = point.y - Double(height) / 2
        return Point(
            x: cosine * dx - sine * dy + Double(outWidth) / 2, y: sine * dx + cosine * dy + Double(outHeight) / 2)
    }

    /// The size of the canvas that holds the image turned by an angle of this cosine and sine
    /// (a hair below a whole number counts as that number: cos 90° is not quite 0).
    private func rotatedSize(cosine: Double, sine: Double) -> (width: Int, height: Int) {
        let width = abs(Double(self.width) * cosine) + abs(Double(height) * sine)
        let height = abs(Double(self.width) * sine) + abs(Double(self.height) * cosine)
        return (Int((width - 1e-6).rounded(.up)), Int((height - 1e-6).rounded(.up)))
    }
}
