#include <libxml/xmlversion.h>
/* Debian's libxml2 is built with ICU, so encoding.h would include ICU's headers, which clash with
   Foundation's own ICU module in Swift. Only pointers to the encoding handler (the one struct that
   differs) are used here, never the handler itself. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/entities.h>
#include <libxml/SAX2.h>
