/* The library's version: the string every record and results file carries, and the numbers a
 * program can test at compile time. jong_version() gives the version of the library linked at run
 * time (a shared libjong.so may be newer than the headers a program was built with). The shared
 * library's soname carries JONG_VERSION_MAJOR (Makefile). */
#ifndef JONG_VERSION_H
#define JONG_VERSION_H

#define JONG_VERSION_MAJOR 0
#define JONG_VERSION_MINOR 2
#define JONG_VERSION_PATCH 0
#define JONG_VERSION "0.2.0"
/* e.g. #if JONG_VERSION_NUMBER >= 200 (major * 10000 + minor * 100 + patch) */
#define JONG_VERSION_NUMBER (JONG_VERSION_MAJOR * 10000 + JONG_VERSION_MINOR * 100 + JONG_VERSION_PATCH)

const char *jong_version(void);

#endif
