import ShelfOCR

OpenMPGuard.reexecIfNeeded()
await BenchCommand.launch()
