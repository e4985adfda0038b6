/* Outside bots in every convention (issue 27): the scripted bot (tests/bots/script_bot.c, no
 * Jong inside) and `jong bot` speak stdio, batched and react to the ext: player through whole
 * games with no fault; bots that answer where they may not act, answer twice or answer late
 * are caught, counted, and the game goes on; what a react bot is sent (start_game's names and
 * options, start_kyoku's scores, "can_act": false on every line it must not answer); a long
 * spec; a bot's own time limit against the table's; two-move answers parsed and refused. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "jong/mjai.h"
#include "jong/player.h"
#include "records/mjai_internal.h"
#include "support/ext_games.h"

static char build[512];     /* build/MODE */
static char bot[600];       /* the scripted bot */

static int setup(void **state)
{
    (void)state;
    ext_build_dir(build, sizeof build);
    snprintf(bot, sizeof bot, "%s/tests/bots/script_bot", build);
    return access(bot, X_OK);
}

static void assert_no_faults(const jong_game_result *r, const char *spec)
{
    const int *f = r->seats[0].faults;
    if (f[0] || f[1] || f[2])
        fail_msg("%s: faults ill/crash/time %d/%d/%d in %lld decisions", spec, f[0], f[1], f[2],
                 (long long)r->seats[0].decisions);
    assert_true(r->seats[0].decisions > 10);
}

/* An empty file of its own at path (a mkstemp template), for a bot to write into. */
static void make_temp(char *path)
{
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
}

static int lines_in(const char *path, const char *starting)
{
    FILE *f = fopen(path, "r");
    int n = 0;
    char line[8192];
    while (f && fgets(line, sizeof line, f))
        n += !strncmp(line, starting, strlen(starting));
    if (f)
        fclose(f);
    return n;
}

/* The scripted bot in each convention: whole games, every answer taken, no fault. */
static void test_conventions(void **state)
{
    (void)state;
    const char *protos[] = {"stdio", "batched", "react"};
    char spec[1000];
    for (int i = 0; i < 3; i++) {
        snprintf(spec, sizeof spec, "ext:cmd='%s %s',proto=%s,timeout=60000", bot, protos[i], protos[i]);
        jong_game_result r = ext_game(spec, 2);
        assert_int_equal(r.hands, 2);
        assert_no_faults(&r, spec);
    }
}

/* jong bot --proto react against the ext: player's react: each of its chi, pon and reach comes
 * with its dahai as one array, and nothing is a fault. */
static void test_jong_bot_react(void **state)
{
    (void)state;
    char out[] = "/tmp/jong-react-XXXXXX", spec[1600];
    make_temp(out);
    const char *players[] = {"greedy", "random"};
    for (int i = 0; i < 2; i++) {
        snprintf(spec, sizeof spec, "ext:cmd='%s/jong bot %s --proto react | tee -a %s',proto=react,timeout=60000",
                 build, players[i], out);
        jong_game_result r = ext_game(spec, 4);
        assert_int_equal(r.hands, 4);
        assert_no_faults(&r, spec);
    }
    int pairs = lines_in(out, "[{");
    print_message("%d calls or reaches answered with their dahai\n", pairs);
    assert_true(pairs > 0);
    unlink(out);
}

/* Each broken rule is caught and counted, and the game is played to its end. */
static void test_broken_rules(void **state)
{
    (void)state;
    char spec[1000];
    snprintf(spec, sizeof spec, "ext:cmd='%s react,where',proto=react,timeout=60000", bot);
    jong_game_result r = ext_game(spec, 2);
    assert_int_equal(r.hands, 2);
    assert_true(r.seats[0].faults[JONG_FAULT_ILLEGAL] > 0);
    assert_int_equal(r.seats[0].faults[JONG_FAULT_CRASH] + r.seats[0].faults[JONG_FAULT_TIMEOUT], 0);
    snprintf(spec, sizeof spec, "ext:cmd='%s react,twice',proto=react,timeout=60000", bot);
    r = ext_game(spec, 2);
    assert_int_equal(r.hands, 2);
    assert_true(r.seats[0].faults[JONG_FAULT_ILLEGAL] > 0);
    assert_int_equal(r.seats[0].faults[JONG_FAULT_CRASH] + r.seats[0].faults[JONG_FAULT_TIMEOUT], 0);
    /* twice in stdio too: every line answered, and a second answer is still one too many */
    snprintf(spec, sizeof spec, "ext:cmd='%s stdio,twice',proto=stdio,timeout=60000", bot);
    r = ext_game(spec, 1);
    assert_true(r.seats[0].faults[JONG_FAULT_ILLEGAL] > 0);
    /* late: its third discard after 1 s against a limit of 150 ms; the bot is restarted, and
     * each new one is late at its own third discard */
    snprintf(spec, sizeof spec, "ext:cmd='%s react,late=1000',proto=react,timeout=150", bot);
    r = ext_game(spec, 1);
    assert_int_equal(r.hands, 1);
    assert_true(r.seats[0].faults[JONG_FAULT_TIMEOUT] > 0);
    assert_int_equal(r.seats[0].faults[JONG_FAULT_CRASH] + r.seats[0].faults[JONG_FAULT_ILLEGAL], 0);
}

