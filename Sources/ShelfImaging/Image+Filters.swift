import Foundation

extension Image {
    /// A gray image blurred with a `(2 * radius + 1)`-wide box, separably, in O(1) per pixel.
    public func boxBlurred(radius: Int) -> Image {
        precondition(format == .gray, "box blur works on gray images")
        guard radius > 0, !isEmpty else { return self }
        var horizontal = [UInt16](repeating: 0, count: pixelCount)
        let w = width, h = height
        let window = UInt32(2 * radius + 1)
        withUnsafeBytes { source in
            horizontal.withUnsafeMutableBufferPointer { output in
                for y in 0..<h {
                    let row = y * w
                    var sum: UInt32 = 0
                    for offset in -radius...radius { sum += UInt32(source[row + min(max(offset, 0), w - 1)]) }
                    for x in 0..<w {
                        output[row + x] = UInt16((sum + window / 2) / window)
                        sum += UInt32(source[row + min(x + radius + 1, w - 1)])
                        sum -= UInt32(source[row + max(x - radius, 0)])
                    }
                }
            }
        }
        return Image(width: w, height: h, format: .gray) { target in
            horizontal.withUnsafeBufferPointer { source in
                for x in 0..<w {
                    var sum: UInt32 = 0
                    for offset in -radius...radius { sum += UInt32(source[min(max(offset, 0), h - 1) * w + x]) }
                    for y in 0..<h {
                        target[y * w + x] = UInt8((sum + window / 2) / window)
                        sum += UInt32(source[min(y + radius + 1, h - 1) * w + x])
                        sum -= UInt32(source[max(y - radius, 0) * w + x])
                    }
                }
            }
        }
    }

    /// A gray image sharpened by unsharp masking: `image + amount * (image - blurred)`.
    public func sharpened(radius: Int = 1, amount: Double = 1.0) -> Image {
        precondition(format == .gray, "sharpening works on gray images")
        let blurred = boxBlurred(radius: radius)
        let weight = Int(amount * 256)
        var copy = self
        blurred.withUnsafeBytes { soft in
            copy.withUnsafeMutableBytes { samples in
                for index in 0..<samples.count {
                    let value = Int(samples[index])
                    samples[index] = UInt8(clamping: value + ((value - Int(soft[index])) * weight) >> 8)
                }
            }
        }
        return copy
    }

    /// A gray image thresholded against its local mean over a `(2 * radius + 1)` box, minus `offset`:
    /// dark ink on uneven lighting becomes 0, the rest 255.
    public func adaptivelyBinarized(radius: Int, offset: Int = 8) -> Image {
        precondition(format == .gray, "binarisation works on gray images")
        let local = boxBlurred(radius: radius)
        var copy = self
        local.withUnsafeBytes { mean in
            copy.withUnsafeMutableBytes { samples in
                for index in 0..<samples.count {
                    samples[index] = Int(samples[index]) < Int(mean[index]) - offset ? 0 : 255
                }
            }
        }
        return copy
    }
}

extension Image {
    /// The dominant direction of intensity change in a gray image, in degrees in (-90, 90], from the
    /// structure tensor of its gradients: across the bars of a barcode, 0 when the bars stand upright.
    public func dominantGradientAngle() -> Double {
        precondition(format == .gray, "gradients are taken on gray images")
        guard width > 2 && height > 2 else { return 0 }
        var xx = 0.0, yy = 0.0, xy = 0.0
        withUnsafeBytes { samples in
            for y in 1..<(height - 1) {
                let row = y * width
                for x in 1..<(width - 1) {
                    let gx = Double(Int(samples[row + x + 1]) - Int(samples[row + x - 1]))
                    let gy = Double(Int(samples[row + width + x]) - Int(samples[row - width + x]))
                    xx += gx * gx
                    yy += gy * gy
                    xy += gx * gy
                }
            }
        }
        return 0.5 * atan2(2 * xy, xx - yy) * 180 / .pi
    }
}
