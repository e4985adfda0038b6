/* Embeds the shipped models of the mizukami and oneplayer players (the .jlm files in models/, made by
   `jong train`; see docs/experiments/mizukami.md), each with its end, so that the players work
   wherever the program runs. */
    .section .rodata
    .balign 8
    .globl jong_mz_waiting_data, jong_mz_waiting_end
jong_mz_waiting_data:
    .incbin "models/waiting.jlm"
jong_mz_waiting_end:
    .balign 8
    .globl jong_mz_wintile_data, jong_mz_wintile_end
jong_mz_wintile_data:
    .incbin "models/wintile.jlm"
jong_mz_wintile_end:
    .balign 8
    .globl jong_mz_score_data, jong_mz_score_end
jong_mz_score_data:
    .incbin "models/score.jlm"
jong_mz_score_end:
    .balign 8
    .globl jong_mz_policy_data, jong_mz_policy_end
jong_mz_policy_data:
    .incbin "models/policy.jlm"
jong_mz_policy_end:
    .balign 8
    .globl jong_mz_calls_data, jong_mz_calls_end
jong_mz_calls_data:
    .incbin "models/calls.jlm"
jong_mz_calls_end:
    .section .note.GNU-stack,"",%progbits
