#include "CPNG.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

// libpng reports errors by longjmp, which Swift cannot catch: every libpng call runs
// under a setjmp here, and the error text is copied out for the caller.
typedef struct {
    jmp_buf jump;
    char *message;
} ErrorContext;

typedef struct {
    const uint8_t *data;
    size_t length;
    size_t offset;
    int ran_out;  // the data ended before libpng had what it needed: a truncated file
} MemoryReader;

static void on_error(png_structp png, png_const_charp text) {
    ErrorContext *context = png_get_error_ptr(png);
    snprintf(context->message, 256, "%s", text);
    longjmp(context->jump, 1);
}

// Warnings (bad CRC in an ancillary chunk, unknown profiles…) must not reach stderr.
static void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void read_from_memory(png_structp png, png_bytep target, png_size_t count) {
    MemoryReader *reader = png_get_io_ptr(png);
    if (reader->length - reader->offset < count) {
        reader->ran_out = 1;
        png_error(png, "the data ends before the image does");
    }
    memcpy(target, reader->data + reader->offset, count);
    reader->offset += count;
}

// Reads the header and sets up the transformations; with `pixels` NULL it stops there and
// reports the output's size, else it decodes into `pixels` (`capacity` bytes).
static int decode(const uint8_t *data, size_t length, uint64_t max_pixels, uint8_t *pixels, size_t capacity,
                  CPNG_Image *out) {
    memset(out, 0, sizeof(*out));
    if (length < 8 || png_sig_cmp(data, 0, 8) != 0) {
        snprintf(out->message, sizeof(out->message), "not a PNG signature");
        return CPNG_ERROR;
    }
    ErrorContext context = {.message = out->message};
    MemoryReader reader = {.data = data, .length = length, .offset = 0, .ran_out = 0};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &context, on_error, on_warning);
    if (!png) {
        snprintf(out->message, sizeof(out->message), "out of memory");
        return CPNG_ERROR;
    }
    png_infop info = png_create_info_struct(png);
    // Volatile: it changes between setjmp and a possible longjmp.
    png_bytep *volatile rows = NULL;
    if (!info) {
        png_destroy_read_struct(&png, NULL, NULL);
        snprintf(out->message, sizeof(out->message), "out of memory");
        return CPNG_ERROR;
    }
    if (setjmp(context.jump)) {
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        return reader.ran_out ? CPNG_TRUNCATED : CPNG_ERROR;
    }
    png_set_read_fn(png, &reader, read_from_memory);
    // The caller's pixel limit is the one that counts; lift libpng's own (1,000,000 per side).
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    png_read_info(png, info);

    png_uint_32 width = png_get_image_width(png, info);
    png_uint_32 height = png_get_image_height(png, info);
    if ((uint64_t)width * (uint64_t)height > max_pixels) {
        out->width = width;
        out->height = height;
        png_destroy_read_struct(&png, &info, NULL);
        return CPNG_TOO_LARGE;
    }

    int color_type = png_get_color_type(png, info);
    int bit_depth = png_get_bit_depth(png, info);
    if (bit_depth == 16) png_set_strip_16(png);
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    if (has_trns) png_set_tRNS_to_alpha(png);
    // Gray with alpha has no buffer type of its own downstream: widen it to RGBA.
    if (color_type == PNG_COLOR_TYPE_GRAY_ALPHA || (color_type == PNG_COLOR_TYPE_GRAY && has_trns)) {
        png_set_gray_to_rgb(png);
    }
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    int channels = png_get_channels(png, info);
    size_t row_bytes = png_get_rowbytes(png, info);
    if (row_bytes != (size_t)width * (size_t)channels) {
        png_error(png, "unexpected row layout after transformation");
    }
    out->width = width;
    out->height = height;
    out->channels = channels;
    if (!pixels) {
        png_destroy_read_struct(&png, &info, NULL);
        return CPNG_OK;
    }
    if (capacity != row_bytes * height) png_error(png, "the pixel buffer does not fit the image");
    rows = malloc(sizeof(png_bytep) * height);
    if (!rows) png_error(png, "out of memory");
    for (png_uint_32 y = 0; y < height; y++) rows[y] = pixels + (size_t)y * row_bytes;
    png_read_image(png, rows);
    png_read_end(png, NULL);

    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    return CPNG_OK;
}

int CPNG_read_info(const uint8_t *data, size_t length, uint64_t max_pixels, CPNG_Image *out) {
    return decode(data, length, max_pixels, NULL, 0, out);
}

int CPNG_decode(const uint8_t *data, size_t length, uint8_t *pixels, size_t capacity, CPNG_Image *out) {
    return decode(data, length, UINT64_MAX, pixels, capacity, out);
}

typedef struct {
    uint8_t *data;
    size_t length;
    size_t capacity;
} MemoryWriter;

static void write_to_memory(png_structp png, png_bytep source, png_size_t count) {
    MemoryWriter *writer = png_get_io_ptr(png);
    if (writer->length + count > writer->capacity) {
        size_t capacity = writer->capacity ? writer->capacity : 65536;
        while (capacity < writer->length + count) capacity *= 2;
        uint8_t *grown = realloc(writer->data, capacity);
        if (!grown) png_error(png, "out of memory");
        writer->data = grown;
        writer->capacity = capacity;
    }
    memcpy(writer->data + writer->length, source, count);
    writer->length += count;
}

static void flush_memory(png_structp png) { (void)png; }

int CPNG_encode(const uint8_t *pixels, uint32_t width, uint32_t height, int channels, int level,
                uint8_t **out, size_t *out_length, char message[256]) {
    *out = NULL;
    *out_length = 0;
    int color_type;
    switch (channels) {
    case 1: color_type = PNG_COLOR_TYPE_GRAY; break;
    case 3: color_type = PNG_COLOR_TYPE_RGB; break;
    case 4: color_type = PNG_COLOR_TYPE_RGB_ALPHA; break;
    default:
        snprintf(message, 256, "unsupported channel count %d", channels);
        return CPNG_ERROR;
    }
    ErrorContext context = {.message = message};
    MemoryWriter writer = {0};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &context, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    png_bytep *volatile rows = NULL;
    if (!png || !info) {
        png_destroy_write_struct(&png, &info);
        snprintf(message, 256, "out of memory");
        return CPNG_ERROR;
    }
    if (setjmp(context.jump)) {
        free(rows);
        free(writer.data);
        png_destroy_write_struct(&png, &info);
        return CPNG_ERROR;
    }
    png_set_write_fn(png, &writer, write_to_memory, flush_memory);
    png_set_compression_level(png, level < 0 ? 0 : level > 9 ? 9 : level);
    // Quick pictures: one cheap filter instead of trying all five on every row.
    if (level <= 2) png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
    png_set_IHDR(png, info, width, height, 8, color_type, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    rows = malloc(sizeof(png_bytep) * height);
    if (!rows) png_error(png, "out of memory");
    for (uint32_t y = 0; y < height; y++) rows[y] = (png_bytep)pixels + (size_t)y * width * channels;
    png_write_image(png, rows);
    png_write_end(png, NULL);
    free(rows);
    png_destroy_write_struct(&png, &info);
    *out = writer.data;
    *out_length = writer.length;
    return CPNG_OK;
}

void CPNG_free(void *pointer) { free(pointer); }
