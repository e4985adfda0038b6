/* Embeds the shipped parameters of the kurita player (models/kurita.jlm, made by
   `jong train kurita`; see docs/experiments/kurita.md), with its end. */
    .section .rodata
    .balign 8
    .globl jong_ku_model_data, jong_ku_model_end
jong_ku_model_data:
    .incbin "models/kurita.jlm"
jong_ku_model_end:
    .section .note.GNU-stack,"",%progbits
