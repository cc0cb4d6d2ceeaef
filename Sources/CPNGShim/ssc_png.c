#include "ssc_png.h"
#include "ssc_idat.h"

#include <libdeflate.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Error state shared with libpng's callbacks: the message and where to jump back to.
typedef struct {
    jmp_buf jump;
    char *message;
    char warning[128];  // the last warning, which often says why the error came
    char icc_warning[128];  // a warning about the iCCP chunk (libpng drops a bad profile)
} ssc_error_state;

static void ssc_error_fn(png_structp png, png_const_charp text) {
    ssc_error_state *state = (ssc_error_state *)png_get_error_ptr(png);
    if (state->warning[0]) {
        snprintf(state->message, SSC_PNG_MESSAGE_SIZE, "%s (%s)", text ? text : "libpng error", state->warning);
    } else {
        snprintf(state->message, SSC_PNG_MESSAGE_SIZE, "%s", text ? text : "libpng error");
    }
    longjmp(state->jump, 1);
}

// Warnings (for example a bad CRC in an ancillary chunk) are not failures; the last one is
// kept for the message of an error that follows.
static void ssc_warning_fn(png_structp png, png_const_charp text) {
    ssc_error_state *state = (ssc_error_state *)png_get_error_ptr(png);
    snprintf(state->warning, sizeof(state->warning), "%s", text ? text : "");
    if (text && strncmp(text, "iCCP", 4) == 0) snprintf(state->icc_warning, sizeof(state->icc_warning), "%s", text);
}

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t offset;
} ssc_reader;

static void ssc_read_fn(png_structp png, png_bytep out, size_t length) {
    ssc_reader *reader = (ssc_reader *)png_get_io_ptr(png);
    if (reader->size - reader->offset < length) {
        png_error(png, "file is truncated");
    }
    memcpy(out, reader->data + reader->offset, length);
    reader->offset += length;
}

static int ssc_check_signature(const uint8_t *data, size_t size, char *message) {
    if (size < 8 || png_sig_cmp((png_const_bytep)data, 0, 8) != 0) {
        snprintf(message, SSC_PNG_MESSAGE_SIZE, "not a PNG (no PNG signature)");
        return 1;
    }
    return 0;
}

void ssc_png_header_free(ssc_png_header *header) {
    free(header->icc);
    header->icc = NULL;
    header->icc_size = 0;
}

// cICP is newer than this libpng, and acTL (APNG) is not in it: both arrive as unknown
// chunks, kept on request.
static const png_byte ssc_kept_unknown_names[10] = {'c', 'I', 'C', 'P', 0, 'a', 'c', 'T', 'L', 0};
static const png_byte *const ssc_cicp_name = ssc_kept_unknown_names;
static const png_byte *const ssc_actl_name = ssc_kept_unknown_names + 5;

static uint32_t ssc_tiff_uint(const uint8_t *p, int bytes, int big_endian) {
    uint32_t value = 0;
    for (int i = 0; i < bytes; i++) value |= (uint32_t)p[big_endian ? i : bytes - 1 - i] << (8 * (bytes - 1 - i));
    return value;
}

// The Orientation tag (0x0112, one SHORT) of an eXIf's first IFD, as browsers read it to turn
// the image; 0 when the IFD has none or the TIFF structure cannot be read.
static int ssc_exif_orientation(const uint8_t *exif, size_t size) {
    if (size < 8) return 0;
    int big_endian = exif[0] == 'M' && exif[1] == 'M';
    if (!big_endian && !(exif[0] == 'I' && exif[1] == 'I')) return 0;
    if (ssc_tiff_uint(exif + 2, 2, big_endian) != 42) return 0;
    uint32_t ifd = ssc_tiff_uint(exif + 4, 4, big_endian);
    if (ifd > size - 2) return 0;
    uint32_t count = ssc_tiff_uint(exif + ifd, 2, big_endian);
    for (uint32_t i = 0; i < count; i++) {
        size_t entry = (size_t)ifd + 2 + (size_t)i * 12;
        if (entry + 12 > size) return 0;
        const uint8_t *e = exif + entry;
        if (ssc_tiff_uint(e, 2, big_endian) != 0x0112) continue;
        if (ssc_tiff_uint(e + 2, 2, big_endian) != 3 || ssc_tiff_uint(e + 4, 4, big_endian) != 1) return 0;
        return (int)ssc_tiff_uint(e + 8, 2, big_endian);
    }
    return 0;
}

