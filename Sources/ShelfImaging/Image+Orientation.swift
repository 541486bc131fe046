extension Image {
    /// The stored pixels turned the way `orientation` says, so the result is what a viewer displays.
    public func applying(_ orientation: ExifOrientation) -> Image {
        if orientation == .up { return self }
        let outWidth = orientation.swapsDimensions ? height : width
        let outHeight = orientation.swapsDimensions ? width : height
        // The displayed pixel (x', y') comes from the stored pixel origin + x' * stepX + y' * stepY
        // (in pixels): every orientation is an affine map of this form.
        let (origin, stepX, stepY): (Int, Int, Int)
        let w = width, h = height
        switch orientation {
        case .up: (origin, stepX, stepY) = (0, 1, w)
        case .upMirrored: (origin, stepX, stepY) = (w - 1, -1, w)
        case .down: (origin, stepX, stepY) = ((h - 1) * w + w - 1, -1, -w)
        case .downMirrored: (origin, stepX, stepY) = ((h - 1) * w, 1, -w)
        case .leftMirrored: (origin, stepX, stepY) = (0, w, 1)
        case .right: (origin, stepX, stepY) = ((h - 1) * w, -w, 1)
        case .rightMirrored: (origin, stepX, stepY) = ((h - 1) * w + w - 1, -w, -1)
        case .left: (origin, stepX, stepY) = (w - 1, w, -1)
        }
        return remapped(width: outWidth, height: outHeight, origin: origin, stepX: stepX, stepY: stepY)
    }

    /// The image turned clockwise by `quarterTurns` × 90° (negative turns go counter-clockwise).
    public func rotated(quarterTurns: Int) -> Image {
        switch ((quarterTurns % 4) + 4) % 4 {
        case 1: return applying(.right)
        case 2: return applying(.down)
        case 3: return applying(.left)
        default: return self
        }
    }

    /// The image mirrored left to right.
    public func flippedHorizontally() -> Image { applying(.upMirrored) }

    private func remapped(width outWidth: Int, height outHeight: Int, origin: Int, stepX: Int, stepY: Int) -> Image {
        let channels = format.channels
        return Image(width: outWidth, height: outHeight, format: format) { target in
            withUnsafeBytes { source in
                var out = 0
                for y in 0..<outHeight {
                    var index = origin + y * stepY
                    if channels == 1 {
                        for _ in 0..<outWidth {
                            target[out] = source[index]
                            out += 1
                            index += stepX
                        }
                    } else {
                        for _ in 0..<outWidth {
                            let base = index * channels
                            for channel in 0..<channels { target[out + channel] = source[base + channel] }
                            out += channels
                            index += stepX
                        }
                    }
                }
            }
        }
    }

    /// The pixels inside `rect`, clipped to the image.
    public func cropped(to rect: PixelRect) -> Image {
        let clipped = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        let channels = format.channels
        return Image(width: clipped.width, height: clipped.height, format: format) { target in
            withUnsafeBytes { source in
                let rowLength = clipped.width * channels
                for row in 0..<clipped.height {
                    let from = ((clipped.y + row) * width + clipped.x) * channels
                    let to = row * rowLength
                    for offset in 0..<rowLength { target[to + offset] = source[from + offset] }
                }
            }
        }
    }
}
