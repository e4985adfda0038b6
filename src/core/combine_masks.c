/* Shuffle masks for the vector min-plus combination in combine.h. Lane 6 of an unpacked entry
 * always holds 15 ("impossible"), so every lane that has no source reads lane 6. */
#include <stdint.h>

#define X 6

const uint8_t jong_shift_same[6][16] = {
    {0, 1, 2, 3, 4, 5, X, X, 8, 9, 10, 11, 12, 13, X, X},
    {X, 0, 1, 2, 3, 4, X, X, X, 8, 9, 10, 11, 12, X, X},
    {X, X, 0, 1, 2, 3, X, X, X, X, 8, 9, 10, 11, X, X},
    {X, X, X, 0, 1, 2, X, X, X, X, X, 8, 9, 10, X, X},
    {X, X, X, X, 0, 1, X, X, X, X, X, X, 8, 9, X, X},
    {X, X, X, X, X, 0, X, X, X, X, X, X, X, 8, X, X},
};

const uint8_t jong_shift_cross[6][16] = {
    {X, X, X, X, X, X, X, X, 0, 1, 2, 3, 4, 5, X, X},
    {X, X, X, X, X, X, X, X, X, 0, 1, 2, 3, 4, X, X},
    {X, X, X, X, X, X, X, X, X, X, 0, 1, 2, 3, X, X},
    {X, X, X, X, X, X, X, X, X, X, X, 0, 1, 2, X, X},
    {X, X, X, X, X, X, X, X, X, X, X, X, 0, 1, X, X},
    {X, X, X, X, X, X, X, X, X, X, X, X, X, 0, X, X},
};

#define B(i) {i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i}
const uint8_t jong_bcast[16][16] = {B(0), B(1), B(2),  B(3),  B(4),  B(5),  B(6),  B(7),
                                    B(8), B(9), B(10), B(11), B(12), B(13), B(14), B(15)};

/* R[k] = Y[8 + sets - k] and R[8 + k] = Y[sets - k] for k <= sets. */
const uint8_t jong_reverse[6][16] = {
    {8, X, X, X, X, X, X, X, 0, X, X, X, X, X, X, X},
    {9, 8, X, X, X, X, X, X, 1, 0, X, X, X, X, X, X},
    {10, 9, 8, X, X, X, X, X, 2, 1, 0, X, X, X, X, X},
    {11, 10, 9, 8, X, X, X, X, 3, 2, 1, 0, X, X, X, X},
    {12, 11, 10, 9, 8, X, X, X, 4, 3, 2, 1, 0, X, X, X},
    {13, 12, 11, 10, 9, 8, X, X, 5, 4, 3, 2, 1, 0, X, X},
};
