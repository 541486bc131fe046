#ifndef SHELFSCAN_CTESSERACTLINES_H
#define SHELFSCAN_CTESSERACTLINES_H

/// How many of the line images Tesseract keeps while it recognises have been stored in Leptonica's
/// own uncompressed form instead of as PNG since the process started (see shim.c). 0 after a
/// recognition means the shortcut is not in effect and Tesseract compresses each line.
long shelfscan_uncompressed_line_images(void);

#endif
