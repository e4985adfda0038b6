/* `jong review RECORD`: the command around review_run (review_run.c): options, the text and
 * JSON reports, the HTML file. At every decision of one seat that had a choice it shows the
 * action taken and, for a discard, the best legal discard by expected points, the best
 * alternatives and the points the taken discard gives up; with --player, an engine's own choice
 * (and its discard values when it has the hook) beside. */
#include <errno.h>
#include <jansson.h>
#include <math.h>
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

/* ---- summary and printing ---------------------------------------------------------------------- */

static const char *kname(int k)
{
    return jong_kind_name(k, JONG_STYLE_COMPACT);
}

static void print_text(const review_report *rep)
{
    printf("review    %s (%s), seat %d, %ld simulations per discard, seed %llu\n", rep->record, rep->format,
           rep->seat, rep->sims, (unsigned long long)rep->seed);
    printf("          points: expected points of the win within the draws left (own draws only)\n");
    if (rep->variant == JONG_VARIANT_RIICHI)
        printf("          risk: expected deal-in loss (Mizukami-Tsuruoka models); best and loss by points - risk\n");
    else
        printf("          risk: expected deal-in loss (the guard model's P(deal-in) x a 2-tai win); best and loss by "
               "points - risk\n");
    for (int i = 0; i < rep->n; i++) {
        const review_decision *d = &rep->d[i];
        char hand[160];
        jong_format_hand(&d->hand, JONG_STYLE_COMPACT, hand, sizeof hand);
        printf("g%d %-3s h%-2d t%-2d %-24s took %-16s", d->game, d->where, d->hand_no, d->turn, hand, d->taken_text);
        if (d->analysed && d->taken_row >= 0 && d->best_row >= 0) {
            const jong_analysis_row *t = &d->an.rows[d->taken_row], *b = &d->an.rows[d->best_row];
            printf(" %5.0f", t->points.value);
            if (d->risk_known)
                printf(" risk %4.0f", d->risk[t->discard]);
            printf("  best %-3s %5.0f", kname(b->discard), b->points.value);
            if (d->risk_known)
                printf(" risk %4.0f", d->risk[b->discard]);
            printf("  loss %5.0f", d->loss);
            if (d->loss_ci && d->taken_row != d->best_row)
            {
                if (d->loss_lo < d->loss_hi)
                    printf(" [%.0f, %.0f]", d->loss_lo, d->loss_hi);
                else
                    printf(" exact");
            }
            /* the next two by net value */
            int next[2] = {-1, -1};
            for (int r = 0; r < d->an.nrows; r++) {
                if (r == d->best_row || r == d->taken_row)
                    continue;
                if (next[0] < 0 || review_net(d, r) > review_net(d, next[0])) {
                    next[1] = next[0];
                    next[0] = r;
                } else if (next[1] < 0 || review_net(d, r) > review_net(d, next[1])) {
                    next[1] = r;
                }
            }
            printf("  next:");
            for (int j = 0; j < 2 && next[j] >= 0; j++)
                printf(" %s %.0f", kname(d->an.rows[next[j]].discard), review_net(d, next[j]));
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

/* Values as people read them: points to 0.1, chances to 0.0001 (not 203.54999999999995). */
static json_t *rounded(double x, int digits)
{
    double scale = pow(10, digits);
    return json_real(round(x * scale) / scale);
}

static json_t *row_json(const review_decision *d, int row)
{
    const jong_analysis_row *r = &d->an.rows[row];
    json_t *o = json_object();
    json_object_set_new(o, "discard", json_string(kname(r->discard)));
    json_object_set_new(o, "shanten", json_integer(r->shanten));
    json_object_set_new(o, "tenpai", rounded(r->tenpai.value, 4));
    json_object_set_new(o, "win", rounded(r->win.value, 4));
    json_object_set_new(o, "points", rounded(r->points.value, 1));
    if (d->risk_known) {
        json_object_set_new(o, "risk", rounded(d->risk[r->discard], 1));
        json_object_set_new(o, "net", rounded(review_net(d, row), 1));
    }
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
            json_object_set_new(o, "taken_row", row_json(d, d->taken_row));
            json_object_set_new(o, "best", row_json(d, d->best_row));
            json_object_set_new(o, "loss", rounded(d->loss, 1));
            if (d->loss_ci) {
                json_object_set_new(o, "loss_lo", rounded(d->loss_lo, 1));
                json_object_set_new(o, "loss_hi", rounded(d->loss_hi, 1));
            }
            json_object_set_new(o, "sims", json_integer(d->sims_used));
            json_t *rows = json_array();
            for (int r = 0; r < d->an.nrows; r++)
                json_array_append_new(rows, row_json(d, r));
            json_object_set_new(o, "rows", rows);
        }
        if (d->have_choice)
            json_object_set_new(o, "player_choice", json_string(d->choice_text));
        if (d->have_values) {
            json_t *vals = json_object();
            for (int k = 0; k < JONG_KINDS; k++)
                if (d->values.valued[k])
                    json_object_set_new(vals, kname(k), rounded(d->values.value[k], 4));
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
    json_object_set_new(sum, "loss", rounded(rep->loss, 1));
    json_object_set_new(sum, "clear_losses", json_integer(rep->clear));
    if (rep->player) {
        json_object_set_new(sum, "player_compared", json_integer(rep->player_compared));
        json_object_set_new(sum, "player_agreed", json_integer(rep->player_agreed));
    }
    json_object_set_new(root, "summary", sum);
    /* the rounded values printed as rounded (jansson's default of 17 digits shows 0.605 as
     * 0.60499999999999998) */
    char *text = json_dumps(root, JSON_COMPACT | JSON_REAL_PRECISION(10));
    json_decref(root);
    if (!text)
        return cli_fail(CMD, "out of memory writing JSON");
    puts(text);
    free(text);
    return CLI_OK;
}

/* ---- the command ------------------------------------------------------------------------------- */

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
    review_source src = {.progress = isatty(2), .limits = cli_record_limits(o.max_record_mb, o.max_gzip_layers)};
    if (rep.player) {
        /* a player that does not exist is refused before the record is read */
        jong_player *p;
        jong_error err;
        if (jong_player_create(rep.player, &p, &err) != JONG_OK)
            return cli_usage_error(CMD, "--player %s: %s", rep.player, err.msg);
        jong_player_free(p);
    }
    fprintf(stderr, "jong review: %s, seat %d, seed %llu\n", rep.record, rep.seat, (unsigned long long)rep.seed);
    char why[512];
    int rc = CLI_OK;
    switch (review_run(&rep, &src, why, sizeof why)) {
    case REVIEW_OK:
        break;
    case REVIEW_BAD_PLAYER:
        rc = cli_usage_error(CMD, "%s", why);
        break;
    default:
        rc = cli_fail(CMD, "%s", why);
        break;
    }
    if (rc == CLI_OK && o.html) {
        FILE *f = fopen(o.html, "w");
        if (!f || review_write_html(f, &rep) != 0 || fclose(f) != 0)
            rc = cli_fail(CMD, "%s: cannot write the report", o.html);
    }
    if (rc == CLI_OK)
        rc = o.json ? print_json(&rep) : (print_text(&rep), CLI_OK);
    review_free(&rep);
    return rc;
}
