/* The version of the library linked at run time (jong/version.h). */
#include "jong/version.h"

const char *jong_version(void) { return JONG_VERSION; }
