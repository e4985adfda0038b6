/* race's diagnostic oracle (race:oracle=SEED, src/players/race/race_oracle.h): at every decision
 * of seeded games, where it says the unseen tiles are (still to draw, anywhere in the wall, in
 * the others' hands) equals what the engine holds, read straight from its state; a wrong seed
 * is noticed; race and simcat with the option are legal, deterministic and play otherwise than
 * without it; bad values give one error naming the option. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "engine/game_internal.h"
#include "jong/jong.h"
#include "players/race/race_oracle.h"
#include "support/engine_hands.h"
#include "support/play_hands.h"
#include "support/sanitized.h"

/* The truth for `seat`, the slow obvious way: count the engine's wall and the others' hands
 * (their concealed kongs too, which the seat cannot see). */
static void truth(const jong_game *g, int seat, race_hidden *t)
{
    memset(t, 0, sizeof *t);
    int threshold = g->rs.dead_wall + (g->rs.dead_wall_per_kong ? g->kongs : 0);
    for (int i = g->head; i < g->tail; i++) {
        int code = g->wall[i];
        if (jong_code_is_flower(code))
            continue;
        t->wall[code]++;
        if (i < g->tail - threshold)
            t->drawable[code]++;
    }
    for (int s = 0; s < JONG_SEATS; s++) {
        if (s == seat)
            continue;
        for (int k = 0; k < JONG_KINDS; k++)
            t->held[k] += g->hands[s].counts[k];
        for (int m = 0; m < g->hands[s].nmelds; m++)
            if (g->hands[s].melds[m].type == JONG_MELD_CONCEALED_KONG)
                t->held[g->hands[s].melds[m].tile] += 4;
    }
}

typedef struct {
    long checked, kongs, flowers;
} split_ctx;

static void check_split(const jong_game *g, const jong_view *v, bool discard, void *vctx)
{
    (void)discard;
    split_ctx *c = vctx;
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_TAIWAN);
    race_hidden got, want;
    assert_true(race_oracle_split(&rs, 47, v, &got));
    truth(g, v->seat, &want);
    assert_memory_equal(&got, &want, sizeof got);
    /* another seed's wall does not fit the view (or, if it happens to, says otherwise) */
    race_hidden other;
    if (race_oracle_split(&rs, 48, v, &other))
        assert_true(memcmp(&other, &want, sizeof other) != 0);
    c->checked++;
    c->kongs += g->kongs > 0;
    c->flowers += v->seats[v->seat].flowers != 0;
}

static void test_split_is_the_engines(void **state)
{
    (void)state;
    split_ctx c = {0};
    engine_hands(47, SANITIZED ? 10 : 40, check_split, &c);
    assert_true(c.checked > 200);
    assert_true(c.flowers > 0); /* the back of the wall was drawn from */
    if (!SANITIZED)
        assert_true(c.kongs > 0);
}

/* Each decision: how often race with the oracle answers otherwise than race without it. */
typedef struct {
    jong_player *plain, *oracle;
    long asked, differed;
} shadow;

static void compare(const jong_view *v, const jong_action *legal, int n, int chosen, int seat, void *ctx)
{
    (void)chosen, (void)seat;
    shadow *s = ctx;
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_TAIWAN);
    jong_decision d = {.view = v, .rules = &rs, .legal = legal, .nlegal = n};
    int a = s->plain->ops->choose(s->plain, &d), b = s->oracle->ops->choose(s->oracle, &d);
    assert_true(b >= 0 && b < n);
    s->asked++;
    s->differed += a != b;
}

static void test_player(void **state)
{
    (void)state;
    const char *mix[4] = {"race:oracle=53", "greedy", "race:oracle=53,claims=speed", "race"};
    int hands = SANITIZED ? 4 : 8;
    uint64_t a = play_hands(JONG_VARIANT_TAIWAN, mix, hands, 53, NULL, NULL);
    assert_true(a == play_hands(JONG_VARIANT_TAIWAN, mix, hands, 53, NULL, NULL));
    shadow s = {0};
    jong_error err;
    assert_int_equal(jong_player_create("race", &s.plain, &err), JONG_OK);
    assert_int_equal(jong_player_create("race:oracle=53", &s.oracle, &err), JONG_OK);
    const char *greedy[4] = {"greedy", "greedy", "greedy", "greedy"};
    play_hands(JONG_VARIANT_TAIWAN, greedy, hands, 53, compare, &s);
    assert_true(s.asked > 100 && s.differed > 0);
    jong_player_free(s.plain);
    jong_player_free(s.oracle);
    /* oracle=off is the default player */
    const char *off[4] = {"race:oracle=off", "greedy", "race", "race"};
    const char *on[4] = {"race", "greedy", "race", "race"};
    assert_true(play_hands(JONG_VARIANT_TAIWAN, off, hands, 53, NULL, NULL) ==
                play_hands(JONG_VARIANT_TAIWAN, on, hands, 53, NULL, NULL));
}

/* simcat:oracle=SEED (its pool is the tiles still to draw, its race prior reads the wall too):
 * legal and deterministic, and it plays otherwise than without the option. */
static void test_simcat(void **state)
{
    (void)state;
    const char *with[4] = {"simcat:oracle=53,sims=400", "greedy", "simcat:oracle=53,sims=400", "greedy"};
    const char *without[4] = {"simcat:sims=400", "greedy", "simcat:sims=400", "greedy"};
    int hands = SANITIZED ? 1 : 3;
    uint64_t a = play_hands(JONG_VARIANT_TAIWAN, with, hands, 53, NULL, NULL);
    assert_true(a == play_hands(JONG_VARIANT_TAIWAN, with, hands, 53, NULL, NULL));
    if (!SANITIZED)
        assert_true(a != play_hands(JONG_VARIANT_TAIWAN, without, hands, 53, NULL, NULL));
}

static void test_options(void **state)
{
    (void)state;
    jong_player *p;
    jong_error err;
    const char *bad[] = {"race:oracle=", "race:oracle=-1", "race:oracle=x", "race:oracle=12x"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        assert_int_equal(jong_player_create(bad[i], &p, &err), JONG_ERR_ARG);
        assert_non_null(strstr(err.msg, "oracle"));
        assert_null(strchr(err.msg, '\n'));
    }
    assert_int_equal(jong_player_create("simcat:oracle=-3", &p, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "oracle"));
    assert_null(strchr(err.msg, '\n'));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_split_is_the_engines),
        cmocka_unit_test(test_player),
        cmocka_unit_test(test_simcat),
        cmocka_unit_test(test_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
