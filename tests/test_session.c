/* The step-by-step table (session.h): a session whose person seats are answered by a program
 * with the seeds jong_session_decision_seed gives plays byte for byte the game a jong_table
 * plays; person seats are only asked for their own decisions; an illegal answer is refused and
 * changes nothing; the hand result is kept; the records of sessions replay and verify. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jong/jong.h"

static const char *const mixed[JONG_SEATS] = {"greedy", "random", "greedy", "random"};

static void make_rules(jong_ruleset *rs, int hands)
{
    jong_ruleset_default(rs, JONG_VARIANT_TAIWAN);
    char buf[16];
    snprintf(buf, sizeof buf, "%d", hands);
    assert_int_equal(jong_ruleset_set(rs, "hands", buf, NULL), JONG_OK);
}

static void make_players(jong_player *p[JONG_SEATS])
{
    jong_error err;
    for (int s = 0; s < JONG_SEATS; s++)
        assert_int_equal(jong_player_create(mixed[s], &p[s], &err), JONG_OK);
}

static void free_players(jong_player *p[JONG_SEATS])
{
    for (int s = 0; s < JONG_SEATS; s++)
        jong_player_free(p[s]);
}

typedef struct {
    char *data;
    size_t len;
    FILE *f;
    jong_record_writer *w;
} record_buf;

static void record_open(record_buf *rb, const jong_ruleset *rs, uint64_t seed, jong_player *p[JONG_SEATS])
{
    memset(rb, 0, sizeof *rb);
    rb->f = open_memstream(&rb->data, &rb->len);
    assert_non_null(rb->f);
    const char *names[JONG_SEATS];
    for (int s = 0; s < JONG_SEATS; s++)
        names[s] = p[s]->spec;
    jong_error err;
    assert_int_equal(jong_record_writer_new(rb->f, rs, seed, 0, names, &rb->w, &err), JONG_OK);
}

static void record_close(record_buf *rb)
{
    jong_error err;
    assert_int_equal(jong_record_writer_finish(rb->w, &err), JONG_OK);
    assert_int_equal(fclose(rb->f), 0);
}

typedef struct {
    int person;
    int foreign_events; /* events given for a seat that is not a person's */
    int events;
} watch;

static void observe(void *ctx, int seat, const jong_view *v, const jong_event *seen)
{
    watch *w = ctx;
    (void)v;
    (void)seen;
    if (seat != w->person)
        w->foreign_events++;
    w->events++;
}

/* Seat `person` is a person answered by its program player with the table's seeds. */
static void play_session(const jong_ruleset *rs, uint64_t seed, int person, jong_player *p[JONG_SEATS],
                         record_buf *rb, bool try_illegal)
{
    watch wt = {.person = person};
    jong_session_config cfg = {.rules = rs, .seed = seed, .sink = jong_record_writer_event, .sink_ctx = rb->w,
                               .observe = observe, .observe_ctx = &wt};
    memcpy(cfg.players, p, sizeof cfg.players);
    cfg.players[person] = NULL;
    jong_session *s;
    jong_error err;
    assert_int_equal(jong_session_new(&cfg, &s, &err), JONG_OK);
    int asked = 0, hands_seen = 0;
    for (;;) {
        jong_session_state st = jong_session_state_now(s);
        if (st == JONG_SESSION_GAME_OVER)
            break;
        if (st == JONG_SESSION_HAND_OVER) {
            jong_event res[4];
            int n = jong_session_hand_result(s, res, 4);
            assert_true(n >= 1);
            assert_true(res[0].type == JONG_EV_WIN || res[0].type == JONG_EV_EXHAUSTED);
            hands_seen++;
            assert_int_equal(jong_session_next_hand(s, &err), JONG_OK);
            continue;
        }
        assert_int_equal(jong_session_waiting(s), 1u << person);
        jong_action legal[JONG_MAX_ACTIONS];
        int n = jong_session_legal(s, person, legal);
        assert_true(n > 0);
        assert_int_equal(jong_session_legal(s, (person + 1) % 4, legal + n), 0);
        if (try_illegal) {
            /* a discard of a kind the seat does not hold, and an answer for another seat */
            const jong_view *v = jong_session_view(s, person);
            int missing = 0;
            while (v->own.counts[missing])
                missing++;
            jong_action bad = {.type = JONG_ACT_DISCARD, .tile = (uint8_t)missing};
            int64_t before = jong_session_decisions(s);
            assert_int_equal(jong_session_act(s, person, &bad, &err), JONG_ERR_ARG);
            assert_int_equal(jong_session_act(s, (person + 1) % 4, &legal[0], &err), JONG_ERR_ARG);
            assert_int_equal(jong_session_decisions(s), before);
        }
        jong_decision d = {.view = jong_session_view(s, person), .rules = rs, .legal = legal, .nlegal = n,
                           .seed = jong_session_decision_seed(s, person)};
        int c = p[person]->ops->choose(p[person], &d);
        assert_true(c >= 0 && c < n);
        assert_int_equal(jong_session_act(s, person, &legal[c], &err), JONG_OK);
        asked++;
    }
    assert_int_equal(jong_session_decisions(s), asked);
    assert_true(asked > 0);
    assert_true(hands_seen >= 1);
    assert_int_equal(wt.foreign_events, 0);
    assert_true(wt.events > 0);
    jong_session_free(s);
}

