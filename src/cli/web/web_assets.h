/* The page of `jong web` (web/: the HTML, its scripts and its style), embedded into the program
 * at build time by web_assets.S, and found by the path a browser asks for. */
#ifndef JONG_WEB_ASSETS_H
#define JONG_WEB_ASSETS_H

#include <stddef.h>

typedef struct {
    const char *path; /* "/app.js"; the page is "/" */
    const char *type; /* its Content-Type */
    const char *data;
    size_t len;
} web_asset;

/* The file served at a path, or NULL. */
const web_asset *web_asset_find(const char *path, web_asset *out);

#endif
