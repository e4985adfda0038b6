/* Embeds the guard player's shipped models (models/guard.jlm, made by `jong train guard`; see
   docs/players.md), with its end. */
    .section .rodata
    .balign 8
    .globl jong_guard_model_data, jong_guard_model_end
jong_guard_model_data:
    .incbin "models/guard.jlm"
jong_guard_model_end:
    .section .note.GNU-stack,"",%progbits
