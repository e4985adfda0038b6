/* Embeds the neural player's shipped network (models/neural.jnn, made by `make model-neural`
   with tools/train_neural.py; see docs/players.md), with its end. */
    .section .rodata
    .balign 32
    .globl jong_neural_model_data, jong_neural_model_end
jong_neural_model_data:
    .incbin "models/neural.jnn"
jong_neural_model_end:
    .section .note.GNU-stack,"",%progbits