int ssc_jpeg_exif_orientation(const uint8_t *data, size_t size) {
    if (size < 4 || data[0] != 0xFF || data[1] != 0xD8) return 0;
    size_t at = 2;
    while (at + 4 <= size && data[at] == 0xFF) {
        uint8_t marker = data[at + 1];
        if (marker == 0xFF) { at++; continue; }  // a fill byte
        if (marker == 0xDA || marker == 0xD9) return 0;  // the image data, or its end
        size_t length = (size_t)data[at + 2] << 8 | data[at + 3];
        if (length < 2 || length > size - at - 2) return 0;
        if (marker == 0xE1 && length >= 8 && memcmp(data + at + 4, "Exif\0\0", 6) == 0) {
            return ssc_exif_orientation(data + at + 10, length - 8);
        }
        at += 2 + length;
    }
    return 0;
}

static void ssc_fill_header(png_structp png, png_infop info, ssc_png_header *out) {
    out->width = png_get_image_width(png, info);
    out->height = png_get_image_height(png, info);
    out->bit_depth = png_get_bit_depth(png, info);
    out->color_type = png_get_color_type(png, info);
    out->interlace = png_get_interlace_type(png, info);
    out->has_srgb = png_get_valid(png, info, PNG_INFO_sRGB) != 0;
    out->has_iccp = png_get_valid(png, info, PNG_INFO_iCCP) != 0;
    out->has_gama = png_get_valid(png, info, PNG_INFO_gAMA) != 0;
    out->has_chrm = png_get_valid(png, info, PNG_INFO_cHRM) != 0;
    out->has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
#ifdef PNG_INFO_eXIf
    out->has_exif = png_get_valid(png, info, PNG_INFO_eXIf) != 0;
    png_bytep exif = NULL;
    png_uint_32 exif_size = 0;
    if (out->has_exif && png_get_eXIf_1(png, info, &exif_size, &exif) && exif) {
        out->exif_orientation = ssc_exif_orientation(exif, exif_size);
    }
#else
    out->has_exif = 0;
#endif
    double gamma = 0;
    if (png_get_gAMA(png, info, &gamma)) out->gamma = gamma;
    if (out->has_chrm) {
        png_get_cHRM(png, info, &out->chrm[0], &out->chrm[1], &out->chrm[2], &out->chrm[3],
                     &out->chrm[4], &out->chrm[5], &out->chrm[6], &out->chrm[7]);
    }
    png_charp name = NULL;
    int compression = 0;
    png_bytep profile = NULL;
    png_uint_32 length = 0;
    if (out->has_iccp && png_get_iCCP(png, info, &name, &compression, &profile, &length) && length > 0) {
        out->icc = (uint8_t *)malloc(length);
        if (out->icc) {
            memcpy(out->icc, profile, length);
            out->icc_size = length;
        }
    }
    png_unknown_chunkp unknowns = NULL;
    int count = png_get_unknown_chunks(png, info, &unknowns);
    for (int i = 0; i < count; i++) {
        if (memcmp(unknowns[i].name, ssc_cicp_name, 4) == 0 && unknowns[i].size == 4) {
            out->has_cicp = 1;
            memcpy(out->cicp, unknowns[i].data, 4);
        }
        if (memcmp(unknowns[i].name, ssc_actl_name, 4) == 0) out->has_actl = 1;
    }
}

