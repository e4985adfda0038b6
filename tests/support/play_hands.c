/* The players' tests' self-play loop (play_hands.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "support/play_hands.h"

uint64_t play_hands(jong_variant variant, const char *specs[4], int hands, uint64_t seed, decision_check check,
                    void *ctx)
{
    jong_ruleset rs;
    jong_ruleset_default(&rs, variant);
    jong_player *pl[4];
    jong_error err;
    for (int s = 0; s < 4; s++) {
        int rc = jong_player_create(specs[s], &pl[s], &err);
        if (rc)
            fail_msg("%s: %s", specs[s], err.msg);
    }
    uint64_t h = 1469598103934665603ull;
    for (int g = 0; g < hands; g++) {
        jong_game *game;
        assert_int_equal(jong_game_new(&rs, seed, g, NULL, NULL, &game, &err), JONG_OK);
        assert_int_equal(jong_game_start_hand(game, &err), JONG_OK);
        uint64_t dn = 0;
        while (!jong_game_hand_over(game)) {
            unsigned pending = jong_game_pending(game);
            assert_true(pending != 0);
            int s = __builtin_ctz(pending);
            jong_action legal[JONG_MAX_ACTIONS];
            int n = jong_game_legal(game, s, legal);
            jong_view v;
            jong_game_view(game, s, &v);
            jong_decision d = {.view = &v, .rules = &rs, .legal = legal, .nlegal = n,
                               .seed = jong_seed_mix(seed, (uint64_t)g << 20 | dn++)};
            int i = pl[s]->ops->choose(pl[s], &d);
            assert_true(i >= 0 && i < n);
            if (check)
                check(&v, legal, n, i, s, ctx);
            assert_int_equal(jong_game_act(game, s, &legal[i], &err), JONG_OK);
            h = (h ^ (uint64_t)(legal[i].type * 64 + legal[i].tile)) * 1099511628211ull;
        }
        jong_game_free(game);
    }
    for (int s = 0; s < 4; s++)
        jong_player_free(pl[s]);
    return h;
}
