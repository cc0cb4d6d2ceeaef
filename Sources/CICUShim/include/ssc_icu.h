#ifndef SSC_ICU_H
#define SSC_ICU_H

#include <stdint.h>

// ICU renames its C functions per version (ubrk_open_72), through macros Swift cannot
// import: this one C function keeps the calls in C.

/// Word boundaries of `text` (UTF-16, `length` code units) by ICU's dictionary-based word
/// break iterator for `locale` (e.g. "ja", "zh"). Writes up to `capacity` boundary offsets
/// (UTF-16 units, ascending, including 0 and `length`) into `boundaries`; returns how many
/// there are, or -1 when ICU fails.
int32_t ssc_icu_word_boundaries(const uint16_t *text, int32_t length, const char *locale,
                                int32_t *boundaries, int32_t capacity);

/// Line break opportunities of `text` by ICU's line break iterator for `locale`; with the
/// keyword "@lb=strict" (e.g. "ja@lb=strict") no line starts with a small kana, the prolonged
/// sound mark, an iteration mark or closing punctuation (CSS line-break: strict, after jlreq).
/// Same output convention as ssc_icu_word_boundaries.
int32_t ssc_icu_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                            int32_t *breaks, int32_t capacity);

/// ICU's version, e.g. "72.1".
const char *ssc_icu_version(void);

#endif
