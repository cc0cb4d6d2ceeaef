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
// `scratch` (4 * n bytes). Used where the AVX2 path below is not.
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

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#define SSC_AVX2 __attribute__((target("avx2")))

// The same choice and bytes as ssc_filter_row, on cairo's xRGB words as they are: a channel's
// left neighbour is 4 bytes back there as it is 3 bytes back in packed RGB, so each filtered
// byte is the same. One pass sums the five filters' costs (SAD, the unused byte masked out),
// a second packs the chosen filter's row (and the unfiltered row for the sink). About 3.5x
// the autovectorized ssc_filter_row and its packing (a 1206×2622 canvas: 2.4 ms against 8.5).
SSC_AVX2 static inline __m256i ssc_absdiff(__m256i x, __m256i y) { return _mm256_or_si256(_mm256_subs_epu8(x, y), _mm256_subs_epu8(y, x)); }
SSC_AVX2 static inline __m256i ssc_le(__m256i x, __m256i y) { return _mm256_cmpeq_epi8(_mm256_min_epu8(x, y), x); }

// Filter `f` of pixels x with left a, above b and above-left c, per byte.
SSC_AVX2 static inline __m256i ssc_filtered(int f, __m256i x, __m256i a, __m256i b, __m256i c) {
    switch (f) {
    case 0: return x;
    case 1: return _mm256_sub_epi8(x, a);
    case 2: return _mm256_sub_epi8(x, b);
    case 3: return _mm256_sub_epi8(x, _mm256_sub_epi8(_mm256_avg_epu8(a, b), _mm256_and_si256(_mm256_xor_si256(a, b), _mm256_set1_epi8(1))));
    default: {
        // Paeth in bytes: pa = |b - c|, pb = |a - c|, pc = |(a - c) + (b - c)|, which is pa + pb
        // (saturated: it is then compared only with values up to 255) when a - c and b - c have
        // the same sign, else |pa - pb|.
        __m256i pa = ssc_absdiff(b, c), pb = ssc_absdiff(a, c), zero = _mm256_setzero_si256();
        __m256i same = _mm256_cmpeq_epi8(_mm256_cmpeq_epi8(_mm256_subs_epu8(c, b), zero), _mm256_cmpeq_epi8(_mm256_subs_epu8(c, a), zero));
        __m256i pc = _mm256_blendv_epi8(ssc_absdiff(pa, pb), _mm256_adds_epu8(pa, pb), same);
        __m256i predictor = _mm256_blendv_epi8(c, b, ssc_le(pb, pc));
        predictor = _mm256_blendv_epi8(predictor, a, _mm256_and_si256(ssc_le(pa, pb), ssc_le(pa, pc)));
        return _mm256_sub_epi8(x, predictor);
    }
    }
}

// Pixels [x, x + 8) of `row` into *here and the pixels one to their left into *left; lanes at
// or past `width` and the left of pixel 0 are zero. Returns the mask of the lanes in the row.
SSC_AVX2 static inline __m256i ssc_load(const uint8_t *row, uint32_t x, uint32_t width, __m256i *here, __m256i *left) {
    __m256i valid = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(width - x < 8 ? width - x : 8)), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    const int *p = (const int *)(row + (size_t)x * 4);
    *here = width - x >= 8 ? _mm256_loadu_si256((const __m256i *)p) : _mm256_maskload_epi32(p, valid);
    if (x == 0) {
        *left = _mm256_blend_epi32(_mm256_permutevar8x32_epi32(*here, _mm256_setr_epi32(0, 0, 1, 2, 3, 4, 5, 6)), _mm256_setzero_si256(), 1);
    } else {
        *left = width - x >= 8 ? _mm256_loadu_si256((const __m256i *)(p - 1)) : _mm256_maskload_epi32(p - 1, valid);
    }
    return valid;
}

// Packs 8 xRGB words as 24 RGB bytes at `out`, storing 28 (the 4 after them are overwritten
// by the next pixels or lie in the buffers' slack).
SSC_AVX2 static inline void ssc_pack(__m256i v, uint8_t *out) {
    const __m256i order = _mm256_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1,
                                           2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
    __m256i packed = _mm256_shuffle_epi8(v, order);
    _mm_storeu_si128((__m128i *)out, _mm256_castsi256_si128(packed));
    _mm_storeu_si128((__m128i *)(out + 12), _mm256_extracti128_si256(packed, 1));
}

// One row of xRGB words `cur` (row above `prev`) filtered into out[0] and out[1...3 * width];
// `rgb` (when not NULL) gets the row packed unfiltered. Both need 32 bytes of slack.
SSC_AVX2 static void ssc_filter_row_avx2(const uint8_t *cur, const uint8_t *prev, uint32_t width, uint8_t *out, uint8_t *rgb) {
    const __m256i channels = _mm256_set1_epi32(0x00FFFFFF), zero = _mm256_setzero_si256();
    __m256i sums[5] = {zero, zero, zero, zero, zero};
    for (uint32_t x = 0; x < width; x += 8) {
        __m256i here, left, up, upLeft;
        __m256i mask = _mm256_and_si256(channels, ssc_load(cur, x, width, &here, &left));
        ssc_load(prev, x, width, &up, &upLeft);
        for (int f = 0; f < 5; f++) {
            // A byte read as signed, its absolute value: min(v, -v) unsigned.
            __m256i v = ssc_filtered(f, here, left, up, upLeft);
            sums[f] = _mm256_add_epi64(sums[f], _mm256_sad_epu8(_mm256_and_si256(_mm256_min_epu8(v, _mm256_sub_epi8(zero, v)), mask), zero));
        }
    }
    int best = 0;
    uint64_t costs[5];
    for (int f = 0; f < 5; f++) {
        __m128i sum = _mm_add_epi64(_mm256_castsi256_si128(sums[f]), _mm256_extracti128_si256(sums[f], 1));
        costs[f] = (uint64_t)_mm_cvtsi128_si64(sum) + (uint64_t)_mm_extract_epi64(sum, 1);
        if (costs[f] < costs[best]) best = f;
    }
    out[0] = (uint8_t)best;
    for (uint32_t x = 0; x < width; x += 8) {
        __m256i here, left, up, upLeft;
        ssc_load(cur, x, width, &here, &left);
        ssc_load(prev, x, width, &up, &upLeft);
        ssc_pack(ssc_filtered(best, here, left, up, upLeft), out + 1 + (size_t)x * 3);
        if (rgb) ssc_pack(here, rgb + (size_t)x * 3);
    }
}
#endif

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
    // Two packed rows (this one and the one above) and the four candidate rows; the AVX2 path
    // uses a row of zeros (the first row's above) and a packed row, with slack.
    uint8_t *rows = ssc_reserve(&scratch->rows, &scratch->rows_capacity, 6 * n + 64);
    uint8_t *filtered = ssc_reserve(&scratch->filtered, &scratch->filtered_capacity, *filtered_size + 32);
    if (!rows || !filtered) return NULL;
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
    if (__builtin_cpu_supports("avx2")) {
        uint8_t *zeros = rows, *rgb = rows + 4 * (size_t)width + 32;
        memset(zeros, 0, 4 * (size_t)width);
        for (uint32_t y = 0; y < height; y++) {
            const uint8_t *line = pixels + (size_t)y * stride;
            ssc_filter_row_avx2(line, y ? line - stride : zeros, width, filtered + (size_t)y * (n + 1), sink ? rgb : NULL);
            if (sink) sink(sink_context, rgb, n);
        }
        return filtered;
    }
#endif
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
