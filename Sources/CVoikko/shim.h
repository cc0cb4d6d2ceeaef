#include <libvoikko/voikko.h>
