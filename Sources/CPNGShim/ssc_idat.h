#ifndef SSC_IDAT_H
#define SSC_IDAT_H

#include <stddef.h>
#include <stdint.h>

// The image data of an 8-bit RGB PNG made without libpng's zlib path: rows filtered here,
// the whole filtered image compressed at once by libdeflate (faster than zlib for the same
// size). Private to the shim; ssc_png.c writes the result as IDAT chunks through libpng.

/// Filters every row of cairo RGB24 pixels (native-endian xRGB words, `stride` bytes per row)
/// as packed RGB, each row with the one of the five PNG filters (None, Sub, Up, Average, Paeth)
/// whose bytes, read as signed, have the smallest sum of absolute values; ties go to the
/// earlier filter. That is libpng's heuristic, so the filtered bytes equal libpng's for the
/// same pixels. `filtered` holds height * (1 + width * 3) bytes. Returns 0, or 1 when out of memory.
int ssc_idat_filter_xrgb32(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride, uint8_t *filtered);

/// Compresses `size` bytes as one zlib stream at libdeflate `level` (1-12) into a malloc'd
/// buffer (`*out`, `*out_size`). Returns 0, or 1 when out of memory or the level is unknown.
int ssc_idat_deflate(const uint8_t *data, size_t size, int level, uint8_t **out, size_t *out_size);

#endif
