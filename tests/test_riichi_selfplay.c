/* The riichi table in self-play: the checking mode (tiles, red fives, points with the riichi
 * sticks, every seat's view against its event stream) after every event of 10,000 hands,
 * under every ruleset option, determinism, and records that replay with jong_replay_verify. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "jong/jong.h"
#include "jong/record.h"
#include "jong/table.h"
#include "support/parse_or_fail.h"
#include "support/sanitized.h"

typedef struct {
    long events[JONG_EV_TYPES];
    long reasons[JONG_DRAW_REASONS];
    long double_ron, ura, red_calls;
    int last_type, last_target;
    uint64_t hash;
} tally;

static void count_event(void *ctx, const jong_event *ev)
{
    tally *t = ctx;
    t->events[ev->type]++;
    if (ev->type == JONG_EV_EXHAUSTED)
        t->reasons[ev->reason]++;
    if (ev->type == JONG_EV_WIN) {
        if (t->last_type == JONG_EV_WIN && ev->target >= 0 && ev->target == t->last_target)
            t->double_ron++;
        t->ura += ev->nura > 0;
    }
    if ((ev->type == JONG_EV_CHI || ev->type == JONG_EV_PON) &&
        (jong_code_is_red(ev->consumed[0]) || jong_code_is_red(ev->consumed[1])))
        t->red_calls++;
    t->last_type = ev->type;
    t->last_target = ev->target;
    const uint8_t bytes[4] = {ev->type, (uint8_t)ev->actor, (uint8_t)ev->target, ev->tile};
    for (int i = 0; i < 4; i++)
        t->hash = (t->hash ^ bytes[i]) * 0x100000001b3ull;
    for (int s = 0; s < JONG_SEATS; s++)
        t->hash = (t->hash ^ (uint32_t)ev->scores[s]) * 0x100000001b3ull;
}

/* Play games with checking on until `hands` hands are done; returns the hands played. */
static long play_checked(const char *options, const char *const specs[JONG_SEATS], uint64_t seed, long hands,
                         tally *t)
{
    jong_ruleset rs = rules_of(JONG_VARIANT_RIICHI, options ? options : "");
    jong_error err;
    jong_player *players[JONG_SEATS];
    for (int s = 0; s < JONG_SEATS; s++)
        assert_int_equal(jong_player_create(specs[s], &players[s], &err), JONG_OK);
    memset(t, 0, sizeof *t);
    t->hash = 0xcbf29ce484222325ull;
    long done = 0;
    for (int g = 0; done < hands; g++) {
        jong_table tb = {.rules = &rs, .seed = seed, .game_number = g, .check = true, .sink = count_event,
                         .sink_ctx = t};
        memcpy(tb.players, players, sizeof players);
        jong_game_result res;
        int rc = jong_table_play(&tb, &res, &err);
        if (rc)
            fprintf(stderr, "%s, game %d: %s\n", options ? options : "defaults", g, err.msg);
        assert_int_equal(rc, JONG_OK);
        done += res.hands;
        /* points are conserved: the final scores add up to the start (sticks went to the first) */
        assert_int_equal(res.scores[0] + res.scores[1] + res.scores[2] + res.scores[3], 4 * rs.start_score);
    }
    for (int s = 0; s < JONG_SEATS; s++)
        jong_player_free(players[s]);
    return done;
}

static const char *const mixed[JONG_SEATS] = {"greedy", "random", "greedy", "greedy:claim=off"};
static const char *const randoms[JONG_SEATS] = {"random", "random", "random", "random"};

static void checking_mode_ten_thousand_hands(void **state)
{
    (void)state;
    tally t;
    long want = SANITIZED ? 4000 : 10000;
    long done = play_checked(NULL, mixed, 20261123, want / 2, &t);
    tally r;
    done += play_checked(NULL, randoms, 20261124, want / 2, &r);
    assert_true(done >= want);
    /* the riichi events all happened */
    assert_true(t.events[JONG_EV_REACH] > 0 && t.events[JONG_EV_REACH_ACCEPTED] > 0);
    assert_true(t.events[JONG_EV_DORA] > 0 && r.events[JONG_EV_DORA] > 0);
    assert_true(t.events[JONG_EV_WIN] > 0 && t.ura > 0);
    assert_true(t.reasons[JONG_DRAW_EXHAUSTIVE] > 0);
    assert_true(r.reasons[JONG_DRAW_NINE_TERMINALS] > 0);
    assert_true(t.events[JONG_EV_CONCEALED_KONG] + r.events[JONG_EV_CONCEALED_KONG] > 0);
    assert_true(r.events[JONG_EV_KONG] > 0 && r.events[JONG_EV_ADDED_KONG] > 0);
    assert_true(r.red_calls > 0);
    if (!SANITIZED)
        assert_true(t.double_ron > 0);
}

static void every_option_under_checking(void **state)
{
    (void)state;
    static const char *const options[] = {
        "red_fives=0", "red_fives=4", "double_ron=off", "abortive_draws=off", "nagashi=off", "kuitan=off",
        "kiriage=on", "double_yakuman=on", "tobi=off", "agari_yame=off", "tenpai_yame=off", "extension_rounds=2",
        "extension_rounds=0", "length=tonpuu", "hands=3",
        "start_score=1000,return_score=1000",
    };
    tally t;
    for (size_t i = 0; i < sizeof options / sizeof options[0]; i++)
        assert_true(play_checked(options[i], mixed, 77 + i, SANITIZED ? 60 : 300, &t) > 0);
    /* red_fives=0: no red five anywhere */
    play_checked("red_fives=0", randoms, 5, 200, &t);
    assert_int_equal(t.red_calls, 0);
}

