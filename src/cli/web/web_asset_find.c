/* The embedded page's files by path (see web_assets.h). */
#include <string.h>

#include "web_assets.h"

extern const char web_index_html[], web_index_html_end[];
extern const char web_app_js[], web_app_js_end[];
extern const char web_dom_js[], web_dom_js_end[];
extern const char web_tiles_js[], web_tiles_js_end[];
extern const char web_table_js[], web_table_js_end[];
extern const char web_end_js[], web_end_js_end[];
extern const char web_analyze_js[], web_analyze_js_end[];
extern const char web_style_css[], web_style_css_end[];

#define HTML "text/html; charset=utf-8"
#define JS "text/javascript; charset=utf-8"

const web_asset *web_asset_find(const char *path, web_asset *out)
{
    static const struct {
        const char *path, *type, *data, *end;
    } files[] = {
        {"/", HTML, web_index_html, web_index_html_end},
        {"/index.html", HTML, web_index_html, web_index_html_end},
        {"/app.js", JS, web_app_js, web_app_js_end},
        {"/dom.js", JS, web_dom_js, web_dom_js_end},
        {"/tiles.js", JS, web_tiles_js, web_tiles_js_end},
        {"/table.js", JS, web_table_js, web_table_js_end},
        {"/end.js", JS, web_end_js, web_end_js_end},
        {"/analyze.js", JS, web_analyze_js, web_analyze_js_end},
        {"/style.css", "text/css; charset=utf-8", web_style_css, web_style_css_end},
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        if (!strcmp(path, files[i].path)) {
            *out = (web_asset){files[i].path, files[i].type, files[i].data, (size_t)(files[i].end - files[i].data)};
            return out;
        }
    return NULL;
}
