#ifndef CPNG_H
#define CPNG_H

#include <stddef.h>
#include <stdint.h>

/// Result codes of the CPNG calls.
enum {
    CPNG_OK = 0,
    CPNG_ERROR = 1,         ///< libpng refused the data; `message` says why.
    CPNG_TOO_LARGE = 2,     ///< width × height exceeds the caller's limit; nothing was allocated.
    CPNG_TRUNCATED = 3,     ///< the data ended before the image did.
};

/// What a PNG decodes to: 8-bit samples, 1 (gray), 3 (RGB) or 4 (RGBA) channels, rows packed.
typedef struct {
    uint32_t width;
    uint32_t height;
    int channels;
    char message[256];
} CPNG_Image;

/// Reads a PNG's header: the size and channels it decodes to, checked against `max_pixels`.
/// Every colour type and bit depth is reduced to 8-bit gray, RGB or RGBA (16-bit keeps the high
/// byte, low-depth gray is scaled to 0…255, palettes and tRNS are expanded). Nothing is allocated.
int CPNG_read_info(const uint8_t *data, size_t length, uint64_t max_pixels, CPNG_Image *out);

/// Decodes a PNG held in memory into `pixels`, `capacity` bytes: exactly width × height × channels
/// as `CPNG_read_info` gave.
int CPNG_decode(const uint8_t *data, size_t length, uint8_t *pixels, size_t capacity, CPNG_Image *out);

/// Encodes 8-bit gray (1), RGB (3) or RGBA (4) pixels to PNG in memory at zlib `level` (0–9; at
/// 2 or less rows are filtered with "up" alone, for speed); `*out` is malloc'd.
int CPNG_encode(const uint8_t *pixels, uint32_t width, uint32_t height, int channels, int level,
                uint8_t **out, size_t *out_length, char message[256]);

/// Frees memory returned by CPNG calls.
void CPNG_free(void *pointer);

#endif
