#ifndef CJPEG_H
#define CJPEG_H

#include <stddef.h>
#include <stdint.h>

/// Result codes of the CJPEG calls.
enum {
    CJPEG_OK = 0,
    CJPEG_ERROR = 1,        ///< libjpeg refused the data; `message` says why.
    CJPEG_TOO_LARGE = 2,    ///< width × height exceeds the caller's limit; nothing was allocated.
    CJPEG_TRUNCATED = 3,    ///< the data ended before the image did.
};

/// A decoded JPEG: 8-bit gray (1 channel) or RGB (3 channels), rows packed, as stored (no EXIF applied).
typedef struct {
    uint32_t width;
    uint32_t height;
    int channels;
    uint8_t *pixels;        ///< malloc'd; release with CJPEG_free.
    char message[256];
} CJPEG_Image;

/// Decodes a JPEG held in memory: baseline or progressive, gray, YCbCr/RGB, or CMYK/YCCK
/// (converted to RGB, Adobe's inverted CMYK included). `scale_denominator` (1, 2, 4 or 8) lets
/// libjpeg-turbo decode at a reduced size cheaply. The size is checked against `max_pixels`
/// from the header, before any pixel buffer is allocated. Warnings never reach stderr.
int CJPEG_decode(const uint8_t *data, size_t length, uint64_t max_pixels, int scale_denominator,
                 CJPEG_Image *out);

/// Frees memory returned by CJPEG calls.
void CJPEG_free(void *pointer);

#endif
