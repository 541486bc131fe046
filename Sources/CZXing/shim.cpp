#include "CZXing.h"

#include <ZXing/ReadBarcode.h>

#include <cstring>
#include <string>

using namespace ZXing;

static Binarizer binarizerFor(CZXing_Binarizer binarizer) {
    switch (binarizer) {
    case CZXing_BinarizerGlobalHistogram: return Binarizer::GlobalHistogram;
    case CZXing_BinarizerFixedThreshold: return Binarizer::FixedThreshold;
    default: return Binarizer::LocalAverage;
    }
}

int CZXing_readEAN13(const uint8_t *gray, int width, int height, int bytes_per_line,
                     CZXing_Binarizer binarizer, int try_harder, int try_rotate,
                     CZXing_EANResult *out) {
    std::memset(out, 0, sizeof(*out));
    // No exception may cross into Swift.
    try {
        ImageView view(gray, width, height, ImageFormat::Lum, bytes_per_line);
        DecodeHints hints;
        hints.setFormats(BarcodeFormat::EAN13);
        hints.setTryHarder(try_harder != 0);
        hints.setTryRotate(try_rotate != 0);
        // The caller chooses the scales; zxing's own pyramid is what aborts in Debian's build.
        hints.setTryDownscale(false);
        hints.setBinarizer(binarizerFor(binarizer));
        hints.setEanAddOnSymbol(EanAddOnSymbol::Read);
        Result result = ReadBarcode(view, hints);
        if (!result.isValid()) return 0;

        // With an add-on, the text is "<13 digits> <add-on>".
        std::string text = result.text();
        std::string digits = text, addon;
        size_t space = text.find(' ');
        if (space != std::string::npos) {
            digits = text.substr(0, space);
            addon = text.substr(space + 1);
        }
        if (digits.size() != 13 || addon.size() > 5) return 0;
        std::memcpy(out->digits, digits.c_str(), digits.size() + 1);
        std::memcpy(out->addon, addon.c_str(), addon.size() + 1);
        const Position &position = result.position();
        for (int corner = 0; corner < 4; corner++) {
            out->corners[2 * corner] = position[corner].x;
            out->corners[2 * corner + 1] = position[corner].y;
        }
        return 1;
    } catch (...) {
        return -1;
    }
}
