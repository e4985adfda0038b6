/* Seven pairs and thirteen orphans, and the three forms together. */
#include "jong/eval.h"

int jong_shanten_chiitoi(const uint8_t counts[JONG_KINDS])
{
    int pairs = 0, kinds = 0;
    for (int k = 0; k < JONG_KINDS; k++) {
        pairs += counts[k] >= 2;
        kinds += counts[k] >= 1;
    }
    /* Seven different kinds are needed: four of a kind is one pair, not two. */
    return 6 - pairs + (kinds < 7 ? 7 - kinds : 0);
}

int jong_shanten_kokushi(const uint8_t counts[JONG_KINDS])
{
    static const uint8_t orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
    int kinds = 0, pair = 0;
    for (int i = 0; i < 13; i++) {
        kinds += counts[orphans[i]] >= 1;
        pair |= counts[orphans[i]] >= 2;
    }
    return 13 - kinds - pair;
}

void jong_shanten_all(const uint8_t counts[JONG_KINDS], int sets, jong_shanten3 *out)
{
    int n = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        n += counts[k];
    out->standard = jong_shanten_standard(counts, sets);
    bool special = sets == 4 && (n == 13 || n == 14);
    out->chiitoi = special ? jong_shanten_chiitoi(counts) : JONG_UNDEFINED;
    out->kokushi = special ? jong_shanten_kokushi(counts) : JONG_UNDEFINED;
    out->best = out->standard;
    if (out->chiitoi < out->best) out->best = out->chiitoi;
    if (out->kokushi < out->best) out->best = out->kokushi;
}
