/* Greedy self-play with the engine shown at each decision (engine_hands.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "support/engine_hands.h"

void engine_hands(uint64_t seed, int games, engine_check check, void *ctx)
{
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_TAIWAN);
    jong_player *pl;
    jong_error err;
    assert_int_equal(jong_player_create("greedy", &pl, &err), JONG_OK);
    for (int gn = 0; gn < games; gn++) {
        jong_game *g;
        assert_int_equal(jong_game_new(&rs, seed, gn, NULL, NULL, &g, &err), JONG_OK);
        assert_int_equal(jong_game_start_hand(g, &err), JONG_OK);
        while (!jong_game_hand_over(g)) {
            int s = __builtin_ctz(jong_game_pending(g));
            jong_action legal[JONG_MAX_ACTIONS];
            int n = jong_game_legal(g, s, legal);
            jong_view v;
            jong_game_view(g, s, &v);
            bool discard = false;
            for (int i = 0; i < n; i++)
                discard |= legal[i].type == JONG_ACT_DISCARD;
            check(g, &v, discard, ctx);
            jong_decision d = {.view = &v, .rules = &rs, .legal = legal, .nlegal = n};
            int i = pl->ops->choose(pl, &d);
            assert_true(i >= 0 && i < n);
            assert_int_equal(jong_game_act(g, s, &legal[i], &err), JONG_OK);
        }
        jong_game_free(g);
    }
    jong_player_free(pl);
}
