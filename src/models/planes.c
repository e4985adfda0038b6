/* The fixed action space's ids, the mask and the feature planes, all from a seat's view and legal
 * actions (planes.h; docs/python.md, "The action space" and "The feature planes"). The Python
 * package's training data and the neural player's input come from here, so they cannot drift. */
#include "planes.h"

#include <string.h>

#include "jong/player.h"

/* ---- the action space ------------------------------------------------------------------------ */

int jong_action_id(const jong_action *a)
{
    bool red = a->flags & JONG_ACT_FLAG_RED;
    int kind = a->tile < JONG_KINDS ? a->tile : 0;
    switch (a->type) {
    case JONG_ACT_DISCARD: {
        bool riichi = a->flags & JONG_ACT_FLAG_RIICHI;
        if (red && jong_kind_is_five(kind))
            return (riichi ? JONG_ID_RIICHI_RED : JONG_ID_DISCARD_RED) + kind / 9;
        return (riichi ? JONG_ID_RIICHI : JONG_ID_DISCARD) + kind;
    }
    case JONG_ACT_CHI: {
        int place = kind - a->low; /* where the claimed tile sits in the chow: 0 low .. 2 high */
        return (red ? JONG_ID_CHI_RED : JONG_ID_CHI) + (place >= 0 && place < 3 ? place : 0);
    }
    case JONG_ACT_PON:
        return red ? JONG_ID_PON_RED : JONG_ID_PON;
    case JONG_ACT_KONG:
        return JONG_ID_KONG; /* one way to call it: the hand's three copies, red or not */
    case JONG_ACT_CONCEALED_KONG:
        return JONG_ID_ANKAN + kind;
    case JONG_ACT_ADDED_KONG:
        return JONG_ID_KAKAN + kind;
    case JONG_ACT_SELF_DRAW_WIN:
        return JONG_ID_TSUMO;
    case JONG_ACT_WIN:
        return JONG_ID_RON;
    case JONG_ACT_PASS:
        return JONG_ID_PASS;
    default:
        return JONG_ID_NINE_TERMINALS;
    }
}

void jong_action_mask(const jong_action *legal, int n, unsigned char *mask)
{
    memset(mask, 0, JONG_ACTION_IDS);
    for (int i = 0; i < n; i++)
        mask[jong_action_id(&legal[i])] = 1;
}

/* ---- the feature planes ---------------------------------------------------------------------- */

/* The seat `rel` places after this one (0: itself, 1: the next to play, ...). */
static int abs_seat(int seat, int rel) { return (seat + rel) % JONG_SEATS; }

static void fill_plane(float *p, float v)
{
    for (int k = 0; k < JONG_KINDS; k++)
        p[k] = v;
}

/* A discard's place i (from 0) in its river as a plane's value: (i + 1) / JONG_PLANE_RIVER_SCALE,
 * at most 1 (so 0 stays "none"). */
static float river_place(int i)
{
    return i + 1 < JONG_PLANE_RIVER_SCALE ? (float)(i + 1) / JONG_PLANE_RIVER_SCALE : 1.0f;
}

/* The planes in the order of docs/python.md's table. */
void jong_planes(const jong_view *v, const jong_ruleset *rs, int seat, float *f)
{
    bool riichi = rs->variant == JONG_VARIANT_RIICHI;
#define PLANE(i) (f + (i) * JONG_KINDS)
    memset(f, 0, sizeof(float) * JONG_PLANES * JONG_KINDS);
    for (int k = 0; k < JONG_KINDS; k++)
        for (int c = 0; c < 4; c++)
            PLANE(c)[k] = v->own.counts[k] > c;                      /* 0-3 */
    for (int s = 0; s < 3; s++)
        PLANE(4)[s * 9 + 4] = v->own.red[s];                         /* 4 */
    if (v->last_draw < JONG_KINDS)
        PLANE(5)[v->last_draw] = 1;                                  /* 5 */
    for (int rel = 0; rel < JONG_SEATS; rel++) {
        const jong_seat_view *sv = &v->seats[abs_seat(seat, rel)];
        for (int i = 0; i < sv->nmelds; i++) {                       /* 6-9 */
            const jong_meld *m = &sv->melds[i];
            if (m->tile >= JONG_KINDS)
                continue; /* another seat's face-down kong */
            if (m->type == JONG_MELD_CHOW) {
                for (int k = m->tile; k < m->tile + 3 && k < JONG_KINDS; k++)
                    PLANE(6 + rel)[k] += 0.25f;
            } else {
                PLANE(6 + rel)[m->tile] += m->type == JONG_MELD_PUNG ? 0.75f : 1.0f;
            }
        }
        for (int i = 0; i < sv->ndiscards && i < JONG_RIVER_MAX; i++) {
            int k = sv->discards[i];
            if (k >= JONG_KINDS)
                continue;
            PLANE(10 + rel)[k] += 0.25f;                             /* 10-13 */
            if (i < 64 && (sv->discard_tsumogiri >> i & 1))
                PLANE(14 + rel)[k] += 0.25f;                         /* 14-17 */
            float at = river_place(i);
            if (PLANE(40 + rel)[k] == 0)
                PLANE(40 + rel)[k] = at;                             /* 40-43 */
            PLANE(44 + rel)[k] = at;                                 /* 44-47 */
        }
        if (sv->riichi_at >= 0)
            fill_plane(PLANE(48 + rel), river_place(sv->riichi_at));  /* 48-51 */
        if (v->riichi[abs_seat(seat, rel)])
            fill_plane(PLANE(18 + rel), 1);                          /* 18-21 */
        float scale = riichi ? 100000.0f : 1000.0f;
        fill_plane(PLANE(25 + rel), (float)v->scores[abs_seat(seat, rel)] / scale); /* 25-28 */
        fill_plane(PLANE(35 + rel), (float)__builtin_popcount(sv->flowers) / 8.0f); /* 35-38 */
    }
    for (int i = 0; i < v->ndora && i < JONG_RIICHI_MAX_INDICATORS; i++) {
        int k = jong_code_kind(v->dora_markers[i]);
        if (k != JONG_NO_TILE)
            PLANE(22)[k] += 0.25f;                                   /* 22 */
    }
    if (v->round_wind >= 0 && v->round_wind < 4)
        PLANE(23)[27 + v->round_wind] = 1;                           /* 23 */
    if (v->seat_winds[seat] >= 0 && v->seat_winds[seat] < 4)
        PLANE(24)[27 + v->seat_winds[seat]] = 1;                  /* 24 */
    fill_plane(PLANE(29), (float)v->wall_left / (float)jong_ruleset_tiles(rs)); /* 29 */
    fill_plane(PLANE(30), (float)(v->turn < 100 ? v->turn : 100) / 100.0f);         /* 30 */
    fill_plane(PLANE(31), (float)v->kyotaku / 10.0f);                               /* 31 */
    fill_plane(PLANE(32), (float)v->streak / 10.0f);                                /* 32 */
    fill_plane(PLANE(33), v->dealer == seat ? 1.0f : 0.0f);                      /* 33 */
    if (v->last_discarder >= 0 && v->last_discarder != seat && v->last_discard < JONG_KINDS)
        PLANE(34)[v->last_discard] = 1;                              /* 34 */
    int unseen[JONG_KINDS];
    jong_view_unseen(v, unseen);
    for (int k = 0; k < JONG_KINDS; k++)
        PLANE(39)[k] = (float)unseen[k] / 4.0f;                      /* 39 */
#undef PLANE
}
