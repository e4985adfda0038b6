/* Stepping through a game record for `jong review` (see review.h): the engine replays the
 * record (Jong's own records through jong_replay_observe_stream, mjai / Tenhou mjlog /
 * tenhou.net/6 through jong_mjai_replay_observe) and stops at every decision of the reviewed
 * seat that had a choice: the action taken, for a discard the discard analysis of the seat's
 * view (analysis_sim.h), and with a player its own choice and values. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <math.h>

#include "cli/cli_util.h"
#include "cli/ui/event_text.h"
#include "jong/mjai.h"
#include "jong/record.h"
#include "models/oppmodel.h"
#include "players/mizukami/mizukami.h"
#include "players/guard/guard_builtin.h"
#include "review.h"

typedef struct {
    review_report *rep;
    jong_player *player;
    bool oom;
    bool wrong_rules; /* the record's rules are not the player's: why says so, the player is gone */
    jong_error why;
    bool progress; /* stderr is a terminal: a running count */
    bool tracking; /* tracked holds the reviewed seat's view rebuilt from its events */
    jong_view tracked;
    jong_record_limits lim; /* on reading an imported record */
    /* riichi: the opponent models and the reviewed seat's observation of the others */
    bool have_models;
    jong_oppmodel om;
    jong_opp_obs obs;
    bool obs_ok;
    /* Taiwanese: the guard model's chance that a discard deals in */
    bool have_guard;
    jong_linmodel guard;
} review_ctx;

double review_net(const review_decision *d, int row)
{
    const jong_analysis_row *r = &d->an.rows[row];
    return r->points.value - (d->risk_known ? d->risk[r->discard] : 0);
}

void review_free(review_report *rep)
{
    free(rep->d);
    free(rep->hands);
    rep->d = NULL;
    rep->hands = NULL;
}

/* ---- one decision ------------------------------------------------------------------------------ */

static void view_inputs(const jong_view *v, const jong_ruleset *rs, int seat, jong_analysis_input *in)
{
    jong_analysis_input_init(in, rs->variant);
    in->rules = rs;
    in->hand = v->own;
    int unseen[JONG_KINDS];
    jong_view_unseen(v, unseen);
    uint8_t meld[JONG_KINDS];
    jong_hand_meld_counts(&v->own, meld);
    for (int i = 0; i < v->ndora && in->ndora < JONG_RIICHI_MAX_INDICATORS; i++) {
        int k = jong_code_kind(v->dora_markers[i]);
        if (k != JONG_NO_TILE)
            in->dora[in->ndora++] = (uint8_t)k;
    }
    for (int k = 0; k < JONG_KINDS; k++) {
        int ind = 0;
        for (int i = 0; i < in->ndora; i++)
            ind += in->dora[i] == k;
        int seen = 4 - unseen[k] - v->own.counts[k] - meld[k] - ind;
        in->seen[k] = (uint8_t)(seen > 0 ? seen : 0);
    }
    in->draws = v->wall_left / 4;
    in->seat_wind = v->seat_winds[seat];
    in->round_wind = v->round_wind;
    in->dealer = v->dealer == seat;
}

static bool legal_discard(const jong_action *legal, int n, int kind)
{
    for (int i = 0; i < n; i++)
        if (legal[i].type == JONG_ACT_DISCARD && legal[i].tile == kind)
            return true;
    return false;
}

/* The mean tai of a win at the Taiwanese table (1.9-2.0 in greedy self-play,
 * docs/experiments/taiwanese-strength.md): a deal-in costs base + this x unit. */
#define REVIEW_TW_TAI 2.0

/* The expected deal-in loss of each kind (review.h). Riichi: the paper's Eq. 9 summed over the
 * others, from the seat's observation of them (followed from its events, or rebuilt from its
 * view). Taiwanese: the guard model's P(the discard deals in) x the mean win's payment. */
