#ifndef CZXING_H
#define CZXING_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The binarisers zxing-cpp offers, as its `ZXing::Binarizer`.
typedef enum {
    CZXing_BinarizerLocalAverage = 0,
    CZXing_BinarizerGlobalHistogram = 1,
    CZXing_BinarizerFixedThreshold = 2,
} CZXing_Binarizer;

/// One EAN-13 symbol read by zxing-cpp.
typedef struct {
    char digits[16];        ///< the 13 digits of the main code, NUL-terminated
    char addon[8];          ///< the EAN-2/EAN-5 add-on digits, or empty
    int corners[8];         ///< x, y of the top-left, top-right, bottom-right, bottom-left corners
} CZXing_EANResult;

/// Looks for one EAN-13 code (with its add-on, when there is one) in an 8-bit gray image, using
/// `ReadBarcode` (single): Debian's build of `ReadBarcodes` aborts on large photos.
/// Returns 1 when a code was read, 0 when none was, -1 when zxing-cpp threw (`out->digits` then
/// holds nothing).
int CZXing_readEAN13(const uint8_t *gray, int width, int height, int bytes_per_line,
                     CZXing_Binarizer binarizer, int try_harder, int try_rotate,
                     CZXing_EANResult *out);

#ifdef __cplusplus
}
#endif

#endif
