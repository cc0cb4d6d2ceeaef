#include <lcms2.h>

// lcms2's pixel-format macros are expressions Swift cannot import; name the one we use.
static const cmsUInt32Number SSC_TYPE_RGBA_8 = TYPE_RGBA_8;
