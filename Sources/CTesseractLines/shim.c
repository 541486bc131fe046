// Tesseract's LSTM recogniser keeps each text line it reads as an `ImageData`, which, unless
// Tesseract was built with TESSERACT_IMAGEDATA_AS_PIX (Debian's is not), stores the line by
// PNG-compressing it with Leptonica's `pixWriteMem` and decompresses it again a moment later: a
// quarter of Tesseract's time on a spine, spent in zlib. This definition of `pixWriteMem` is linked
// into each executable, which exports it because the shared libraries it links refer to it, and
// the executable comes first in the dynamic linker's search: Tesseract's calls reach it, and it
// passes them on to Leptonica's (`RTLD_NEXT`). A request for PNG is written in Leptonica's own
// serialised form instead (IFF_SPIX, the raw samples), which `pixReadMem` recognises and reads
// back exactly: the readings are the same, byte for byte. Every other request goes to Leptonica
// unchanged. Nothing else in shelfscan asks Leptonica for PNG bytes.
#define _GNU_SOURCE
#include "CTesseractLines.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <leptonica/allheaders.h>

typedef l_ok (*WriteMem)(l_uint8 **data, size_t *size, PIX *pix, l_int32 format);

static WriteMem leptonica_write_mem;
static pthread_once_t resolved = PTHREAD_ONCE_INIT;
static atomic_long uncompressed;
// The summed length of the lines this thread has had recognised, in thousandths of a line height
// (see the header).
static _Thread_local long thread_line_length;

static void resolve(void) {
    leptonica_write_mem = (WriteMem)dlsym(RTLD_NEXT, "pixWriteMem");
}

l_ok pixWriteMem(l_uint8 **data, size_t *size, PIX *pix, l_int32 format) {
    pthread_once(&resolved, resolve);
    if (leptonica_write_mem == NULL) return 1;
    if (format == IFF_PNG) {
        atomic_fetch_add_explicit(&uncompressed, 1, memory_order_relaxed);
        format = IFF_SPIX;
        l_int32 width = pixGetWidth(pix), height = pixGetHeight(pix);
        thread_line_length += (long)(1000.0 * width / (height > 0 ? height : 1) + 0.5);
    }
    return leptonica_write_mem(data, size, pix, format);
}

long shelfscan_thread_line_length(void) {
    return thread_line_length;
}

long shelfscan_uncompressed_line_images(void) {
    return atomic_load_explicit(&uncompressed, memory_order_relaxed);
}