static void price_risk(review_ctx *c, review_decision *d, const jong_view *v, const jong_ruleset *rs, int seat)
{
    if (v->variant == JONG_VARIANT_TAIWAN) {
        if (!c->have_guard)
            return;
        for (int k = 0; k < JONG_KINDS; k++)
            d->risk[k] = v->own.counts[k] ? jong_guard_deal_in(&c->guard, v, k) * (rs->base + REVIEW_TW_TAI * rs->unit)
                                          : 0;
        d->risk_known = true;
        return;
    }
    if (!c->have_models)
        return;
    jong_opp_obs rebuilt;
    const jong_opp_obs *o = jong_opp_obs_for(&c->obs, c->obs_ok, v, &rebuilt);
    for (int k = 0; k < JONG_KINDS; k++) {
        d->risk[k] = 0;
        if (!v->own.counts[k])
            continue;
        for (int opp = 0; opp < JONG_SEATS; opp++)
            if (opp != seat)
                d->risk[k] += jong_opp_el(&c->om, o, opp, seat, k);
    }
    d->risk_known = true;
}

/* The rows of the taken discard and of the best legal one by net value; the loss between them
 * with its interval when the best is the analysis's best by points (the interval of the points
 * moved by the two risks, which are model outputs, not simulated). */
static void verdict(review_decision *d, const jong_action *legal, int n)
{
    d->taken_row = d->best_row = -1;
    for (int i = 0; i < d->an.nrows; i++) {
        int k = d->an.rows[i].discard;
        if (legal_discard(legal, n, k) && (d->best_row < 0 || review_net(d, i) > review_net(d, d->best_row)))
            d->best_row = i;
        if (d->taken.type == JONG_ACT_DISCARD && k == d->taken.tile)
            d->taken_row = i;
    }
    d->loss = d->loss_lo = d->loss_hi = 0;
    d->loss_ci = false;
    if (d->best_row < 0 || d->taken_row < 0)
        return;
    d->loss = review_net(d, d->best_row) - review_net(d, d->taken_row);
    d->loss_ci = d->best_row == d->an.best;
    if (d->loss_ci) {
        const jong_analysis_row *b = &d->an.rows[d->best_row], *t = &d->an.rows[d->taken_row];
        double shift = d->risk_known ? d->risk[t->discard] - d->risk[b->discard] : 0;
        d->loss_lo = t->behind.lo + shift;
        d->loss_hi = t->behind.hi + shift;
    }
}

/* Whether the first, quarter-size analysis settles the verdict: every row exact, the taken
 * discard best (more simulations could at most find a loss within their noise), or a loss whose
 * interval lies above 0. A loss that may be 0, or has no interval, is run again at full size. */
static bool clear_verdict(const review_decision *d)
{
    if (d->taken_row < 0 || d->best_row < 0 || d->taken_row == d->best_row)
        return true;
    bool exact = true;
    for (int i = 0; i < d->an.nrows; i++)
        exact &= d->an.rows[i].exact;
    return exact || (d->loss_ci && d->loss_lo > 0);
}

/* The analysis at a quarter of the simulations first: most verdicts are clear by then (the
 * exact rows need none); the others are run again at the full count. */
static void analyse(review_ctx *c, review_decision *d, const jong_view *v, const jong_ruleset *rs, int seat,
                    const jong_action *legal, int n)
{
    review_report *rep = c->rep;
    jong_analysis_input in;
    view_inputs(v, rs, seat, &in);
    in.seed = jong_seed_mix(rep->seed, (uint64_t)rep->n);
    price_risk(c, d, v, rs, seat);
    jong_error err;
    jong_error_clear(&err);
    long first = rep->sims >= 400 ? rep->sims / 4 : rep->sims;
    in.sims = first;
    if (jong_analysis_run(&in, &d->an, &err) != JONG_OK)
        return; /* a hand the analysis does not take (e.g. after a kan's replacement): shown unanalysed */
    d->analysed = true;
    d->sims_used = first;
    verdict(d, legal, n);
    if (first < rep->sims && !clear_verdict(d)) {
        in.sims = rep->sims;
        if (jong_analysis_run(&in, &d->an, &err) == JONG_OK) {
            d->sims_used = rep->sims;
            verdict(d, legal, n);
        }
    }
    if (d->have_values || !c->player || !c->player->discard_values)
        return;
    jong_decision dec = {v, rs, legal, n, in.seed, 0, 0, NULL, NULL};
    d->have_values = jong_player_discard_values(c->player, &dec, &d->values, &err) == JONG_OK;
}

