#ifndef SSC_PNG_H
#define SSC_PNG_H

#include <stddef.h>
#include <stdint.h>

// A thin C layer over libpng. libpng reports errors by longjmp; every setjmp lives in
// ssc_png.c, so callers (Swift) only ever see a return code and a message.

enum { SSC_PNG_MESSAGE_SIZE = 256 };

/// The IHDR of a PNG plus which colour chunks precede the image data.
typedef struct {
    uint32_t width;        // pixels
    uint32_t height;       // pixels
    int bit_depth;         // 1, 2, 4, 8 or 16
    int color_type;        // PNG colour type: 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA
    int interlace;         // 0 none, 1 Adam7
    int has_srgb;
    int has_iccp;
    int has_gama;
    int has_chrm;
    int has_trns;
    int has_exif;
    int exif_orientation;  // the eXIf's TIFF Orientation tag (1-8) in IFD0, 0 when it has none
    int has_actl;          // an APNG animation control chunk: the file is an animation
    int has_cicp;
    uint8_t cicp[4];       // colour primaries, transfer function, matrix, full range (cICP)
    double gamma;          // gAMA file gamma, 0 when absent
    double chrm[8];        // cHRM white x,y, red x,y, green x,y, blue x,y (when has_chrm)
    uint8_t *icc;          // iCCP profile bytes (malloc'd, free with ssc_png_header_free), or NULL
    size_t icc_size;
    char icc_warning[128]; // libpng's warning when it rejected an iCCP chunk, else empty
} ssc_png_header;

void ssc_png_header_free(ssc_png_header *header);

/// Reads the signature and the chunks before IDAT from memory. Returns 0 on success;
/// otherwise non-zero with `message` set. Sizes above max_width/max_height (pixels) are
/// refused by libpng's user limits before any pixel memory is allocated.
int ssc_png_read_header(const uint8_t *data, size_t size, uint32_t max_width, uint32_t max_height,
                        ssc_png_header *out, char message[SSC_PNG_MESSAGE_SIZE]);

/// Decodes every row of the image data (into one reused row buffer) so truncated or corrupt
/// IDAT is found before anything is composed. Returns 0 when the whole image decodes.
/// Transparency is decided on the decoded pixels, tRNS included (palette, gray and RGB images
/// with a tRNS chunk get an alpha channel): `*all_transparent` is set to 1 when every pixel's
/// alpha is 0, else `*ink_x`, `*ink_y` name the first pixel (in row order) that is not fully
/// transparent. Interlaced images are read pass by pass, each pixel once.
int ssc_png_validate(const uint8_t *data, size_t size, uint32_t max_width, uint32_t max_height,
                     int *all_transparent, uint32_t *ink_x, uint32_t *ink_y, char message[SSC_PNG_MESSAGE_SIZE]);

typedef struct {
    const char *key;     // Latin-1 keyword, 1-79 bytes
    const char *text;    // UTF-8 value
    int international;   // 1: written as iTXt (UTF-8), 0: tEXt (must be Latin-1)
    const char *language; // iTXt language tag or NULL
} ssc_png_text;

typedef struct {
    uint8_t *data;
    size_t size;
    size_t capacity;
} ssc_buffer;

void ssc_buffer_free(ssc_buffer *buffer);

/// The copy of a capture an SVG links, so a browser draws what librsvg drew: `data` (a PNG
/// whose image data libpng decoded whole) with only the chunks the drawing reads, each copied
/// whole with its CRC: IHDR, PLTE, tRNS, sRGB, IDAT and IEND, in the file's order. Every other
/// chunk (eXIf, acTL and its frames, iCCP, gAMA, cHRM, cICP, text, …) is left out; an ancillary
/// chunk whose CRC-32 does not match its bytes is left out too, as libpng ignored it. Bytes
/// after IEND are dropped. Returns 0, or non-zero with `message` set when the chunks cannot be
/// walked (a chunk runs past the end, or no IEND).
int ssc_png_copy_drawn_chunks(const uint8_t *data, size_t size, ssc_buffer *out, char message[SSC_PNG_MESSAGE_SIZE]);

// The EXIF Orientation tag (1-8) of a JPEG's first APP1 "Exif" segment, read as an eXIf's (the
// marker segments walked up to the image data, nothing decoded); 0 when it has none.
int ssc_jpeg_exif_orientation(const uint8_t *data, size_t size);

