import ShelfScanCLI

await ShelfScanCommand.launch()