// Creates a reader over `data` with our error handlers. Returns 0, or 1 with `message` set.
static int ssc_open_reader(const uint8_t *data, size_t size, ssc_error_state *state, char *message,
                           png_structp *png, png_infop *info) {
    message[0] = 0;
    if (ssc_check_signature(data, size, message)) return 1;
    state->message = message;
    state->warning[0] = 0;
    state->icc_warning[0] = 0;
    *png = png_create_read_struct(PNG_LIBPNG_VER_STRING, state, ssc_error_fn, ssc_warning_fn);
    *info = *png ? png_create_info_struct(*png) : NULL;
    if (!*png || !*info) {
        if (*png) png_destroy_read_struct(png, NULL, NULL);
        snprintf(message, SSC_PNG_MESSAGE_SIZE, "libpng could not allocate a reader");
        return 1;
    }
    return 0;
}

int ssc_png_read_header(const uint8_t *data, size_t size, uint32_t max_width, uint32_t max_height,
                        ssc_png_header *out, char message[SSC_PNG_MESSAGE_SIZE]) {
    memset(out, 0, sizeof(*out));
    ssc_error_state state;
    png_structp png;
    png_infop info;
    if (ssc_open_reader(data, size, &state, message, &png, &info)) return 1;
    ssc_reader reader = {data, size, 0};
    if (setjmp(state.jump)) {
        png_destroy_read_struct(&png, &info, NULL);
        return 1;
    }
    png_set_user_limits(png, max_width, max_height);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, ssc_kept_unknown_names, 2);
    png_set_read_fn(png, &reader, ssc_read_fn);
    png_read_info(png, info);
    ssc_fill_header(png, info, out);
    snprintf(out->icc_warning, sizeof(out->icc_warning), "%s", state.icc_warning);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

