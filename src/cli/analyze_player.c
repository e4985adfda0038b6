/* The view and decision `jong analyze --player` gives an engine's query hook (analyze_player.h). */
#include <stdio.h>
#include <string.h>

#include "analyze_player.h"
#include "cli_util.h"

static void make_view(const jong_analysis_input *in, jong_variant v, int turn, jong_view *view)
{
    memset(view, 0, sizeof *view);
    view->seat = 0;
    view->variant = v;
    view->dealer = in->dealer ? 0 : 1;
    view->round_wind = (int8_t)in->round_wind;
    for (int s = 0; s < JONG_SEATS; s++)
        view->seat_winds[s] = (int8_t)((in->seat_wind + s) % 4);
    view->own = in->hand;
    view->last_draw = JONG_NO_TILE;
    view->last_discarder = -1;
    view->last_discard = JONG_NO_TILE;
    int sets = jong_variant_sets(v);
    for (int s = 1; s < JONG_SEATS; s++)
        view->seats[s].concealed = (uint8_t)(3 * sets + 1);
    view->seats[0].concealed = (uint8_t)jong_hand_concealed_count(&in->hand);
    /* the seen tiles: turn - 1 in the seat's own river, the others dealt round the other seats' */
    int seat = turn > 1 ? 0 : 1;
    for (int k = 0; k < JONG_KINDS; k++)
        for (int c = 0; c < in->seen[k]; c++) {
            jong_seat_view *sv = &view->seats[seat];
            if (sv->ndiscards < JONG_RIVER_MAX)
                sv->discards[sv->ndiscards++] = (uint8_t)k;
            if (seat > 0 || view->seats[0].ndiscards >= turn - 1)
                seat = seat % 3 + 1;
        }
    view->turn = 0;
    for (int s = 0; s < JONG_SEATS; s++)
        view->turn += view->seats[s].ndiscards;
    view->ndora = (uint8_t)in->ndora;
    for (int i = 0; i < in->ndora; i++)
        view->dora_markers[i] = in->dora[i];
    view->wall_left = 4 * in->draws;
}

int analyze_player_values(const char *spec, const jong_analysis_input *in, int turn, analyze_player_out *out,
                          char *why, size_t n)
{
    memset(out, 0, sizeof *out);
    snprintf(out->spec, sizeof out->spec, "%s", spec);
    jong_variant v = in->rules ? in->rules->variant : in->variant;
    jong_ruleset rs;
    if (in->rules)
        rs = *in->rules;
    else
        jong_ruleset_default(&rs, v);
    jong_error err;
    jong_error_clear(&err);
    jong_player *p;
    if (jong_player_create(spec, &p, &err) != JONG_OK) {
        cli_format_error(&err, why, n);
        return -1;
    }
    if (jong_player_check_variant(spec, v, &err)) {
        jong_player_free(p);
        cli_format_error(&err, why, n);
        return -1;
    }
    jong_view view;
    make_view(in, v, turn, &view);
    jong_action legal[JONG_MAX_ACTIONS];
    int nlegal = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        if (in->hand.counts[k])
            legal[nlegal++] = (jong_action){JONG_ACT_DISCARD, (uint8_t)k, 0, 0};
    jong_decision d = {&view, &rs, legal, nlegal, in->seed, 0, 0, NULL, NULL};
    int rc = jong_player_discard_values(p, &d, &out->values, &err);
    jong_player_free(p);
    if (rc != JONG_OK) {
        cli_format_error(&err, why, n);
        return -1;
    }
    out->have = true;
    return 0;
}
