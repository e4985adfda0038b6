/* Embeds the web page's files (web/) into the program; see web_assets.h. */
#define FILE(sym, name)      \
    .globl sym;              \
    .globl sym##_end;        \
sym:                         \
    .incbin name;            \
sym##_end:
    .section .rodata
FILE(web_index_html, "index.html")
FILE(web_app_js, "app.js")
FILE(web_dom_js, "dom.js")
FILE(web_tiles_js, "tiles.js")
FILE(web_table_js, "table.js")
FILE(web_end_js, "end.js")
FILE(web_analyze_js, "analyze.js")
FILE(web_style_css, "style.css")
    .section .note.GNU-stack,"",%progbits
