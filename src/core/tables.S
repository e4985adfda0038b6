/* Embeds the evaluator tables generated at build time by tools/gen_tables.c (build/gen/).
   suit_table.bin: 5^9 entries of 8 bytes (15,625,000 bytes); honor_table.bin: 5^7 entries. */
    .section .rodata
    .balign 64
    .globl jong_suit_table
jong_suit_table:
    .incbin "suit_table.bin"
    .balign 64
    .globl jong_honor_table
jong_honor_table:
    .incbin "honor_table.bin"
    .section .note.GNU-stack,"",%progbits
