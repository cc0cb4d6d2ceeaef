#ifndef SSC_IDAT_H
#define SSC_IDAT_H

#include <stddef.h>
#include <stdint.h>

#include "ssc_png.h"

// The image data of an 8-bit RGB PNG made without libpng's zlib path: rows filtered here,
// the whole filtered image compressed at once by libdeflate (faster than zlib for the same
// size). Private to the shim; ssc_png.c writes the result as IDAT chunks through libpng.

/// Filters every row of cairo RGB24 pixels (native-endian xRGB words, `stride` bytes per row)
/// as packed RGB, each row with the one of the five PNG filters (None, Sub, Up, Average, Paeth)
/// whose bytes, read as signed, have the smallest sum of absolute values; ties go to the
/// earlier filter. That is libpng's heuristic, so the filtered bytes equal libpng's for the
/// same pixels. `sink` (when not NULL) is handed each packed RGB row in order, before it is
/// filtered. Returns the filtered image data (`*filtered_size` = height * (1 + width * 3)
/// bytes) in this thread's buffer, valid until the thread's next call; NULL when out of memory.
uint8_t *ssc_idat_filter_xrgb32(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                                ssc_row_sink sink, void *sink_context, size_t *filtered_size);

/// Compresses `size` bytes as one zlib stream at libdeflate `level` (1-12) into this thread's
/// buffer (valid until its next call), `*out_size` bytes. NULL when out of memory or the level
/// is unknown.
uint8_t *ssc_idat_deflate(const uint8_t *data, size_t size, int level, size_t *out_size);

#endif