/* Every event of the replay: the reviewed seat's share goes to the --player engine, as a table
 * feeds its players (the event as the seat sees it, after its view is brought up to date). */
/* The player's rules are known only once the record's game exists; a player for the other
 * family of rules is dropped (its answers would be about another game) and the run fails. */
static void check_rules(review_ctx *c, const jong_game *g)
{
    if (c->player && jong_player_check_variant(c->player->spec, jong_game_ruleset(g)->variant, &c->why)) {
        jong_player_free(c->player);
        c->player = NULL;
        c->wrong_rules = true;
    }
}

/* A hand's start and end: its name, its outcome in words (as the seat's table says it), the
 * scores; the game's final scores. */
static void follow_hands(review_ctx *c, const jong_game *g, const jong_event *ev)
{
    review_report *rep = c->rep;
    if (ev->type == JONG_EV_START_HAND) {
        if (rep->nhands == rep->hands_cap) {
            int cap = rep->hands_cap ? 2 * rep->hands_cap : 32;
            review_hand *h = realloc(rep->hands, (size_t)cap * sizeof *h);
            if (!h) {
                c->oom = true;
                return;
            }
            rep->hands = h;
            rep->hands_cap = cap;
        }
        review_hand *h = &rep->hands[rep->nhands++];
        memset(h, 0, sizeof *h);
        h->game = ev->game;
        h->hand_no = ev->hand;
        snprintf(h->where, sizeof h->where, "%c%d", "ESWN"[ev->round_wind & 3], ev->dealer + 1);
        h->honba = ev->streak;
        h->first = rep->n;
        rep->rules = *jong_game_ruleset(g);
        rep->variant = rep->rules.variant;
    } else if ((ev->type == JONG_EV_WIN || ev->type == JONG_EV_EXHAUSTED) && rep->nhands) {
        review_hand *h = &rep->hands[rep->nhands - 1];
        jong_view v;
        jong_game_view(g, rep->seat, &v);
        v.seat = -1; /* every seat by its wind, the reviewed one too */
        char lines[4][160];
        int k = event_result_lines(ev, &v, lines[0], sizeof lines[0], 4);
        size_t used = strlen(h->outcome);
        if (k >= 1 && used < sizeof h->outcome - 4)
            snprintf(h->outcome + used, sizeof h->outcome - used, "%s%.100s%s%.100s", used ? "; " : "", lines[0],
                     k >= 3 ? ": " : "", k >= 3 ? lines[1] : "");
        for (int s = 0; s < JONG_SEATS; s++) {
            h->deltas[s] += ev->deltas[s];
            h->scores[s] = ev->scores[s];
        }
    } else if (ev->type == JONG_EV_END_GAME) {
        rep->over = true;
        memcpy(rep->final, ev->scores, sizeof rep->final);
    }
}

static void on_event(void *ctx, const jong_game *g, const jong_event *ev)
{
    review_ctx *c = ctx;
    check_rules(c, g);
    follow_hands(c, g, ev);
    const jong_ruleset *rs = jong_game_ruleset(g);
    int seat = c->rep->seat;
    if (ev->type == JONG_EV_START_GAME || !c->tracking) {
        jong_view_init(&c->tracked, rs, seat);
        c->tracking = true;
    }
    jong_event filtered;
    const jong_event *seen = ev;
    if (jong_event_hides(ev, seat, rs->variant)) {
        jong_event_for_seat(ev, seat, rs->variant, &filtered);
        seen = &filtered;
    }
    jong_view_apply(&c->tracked, rs, seen);
    if (c->have_models && rs->variant == JONG_VARIANT_RIICHI)
        jong_opp_obs_follow(&c->obs, &c->obs_ok, seen);
    if (c->player && c->player->ops->observe)
        c->player->ops->observe(c->player, &c->tracked, seen);
}

