/* What an arena run is: its modes, the seatings and sides of each mode, the check of a
 * configuration, the games of a match and the results it fills (arena.c plays them, and
 * arena_results.c reads and writes them). */
#include <stdlib.h>
#include <string.h>

#include "jong/arena.h"

static const char *const mode_names[JONG_ARENA_MODES] = {"1v3", "2v2", "3v1", "free"};

const char *jong_arena_mode_name(jong_arena_mode m)
{
    return (unsigned)m < JONG_ARENA_MODES ? mode_names[m] : "?";
}

int jong_arena_mode_parse(const char *text)
{
    for (int m = 0; m < JONG_ARENA_MODES; m++)
        if (!strcmp(text, mode_names[m]))
            return m;
    return -1;
}

/* Seating k of four players is the table turned by k seats: player i sits at seat (k + i) % 4.
 * In 1v3 player 0 is alone, so it takes seat k; in 3v1 the lone player is the last one, so the
 * turn starts one further on to put it at seat k too. 2v2 uses the turns 0 and 1, which swap
 * the teams (partners at 0+2 and 1+3). With two players the second fills the other seats. */
int jong_arena_seatings(jong_arena_mode mode, int nplayers, int seat_player[JONG_ARENA_MAX_SEATINGS][4])
{
    int n = mode == JONG_ARENA_2V2 ? 2 : 4;
    for (int k = 0; k < n; k++)
        for (int seat = 0; seat < 4; seat++) {
            int p;
            if (nplayers == 4)
                p = ((seat - k - (mode == JONG_ARENA_3V1)) % 4 + 4) % 4;
            else if (mode == JONG_ARENA_2V2)
                p = (seat + k) % 2;
            else if (mode == JONG_ARENA_1V3)
                p = seat == k ? 0 : 1;
            else
                p = seat == k ? 1 : 0;
            seat_player[k][seat] = p;
        }
    return n;
}

int jong_arena_sides(jong_arena_mode mode, int nplayers, int side_of[4])
{
    for (int p = 0; p < 4; p++) {
        if (p >= nplayers)
            side_of[p] = -1;
        else if (nplayers == 2 || mode == JONG_ARENA_FREE)
            side_of[p] = p;
        else if (mode == JONG_ARENA_1V3)
            side_of[p] = p > 0;
        else if (mode == JONG_ARENA_3V1)
            side_of[p] = p == 3;
        else
            side_of[p] = p % 2; /* 2v2: A and C sit at 0+2, B and D at 1+3 */
    }
    return mode == JONG_ARENA_FREE ? nplayers : 2;
}

int jong_arena_config_check(const jong_arena_config *cfg, jong_error *err)
{
    if ((unsigned)cfg->mode >= JONG_ARENA_MODES)
        return jong_error_set(err, JONG_ERR_ARG, -1, "unknown mode %d", (int)cfg->mode);
    if (cfg->nplayers != 2 && cfg->nplayers != 4)
        return jong_error_set(err, JONG_ERR_ARG, -1, "give 2 or 4 players, not %d", cfg->nplayers);
    if (cfg->mode == JONG_ARENA_FREE && cfg->nplayers != 4)
        return jong_error_set(err, JONG_ERR_ARG, -1, "mode free needs 4 players, not %d", cfg->nplayers);
    if (cfg->games < 1)
        return jong_error_set(err, JONG_ERR_ARG, -1, "games must be at least 1, not %d", cfg->games);
    if (cfg->match_hands < 1)
        return jong_error_set(err, JONG_ERR_ARG, -1, "match hands must be at least 1, not %d",
                              cfg->match_hands);
    if (cfg->time_ms < 0)
        return jong_error_set(err, JONG_ERR_ARG, -1, "time per move must not be negative");
    for (int p = 0; p < cfg->nplayers; p++) {
        jong_error e;
        if (!cfg->players[p][0])
            return jong_error_set(err, JONG_ERR_ARG, -1, "player %c has no name", 'A' + p);
        if (jong_player_check_variant(cfg->players[p], cfg->rules.variant, &e))
            return jong_error_set(err, JONG_ERR_ARG, -1, "player %c: %s", 'A' + p, e.msg);
    }
    return JONG_OK;
}

int jong_arena_match_games(const jong_arena_config *cfg)
{
    int per_game = cfg->rules.hands > 0                          ? cfg->rules.hands
                   : cfg->rules.variant == JONG_VARIANT_TAIWAN   ? 16
                   : cfg->rules.tonpuu                           ? 4
                                                                 : 8;
    return (cfg->match_hands + per_game - 1) / per_game;
}

void jong_arena_time_limits(int64_t time_ms, int64_t *stop_ms, int64_t *late_ms)
{
    int64_t limit = time_ms > 0 ? time_ms : JONG_ARENA_HANG_MS;
    *stop_ms = limit;
    *late_ms = jong_fault_late_ms(limit);
}

int jong_arena_results_init(jong_arena_results *r, const jong_arena_config *cfg, jong_error *err)
{
    memset(r, 0, sizeof *r);
    int rc = jong_arena_config_check(cfg, err);
    if (rc)
        return rc;
    int sp[JONG_ARENA_MAX_SEATINGS][4];
    r->cfg = *cfg;
    r->nseatings = jong_arena_seatings(cfg->mode, cfg->nplayers, sp);
    r->seats = calloc((size_t)cfg->games * (size_t)r->nseatings * 4, sizeof *r->seats);
    r->done = calloc((size_t)cfg->games, 1);
    if (!r->seats || !r->done) {
        jong_arena_results_free(r);
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory for %d games", cfg->games);
    }
    return JONG_OK;
}

void jong_arena_results_free(jong_arena_results *r)
{
    free(r->seats);
    free(r->done);
    r->seats = NULL;
    r->done = NULL;
}