/* What a react bot is sent, read back from its input. */
static void test_react_lines(void **state)
{
    (void)state;
    char in[] = "/tmp/jong-react-in-XXXXXX", spec[1600];
    make_temp(in);
    snprintf(spec, sizeof spec, "ext:cmd='%s react,log=%s',proto=react,timeout=60000", bot, in);
    jong_game_result r = ext_game(spec, 1);
    assert_no_faults(&r, spec);
    FILE *f = fopen(in, "r");
    assert_non_null(f);
    char line[8192];
    int asked = 0, quiet = 0;
    bool first = true, kyoku = false;
    while (fgets(line, sizeof line, f)) {
        jong_mjai_event ev;
        jong_error err;
        if (jong_mjai_parse(line, strlen(line), &ev, &err))
            fail_msg("%s: %s", line, err.msg);
        if (first) {
            assert_int_equal(ev.type, JONG_MJAI_START_GAME);
            assert_int_equal(ev.id, 0);
            assert_string_equal(ev.names[0], "ext"); /* the spec is too long for a name */
            for (int s = 1; s < 4; s++)
                assert_string_equal(ev.names[s], "greedy");
            assert_int_equal(ev.kyoku_first, 4);
            assert_int_equal(ev.aka_flag, 1);
        }
        if (ev.type == JONG_MJAI_START_KYOKU) {
            kyoku = true;
            assert_true(ev.has & JONG_MJAI_HAS_SCORES);
        }
        first = false;
        bool marked = (ev.has & JONG_MJAI_HAS_CAN_ACT) && !ev.can_act;
        quiet += marked;
        if (!marked) { /* a decision: the seat's own tsumo, or a claim it could make */
            asked++;
            assert_true((ev.type == JONG_MJAI_TSUMO && ev.actor == 0) ||
                        (ev.actor != 0 && (ev.type == JONG_MJAI_DAHAI || ev.type == JONG_MJAI_KAKAN ||
                                           ev.type == JONG_MJAI_ANKAN)));
        }
    }
    fclose(f);
    unlink(in);
    assert_true(kyoku);
    assert_int_equal(asked, r.seats[0].decisions);
    assert_true(quiet > asked);
}

/* A spec longer than the old 127 characters, with commas inside its quoted command. */
static void test_long_spec(void **state)
{
    (void)state;
    char spec[JONG_PLAYER_SPEC_MAX + 600], pad[400]; /* room for the bot's path, checked below */
    memset(pad, 'x', sizeof pad - 1);
    pad[sizeof pad - 1] = 0;
    snprintf(spec, sizeof spec, "ext:cmd='JONG_PAD=%s %s react,slow=0',proto=react,timeout=60000", pad, bot);
    assert_true(strlen(spec) > 500 && strlen(spec) < JONG_PLAYER_SPEC_MAX);
    jong_player *p;
    jong_error err;
    assert_int_equal(jong_player_create(spec, &p, &err), JONG_OK);
    assert_string_equal(p->spec, spec);
    jong_player_free(p);
    jong_game_result r = ext_game(spec, 1);
    assert_no_faults(&r, spec);
    char huge[JONG_PLAYER_SPEC_MAX + 10];
    memset(huge, 'x', sizeof huge - 1);
    huge[sizeof huge - 1] = 0;
    memcpy(huge, "ext:cmd=", 8);
    assert_int_equal(jong_player_create(huge, &p, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "too long"));
}

