/* `jong review RECORD`: steps through a game record with the engine (Jong's own records through
 * jong_replay_observe_stream, mjai / Tenhou mjlog / tenhou.net/6 through jong_mjai_replay_observe),
 * and at every decision of one seat that had a choice shows the action taken and, for a discard,
 * the discard analysis of the seat's view (analysis_sim.h): the best legal discard by expected
 * points, the best alternatives and the points the taken discard gives up. With --player, an
 * engine's own choice (and its discard values when it has the hook) is shown beside. */
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli_options.h"
#include "cli/cli_util.h"
#include "cli/commands.h"
#include "jong/mjai.h"
#include "jong/record.h"
#include "review.h"

#define CMD "review"

typedef struct {
    const char *record, *player, *html;
    int seat, sims;
    uint64_t seed;
    bool json;
    int max_record_mb, max_gzip_layers;
} review_opts;

#define OPTS review_opts
static const cli_option options[] = {
    {"--seat", CLI_WIND(seat), "N", "the seat to review, 0-3 or E S W N", .def = "0"},
    {"--player", CLI_STRING(player), "NAME", "also that engine's choice at each decision (and its own values "
     "of each discard for simcat and kf-*); it sees only the view"},
    {"--html", CLI_STRING(html), "FILE", "also a self-contained HTML report (tiles, hands, a loss chart)"},
    {"--sims", CLI_INT(sims), "N", "simulations per discard", .lo = 1, .hi = 1000000,
     .def = CLI_TEXT(JONG_ANALYSIS_DEFAULT_SIMS)},
    {"--seed", CLI_SEED(seed), "S", "seed of the analysis; decision i uses a seed mixed from it, so the "
     "report is the same on every run", .def = "1"},
    {"--json", CLI_FLAG(json), NULL, "one JSON object: the decisions and the summary"},
    CLI_RECORD_LIMIT_OPTIONS,
    CLI_END,
};

static const cli_command spec = {
    .name = CMD,
    .about = "Steps through a game record (a Jong record, or an mjai .mjson, Tenhou mjlog or\n"
             "tenhou.net/6 game, plain or gzipped) and, for every decision of one seat that\n"
             "had a choice, shows the action taken. A discard is analysed from the seat's view\n"
             "as `jong analyze` does (own draws only; the draws left are the wall / 4): the\n"
             "best legal discard by expected points, the next best, and the estimated loss\n"
             "(expected points of the best less those of the discard taken). Ends with the\n"
             "agreement and the total loss.\n",
    .options = options,
    .pos = {CLI_POS_ONE_AT(record), .metavar = "RECORD", .min = 1, .help = "the game record"},
};
#undef OPTS

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
} review_ctx;

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

