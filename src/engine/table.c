/* Playing a game at a table: asks the pending seats, feeds each player its filtered events,
 * gathers statistics, and (checking mode) verifies the invariants after every action. */
#include <stdio.h>
#include <string.h>

#include "jong/rng.h"
#include "jong/table.h"

typedef struct {
    const jong_table *t;
    jong_game_result *res;
    const jong_game *g;
    jong_view tracked[JONG_SEATS];
    int check_rc;       /* the first broken invariant (checking mode) */
    jong_error check_err;
} table_run;

static void record_stats(table_run *r, const jong_event *ev)
{
    jong_game_result *res = r->res;
    switch (ev->type) {
    case JONG_EV_START_HAND:
        for (int s = 0; s < jong_ruleset_seats(r->t->rules); s++)
            res->seats[s].hands++;
        break;
    case JONG_EV_WIN: {
        jong_seat_stats *w = &res->seats[ev->actor];
        w->wins++;
        w->tai += ev->riichi ? ev->score.han : ev->tai.tai;
        if (ev->target < 0)
            w->self_draws++;
        else
            res->seats[ev->target].deal_ins++;
        break;
    }
    case JONG_EV_EXHAUSTED:
        for (int s = 0; s < jong_ruleset_seats(r->t->rules); s++)
            res->seats[s].draws++;
        break;
    case JONG_EV_END_HAND:
        res->hands++;
        memcpy(res->scores, ev->scores, sizeof res->scores);
        break;
    case JONG_EV_END_GAME:
        memcpy(res->scores, ev->scores, sizeof res->scores);
        break;
    default:
        break;
    }
}

static void table_sink(void *ctx, const jong_event *ev)
{
    table_run *r = ctx;
    const jong_table *t = r->t;
    if (t->sink)
        t->sink(t->sink_ctx, ev);
    record_stats(r, ev);
    /* Each seat's view is rebuilt from the events as that seat sees them, so a player can only
     * ever be shown what its seat may know. Events with nothing to hide are passed as they are. */
    for (int s = 0; s < JONG_SEATS; s++) {
        jong_event filtered;
        const jong_event *seen = ev;
        if (jong_event_hides(ev, s, t->rules->variant)) {
            jong_event_for_seat(ev, s, t->rules->variant, &filtered);
            seen = &filtered;
        }
        jong_view_apply(&r->tracked[s], t->rules, seen);
        if (t->players[s] && t->players[s]->ops->observe)  /* a three-player table has no seat 3 */
            t->players[s]->ops->observe(t->players[s], &r->tracked[s], seen);
    }
    /* the engine emits each event once its state is updated, so the invariants hold here */
    if (t->check && !r->check_rc && r->g) {
        r->check_rc = jong_game_check(r->g, r->tracked, &r->check_err);
        if (r->check_rc) {
            char msg[sizeof r->check_err.msg];
            snprintf(msg, sizeof msg, "%s", r->check_err.msg);
            jong_error_set(&r->check_err, JONG_ERR_ARG, -1, "after %s by seat %d: %s",
                           jong_event_type_name(ev->type), ev->actor, msg);
        }
    }
}

int jong_default_action(const jong_view *v, const jong_action *legal, int n)
{
    int first_discard = -1, first_plain = -1;
    for (int i = 0; i < n; i++)
        if (legal[i].type == JONG_ACT_PASS)
            return i;
    for (int i = 0; i < n; i++) {
        if (legal[i].type != JONG_ACT_DISCARD)
            continue;
        /* a default must not declare anything (riichi); a red five is still a plain discard */
        bool plain = !(legal[i].flags & JONG_ACT_FLAG_RIICHI);
        if (plain && legal[i].tile == v->last_draw)
            return i;
        if (first_discard < 0)
            first_discard = i;
        if (first_plain < 0 && plain)
            first_plain = i;
    }
    if (first_plain >= 0)
        return first_plain;
    return first_discard >= 0 ? first_discard : 0;
}

int64_t jong_fault_late_ms(int64_t limit_ms)
{
    return limit_ms + (limit_ms / 4 > 50 ? limit_ms / 4 : 50);
}

void jong_table_tell_names(jong_player *const players[JONG_SEATS], const char *const names[JONG_SEATS])
{
    const char *named[JONG_SEATS];
    for (int s = 0; s < JONG_SEATS; s++)
        named[s] = names && names[s] ? names[s] : players[s] ? players[s]->spec : "person";
    for (int s = 0; s < JONG_SEATS; s++)
        if (players[s] && players[s]->seat_names)
            players[s]->seat_names(players[s], named);
}

/* The deciding thread's CPU time, for a policy that counts it (thread_cpu_ms). */
static int64_t this_thread_cpu_ms(const jong_fault_policy *f) { return f->thread_cpu_ms(pthread_self()); }

/* One decision under a fault policy: the watch gets the deadline so that a watchdog can raise
 * the stop flag; a crash, an illegal index or a late answer becomes the default action. A
 * player with its own time limit (an outside bot's timeout=) is held to that one instead. The
 * limit counts this thread's CPU time when the policy says so and the player thinks here. */