/// For tests: `data` with a chunk of `type` (4 letters) holding `payload` inserted before the
/// first chunk named `before`, its length and CRC-32 (libdeflate's) written here, so tests can
/// make captures with chunks libpng does not write (acTL, fcTL, fdAT). Returns 0 on success.
int ssc_png_insert_chunk(const uint8_t *data, size_t size, const char *type, const uint8_t *payload, size_t payload_size,
                         const char *before, ssc_buffer *out, char message[SSC_PNG_MESSAGE_SIZE]);

/// Handed each packed 8-bit RGB row (`size` bytes) of an image being encoded, in order.
typedef void (*ssc_row_sink)(void *context, const uint8_t *row, size_t size);

/// Encodes cairo RGB24 pixels (32 bits per pixel, native-endian xRGB, `stride` bytes per row)
/// as an 8-bit RGB PNG without alpha, with an sRGB chunk, the given text chunks and no tIME
/// chunk. The image data is filtered here (libpng's per-row choice among the five filters) and
/// compressed by libdeflate at `deflate_level` (1-12); libpng writes every chunk. `sink` (when
/// not NULL) is handed every packed RGB row as the filter reads it (the pixel hash).
/// Returns 0 on success; otherwise non-zero with `message` set.
int ssc_png_encode_xrgb32(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                          const ssc_png_text *texts, int text_count, int deflate_level,
                          ssc_row_sink sink, void *sink_context, ssc_buffer *out, char message[SSC_PNG_MESSAGE_SIZE]);

/// The same PNG made by libpng alone: its own filter choice and zlib at `zlib_level` (0-9).
/// The reference `make bench` measures against and tests compare with.
int ssc_png_encode_xrgb32_zlib(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                               const ssc_png_text *texts, int text_count, int zlib_level,
                               ssc_buffer *out, char message[SSC_PNG_MESSAGE_SIZE]);

/// For tests: the IDAT chunks of a PNG joined and inflated (libdeflate) into `out`, which
/// the filtered image data must fill exactly (`out_size` bytes). Returns 0 on success.
int ssc_png_inflate_image_data(const uint8_t *data, size_t size, uint8_t *out, size_t out_size);

/// Encodes 8-bit RGBA rows (width * 4 bytes each) as an RGBA PNG: for captures with an alpha
/// channel (tests make transparent and translucent ones with it).
/// With `icc` (and `icc_size`) an iCCP chunk is written; with `srgb` an sRGB chunk instead.
int ssc_png_encode_rgba8(const uint8_t *rgba, uint32_t width, uint32_t height, const uint8_t *icc, size_t icc_size,
                         int srgb, ssc_buffer *out, char message[SSC_PNG_MESSAGE_SIZE]);

/// Encodes 8-bit RGBA pixels in another PNG flavour, for tests of every capture format:
/// `color_type` 0 gray, 2 RGB, 3 palette (colours quantized to the first 256 distinct ones),
/// 4 gray+alpha, 6 RGBA; `bit_depth` 1, 2, 4, 8 or 16 as the type allows; `interlace` 1 for
/// Adam7; `trns` adds a tRNS chunk to palette images from their alpha. Gray is the green sample.
int ssc_png_encode_flavour(const uint8_t *rgba, uint32_t width, uint32_t height, int color_type, int bit_depth,
                           int interlace, int trns, ssc_buffer *out, char message[SSC_PNG_MESSAGE_SIZE]);

/// A decoded PNG: 8-bit RGBA rows, width * 4 bytes each, plus its text chunks.
typedef struct {
    ssc_png_header header;
    uint8_t *rgba;        // width * height * 4 bytes, malloc'd
    int text_count;
    char **text_keys;     // malloc'd
    char **text_values;   // malloc'd
    int has_time;
} ssc_png_image;

/// Decodes any PNG flavour to 8-bit RGBA (for checks and tests). Returns 0 on success.
int ssc_png_decode_rgba8(const uint8_t *data, size_t size, ssc_png_image *out,
                         char message[SSC_PNG_MESSAGE_SIZE]);
void ssc_png_image_free(ssc_png_image *image);

/// libpng's version string, read at run time.
const char *ssc_png_library_version(void);

/// libdeflate's version as built against (its header's; it has no run-time call).
const char *ssc_deflate_library_version(void);

#endif
