#ifndef SHELFSCAN_CTESSERACTLINES_H
#define SHELFSCAN_CTESSERACTLINES_H

/// How many of the line images Tesseract keeps while it recognises have been stored in Leptonica's
/// own uncompressed form instead of as PNG since the process started (see shim.c). 0 after a
/// recognition means the shortcut is not in effect and Tesseract compresses each line.
long shelfscan_uncompressed_line_images(void);

/// The summed length, in thousandths of a line height (each line image's width over its height), of
/// the text lines Tesseract has recognised on the calling thread since it started: whole numbers,
/// so that what one call added is exact. Tesseract's LSTM scales each line to a fixed height and
/// steps along it, so its work on a line grows with this length, not with the line's pixels.
/// Counted with the shortcut above: 0 when it is not in effect.
long shelfscan_thread_line_length(void);

#endif
