/* Fu of a standard reading, part by part (../shared/rules/riichi.md): 20 base; +10 for ron with a
 * closed hand; +2 for tsumo except with pinfu; +2 for a pair of dragons, of the seat wind, of the
 * round wind (a double wind pair has both); each pon 2 (simples) or 4 (terminals and honors),
 * doubled when concealed (a pon completed by ron is not), a kan four times its pon; +2 for a
 * kanchan, penchan or tanki wait; an open hand won by ron with nothing more is raised to 30;
 * the total is rounded up to 10. Pinfu tsumo stays at 20. Seven pairs are 25 (riichi_yaku.c). */
#include "riichi_internal.h"

static void part(jong_riichi_result *r, int id, int tile, int fu)
{
    if (r->nfu < JONG_RIICHI_MAX_FU) {
        jong_riichi_fu_entry *e = &r->fu_parts[r->nfu++];
        e->part = (uint8_t)id;
        e->tile = (uint8_t)tile;
        e->fu = (int16_t)fu;
    }
    r->fu_raw += fu;
}

void riichi_fu_standard(const riichi_facts *f, const riichi_reading *rd, bool pinfu, jong_riichi_result *r)
{
    r->nfu = 0;
    r->fu_raw = 0;
    part(r, JONG_FU_BASE, JONG_NO_TILE, 20);
    if (f->closed && !f->tsumo)
        part(r, JONG_FU_MENZEN_RON, JONG_NO_TILE, 10);
    if (f->tsumo && !pinfu)
        part(r, JONG_FU_TSUMO, JONG_NO_TILE, 2);
    int p = rd->pair;
    if (p >= JONG_P)
        part(r, JONG_FU_PAIR_DRAGON, p, 2);
    if (p == f->seat_kind)
        part(r, JONG_FU_PAIR_SEAT_WIND, p, 2);
    if (p == f->round_kind)
        part(r, JONG_FU_PAIR_ROUND_WIND, p, 2);
    for (int i = 0; i < RIICHI_SETS; i++) {
        if (rd->type[i] == RS_CHOW)
            continue;
        int t = rd->tile[i], fu = jong_kind_is_yaochu(t) ? 4 : 2;
        bool open = rd->open[i];
        if (!open)
            fu *= 2;
        if (rd->type[i] == RS_KAN) {
            part(r, open ? JONG_FU_OPEN_KAN : JONG_FU_CLOSED_KAN, t, fu * 4);
        } else {
            part(r, open ? JONG_FU_OPEN_PON : JONG_FU_CLOSED_PON, t, fu);
        }
    }
    if (rd->wait == JONG_WAIT_KANCHAN)
        part(r, JONG_FU_KANCHAN, f->win, 2);
    else if (rd->wait == JONG_WAIT_PENCHAN)
        part(r, JONG_FU_PENCHAN, f->win, 2);
    else if (rd->wait == JONG_WAIT_TANKI)
        part(r, JONG_FU_TANKI, f->win, 2);
    if (!f->closed && r->fu_raw == 20)
        part(r, JONG_FU_OPEN_PINFU, JONG_NO_TILE, 10);
    r->fu = (r->fu_raw + 9) / 10 * 10;
}
