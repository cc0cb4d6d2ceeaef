#include "ssc_idat.h"
#include "ssc_png.h"

#include <libdeflate.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// A filtered byte's cost in libpng's heuristic: the byte read as signed, its absolute value.
static inline unsigned ssc_cost(uint8_t v) { return v < 128 ? v : 256u - v; }

// The Paeth predictor without branches, so the compiler can vectorize the row loop.
static inline int ssc_paeth(int a, int b, int c) {
    int p = b - c, q = a - c, r = p + q;
    int pa = p < 0 ? -p : p, pb = q < 0 ? -q : q, pc = r < 0 ? -r : r;
    int bc = pb <= pc ? b : c;
    return (pa <= pb && pa <= pc) ? a : bc;
}

// Filters one packed RGB row (`n` bytes, 3 per pixel) against the row above (zeros for the
// first row) into out[0] (filter type) and out[1...n]. The four candidate rows go to
// `scratch` (4 * n bytes). The loops have no carried dependency (filters read unfiltered
// bytes), so they vectorize; on x86-64 an AVX2 clone is chosen at load time when the CPU has
// it (about 3x faster than SSE2 here), the same bytes either way.
#if defined(__x86_64__) && defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
static void ssc_filter_row(const uint8_t *restrict cur, const uint8_t *restrict prev, size_t n,
                           uint8_t *restrict scratch, uint8_t *restrict out) {
    enum { bpp = 3 };
    uint8_t *restrict sub = scratch, *restrict up = scratch + n, *restrict avg = scratch + 2 * n,
                      *restrict paeth = scratch + 3 * n;
    for (size_t i = 0; i < bpp && i < n; i++) {
        // No pixel to the left: a = c = 0.
        sub[i] = cur[i];
        up[i] = (uint8_t)(cur[i] - prev[i]);
        avg[i] = (uint8_t)(cur[i] - (prev[i] >> 1));
        paeth[i] = (uint8_t)(cur[i] - prev[i]);
    }
    for (size_t i = bpp; i < n; i++) {
        int a = cur[i - bpp], b = prev[i], c = prev[i - bpp], x = cur[i];
        sub[i] = (uint8_t)(x - a);
        up[i] = (uint8_t)(x - b);
        avg[i] = (uint8_t)(x - ((a + b) >> 1));
        paeth[i] = (uint8_t)(x - ssc_paeth(a, b, c));
    }
    size_t costs[5] = {0, 0, 0, 0, 0};
    for (size_t i = 0; i < n; i++) {
        costs[0] += ssc_cost(cur[i]);
        costs[1] += ssc_cost(sub[i]);
        costs[2] += ssc_cost(up[i]);
        costs[3] += ssc_cost(avg[i]);
        costs[4] += ssc_cost(paeth[i]);
    }
    const uint8_t *rows[5] = {cur, sub, up, avg, paeth};
    int best = 0;
    for (int f = 1; f < 5; f++) {
        if (costs[f] < costs[best]) best = f;
    }
    out[0] = (uint8_t)best;
    memcpy(out + 1, rows[best], n);
}

// Each drawing thread keeps its encoder's buffers and compressor from one output to the next:
// a fresh 1206×2622 output's filtered rows and compressed stream are some 16 MB, whose pages
// the kernel cleared again for every output (several per cent of a render's CPU).
typedef struct {
    uint8_t *rows;
    size_t rows_capacity;
    uint8_t *filtered;
    size_t filtered_capacity;
    uint8_t *compressed;
    size_t compressed_capacity;
    struct libdeflate_compressor *compressor;
    int level;
} ssc_idat_scratch;

static pthread_key_t ssc_scratch_key;
static pthread_once_t ssc_scratch_once = PTHREAD_ONCE_INIT;

static void ssc_scratch_free(void *pointer) {
    ssc_idat_scratch *scratch = (ssc_idat_scratch *)pointer;
    free(scratch->rows);
    free(scratch->filtered);
    free(scratch->compressed);
    if (scratch->compressor) libdeflate_free_compressor(scratch->compressor);
    free(scratch);
}

static void ssc_scratch_make_key(void) { pthread_key_create(&ssc_scratch_key, ssc_scratch_free); }

static ssc_idat_scratch *ssc_scratch(void) {
    pthread_once(&ssc_scratch_once, ssc_scratch_make_key);
    ssc_idat_scratch *scratch = (ssc_idat_scratch *)pthread_getspecific(ssc_scratch_key);
    if (!scratch) {
        scratch = (ssc_idat_scratch *)calloc(1, sizeof(ssc_idat_scratch));
        if (scratch && pthread_setspecific(ssc_scratch_key, scratch) != 0) {
            free(scratch);
            scratch = NULL;
        }
    }
    return scratch;
}