static int ask_tolerant(const jong_table *t, jong_decision *d, jong_player *p, jong_seat_stats *st)
{
    const jong_fault_policy *f = t->faults;
    int64_t stop_ms = f->stop_ms, late_ms = f->late_ms;
    if (p->time_limit_ms > 0) {
        stop_ms = p->time_limit_ms;
        late_ms = jong_fault_late_ms(stop_ms);
    }
    bool by_cpu = f->thread_cpu_ms && !p->outside && p->time_limit_ms <= 0;
    bool timed = by_cpu || f->now_ms;
    int64_t start = by_cpu ? this_thread_cpu_ms(f) : f->now_ms ? f->now_ms() : 0;
    _Atomic int64_t *deadline = !f->watch ? NULL : by_cpu ? &f->watch->cpu_deadline_ms : &f->watch->deadline_ms;
    if (f->watch) {
        atomic_store(&f->watch->stop, false);
        d->stop = &f->watch->stop;
        if (timed && stop_ms > 0)
            atomic_store(deadline, start + stop_ms);
    }
    int choice = p->ops->choose(p, d);
    int64_t took = by_cpu ? this_thread_cpu_ms(f) - start : f->now_ms ? f->now_ms() - start : 0;
    if (f->watch)
        atomic_store(deadline, 0);
    int kind = choice == JONG_CHOICE_LATE                ? JONG_FAULT_TIMEOUT
               : choice < 0                              ? JONG_FAULT_CRASH
               : choice >= d->nlegal                     ? JONG_FAULT_ILLEGAL
               : timed && late_ms > 0 && took > late_ms  ? JONG_FAULT_TIMEOUT
                                                         : -1;
    if (kind < 0)
        return choice;
    st->faults[kind]++;
    return jong_default_action(d->view, d->legal, d->nlegal);
}

uint64_t jong_decision_seed(uint64_t seed, int game, int hand, int seat, int number)
{
    uint64_t x = jong_seed_mix(seed ^ 0x5eed0fdec151011ull, (uint64_t)game);
    x = jong_seed_mix(x, (uint64_t)hand);
    x = jong_seed_mix(x, (uint64_t)seat);
    return jong_seed_mix(x, (uint64_t)number);
}

/* JONG_ERR_STOPPED once the caller raised abandon, else JONG_OK. */
static int abandoned(const jong_table *t, jong_error *err)
{
    if (!t->abandon || !atomic_load(t->abandon))
        return JONG_OK;
    return jong_error_set(err, JONG_ERR_STOPPED, -1, "game %d abandoned before its end", t->game_number);
}

int jong_table_play(const jong_table *t, jong_game_result *res, jong_error *err)
{
    memset(res, 0, sizeof *res);
    for (int s = 0; s < jong_ruleset_seats(t->rules); s++)
        if (!t->players[s])
            return jong_error_set(err, JONG_ERR_ARG, -1, "seat %d has no player", s);
    table_run run = {.t = t, .res = res};
    for (int s = 0; s < JONG_SEATS; s++) {
        jong_view_init(&run.tracked[s], t->rules, s);
    }
    jong_table_tell_names(t->players, t->names);
    jong_game *g;
    int rc = jong_game_new(t->rules, t->seed, t->game_number, table_sink, &run, &g, err);
    if (rc)
        return rc;
    run.g = g;
    int decisions[JONG_SEATS];
    while (!jong_game_over(g)) {
        if ((rc = jong_game_start_hand(g, err)))
            break;
        if (run.check_rc) {
            rc = run.check_rc;
            if (err)
                *err = run.check_err;
            break;
        }
        int hand = jong_game_hands_played(g) - 1;
        memset(decisions, 0, sizeof decisions);
        while (!rc && !jong_game_hand_over(g)) {
            unsigned pending = jong_game_pending(g);
            for (int s = 0; s < JONG_SEATS && !rc; s++) {
                if (!(pending >> s & 1))
                    continue;
                if ((rc = abandoned(t, err)))
                    break;
                jong_action legal[JONG_MAX_ACTIONS];
                int n = jong_game_legal(g, s, legal);
                jong_decision d = {
                    .view = &run.tracked[s], .rules = t->rules, .legal = legal, .nlegal = n,
                    .seed = jong_decision_seed(t->seed, t->game_number, hand, s, decisions[s]++),
                    .time_ms = t->time_ms, .sims = t->sims, .stop = t->stop,
                    .now_ms = t->now_ms ? t->now_ms : t->faults ? t->faults->now_ms : NULL,
                };
                int choice = t->faults ? ask_tolerant(t, &d, t->players[s], &res->seats[s])
                                       : t->players[s]->ops->choose(t->players[s], &d);
                if ((rc = abandoned(t, err))) /* the answer of a decision told to stop is no fault */
                    break;
                res->actions++;
                res->seats[s].decisions++;
                if (choice < 0 || choice >= n) {
                    rc = jong_error_set(err, JONG_ERR_ARG, -1,
                                        "player %s (seat %d) chose %d of %d legal actions",
                                        t->players[s]->spec, s, choice, n);
                    break;
                }
                rc = jong_game_act(g, s, &legal[choice], err);
            }
            if (!rc && run.check_rc) {
                rc = run.check_rc;
                if (err)
                    *err = run.check_err;
            }
        }
        if (!rc && t->on_hand)
            t->on_hand(t->on_hand_ctx, res);
        if (rc)
            break;
    }
    jong_game_free(g);
    return rc;
}
