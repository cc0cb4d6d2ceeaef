#include "ssc_icu.h"

#include <unicode/ubrk.h>
#include <unicode/uversion.h>

/// Every boundary of one ICU break iterator over `text` (see ssc_icu.h for the convention).
static int32_t boundaries_of(UBreakIteratorType type, const uint16_t *text, int32_t length, const char *locale,
                             int32_t *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(type, locale, (const UChar *)text, length, &status);
    if (U_FAILURE(status) || iterator == NULL) return -1;
    int32_t count = 0;
    for (int32_t position = ubrk_first(iterator); position != UBRK_DONE; position = ubrk_next(iterator)) {
        if (count < capacity) out[count] = position;
        count++;
    }
    ubrk_close(iterator);
    return count;
}

int32_t ssc_icu_word_boundaries(const uint16_t *text, int32_t length, const char *locale,
                                int32_t *boundaries, int32_t capacity) {
    return boundaries_of(UBRK_WORD, text, length, locale, boundaries, capacity);
}

int32_t ssc_icu_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                            int32_t *breaks, int32_t capacity) {
    return boundaries_of(UBRK_LINE, text, length, locale, breaks, capacity);
}

const char *ssc_icu_version(void) {
    static char text[U_MAX_VERSION_STRING_LENGTH];
    UVersionInfo version;
    u_getVersion(version);
    u_versionToString(version, text);
    return text;
}