// `*buffer` with room for `size` bytes: kept when large enough, else replaced (contents lost).
static uint8_t *ssc_reserve(uint8_t **buffer, size_t *capacity, size_t size) {
    if (!size) size = 1;
    if (*capacity < size) {
        free(*buffer);
        *buffer = (uint8_t *)malloc(size);
        *capacity = *buffer ? size : 0;
    }
    return *buffer;
}

uint8_t *ssc_idat_filter_xrgb32(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                                ssc_row_sink sink, void *sink_context, size_t *filtered_size) {
    ssc_idat_scratch *scratch = ssc_scratch();
    if (!scratch) return NULL;
    size_t n = (size_t)width * 3;
    *filtered_size = (size_t)height * (n + 1);
    // Two packed rows (this one and the one above) and the four candidate rows.
    uint8_t *rows = ssc_reserve(&scratch->rows, &scratch->rows_capacity, 6 * n);
    uint8_t *filtered = ssc_reserve(&scratch->filtered, &scratch->filtered_capacity, *filtered_size);
    if (!rows || !filtered) return NULL;
    uint8_t *cur = rows, *prev = rows + n, *scratch_rows = rows + 2 * n;
    // The first row's Up, Average and Paeth read a row of zeros above it.
    memset(prev, 0, n);
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *line = pixels + (size_t)y * stride;
        for (uint32_t x = 0; x < width; x++) {
            // cairo's RGB24: one native-endian 32-bit word per pixel, the top byte unused.
            uint32_t word;
            memcpy(&word, line + (size_t)x * 4, 4);
            cur[x * 3] = (uint8_t)(word >> 16);
            cur[x * 3 + 1] = (uint8_t)(word >> 8);
            cur[x * 3 + 2] = (uint8_t)word;
        }
        if (sink) sink(sink_context, cur, n);
        ssc_filter_row(cur, prev, n, scratch_rows, filtered + (size_t)y * (n + 1));
        uint8_t *swap = prev;
        prev = cur;
        cur = swap;
    }
    return filtered;
}

uint8_t *ssc_idat_deflate(const uint8_t *data, size_t size, int level, size_t *out_size) {
    *out_size = 0;
    ssc_idat_scratch *scratch = ssc_scratch();
    if (!scratch) return NULL;
    if (!scratch->compressor || scratch->level != level) {
        if (scratch->compressor) libdeflate_free_compressor(scratch->compressor);
        scratch->compressor = libdeflate_alloc_compressor(level);
        scratch->level = level;
        if (!scratch->compressor) return NULL;
    }
    size_t bound = libdeflate_zlib_compress_bound(scratch->compressor, size);
    uint8_t *buffer = ssc_reserve(&scratch->compressed, &scratch->compressed_capacity, bound);
    if (!buffer) return NULL;
    // The bound is libdeflate's worst case, so 0 (did not fit) cannot happen; checked anyway.
    size_t written = libdeflate_zlib_compress(scratch->compressor, data, size, buffer, bound);
    if (written == 0) return NULL;
    *out_size = written;
    return buffer;
}

int ssc_png_inflate_image_data(const uint8_t *data, size_t size, uint8_t *out, size_t out_size) {
    // Chunks after the 8-byte signature: length (big-endian), type, data, CRC-32.
    uint8_t *stream = (uint8_t *)malloc(size ? size : 1);
    if (!stream) return 1;
    size_t stream_size = 0;
    for (size_t offset = 8; offset + 12 <= size;) {
        const uint8_t *p = data + offset;
        size_t length = ((size_t)p[0] << 24) | ((size_t)p[1] << 16) | ((size_t)p[2] << 8) | p[3];
        if (length > size - offset - 12) break;
        if (memcmp(p + 4, "IDAT", 4) == 0) {
            memcpy(stream + stream_size, p + 8, length);
            stream_size += length;
        }
        offset += 12 + length;
    }
    struct libdeflate_decompressor *decompressor = libdeflate_alloc_decompressor();
    enum libdeflate_result result = LIBDEFLATE_BAD_DATA;
    if (decompressor) {
        // NULL actual size: the stream must fill `out` exactly.
        result = libdeflate_zlib_decompress(decompressor, stream, stream_size, out, out_size, NULL);
        libdeflate_free_decompressor(decompressor);
    }
    free(stream);
    return result == LIBDEFLATE_SUCCESS ? 0 : 1;
}

const char *ssc_deflate_library_version(void) { return LIBDEFLATE_VERSION_STRING; }
