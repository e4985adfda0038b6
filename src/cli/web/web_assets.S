/* Embeds the web page's files (web/) into the program; see web_assets.h. */
    .section .rodata
    .globl web_index_html
    .globl web_index_html_end
web_index_html:
    .incbin "index.html"
web_index_html_end:
    .globl web_app_js
    .globl web_app_js_end
web_app_js:
    .incbin "app.js"
web_app_js_end:
    .globl web_style_css
    .globl web_style_css_end
web_style_css:
    .incbin "style.css"
web_style_css_end:
    .section .note.GNU-stack,"",%progbits