/* Every decision of every seat, before the recorded answer. */
static void observe(void *ctx, const jong_game *g, int seat, const jong_action *chosen)
{
    review_ctx *c = ctx;
    review_report *rep = c->rep;
    check_rules(c, g);
    jong_view v;
    jong_game_view(g, seat, &v);
    if (seat != rep->seat || c->oom)
        return;
    jong_action legal[JONG_MAX_ACTIONS];
    int n = jong_game_legal(g, seat, legal);
    if (n < 2)
        return;
    uint64_t kinds = 0;
    for (int i = 0; i < n; i++)
        if (legal[i].type == JONG_ACT_DISCARD)
            kinds |= 1ull << legal[i].tile;
    bool discard_choice = __builtin_popcountll(kinds) >= 2;
    if (!discard_choice && kinds) {
        /* a turn whose only discard is forced (after riichi): a choice only if something else is
         * offered besides (a win, a kan) */
        bool other = false;
        for (int i = 0; i < n; i++)
            other |= legal[i].type != JONG_ACT_DISCARD;
        if (!other)
            return;
    }
    if (rep->n == rep->cap) {
        int cap = rep->cap ? 2 * rep->cap : 64;
        review_decision *d = realloc(rep->d, (size_t)cap * sizeof *d);
        if (!d) {
            c->oom = true;
            return;
        }
        rep->d = d;
        rep->cap = cap;
    }
    review_decision *d = &rep->d[rep->n];
    memset(d, 0, sizeof *d);
    d->game = v.game;
    d->hand_no = v.hand;
    snprintf(d->where, sizeof d->where, "%c%d", "ESWN"[v.round_wind & 3], v.dealer + 1);
    d->turn = v.seats[seat].ndiscards + 1;
    d->hand = v.own;
    d->view = v;
    d->last_draw = v.last_draw;
    d->taken = *chosen;
    jong_action_format(chosen, d->taken_text, sizeof d->taken_text);
    d->nlegal = n;
    d->taken_row = d->best_row = -1;
    const jong_ruleset *rs = jong_game_ruleset(g);
    if (c->player) {
        jong_decision dec = {&v, rs, legal, n, jong_seed_mix(rep->seed, (uint64_t)rep->n), 0, 0, NULL, NULL};
        int i = c->player->ops->choose(c->player, &dec);
        if (i >= 0 && i < n) {
            d->have_choice = true;
            d->choice = legal[i];
            jong_action_format(&legal[i], d->choice_text, sizeof d->choice_text);
        }
    }
    if (discard_choice && chosen->type == JONG_ACT_DISCARD)
        analyse(c, d, &v, rs, seat, legal, n);
    rep->n++;
    if (c->progress)
        fprintf(stderr, "\rjong review: %d decisions", rep->n);
}


void review_summarise(review_report *rep)
{
    for (int i = 0; i < rep->n; i++) {
        const review_decision *d = &rep->d[i];
        if (d->analysed && d->taken_row >= 0 && d->best_row >= 0) {
            rep->analysed++;
            rep->agreed += d->taken_row == d->best_row;
            rep->loss += d->loss;
            rep->clear += d->loss_ci && d->loss_lo > 0;
        }
        if (d->have_choice) {
            rep->player_compared++;
            rep->player_agreed += d->choice.type == d->taken.type && d->choice.tile == d->taken.tile &&
                                  d->choice.low == d->taken.low;
        }
    }
}