int ssc_png_validate(const uint8_t *data, size_t size, uint32_t max_width, uint32_t max_height,
                     int *all_transparent, uint32_t *ink_x, uint32_t *ink_y, char message[SSC_PNG_MESSAGE_SIZE]) {
    *all_transparent = 0;
    *ink_x = 0;
    *ink_y = 0;
    ssc_error_state state;
    png_structp png;
    png_infop info;
    if (ssc_open_reader(data, size, &state, message, &png, &info)) return 1;
    png_bytep volatile row = NULL;
    ssc_reader reader = {data, size, 0};
    if (setjmp(state.jump)) {
        free(row);
        png_destroy_read_struct(&png, &info, NULL);
        return 1;
    }
    png_set_user_limits(png, max_width, max_height);
#ifdef PNG_IGNORE_ADLER32
    // Every chunk's CRC-32 is still checked; zlib's Adler-32 over the same bytes adds nothing
    // but time.
    png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
    png_set_read_fn(png, &reader, ssc_read_fn);
    png_read_info(png, info);
    // Palette to RGB, low-depth gray to 8 bits, and tRNS to an alpha channel: transparency is
    // judged on the pixels as they are drawn.
    png_set_expand(png);
    png_read_update_info(png, info);
    uint32_t width = png_get_image_width(png, info);
    uint32_t height = png_get_image_height(png, info);
    int interlaced = png_get_interlace_type(png, info) == PNG_INTERLACE_ADAM7;
    row = (png_bytep)malloc(png_get_rowbytes(png, info));
    if (!row) png_error(png, "out of memory while checking the image data");
    int color_type = png_get_color_type(png, info);
    int has_alpha = (color_type & PNG_COLOR_MASK_ALPHA) != 0;
    size_t sample_bytes = png_get_bit_depth(png, info) == 16 ? 2 : 1;
    size_t stride = (size_t)png_get_channels(png, info) * sample_bytes;
    int any_visible = !has_alpha;
    if (!has_alpha) {
        // Opaque: every pixel has ink; the centre stands for them.
        *ink_x = width / 2;
        *ink_y = height / 2;
    }
    // Without interlace handling libpng returns each Adam7 pass's own (smaller) rows, so every
    // pixel is seen exactly once; empty passes are skipped, as libpng skips them.
    int passes = interlaced ? 7 : 1;
    for (int pass = 0; pass < passes; pass++) {
        uint32_t rows = interlaced ? PNG_PASS_ROWS(height, pass) : height;
        uint32_t cols = interlaced ? PNG_PASS_COLS(width, pass) : width;
        if (rows == 0 || cols == 0) continue;
        for (uint32_t y = 0; y < rows; y++) {
            png_read_row(png, row, NULL);
            // Rows after the first with ink cannot hold an earlier pixel (passes can).
            if (!has_alpha || (any_visible && !interlaced)) continue;
            for (uint32_t x = 0; x < cols; x++) {
                const png_byte *alpha = row + x * stride + stride - sample_bytes;
                if (!alpha[0] && !(sample_bytes == 2 && alpha[1])) continue;
                uint32_t real_x = interlaced ? PNG_COL_FROM_PASS_COL(x, pass) : x;
                uint32_t real_y = interlaced ? PNG_ROW_FROM_PASS_ROW(y, pass) : y;
                if (!any_visible || real_y < *ink_y || (real_y == *ink_y && real_x < *ink_x)) {
                    *ink_x = real_x;
                    *ink_y = real_y;
                }
                any_visible = 1;
                if (!interlaced) break;
            }
        }
    }
    *all_transparent = !any_visible;
    png_read_end(png, NULL);
    free(row);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

void ssc_buffer_free(ssc_buffer *buffer) {
    free(buffer->data);
    buffer->data = NULL;
    buffer->size = 0;
    buffer->capacity = 0;
}

// Appends `length` bytes to `buffer`, growing it; 0 when out of memory.
static int ssc_buffer_append(ssc_buffer *buffer, const uint8_t *data, size_t length) {
    if (buffer->capacity - buffer->size < length) {
        size_t capacity = buffer->capacity ? buffer->capacity : 65536;
        while (capacity - buffer->size < length) capacity *= 2;
        uint8_t *grown = (uint8_t *)realloc(buffer->data, capacity);
        if (!grown) return 0;
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->size, data, length);
    buffer->size += length;
    return 1;
}

static uint32_t ssc_be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

int ssc_png_copy_drawn_chunks(const uint8_t *data, size_t size, ssc_buffer *out, char message[SSC_PNG_MESSAGE_SIZE]) {
    static const char *const drawn[] = {"IHDR", "PLTE", "tRNS", "sRGB", "IDAT", "IEND"};
    memset(out, 0, sizeof(*out));
    message[0] = 0;
    if (ssc_check_signature(data, size, message)) return 1;
    if (!ssc_buffer_append(out, data, 8)) goto memory;
    for (size_t offset = 8;;) {
        if (size - offset < 12) {
            snprintf(message, SSC_PNG_MESSAGE_SIZE, "a chunk at byte %zu runs past the end of the file (no IEND chunk)", offset);
            ssc_buffer_free(out);
            return 1;
        }
        uint32_t length = ssc_be32(data + offset);
        const uint8_t *type = data + offset + 4;
        if (length > 0x7FFFFFFFu || size - offset - 12 < length) {
            snprintf(message, SSC_PNG_MESSAGE_SIZE, "the %.4s chunk at byte %zu runs past the end of the file", (const char *)type, offset);
            ssc_buffer_free(out);
            return 1;
        }
        size_t whole = (size_t)length + 12;
        int keep = 0;
        for (size_t i = 0; i < sizeof(drawn) / sizeof(drawn[0]); i++) keep |= memcmp(type, drawn[i], 4) == 0;
        if (keep) {
            uint32_t crc = (uint32_t)libdeflate_crc32(0, type, (size_t)length + 4);
            int critical = (type[0] & 0x20) == 0;
            if (crc != ssc_be32(data + offset + 8 + length)) {
                if (critical) {
                    snprintf(message, SSC_PNG_MESSAGE_SIZE, "the %.4s chunk at byte %zu has a CRC-32 that does not match its bytes", (const char *)type, offset);
                    ssc_buffer_free(out);
                    return 1;
                }
            } else if (!ssc_buffer_append(out, data + offset, whole)) {
                goto memory;
            }
        }
        if (memcmp(type, "IEND", 4) == 0) return 0;
        offset += whole;
    }
memory:
    snprintf(message, SSC_PNG_MESSAGE_SIZE, "out of memory while copying the chunks");
    ssc_buffer_free(out);
    return 1;
}

int ssc_png_insert_chunk(const uint8_t *data, size_t size, const char *type, const uint8_t *payload, size_t payload_size,
                         const char *before, ssc_buffer *out, char message[SSC_PNG_MESSAGE_SIZE]) {
    memset(out, 0, sizeof(*out));
    message[0] = 0;
    if (ssc_check_signature(data, size, message)) return 1;
    size_t offset = 8;
    while (size - offset >= 12 && memcmp(data + offset + 4, before, 4) != 0 && (size_t)ssc_be32(data + offset) <= size - offset - 12) {
        offset += (size_t)ssc_be32(data + offset) + 12;
    }
    if (size - offset < 12 || memcmp(data + offset + 4, before, 4) != 0 || payload_size > 0x7FFFFFFFu) {
        snprintf(message, SSC_PNG_MESSAGE_SIZE, "no %.4s chunk to insert before", before);
        return 1;
    }
    uint8_t head[8] = {(uint8_t)(payload_size >> 24), (uint8_t)(payload_size >> 16), (uint8_t)(payload_size >> 8), (uint8_t)payload_size};
    memcpy(head + 4, type, 4);
    uint32_t crc = (uint32_t)libdeflate_crc32(libdeflate_crc32(0, type, 4), payload, payload_size);
    uint8_t tail[4] = {(uint8_t)(crc >> 24), (uint8_t)(crc >> 16), (uint8_t)(crc >> 8), (uint8_t)crc};
    if (!ssc_buffer_append(out, data, offset) || !ssc_buffer_append(out, head, 8) || !ssc_buffer_append(out, payload, payload_size)
        || !ssc_buffer_append(out, tail, 4) || !ssc_buffer_append(out, data + offset, size - offset)) {
        snprintf(message, SSC_PNG_MESSAGE_SIZE, "out of memory");
        ssc_buffer_free(out);
        return 1;
    }
    return 0;
}

static void ssc_write_fn(png_structp png, png_bytep data, size_t length) {
    ssc_buffer *buffer = (ssc_buffer *)png_get_io_ptr(png);
    if (buffer->capacity - buffer->size < length) {
        size_t capacity = buffer->capacity ? buffer->capacity : 65536;
        while (capacity - buffer->size < length) capacity *= 2;
        uint8_t *grown = (uint8_t *)realloc(buffer->data, capacity);
        if (!grown) png_error(png, "out of memory while encoding");
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->size, data, length);
    buffer->size += length;
}

static void ssc_flush_fn(png_structp png) { (void)png; }

// Creates a writer into `out` with our error handlers. Returns 0, or 1 with `message` set.
static int ssc_open_writer(ssc_buffer *out, ssc_error_state *state, char *message, png_structp *png, png_infop *info) {
    message[0] = 0;
    memset(out, 0, sizeof(*out));
    state->message = message;
    state->warning[0] = 0;
    *png = png_create_write_struct(PNG_LIBPNG_VER_STRING, state, ssc_error_fn, ssc_warning_fn);
    *info = *png ? png_create_info_struct(*png) : NULL;
    if (!*png || !*info) {
        if (*png) png_destroy_write_struct(png, NULL);
        snprintf(message, SSC_PNG_MESSAGE_SIZE, "libpng could not allocate a writer");
        return 1;
    }
    return 0;
}

// Writes the signature and every chunk before the image data of an 8-bit RGB output: IHDR,
// sRGB with its gAMA and cHRM fallbacks, and the text chunks. `*chunks` is malloc'd for
// libpng and freed by the caller (also after a longjmp).
static void ssc_write_rgb_header(png_structp png, png_infop info, uint32_t width, uint32_t height,
                                 const ssc_png_text *texts, int text_count, png_textp *chunks) {
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_sRGB_gAMA_and_cHRM(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    if (text_count > 0) {
        *chunks = (png_textp)calloc((size_t)text_count, sizeof(png_text));
        if (!*chunks) png_error(png, "out of memory while encoding");
        for (int i = 0; i < text_count; i++) {
            png_textp chunk = *chunks + i;
            chunk->key = (png_charp)texts[i].key;
            chunk->text = (png_charp)texts[i].text;
            chunk->text_length = strlen(texts[i].text);
            if (texts[i].international) {
                chunk->compression = PNG_ITXT_COMPRESSION_NONE;
                chunk->lang = (png_charp)(texts[i].language ? texts[i].language : "");
                chunk->lang_key = (png_charp)"";
                chunk->itxt_length = chunk->text_length;
                chunk->text_length = 0;
            } else {
                chunk->compression = PNG_TEXT_COMPRESSION_NONE;
            }
        }
        png_set_text(png, info, *chunks, text_count);
    }
    png_write_info(png, info);
}

// IDAT chunks of at most this many bytes (any size up to 2^31-1 is valid; 64 KiB costs 12
// bytes of chunk framing per 64 KiB).
enum { SSC_IDAT_CHUNK = 65536 };

// The one RGB encoder: IHDR, sRGB and the text chunks are written by ssc_write_rgb_header for
// both ways of making the image data. With `zlib_level` < 0 the rows are filtered and deflated
// here (libdeflate at `deflate_level`) and framed as IDAT chunks by libpng, which writes the
// length and CRC-32; libpng's own row writer only knows zlib. With `zlib_level` >= 0 libpng
// filters and deflates them itself: the reference `make bench` and the tests measure against.
static int ssc_png_encode_xrgb32_with(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                                      const ssc_png_text *texts, int text_count, int deflate_level, int zlib_level,
                                      ssc_row_sink sink, void *sink_context, ssc_buffer *out, char message[SSC_PNG_MESSAGE_SIZE]) {
    ssc_error_state state;
    png_structp png;
    png_infop info;
    if (ssc_open_writer(out, &state, message, &png, &info)) return 1;
    png_textp volatile chunks = NULL;
    if (setjmp(state.jump)) {
        png_destroy_write_struct(&png, &info);
        free(chunks);
        ssc_buffer_free(out);
        return 1;
    }
    png_set_write_fn(png, out, ssc_write_fn, ssc_flush_fn);
    if (zlib_level >= 0) png_set_compression_level(png, zlib_level);
    ssc_write_rgb_header(png, info, width, height, texts, text_count, (png_textp *)&chunks);
    if (zlib_level >= 0) {
        // cairo's RGB24 keeps each pixel in a native-endian 32-bit word, the top byte unused.
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        png_set_bgr(png);
        png_set_filler(png, 0, PNG_FILLER_AFTER);
#else
        png_set_filler(png, 0, PNG_FILLER_BEFORE);
#endif
        for (uint32_t y = 0; y < height; y++) {
            png_write_row(png, (png_const_bytep)(pixels + (size_t)y * stride));
        }
        png_write_end(png, info);
        png_destroy_write_struct(&png, &info);
        free(chunks);
        return 0;
    }
    size_t filtered_size = 0;
    const uint8_t *filtered = ssc_idat_filter_xrgb32(pixels, width, height, stride, sink, sink_context, &filtered_size);
    if (!filtered) png_error(png, "out of memory while filtering the image data");
    size_t compressed_size = 0;
    const uint8_t *compressed = ssc_idat_deflate(filtered, filtered_size, deflate_level, &compressed_size);
    if (!compressed) png_error(png, "libdeflate could not compress the image data (out of memory or bad level)");
    for (size_t offset = 0; offset < compressed_size; offset += SSC_IDAT_CHUNK) {
        size_t length = compressed_size - offset < SSC_IDAT_CHUNK ? compressed_size - offset : SSC_IDAT_CHUNK;
        png_write_chunk(png, (png_const_bytep) "IDAT", compressed + offset, length);
    }
    // png_write_end refuses to run when libpng did not write the IDAT itself; every chunk it
    // would write after the image data (text, tIME) went out before it, so only IEND is left.
    png_write_chunk(png, (png_const_bytep) "IEND", NULL, 0);
    png_destroy_write_struct(&png, &info);
    free(chunks);
    return 0;
}

int ssc_png_encode_xrgb32(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                          const ssc_png_text *texts, int text_count, int deflate_level,
                          ssc_row_sink sink, void *sink_context, ssc_buffer *out, char message[SSC_PNG_MESSAGE_SIZE]) {
    return ssc_png_encode_xrgb32_with(pixels, width, height, stride, texts, text_count, deflate_level, -1, sink, sink_context, out, message);
}

int ssc_png_encode_xrgb32_zlib(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                               const ssc_png_text *texts, int text_count, int zlib_level,
                               ssc_buffer *out, char message[SSC_PNG_MESSAGE_SIZE]) {
    return ssc_png_encode_xrgb32_with(pixels, width, height, stride, texts, text_count, 0, zlib_level < 0 ? 0 : zlib_level, NULL, NULL, out, message);
}

int ssc_png_encode_rgba8(const uint8_t *rgba, uint32_t width, uint32_t height, const uint8_t *icc, size_t icc_size,
                         int srgb, ssc_buffer *out, char message[SSC_PNG_MESSAGE_SIZE]) {
    ssc_error_state state;
    png_structp png;
    png_infop info;
    if (ssc_open_writer(out, &state, message, &png, &info)) return 1;
    if (setjmp(state.jump)) {
        png_destroy_write_struct(&png, &info);
        ssc_buffer_free(out);
        return 1;
    }
    png_set_write_fn(png, out, ssc_write_fn, ssc_flush_fn);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (icc && icc_size) {
        png_set_iCCP(png, info, "ICC profile", PNG_COMPRESSION_TYPE_BASE, (png_const_bytep)icc, (png_uint_32)icc_size);
    } else if (srgb) {
        png_set_sRGB_gAMA_and_cHRM(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    }
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(rgba + (size_t)y * width * 4));
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return 0;
}

int ssc_png_encode_flavour(const uint8_t *rgba, uint32_t width, uint32_t height, int color_type, int bit_depth,
                           int interlace, int trns, ssc_buffer *out, char message[SSC_PNG_MESSAGE_SIZE]) {
    ssc_error_state state;
    png_structp png;
    png_infop info;
    if (ssc_open_writer(out, &state, message, &png, &info)) return 1;
    png_bytep volatile pixels = NULL;
    png_bytepp volatile rows = NULL;
    if (setjmp(state.jump)) {
        free(pixels);
        free(rows);
        png_destroy_write_struct(&png, &info);
        ssc_buffer_free(out);
        return 1;
    }
    png_set_write_fn(png, out, ssc_write_fn, ssc_flush_fn);
    png_set_IHDR(png, info, width, height, bit_depth, color_type, interlace ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    int channels = color_type == 0 ? 1 : color_type == 2 ? 3 : color_type == 3 ? 1 : color_type == 4 ? 2 : 4;
    int bytes_per_sample = bit_depth == 16 ? 2 : 1;
    size_t count = (size_t)width * height;
    // Samples unpacked (one per byte, or two big-endian bytes at 16 bits); libpng packs them.
    pixels = (png_bytep)malloc(count * channels * bytes_per_sample);
    rows = (png_bytepp)malloc(sizeof(png_bytep) * height);
    if (!pixels || !rows) png_error(png, "out of memory");
    png_color palette[256];
    png_byte alphas[256];
    int colors = 0;
    int max = (1 << (bit_depth > 8 ? 8 : bit_depth)) - 1;
    for (size_t i = 0; i < count; i++) {
        const uint8_t *p = rgba + i * 4;
        png_bytep o = pixels + i * channels * bytes_per_sample;
        if (color_type == 3) {
            int index = 0;
            for (; index < colors; index++) {
                if (palette[index].red == p[0] && palette[index].green == p[1] && palette[index].blue == p[2] && alphas[index] == p[3]) break;
            }
            if (index == colors && colors < 256) {
                palette[colors].red = p[0]; palette[colors].green = p[1]; palette[colors].blue = p[2]; alphas[colors] = p[3];
                colors++;
            }
            o[0] = (png_byte)(index < colors ? index : 0);
            continue;
        }
        png_byte samples[4];
        int n = 0;
        if (color_type == 0 || color_type == 4) samples[n++] = p[1]; else { samples[n++] = p[0]; samples[n++] = p[1]; samples[n++] = p[2]; }
        if (color_type == 4 || color_type == 6) samples[n++] = p[3];
        for (int c = 0; c < n; c++) {
            if (bit_depth == 16) { o[c * 2] = samples[c]; o[c * 2 + 1] = samples[c]; }
            else o[c] = (png_byte)((samples[c] * max + 127) / 255);
        }
    }
    if (color_type == 3) {
        png_set_PLTE(png, info, palette, colors ? colors : 1);
        if (trns) png_set_tRNS(png, info, alphas, colors ? colors : 1, NULL);
    }
    png_write_info(png, info);
    if (bit_depth < 8) png_set_packing(png);
    size_t row_bytes = (size_t)width * channels * bytes_per_sample;
    for (uint32_t y = 0; y < height; y++) rows[y] = pixels + y * row_bytes;
    png_write_image(png, rows);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(pixels);
    free(rows);
    return 0;
}

int ssc_png_decode_rgba8(const uint8_t *data, size_t size, ssc_png_image *out,
                         char message[SSC_PNG_MESSAGE_SIZE]) {
    memset(out, 0, sizeof(*out));
    ssc_error_state state;
    png_structp png;
    png_infop info;
    if (ssc_open_reader(data, size, &state, message, &png, &info)) return 1;
    png_bytep *volatile rows = NULL;
    ssc_reader reader = {data, size, 0};
    if (setjmp(state.jump)) {
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        ssc_png_image_free(out);
        return 1;
    }
    png_set_read_fn(png, &reader, ssc_read_fn);
    png_read_info(png, info);
    ssc_fill_header(png, info, &out->header);
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    size_t row_bytes = (size_t)out->header.width * 4;
    out->rgba = (uint8_t *)malloc(row_bytes * out->header.height);
    rows = (png_bytepp)malloc(sizeof(png_bytep) * out->header.height);
    if (!out->rgba || !rows) png_error(png, "out of memory while decoding");
    for (uint32_t y = 0; y < out->header.height; y++) rows[y] = out->rgba + y * row_bytes;
    png_read_image(png, rows);
    png_read_end(png, info);
    out->has_time = png_get_valid(png, info, PNG_INFO_tIME) != 0;
    png_textp text = NULL;
    int count = 0;
    png_get_text(png, info, &text, &count);
    if (count > 0) {
        out->text_keys = (char **)calloc((size_t)count, sizeof(char *));
        out->text_values = (char **)calloc((size_t)count, sizeof(char *));
        if (!out->text_keys || !out->text_values) png_error(png, "out of memory while decoding");
        out->text_count = count;
        for (int i = 0; i < count; i++) {
            out->text_keys[i] = strdup(text[i].key);
            out->text_values[i] = strdup(text[i].text ? text[i].text : "");
        }
    }
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

void ssc_png_image_free(ssc_png_image *image) {
    ssc_png_header_free(&image->header);
    free(image->rgba);
    image->rgba = NULL;
    for (int i = 0; i < image->text_count; i++) {
        if (image->text_keys) free(image->text_keys[i]);
        if (image->text_values) free(image->text_values[i]);
    }
    free(image->text_keys);
    free(image->text_values);
    image->text_keys = NULL;
    image->text_values = NULL;
    image->text_count = 0;
}

const char *ssc_png_library_version(void) { return png_get_libpng_ver(NULL); }
