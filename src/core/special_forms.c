/* Seven pairs and thirteen orphans, and the three forms together (special_forms_impl.h, at the
 * level the CPU runs: cpu.h). */
#include "jong/eval.h"

#include "cpu.h"
#include "eval_levels.h"

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
    JONG_DISPATCH_VOID(jong_shanten_all, (counts, sets, out));
}