/* Steps through a record: a Jong record from its stream, any other format from its file. */
/* A Jong record's players, from its header line; the stream is read again from its start. */
static void header_names(review_report *rep, FILE *f)
{
    char line[4096];
    long at = ftell(f);
    if (at < 0 || !fgets(line, sizeof line, f))
        return;
    json_t *h = json_loads(line, 0, NULL), *players = json_object_get(h, "players");
    for (int s = 0; s < JONG_SEATS; s++) {
        const char *name = json_string_value(json_array_get(players, (size_t)s));
        snprintf(rep->names[s], sizeof rep->names[s], "%s", name ? name : "");
    }
    json_decref(h);
    fseek(f, at, SEEK_SET);
}

static void log_names(review_report *rep, const jong_mjai_log *log)
{
    for (size_t i = 0; i < log->n; i++)
        if (log->ev[i].type == JONG_MJAI_START_GAME) {
            for (int s = 0; s < JONG_SEATS; s++)
                snprintf(rep->names[s], sizeof rep->names[s], "%s", log->ev[i].names[s]);
            return;
        }
}

static int step_through(review_ctx *c, FILE *stream, const char *path, char *why, size_t n)
{
    jong_error err;
    jong_error_clear(&err);
    jong_replay_hooks hooks = {observe, on_event, c};
    if (stream || cli_is_jong_record(path)) {
        c->rep->format = "jong";
        char *text = NULL;
        FILE *f = stream ? stream : cli_open_jong_record(path, &c->lim, &text, &err);
        if (!f) {
            snprintf(why, n, "%s", err.msg);
            return -1;
        }
        header_names(c->rep, f);
        jong_replay_stats st;
        int rc = jong_replay_observe_stream(f, &hooks, &st, &err);
        if (!stream)
            fclose(f);
        free(text);
        if (rc != JONG_OK) {
            snprintf(why, n, "%s: %s", path, err.msg);
            return -1;
        }
        return 0;
    }
    c->rep->format = "mjai/tenhou";
    jong_mjai_log log;
    jong_mjai_log_init(&log);
    if (jong_mjai_read_file_limited(path, &c->lim, &log, &err) != JONG_OK) {
        jong_mjai_log_free(&log);
        snprintf(why, n, "%s", err.msg);
        return -1;
    }
    log_names(c->rep, &log);
    jong_mjai_replay_stats st;
    int rc = jong_mjai_replay_observe(&log, &hooks, &st, &err);
    jong_mjai_log_free(&log);
    if (rc != JONG_OK) {
        snprintf(why, n, "%s: %s", path, err.msg);
        return -1;
    }
    return 0;
}

int review_run(review_report *rep, const review_source *src, char *why, size_t n)
{
    review_ctx c = {.rep = rep, .progress = src->progress, .lim = src->limits};
    jong_error err;
    jong_error_clear(&err);
    jong_linmodel policy;
    c.have_models = jong_mizukami_models_load(&c.om, &policy, &err) == JONG_OK;
    if (c.have_models)
        jong_linmodel_free(&policy);
    jong_error_clear(&err);
    c.have_guard = jong_guard_builtin(&c.guard, &err) == JONG_OK;
    jong_error_clear(&err);
    if (rep->player && jong_player_create(rep->player, &c.player, &err) != JONG_OK) {
        snprintf(why, n, "--player %s: %s", rep->player, err.msg);
        if (c.have_models)
            jong_oppmodel_free(&c.om);
        if (c.have_guard)
            jong_linmodel_free(&c.guard);
        return REVIEW_BAD_PLAYER;
    }
    int rc = step_through(&c, src->stream, rep->record, why, n);
    if (c.progress && rep->n)
        fputc('\n', stderr);
    jong_player_free(c.player);
    if (c.have_models)
        jong_oppmodel_free(&c.om);
    if (c.have_guard)
        jong_linmodel_free(&c.guard);
    if (rc)
        return REVIEW_FAILED;
    if (c.oom) {
        snprintf(why, n, "out of memory");
        return REVIEW_FAILED;
    }
    if (c.wrong_rules) {
        snprintf(why, n, "--player %s: %s", rep->player, c.why.msg);
        return REVIEW_BAD_PLAYER;
    }
    review_summarise(rep);
    return REVIEW_OK;
}
