/* race's inference of the unseen tiles' place: the cells, the table's use, its counting. */
#include <string.h>

#include "jong/player.h"
#include "jong/rng.h"
#include "jong/rules.h"
#include "race_infer.h"
#include "race_oracle.h"

static int kind_class(int k)
{
    if (k >= JONG_NUMBER_KINDS)
        return 0;
    int r = k % 9;
    return r == 0 || r == 8 ? 1 : r == 1 || r == 7 ? 2 : 3;
}

int race_infer_cell(const jong_view *v, const int unseen[JONG_KINDS], int k)
{
    int u = unseen[k] < 1 ? 1 : unseen[k] > 4 ? 4 : unseen[k];
    /* copies the others showed: 4 less the unseen and this seat's own (concealed and melded) */
    uint8_t melded[JONG_KINDS];
    jong_hand_meld_counts(&v->own, melded);
    int shown = 4 - unseen[k] - v->own.counts[k] - melded[k];
    shown = shown < 0 ? 0 : shown > 2 ? 2 : shown;
    int stage = v->wall_left / 8;
    stage = stage < 0 ? 0 : stage >= RACE_INFER_STAGES ? RACE_INFER_STAGES - 1 : stage;
    return ((stage * RACE_INFER_SHOWN + shown) * RACE_INFER_CLASSES + kind_class(k)) * RACE_INFER_UNSEEN + u - 1;
}

void race_infer_shares(const jong_view *v, const int unseen[JONG_KINDS], double share[JONG_KINDS])
{
    for (int k = 0; k < JONG_KINDS; k++)
        share[k] = unseen[k] > 0 ? race_infer_table[race_infer_cell(v, unseen, k)] : 0;
}

static bool has_discard(const jong_action *legal, int n)
{
    for (int i = 0; i < n; i++)
        if (legal[i].type == JONG_ACT_DISCARD)
            return true;
    return false;
}

int race_infer_fit(jong_player *const players[JONG_SEATS], uint64_t seed, int first, int games,
                   race_infer_counts *out, jong_error *err)
{
    memset(out, 0, sizeof *out);
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_TAIWAN);
    int rc = JONG_OK;
    for (int gn = first; gn < first + games && !rc; gn++) {
        jong_game *g;
        if ((rc = jong_game_new(&rs, seed, gn, NULL, NULL, &g, err)))
            break;
        rc = jong_game_start_hand(g, err);
        for (uint64_t dn = 0; !rc && !jong_game_hand_over(g); dn++) {
            int s = __builtin_ctz(jong_game_pending(g));
            jong_action legal[JONG_MAX_ACTIONS];
            int n = jong_game_legal(g, s, legal);
            jong_view v;
            jong_game_view(g, s, &v);
            race_hidden h;
            int unseen[JONG_KINDS];
            if (has_discard(legal, n) && race_oracle_split(&rs, seed, &v, &h)) {
                jong_view_unseen(&v, unseen);
                for (int k = 0; k < JONG_KINDS; k++)
                    if (unseen[k] > 0) {
                        int c = race_infer_cell(&v, unseen, k);
                        out->unseen[c] += unseen[k];
                        out->drawable[c] += h.drawable[k];
                    }
            }
            jong_decision d = {.view = &v, .rules = &rs, .legal = legal, .nlegal = n,
                               .seed = jong_seed_mix(seed, (uint64_t)gn << 20 | dn)};
            int i = players[s]->ops->choose(players[s], &d);
            if (i < 0 || i >= n)
                i = 0;
            rc = jong_game_act(g, s, &legal[i], err);
        }
        jong_game_free(g);
    }
    return rc;
}

void race_infer_table_of(const race_infer_counts *c, double prior, float table[RACE_INFER_CELLS])
{
    const int per_stage = RACE_INFER_CELLS / RACE_INFER_STAGES;
    for (int st = 0; st < RACE_INFER_STAGES; st++) {
        double u = 0, d = 0;
        for (int i = st * per_stage; i < (st + 1) * per_stage; i++)
            u += c->unseen[i], d += c->drawable[i];
        double mean = u > 0 ? d / u : 0.5;
        for (int i = st * per_stage; i < (st + 1) * per_stage; i++)
            table[i] = (float)((c->drawable[i] + prior * mean) / (c->unseen[i] + prior));
    }
}