static void analyse(review_ctx *c, review_decision *d, const jong_view *v, const jong_ruleset *rs, int seat,
                    const jong_action *legal, int n)
{
    review_report *rep = c->rep;
    jong_analysis_input in;
    view_inputs(v, rs, seat, &in);
    in.sims = rep->sims;
    in.seed = jong_seed_mix(rep->seed, (uint64_t)rep->n);
    jong_error err;
    jong_error_clear(&err);
    if (jong_analysis_run(&in, &d->an, &err) != JONG_OK)
        return; /* a hand the analysis does not take (e.g. after a kan's replacement): shown unanalysed */
    d->analysed = true;
    d->taken_row = d->best_row = -1;
    for (int i = 0; i < d->an.nrows; i++) {
        int k = d->an.rows[i].discard;
        if (d->best_row < 0 && legal_discard(legal, n, k))
            d->best_row = i;
        if (d->taken.type == JONG_ACT_DISCARD && k == d->taken.tile)
            d->taken_row = i;
    }
    if (d->best_row >= 0 && d->taken_row >= 0) {
        d->loss = d->an.rows[d->best_row].points.value - d->an.rows[d->taken_row].points.value;
        d->loss_ci = d->best_row == d->an.best;
        d->loss_lo = d->an.rows[d->taken_row].behind.lo;
        d->loss_hi = d->an.rows[d->taken_row].behind.hi;
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

static void on_event(void *ctx, const jong_game *g, const jong_event *ev)
{
    review_ctx *c = ctx;
    check_rules(c, g);
    if (!c->player || !c->player->ops->observe)
        return;
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

/* ---- summary and printing ---------------------------------------------------------------------- */

static void summarise(review_report *rep)
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

static const char *kname(int k)
{
    return jong_kind_name(k, JONG_STYLE_COMPACT);
}

static void print_text(const review_report *rep)
{
    printf("review    %s (%s), seat %d, %ld simulations per discard, seed %llu\n", rep->record, rep->format,
           rep->seat, rep->sims, (unsigned long long)rep->seed);
    printf("          points: expected points of the win within the draws left (own draws only)\n");
    for (int i = 0; i < rep->n; i++) {
        const review_decision *d = &rep->d[i];
        char hand[160];
        jong_format_hand(&d->hand, JONG_STYLE_COMPACT, hand, sizeof hand);
        printf("g%d %-3s h%-2d t%-2d %-24s took %-16s", d->game, d->where, d->hand_no, d->turn, hand, d->taken_text);
        if (d->analysed && d->taken_row >= 0 && d->best_row >= 0) {
            const jong_analysis_row *t = &d->an.rows[d->taken_row], *b = &d->an.rows[d->best_row];
            printf(" %5.0f  best %-3s %5.0f  loss %5.0f", t->points.value, kname(b->discard), b->points.value, d->loss);
            if (d->loss_ci && d->taken_row != d->best_row)
            {
                if (d->loss_lo < d->loss_hi)
                    printf(" [%.0f, %.0f]", d->loss_lo, d->loss_hi);
                else
                    printf(" exact");
            }
            int shown = 0;
            printf("  next:");
            for (int r = 0; r < d->an.nrows && shown < 2; r++)
                if (r != d->best_row && r != d->taken_row) {
                    printf(" %s %.0f", kname(d->an.rows[r].discard), d->an.rows[r].points.value);
                    shown++;
                }
        }
        if (d->have_choice)
            printf("  %s: %s", rep->player, d->choice_text);
        putchar('\n');
    }
    printf("summary   %d decisions with a choice; %d discards analysed, the best taken in %d (%.1f%%);\n", rep->n,
           rep->analysed, rep->agreed, rep->analysed ? 100.0 * rep->agreed / rep->analysed : 0.0);
    printf("          estimated loss %.0f points in all, %.1f per analysed discard; %d losses clearly above 0\n",
           rep->loss, rep->analysed ? rep->loss / rep->analysed : 0.0, rep->clear);
    if (rep->player)
        printf("player    %s chose as the record did in %d of %d decisions (%.1f%%)\n", rep->player,
               rep->player_agreed, rep->player_compared,
               rep->player_compared ? 100.0 * rep->player_agreed / rep->player_compared : 0.0);
}

static json_t *row_json(const jong_analysis_row *r)
{
    json_t *o = json_object();
    json_object_set_new(o, "discard", json_string(kname(r->discard)));
    json_object_set_new(o, "shanten", json_integer(r->shanten));
    json_object_set_new(o, "tenpai", json_real(r->tenpai.value));
    json_object_set_new(o, "win", json_real(r->win.value));
    json_object_set_new(o, "points", json_real(r->points.value));
    json_object_set_new(o, "exact", json_boolean(r->exact));
    return o;
}

static int print_json(const review_report *rep)
{
    json_t *root = json_object();
    json_object_set_new(root, "record", json_string(rep->record));
    json_object_set_new(root, "format", json_string(rep->format));
    json_object_set_new(root, "seat", json_integer(rep->seat));
    json_object_set_new(root, "sims", json_integer(rep->sims));
    json_object_set_new(root, "seed", json_integer((json_int_t)rep->seed));
    if (rep->player)
        json_object_set_new(root, "player", json_string(rep->player));
    json_t *arr = json_array();
    for (int i = 0; i < rep->n; i++) {
        const review_decision *d = &rep->d[i];
        json_t *o = json_object();
        char hand[160];
        jong_format_hand(&d->hand, JONG_STYLE_COMPACT, hand, sizeof hand);
        json_object_set_new(o, "game", json_integer(d->game));
        json_object_set_new(o, "where", json_string(d->where));
        json_object_set_new(o, "hand_number", json_integer(d->hand_no));
        json_object_set_new(o, "turn", json_integer(d->turn));
        json_object_set_new(o, "hand", json_string(hand));
        json_object_set_new(o, "taken", json_string(d->taken_text));
        if (d->analysed && d->taken_row >= 0 && d->best_row >= 0) {
            json_object_set_new(o, "taken_row", row_json(&d->an.rows[d->taken_row]));
            json_object_set_new(o, "best", row_json(&d->an.rows[d->best_row]));
            json_object_set_new(o, "loss", json_real(d->loss));
            if (d->loss_ci) {
                json_object_set_new(o, "loss_lo", json_real(d->loss_lo));
                json_object_set_new(o, "loss_hi", json_real(d->loss_hi));
            }
            json_t *rows = json_array();
            for (int r = 0; r < d->an.nrows; r++)
                json_array_append_new(rows, row_json(&d->an.rows[r]));
            json_object_set_new(o, "rows", rows);
        }
        if (d->have_choice)
            json_object_set_new(o, "player_choice", json_string(d->choice_text));
        if (d->have_values) {
            json_t *vals = json_object();
            for (int k = 0; k < JONG_KINDS; k++)
                if (d->values.valued[k])
                    json_object_set_new(vals, kname(k), json_real(d->values.value[k]));
            json_object_set_new(o, "player_values", vals);
            json_object_set_new(o, "player_measure", json_string(d->values.measure));
        }
        json_array_append_new(arr, o);
    }
    json_object_set_new(root, "decisions", arr);
    json_t *sum = json_object();
    json_object_set_new(sum, "decisions", json_integer(rep->n));
    json_object_set_new(sum, "analysed", json_integer(rep->analysed));
    json_object_set_new(sum, "agreed", json_integer(rep->agreed));
    json_object_set_new(sum, "loss", json_real(rep->loss));
    json_object_set_new(sum, "clear_losses", json_integer(rep->clear));
    if (rep->player) {
        json_object_set_new(sum, "player_compared", json_integer(rep->player_compared));
        json_object_set_new(sum, "player_agreed", json_integer(rep->player_agreed));
    }
    json_object_set_new(root, "summary", sum);
    return cli_print_json(CMD, root);
}

/* ---- the command ------------------------------------------------------------------------------- */

static int step_through(review_ctx *c, const char *path)
{
    jong_error err;
    jong_error_clear(&err);
    if (cli_is_jong_record(path)) {
        c->rep->format = "jong";
        FILE *f = fopen(path, "rb");
        if (!f)
            return cli_fail(CMD, "%s: cannot open it: %s", path, strerror(errno));
        jong_replay_stats st;
        jong_replay_hooks hooks = {observe, on_event, c};
        int rc = jong_replay_observe_stream(f, &hooks, &st, &err);
        fclose(f);
        if (rc != JONG_OK)
            return cli_fail(CMD, "%s: %s", path, err.msg);
        return CLI_OK;
    }
    c->rep->format = "mjai/tenhou";
    jong_mjai_log log;
    jong_mjai_log_init(&log);
    if (jong_mjai_read_file_limited(path, &c->lim, &log, &err) != JONG_OK) {
        jong_mjai_log_free(&log);
        return cli_fail(CMD, "%s", err.msg);
    }
    jong_mjai_replay_stats st;
    jong_replay_hooks hooks = {observe, on_event, c};
    int rc = jong_mjai_replay_observe(&log, &hooks, &st, &err);
    jong_mjai_log_free(&log);
    if (rc != JONG_OK)
        return cli_fail(CMD, "%s: %s", path, err.msg);
    return CLI_OK;
}

int cmd_review(int argc, char **argv)
{
    review_opts o = {0};
    int r = cli_parse(&spec, argc, argv, &o);
    if (r != CLI_GO)
        return r;
    review_report rep;
    memset(&rep, 0, sizeof rep);
    rep.record = o.record;
    rep.player = o.player;
    rep.seat = o.seat;
    rep.sims = o.sims;
    rep.seed = o.seed;
    const char *html = o.html;
    bool json = o.json;
    review_ctx c = {.rep = &rep, .progress = isatty(2),
                    .lim = cli_record_limits(o.max_record_mb, o.max_gzip_layers)};
    jong_error err;
    jong_error_clear(&err);
    if (rep.player && jong_player_create(rep.player, &c.player, &err) != JONG_OK)
        return cli_usage_error(CMD, "--player %s: %s", rep.player, err.msg);
    fprintf(stderr, "jong review: %s, seat %d, seed %llu\n", rep.record, rep.seat, (unsigned long long)rep.seed);
    int rc = step_through(&c, rep.record);
    if (c.progress && rep.n)
        fputc('\n', stderr);
    jong_player_free(c.player);
    if (rc == CLI_OK && c.oom)
        rc = cli_fail(CMD, "out of memory");
    if (rc == CLI_OK && c.wrong_rules)
        rc = cli_usage_error(CMD, "--player %s: %s", rep.player, c.why.msg);
    if (rc == CLI_OK) {
        summarise(&rep);
        if (html) {
            FILE *f = fopen(html, "w");
            if (!f || review_write_html(f, &rep) != 0 || fclose(f) != 0)
                rc = cli_fail(CMD, "%s: cannot write the report", html);
        }
        if (rc == CLI_OK)
            rc = json ? print_json(&rep) : (print_text(&rep), CLI_OK);
    }
    free(rep.d);
    return rc;
}
