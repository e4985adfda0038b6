/* Whole games of players made from specs (see spec_games.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <string.h>

#include "support/spec_games.h"

void play_spec_games(const jong_table *setup, const char *const specs[JONG_SEATS], int games,
                     int32_t (*scores)[JONG_SEATS])
{
    jong_table tb = *setup;
    jong_error err;
    for (int s = 0; s < JONG_SEATS; s++)
        if (jong_player_create(specs[s], &tb.players[s], &err) != JONG_OK)
            fail_msg("player %d (%s): %s", s, specs[s], err.msg);
    for (int g = 0; g < games; g++) {
        tb.game_number = setup->game_number + g;
        jong_game_result res;
        if (jong_table_play(&tb, &res, &err) != JONG_OK)
            fail_msg("game %d: %s", tb.game_number, err.msg);
        if (scores)
            memcpy(scores[g], res.scores, sizeof scores[g]);
    }
    for (int s = 0; s < JONG_SEATS; s++)
        jong_player_free(tb.players[s]);
}
