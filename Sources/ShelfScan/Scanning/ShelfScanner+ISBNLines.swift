extension ShelfScanner {
    /// The ISBN printed in small type along each spine (outline and the way its lettering runs), or
    /// nil; as many spines at once as the pool has instances, most costing no recognition at all.
    @concurrent
    static func readISBNLines(
        of spines: [(polygon: [Point], orientation: TextOrientation)], in image: Image,
        reader: SpineISBNReader = SpineISBNReader(), pool: TesseractPool
    ) async throws(OCRError) -> [ISBN?] {
        do {
            return try await withThrowingTaskGroup(of: (Int, ISBN?).self) { group in
                var isbns = [ISBN?](repeating: nil, count: spines.count)
                var next = 0
                func addTask() {
                    let index = next, spine = spines[index]
                    next += 1
                    group.addTask {
                        (index, try await reader.read(spine.polygon, in: image, orientation: spine.orientation, pool: pool))
                    }
                }
                while next < spines.count && next < pool.capacity * 2 { addTask() }
                while let (index, isbn) = try await group.next() {
                    isbns[index] = isbn
                    if next < spines.count { addTask() }
                }
                return isbns
            }
        } catch let error as OCRError {
            throw error
        } catch {
            throw OCRError("\(error)")
        }
    }
}