static void last_round(void *ctx, const jong_event *ev)
{
    int *round = ctx;
    if (ev->type == JONG_EV_START_HAND && ev->round_wind > *round)
        *round = ev->round_wind;
}

/* The extension's length through the engine: with a return_score nobody reaches (and no tobi),
 * a game plays the length's rounds and extension_rounds more, under checking; tenpai_yame=off
 * too. Each game ends in the last round that extension_rounds allows, never after. */
static void extension_rounds_under_checking(void **state)
{
    (void)state;
    static const struct { const char *options; int last; } cases[] = {
        {"return_score=200000,tobi=off,extension_rounds=0", 1},
        {"return_score=200000,tobi=off", 2},
        {"return_score=200000,tobi=off,extension_rounds=2,tenpai_yame=off", 3},
        {"return_score=200000,tobi=off,length=tonpuu,extension_rounds=2", 2},
        {"return_score=200000,tobi=off,length=tonpuu,extension_rounds=0", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        jong_ruleset rs = rules_of(JONG_VARIANT_RIICHI, cases[i].options);
        jong_player *players[JONG_SEATS];
        for (int s = 0; s < JONG_SEATS; s++)
            assert_int_equal(jong_player_create(mixed[s], &players[s], NULL), JONG_OK);
        int round = -1;
        jong_table tb = {.rules = &rs, .seed = 4242, .game_number = (int)i, .check = true, .sink = last_round,
                         .sink_ctx = &round};
        memcpy(tb.players, players, sizeof players);
        jong_game_result res;
        jong_error err;
        assert_int_equal(jong_table_play(&tb, &res, &err), JONG_OK);
        assert_int_equal(res.scores[0] + res.scores[1] + res.scores[2] + res.scores[3], 4 * rs.start_score);
        print_message("%s: %d hands, last round %c\n", cases[i].options, res.hands, "ESWN"[round & 3]);
        assert_int_equal(round, cases[i].last);
        for (int s = 0; s < JONG_SEATS; s++)
            jong_player_free(players[s]);
    }
}

static void same_seed_same_game(void **state)
{
    (void)state;
    tally a, b, c;
    play_checked(NULL, mixed, 99, 100, &a);
    play_checked(NULL, mixed, 99, 100, &b);
    play_checked(NULL, mixed, 100, 100, &c);
    assert_true(a.hash == b.hash);
    assert_true(a.hash != c.hash);
}

/* Records of riichi games replay event for event; a changed discard is caught at its line. */
static void records_replay(void **state)
{
    (void)state;
    jong_ruleset rs;
    jong_error err;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    char *data = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&data, &len);
    assert_non_null(f);
    jong_player *players[JONG_SEATS];
    for (int s = 0; s < JONG_SEATS; s++)
        assert_int_equal(jong_player_create(s % 2 ? "random" : "greedy", &players[s], &err), JONG_OK);
    int games = SANITIZED ? 6 : 40;
    for (int g = 0; g < games; g++) {
        const char *names[JONG_SEATS];
        for (int s = 0; s < JONG_SEATS; s++)
            names[s] = players[s]->spec;
        jong_record_writer *w;
        assert_int_equal(jong_record_writer_new(f, &rs, 31, g, names, &w, &err), JONG_OK);
        jong_table t = {.rules = &rs, .seed = 31, .game_number = g, .sink = jong_record_writer_event, .sink_ctx = w};
        memcpy(t.players, players, sizeof players);
        jong_game_result res;
        assert_int_equal(jong_table_play(&t, &res, &err), JONG_OK);
        assert_int_equal(jong_record_writer_finish(w, &err), JONG_OK);
    }
    for (int s = 0; s < JONG_SEATS; s++)
        jong_player_free(players[s]);
    assert_int_equal(fclose(f), 0);
    /* the riichi fields are there */
    assert_non_null(strstr(data, "\"type\":\"reach\""));
    assert_non_null(strstr(data, "\"type\":\"reach_accepted\",\"actor\":"));
    assert_non_null(strstr(data, "\"kyotaku\":"));
    assert_non_null(strstr(data, "\"dora_marker\":"));
    assert_non_null(strstr(data, "\"uradora_markers\":["));
    assert_non_null(strstr(data, "\"yakus\":[[\"riichi\",1]"));
    assert_non_null(strstr(data, "\"reason\":\"fanpai\",\"tenpais\":["));
    assert_non_null(strstr(data, "5mr") ? data : strstr(data, "5pr"));
    jong_replay_stats st;
    FILE *in = fmemopen(data, len, "r");
    int rc = jong_replay_verify_stream(in, &st, &err);
    if (rc)
        fprintf(stderr, "%s\n", err.msg);
    assert_int_equal(rc, JONG_OK);
    assert_int_equal(st.games, games);
    fclose(in);
    /* change the first riichi declaration's discard into another tile: the replay stops there */
    char *reach = strstr(data, "{\"type\":\"reach\"");
    assert_non_null(reach);
    char *dahai = strstr(reach, "\"pai\":\"");
    assert_non_null(dahai);
    int line = 1;
    for (char *p = data; p < dahai; p++)
        line += *p == '\n';
    char *name = dahai + 7;
    name[0] = name[0] == 'E' ? 'S' : 'E';
    if (name[1] != '"')
        memmove(name + 1, strchr(name, '"'), strlen(strchr(name, '"')) + 1);
    in = fmemopen(data, strlen(data), "r");
    rc = jong_replay_verify_stream(in, &st, &err);
    fclose(in);
    assert_int_not_equal(rc, JONG_OK);
    assert_int_equal(st.error_line, line);
    free(data);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(checking_mode_ten_thousand_hands),
        cmocka_unit_test(every_option_under_checking),
        cmocka_unit_test(extension_rounds_under_checking),
        cmocka_unit_test(same_seed_same_game),
        cmocka_unit_test(records_replay),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
