/* The page of `jong web` (web/index.html, web/app.js, web/style.css), embedded into the
 * program at build time by web_assets.S. */
#ifndef JONG_WEB_ASSETS_H
#define JONG_WEB_ASSETS_H

extern const char web_index_html[], web_index_html_end[];
extern const char web_app_js[], web_app_js_end[];
extern const char web_style_css[], web_style_css_end[];

#endif
