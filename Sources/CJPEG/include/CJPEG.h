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

/// What a JPEG decodes to: 8-bit gray (1 channel) or RGB (3 channels), rows packed, as stored (no
/// EXIF applied).
typedef struct {
    uint32_t width;
    uint32_t height;
    int channels;
    char message[256];
} CJPEG_Image;

/// Reads a JPEG's header: the size and channels it decodes to (`scale_denominator` 1, 2, 4 or 8
/// lets libjpeg-turbo decode at a reduced size cheaply), checked against `max_pixels` before
/// anything is decoded. Nothing is allocated.
int CJPEG_read_info(const uint8_t *data, size_t length, uint64_t max_pixels, int scale_denominator,
                    CJPEG_Image *out);

/// Decodes a JPEG held in memory into `pixels`, `capacity` bytes: exactly width × height ×
/// channels as `CJPEG_read_info` gave. Baseline or progressive, gray, YCbCr/RGB, or CMYK/YCCK
/// (converted to RGB, Adobe's inverted CMYK included). Warnings never reach stderr.
int CJPEG_decode(const uint8_t *data, size_t length, int scale_denominator, uint8_t *pixels, size_t capacity,
                 CJPEG_Image *out);

#endif
