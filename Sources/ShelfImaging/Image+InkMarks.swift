extension Image {
    /// The dark marks of a gray image that could be lettering, and the smallest rectangle holding
    /// them: dark pixels (below mid-gray) grouped into touching blobs on a grid of `cell`-pixel
    /// squares, leaving out specks, long thin rules (a spine's edge, a border) and blobs that
    /// span the whole height. `share` is the share of the image's pixels in the blobs kept.
    package func letteringInk(cell: Int = 4) -> (share: Double, bounds: PixelRect?) {
        precondition(format == .gray, "lettering ink is measured on gray images")
        guard width > 0, height > 0 else { return (0, nil) }
        let columns = (width + cell - 1) / cell, rows = (height + cell - 1) / cell
        var dark = [Int](repeating: 0, count: columns * rows)
        withUnsafeBytes { pixels in
            for y in 0..<height {
                let row = (y / cell) * columns
                for x in 0..<width where pixels[y * width + x] < 128 { dark[row + x / cell] += 1 }
            }
        }
        var label = [Int](repeating: -1, count: columns * rows)
        var kept: PixelRect?
        var keptInk = 0
        var stack: [Int] = []
        for start in dark.indices where dark[start] >= 2 && label[start] < 0 {
            label[start] = start
            stack.append(start)
            var (minX, maxX, minY, maxY, ink) = (columns, 0, rows, 0, 0)
            while let index = stack.popLast() {
                let x = index % columns, y = index / columns
                (minX, maxX, minY, maxY) = (min(minX, x), max(maxX, x), min(minY, y), max(maxY, y))
                ink += dark[index]
                for dy in -1...1 {
                    for dx in -1...1 {
                        let nx = x + dx, ny = y + dy
                        guard nx >= 0, nx < columns, ny >= 0, ny < rows else { continue }
                        let neighbour = ny * columns + nx
                        if dark[neighbour] >= 2 && label[neighbour] < 0 {
                            label[neighbour] = start
                            stack.append(neighbour)
                        }
                    }
                }
            }
            let blobWidth = maxX - minX + 1, blobHeight = maxY - minY + 1
            let isSpeck = blobHeight < 2 || ink < 3 * cell
            // A rule is thin as well as long: a long word in small print is long too.
            let (long, thin) = (max(blobWidth, blobHeight), min(blobWidth, blobHeight))
            let isRule = long > 12 * thin || (thin <= 2 && long > 6 * thin)
            let spansHeight = blobHeight >= rows - 1
            guard !isSpeck, !isRule, !spansHeight else { continue }
            keptInk += ink
            let box = PixelRect(x: minX * cell, y: minY * cell, width: blobWidth * cell, height: blobHeight * cell)
            kept = kept.map { $0.union(box) } ?? box
        }
        let bounds = kept?.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        return (Double(keptInk) / Double(width * height), bounds)
    }
}
