#include "CJPEG.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

// libjpeg's default error handler calls exit(); Swift cannot catch a longjmp either, so every
// libjpeg call runs under a setjmp here and the formatted message is copied for the caller.
typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char *message;
    int saw_premature_end;
} ErrorManager;

static void on_error_exit(j_common_ptr info) {
    ErrorManager *manager = (ErrorManager *)info->err;
    (*info->err->format_message)(info, manager->message);
    longjmp(manager->jump, 1);
}

// Warnings are kept off stderr. A premature end is remembered: libjpeg pads the missing rows
// with gray and calls it a warning, but the photo is truncated and must be reported as such.
static void on_emit_message(j_common_ptr info, int level) {
    ErrorManager *manager = (ErrorManager *)info->err;
    if (level < 0) {
        if (info->err->msg_code == JWRN_JPEG_EOF) manager->saw_premature_end = 1;
        info->err->num_warnings++;
    }
}

static void on_output_message(j_common_ptr info) { (void)info; }

static void cmyk_to_rgb(const uint8_t *cmyk, uint8_t *rgb, size_t count, int inverted) {
    for (size_t i = 0; i < count; i++) {
        unsigned c = cmyk[4 * i], m = cmyk[4 * i + 1], y = cmyk[4 * i + 2], k = cmyk[4 * i + 3];
        if (!inverted) {
            c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k;
        }
        // Inverted (Adobe) samples hold 255 - ink: the visible level is their product.
        rgb[3 * i] = (uint8_t)((c * k + 127) / 255);
        rgb[3 * i + 1] = (uint8_t)((m * k + 127) / 255);
        rgb[3 * i + 2] = (uint8_t)((y * k + 127) / 255);
    }
}

// Reads the header and sets up the output as shelfscan wants it; with `pixels` NULL it stops
// there and reports the output's size, else it decodes into `pixels` (`capacity` bytes).
static int decode(const uint8_t *data, size_t length, uint64_t max_pixels, int scale_denominator,
                  uint8_t *pixels, size_t capacity, CJPEG_Image *out) {
    memset(out, 0, sizeof(*out));
    struct jpeg_decompress_struct info;
    ErrorManager manager;
    info.err = jpeg_std_error(&manager.base);
    manager.base.error_exit = on_error_exit;
    manager.base.emit_message = on_emit_message;
    manager.base.output_message = on_output_message;
    manager.message = out->message;
    manager.saw_premature_end = 0;
    uint8_t *volatile row = NULL;
    if (setjmp(manager.jump)) {
        free(row);
        jpeg_destroy_decompress(&info);
        return CJPEG_ERROR;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)length);
    jpeg_read_header(&info, TRUE);

    if ((uint64_t)info.image_width * (uint64_t)info.image_height > max_pixels) {
        out->width = info.image_width;
        out->height = info.image_height;
        jpeg_destroy_decompress(&info);
        return CJPEG_TOO_LARGE;
    }

    int is_cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    if (info.jpeg_color_space == JCS_GRAYSCALE) {
        info.out_color_space = JCS_GRAYSCALE;
    } else if (is_cmyk) {
        info.out_color_space = JCS_CMYK;
    } else {
        info.out_color_space = JCS_RGB;
    }
    if (scale_denominator == 2 || scale_denominator == 4 || scale_denominator == 8) {
        info.scale_num = 1;
        info.scale_denom = (unsigned)scale_denominator;
    }
    jpeg_calc_output_dimensions(&info);
    int channels = is_cmyk ? 3 : info.output_components;
    size_t width = info.output_width, height = info.output_height;
    size_t stride = width * (size_t)channels;
    out->width = (uint32_t)width;
    out->height = (uint32_t)height;
    out->channels = channels;
    if (!pixels) {
        jpeg_destroy_decompress(&info);
        return CJPEG_OK;
    }
    if (capacity != stride * height) {
        snprintf(out->message, 256, "a buffer of %zu bytes for %zux%zux%d pixels", capacity, width, height, channels);
        jpeg_destroy_decompress(&info);
        return CJPEG_ERROR;
    }
    jpeg_start_decompress(&info);
    if (is_cmyk) row = malloc(width * 4);
    if (is_cmyk && !row) {
        snprintf(out->message, 256, "out of memory for %zux%zu pixels", width, height);
        jpeg_destroy_decompress(&info);
        return CJPEG_ERROR;
    }
    while (info.output_scanline < info.output_height) {
        size_t y = info.output_scanline;
        if (is_cmyk) {
            JSAMPROW target = row;
            jpeg_read_scanlines(&info, &target, 1);
            cmyk_to_rgb(row, pixels + y * stride, width, info.saw_Adobe_marker);
        } else {
            JSAMPROW target = pixels + y * stride;
            jpeg_read_scanlines(&info, &target, 1);
        }
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    free(row);

    if (manager.saw_premature_end) {
        snprintf(out->message, 256, "the data ends before the image does");
        return CJPEG_TRUNCATED;
    }
    return CJPEG_OK;
}

int CJPEG_read_info(const uint8_t *data, size_t length, uint64_t max_pixels, int scale_denominator,
                    CJPEG_Image *out) {
    return decode(data, length, max_pixels, scale_denominator, NULL, 0, out);
}

int CJPEG_decode(const uint8_t *data, size_t length, int scale_denominator, uint8_t *pixels, size_t capacity,
                 CJPEG_Image *out) {
    return decode(data, length, UINT64_MAX, scale_denominator, pixels, capacity, out);
}