static void test_session_equals_table(void **state)
{
    (void)state;
    jong_ruleset rs;
    make_rules(&rs, 4);
    jong_player *p[JONG_SEATS];
    make_players(p);
    for (uint64_t seed = 1; seed <= 6; seed++) {
        record_buf table_rec, session_rec;
        record_open(&table_rec, &rs, seed, p);
        jong_table t = {.rules = &rs, .seed = seed, .sink = jong_record_writer_event, .sink_ctx = table_rec.w};
        memcpy(t.players, p, sizeof t.players);
        jong_game_result res;
        jong_error err;
        assert_int_equal(jong_table_play(&t, &res, &err), JONG_OK);
        record_close(&table_rec);

        int person = (int)(seed % 4);
        record_open(&session_rec, &rs, seed, p);
        play_session(&rs, seed, person, p, &session_rec, seed == 1);
        record_close(&session_rec);
        assert_int_equal(session_rec.len, table_rec.len);
        assert_memory_equal(session_rec.data, table_rec.data, table_rec.len);

        FILE *f = fmemopen(session_rec.data, session_rec.len, "r");
        jong_replay_stats st;
        assert_int_equal(jong_replay_verify_stream(f, &st, &err), JONG_OK);
        assert_int_equal(st.games, 1);
        fclose(f);
        free(table_rec.data);
        free(session_rec.data);
    }
    free_players(p);
}

static void test_next_hand_refused_while_playing(void **state)
{
    (void)state;
    jong_ruleset rs;
    make_rules(&rs, 1);
    jong_player *p[JONG_SEATS];
    make_players(p);
    jong_session_config cfg = {.rules = &rs, .seed = 9};
    memcpy(cfg.players, p, sizeof cfg.players);
    cfg.players[0] = NULL;
    jong_session *s;
    jong_error err;
    assert_int_equal(jong_session_new(&cfg, &s, &err), JONG_OK);
    assert_int_equal(jong_session_state_now(s), JONG_SESSION_WAITING);
    assert_int_equal(jong_session_next_hand(s, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "still being played"));
    /* play the one hand out with the default action, then the game is over */
    while (jong_session_state_now(s) == JONG_SESSION_WAITING) {
        jong_action legal[JONG_MAX_ACTIONS];
        int n = jong_session_legal(s, 0, legal);
        int c = jong_default_action(jong_session_view(s, 0), legal, n);
        assert_int_equal(jong_session_act(s, 0, &legal[c], &err), JONG_OK);
    }
    assert_int_equal(jong_session_state_now(s), JONG_SESSION_GAME_OVER);
    assert_int_equal(jong_session_waiting(s), 0);
    assert_int_equal(jong_session_next_hand(s, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "game is over"));
    jong_session_free(s);
    free_players(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_session_equals_table),
        cmocka_unit_test(test_next_hand_refused_while_playing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
