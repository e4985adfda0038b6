/* Games with an outside bot in seat 0 (see ext_games.h). */
#include "support/ext_games.h"

#include <stdarg.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

static int64_t mono_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

jong_game_result ext_game_limited(const char *spec, int hands, int64_t stop_ms, int64_t late_ms)
{
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    rs.tonpuu = true;
    rs.hands = hands;
    jong_player *ps[4];
    jong_error err;
    if (jong_player_create(spec, &ps[0], &err))
        fail_msg("%s: %s", spec, err.msg);
    for (int s = 1; s < 4; s++)
        if (jong_player_create("greedy", &ps[s], &err))
            fail_msg("greedy: %s", err.msg);
    jong_fault_policy f = {.now_ms = mono_ms, .stop_ms = stop_ms, .late_ms = late_ms};
    jong_table t;
    memset(&t, 0, sizeof t);
    t.rules = &rs;
    t.seed = 11;
    for (int s = 0; s < 4; s++)
        t.players[s] = ps[s];
    t.faults = &f;
    jong_game_result res;
    if (jong_table_play(&t, &res, &err))
        fail_msg("%s", err.msg);
    for (int s = 0; s < 4; s++)
        jong_player_free(ps[s]);
    return res;
}

jong_game_result ext_game(const char *spec, int hands)
{
    return ext_game_limited(spec, hands, 0, 0);
}

void ext_build_dir(char *out, size_t n)
{
    ssize_t len = readlink("/proc/self/exe", out, n - 1);
    if (len <= 0)
        fail_msg("cannot read /proc/self/exe");
    out[len] = 0;
    for (int up = 0; up < 2; up++) { /* build/MODE/tests/test_x -> build/MODE */
        char *slash = strrchr(out, '/');
        if (!slash)
            fail_msg("no build directory in %s", out);
        *slash = 0;
    }
}