/* timeout= is the bot's own limit: a bot whose first discard takes 400 ms (as one loading a
 * model) plays without a fault at a table whose limit is 100 ms when it has timeout=5000, and
 * is late there without it. */
static void test_own_time_limit(void **state)
{
    (void)state;
    char spec[1000];
    snprintf(spec, sizeof spec, "ext:cmd='%s stdio,slow=400',proto=stdio,timeout=5000", bot);
    jong_game_result r = ext_game_limited(spec, 1, 100, jong_fault_late_ms(100));
    assert_no_faults(&r, spec);
    snprintf(spec, sizeof spec, "ext:cmd='%s stdio,slow=400',proto=stdio", bot);
    r = ext_game_limited(spec, 1, 100, jong_fault_late_ms(100));
    assert_int_equal(r.seats[0].faults[JONG_FAULT_TIMEOUT], 1);
    jong_player *p;
    jong_error err;
    assert_int_equal(jong_player_create("ext:cmd='x',timeout=2500", &p, &err), JONG_OK);
    assert_int_equal(p->time_limit_ms, 2500);
    jong_player_free(p);
    assert_int_equal(jong_player_create("ext:cmd='x',proto=react", &p, &err), JONG_OK);
    assert_int_equal(p->time_limit_ms, 0); /* the table's */
    jong_player_free(p);
    assert_int_equal(jong_player_create("ext:cmd='x'y", &p, &err), JONG_ERR_ARG);
    assert_int_equal(jong_player_create("ext:cmd='x',proto=reactive", &p, &err), JONG_ERR_ARG);
}

/* Answers of one move or two: a chi, pon or reach and its dahai, nothing else. */
static void test_two_moves(void **state)
{
    (void)state;
    jong_mjai_event a, b;
    jong_error err;
    bool two;
    const char *pon = "[{\"type\":\"pon\",\"actor\":1,\"target\":0,\"pai\":\"5m\",\"consumed\":[\"5m\",\"5m\"]},"
                      "{\"type\":\"dahai\",\"actor\":1,\"pai\":\"9p\",\"tsumogiri\":false}]";
    assert_int_equal(mjai_parse_answer(pon, strlen(pon), &a, &b, &two, &err), JONG_OK);
    assert_true(two);
    assert_int_equal(a.type, JONG_MJAI_PON);
    assert_int_equal(b.type, JONG_MJAI_DAHAI);
    const char *one = " {\"type\":\"none\"}";
    assert_int_equal(mjai_parse_answer(one, strlen(one), &a, &b, &two, &err), JONG_OK);
    assert_false(two);
    const char *single = "[{\"type\":\"reach\",\"actor\":2}]";
    assert_int_equal(mjai_parse_answer(single, strlen(single), &a, &b, &two, &err), JONG_OK);
    assert_false(two);
    assert_int_equal(a.type, JONG_MJAI_REACH);
    const char *bad[] = {
        "[{\"type\":\"dahai\",\"actor\":1,\"pai\":\"9p\"},{\"type\":\"dahai\",\"actor\":1,\"pai\":\"9p\"}]",
        "[{\"type\":\"reach\",\"actor\":1},{\"type\":\"none\"}]",
        "[]",
        "[{\"type\":\"none\"},{\"type\":\"none\"},{\"type\":\"none\"}]",
        "[{\"type\":\"reach\",\"actor\":1},",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(mjai_parse_answer(bad[i], strlen(bad[i]), &a, &b, &two, &err), JONG_ERR_SYNTAX);
    assert_int_equal(mjai_parse_answer(bad[0], strlen(bad[0]), &a, &b, &two, &err), JONG_ERR_SYNTAX);
    assert_string_equal(err.msg, "two moves must be a chi, pon or reach and its dahai, not dahai and dahai");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_moves),      cmocka_unit_test(test_conventions),
        cmocka_unit_test(test_jong_bot_react), cmocka_unit_test(test_broken_rules),
        cmocka_unit_test(test_react_lines),    cmocka_unit_test(test_long_spec),
        cmocka_unit_test(test_own_time_limit),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
