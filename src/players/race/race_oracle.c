/* Where the unseen tiles are, read from the rebuilt wall (see race_oracle.h). */
#include <stdlib.h>
#include <string.h>

#include "jong/player.h"
#include "jong/tile.h"
#include "race_oracle.h"

bool race_oracle_split(const jong_ruleset *rs, uint64_t seed, const jong_view *v, race_hidden *out)
{
    uint8_t wall[JONG_WALL_MAX];
    jong_game_wall(rs, seed, v->game, v->hand, wall);
    int n = jong_ruleset_tiles(rs), back = 0, kongs = 0;
    for (int s = 0; s < JONG_SEATS; s++) {
        back += __builtin_popcount(v->seats[s].flowers);
        for (int m = 0; m < v->seats[s].nmelds; m++)
            if (v->seats[s].melds[m].type == JONG_MELD_KONG || v->seats[s].melds[m].type == JONG_MELD_CONCEALED_KONG)
                kongs++;
    }
    back += kongs;
    int threshold = rs->dead_wall + (rs->dead_wall_per_kong ? kongs : 0);
    int tail = n - back, head = tail - threshold - v->wall_left;
    if (head < 0 || head > tail || tail > n)
        return false;
    memset(out, 0, sizeof *out);
    for (int i = head; i < tail; i++) {
        int code = wall[i];
        if (jong_code_is_flower(code))
            continue;
        out->wall[code]++;
        if (i < tail - threshold)
            out->drawable[code]++;
    }
    int unseen[JONG_KINDS];
    jong_view_unseen(v, unseen);
    for (int k = 0; k < JONG_KINDS; k++) {
        out->held[k] = unseen[k] - out->wall[k];
        if (out->held[k] < 0)
            return false; /* the wall holds a copy the view has seen: not this wall */
    }
    return true;
}

int race_oracle_option(const char *player, const char *val, bool *on, uint64_t *seed, jong_error *err)
{
    if (!strcmp(val, "off")) {
        *on = false;
        return JONG_OK;
    }
    char *end;
    unsigned long long x = strtoull(val, &end, 10);
    if (!*val || *end || *val == '-' || *val == '+' || *val == ' ')
        return jong_error_set(err, JONG_ERR_ARG, -1, "%s: oracle must be off or the run's seed (a number), not '%s'",
                              player, val);
    *on = true;
    *seed = x;
    return JONG_OK;
}
