/* Printing jong_analysis_run's table for `jong analyze`: aligned text with intervals, or JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze_sim_out.h"
#include "jong/jong.h"

static const char *name(int kind)
{
    return jong_kind_name(kind, JONG_STYLE_COMPACT);
}

/* "83.1% [81.4, 84.7]" or "100.0% exact". */
static void percent(char *buf, size_t n, const jong_estimate *e, bool exact)
{
    if (exact)
        snprintf(buf, n, "%5.1f%% exact", 100 * e->value);
    else
        snprintf(buf, n, "%5.1f%% [%.1f, %.1f]", 100 * e->value, 100 * e->lo, 100 * e->hi);
}

static void points(char *buf, size_t n, const jong_estimate *e, bool exact)
{
    if (exact)
        snprintf(buf, n, "%6.0f exact", e->value);
    else
        snprintf(buf, n, "%6.0f [%.0f, %.0f]", e->value, e->lo, e->hi);
}

int analyze_exchanges_parse(const char *text)
{
    if (!strcmp(text, "forward"))
        return 0;
    if (!strcmp(text, "all"))
        return JONG_ANALYSIS_EXCHANGES_ALL;
    char *end;
    long n = strtol(text, &end, 10);
    return *text >= '0' && *text <= '9' && !*end && n >= 1 && n < JONG_ANALYSIS_EXCHANGES_ALL ? (int)n : -1;
}

const char *analyze_exchanges_name(int exchanges, char *buf, size_t n)
{
    if (exchanges <= 0)
        return "forward";
    if (exchanges >= JONG_ANALYSIS_EXCHANGES_ALL)
        return "all";
    snprintf(buf, n, "%d", exchanges);
    return buf;
}

void analyze_sim_print_text(const jong_analysis_result *r, jong_variant v, const analyze_player_out *p)
{
    printf("%-10sown draws only (opponents never win or call), %d draw%s left from %d unseen tiles,\n", "chances",
           r->draws, r->draws == 1 ? "" : "s", r->unseen);
    static const char *const policies[] = {"lower: keep a draw only when it lowers the shanten",
                                           "win: the choice of most win chance at every draw",
                                           "points: the choice of most expected points at every draw"};
    printf("%-10spolicy %s\n", "", policies[r->policy]);
    if (r->exchanges >= JONG_ANALYSIS_EXCHANGES_ALL)
        printf("%-10sexchanges all: also any keep that raises or keeps the shanten, into hands that can still "
               "win\n", "");
    else if (r->exchanges > 0)
        printf("%-10sexchanges %d: also any keep that raises or keeps the shanten, into hands at most %d "
               "exchange%s off a fastest way to win\n", "", r->exchanges, r->exchanges, r->exchanges == 1 ? "" : "s");
    if (r->reach >= 0)
        printf("%-10sexact for the model up to shanten %d (%ld hands held), ", "", r->reach, r->states);
    else
        printf("%-10sexact for ready hands and one draw left, ", "");
    printf("%ld simulations of policy lower per row not\n%-10smarked exact, same draws for every row, seed %llu\n",
           r->sims, "", (unsigned long long)r->seed);
    printf("  discard  shanten  tenpai               win                  points               behind best  "
           "per win%s%s%s\n",
           v == JONG_VARIANT_TAIWAN ? "  tai" : "", p && p->have ? "  " : "",
           p && p->have ? p->values.measure : "");
    for (int i = 0; i < r->nrows; i++) {
        const jong_analysis_row *row = &r->rows[i];
        char t[40], w[40], pt[40];
        percent(t, sizeof t, &row->tenpai, row->exact);
        percent(w, sizeof w, &row->win, row->exact);
        points(pt, sizeof pt, &row->points, row->exact);
        char b[40];
        if (row->behind.lo == row->behind.hi)
            snprintf(b, sizeof b, "%5.0f", row->behind.value);
        else
            snprintf(b, sizeof b, "%5.0f +-%.0f", row->behind.value, (row->behind.hi - row->behind.lo) / 2);
        printf("%c %-7s  %7d  %-19s  %-19s  %-19s  %-11s  %7.0f", i == r->best ? '*' : ' ', name(row->discard),
               row->shanten, t, w, pt, b, row->points_per_win);
        if (v == JONG_VARIANT_TAIWAN)
            printf("  %4.1f", row->tai_per_win);
        if (p && p->have) {
            int k = row->discard;
            if (p->values.valued[k])
                printf("  %.4g%s", p->values.value[k], k == p->values.choice ? " (its choice)" : "");
            else
                printf("  -");
        }
        if (row->riichi)
            printf("  riichi");
        putchar('\n');
    }
    printf("%-10s* = most expected points; intervals are 95%%; points are what the win brings;\n", "");
    printf("%-10sbehind best: the best row's points less this one's, paired over the same draws\n", "");
    if (p && p->have)
        printf("%-10s%s: %s of each discard (its own measure), its choice %s\n", "player", p->spec,
               p->values.measure, p->values.choice >= 0 ? name(p->values.choice) : "-");
}

static json_t *estimate(const jong_estimate *e)
{
    json_t *o = json_object();
    json_object_set_new(o, "value", json_real(e->value));
    json_object_set_new(o, "lo", json_real(e->lo));
    json_object_set_new(o, "hi", json_real(e->hi));
    return o;
}

void analyze_sim_add_json(json_t *root, const jong_analysis_result *r, jong_variant v, const analyze_player_out *p)
{
    json_t *sim = json_object();
    json_object_set_new(sim, "model", json_string("own draws only"));
    json_object_set_new(sim, "draws", json_integer(r->draws));
    json_object_set_new(sim, "unseen", json_integer(r->unseen));
    json_object_set_new(sim, "sims", json_integer(r->sims));
    static const char *const policies[] = {"lower", "win", "points"};
    json_object_set_new(sim, "policy", json_string(policies[r->policy]));
    char ex[16];
    json_object_set_new(sim, "exchanges", json_string(analyze_exchanges_name(r->exchanges, ex, sizeof ex)));
    json_object_set_new(sim, "method", json_string(r->reach >= 0 ? "auto" : "simulate"));
    json_object_set_new(sim, "reach", json_integer(r->reach));
    json_object_set_new(sim, "seed", json_integer((json_int_t)r->seed));
    char sig[32];
    snprintf(sig, sizeof sig, "%016llx", (unsigned long long)r->signature);
    json_object_set_new(sim, "signature", json_string(sig));
    json_object_set_new(sim, "best", r->best >= 0 ? json_string(name(r->rows[r->best].discard)) : json_null());
    json_t *rows = json_array();
    for (int i = 0; i < r->nrows; i++) {
        const jong_analysis_row *row = &r->rows[i];
        json_t *o = json_object();
        json_object_set_new(o, "discard", json_string(name(row->discard)));
        json_object_set_new(o, "shanten", json_integer(row->shanten));
        json_object_set_new(o, "unseen", json_integer(row->ukeire.total));
        json_object_set_new(o, "exact", json_boolean(row->exact));
        json_object_set_new(o, "samples", json_integer(row->samples));
        json_object_set_new(o, "policy", json_string(policies[row->policy]));
        json_object_set_new(o, "tenpai", estimate(&row->tenpai));
        json_object_set_new(o, "win", estimate(&row->win));
        json_object_set_new(o, "points", estimate(&row->points));
        json_object_set_new(o, "behind", estimate(&row->behind));
        json_object_set_new(o, "points_per_win", json_real(row->points_per_win));
        if (v == JONG_VARIANT_TAIWAN)
            json_object_set_new(o, "tai_per_win", json_real(row->tai_per_win));
        json_object_set_new(o, "riichi", json_boolean(row->riichi));
        json_array_append_new(rows, o);
    }
    json_object_set_new(sim, "rows", rows);
    json_object_set_new(root, "simulation", sim);
    if (!p || !p->have)
        return;
    json_t *pl = json_object();
    json_object_set_new(pl, "player", json_string(p->spec));
    json_object_set_new(pl, "measure", json_string(p->values.measure));
    json_object_set_new(pl, "choice", p->values.choice >= 0 ? json_string(name(p->values.choice)) : json_null());
    json_t *vals = json_object();
    for (int k = 0; k < JONG_KINDS; k++)
        if (p->values.valued[k])
            json_object_set_new(vals, name(k), json_real(p->values.value[k]));
    json_object_set_new(pl, "values", vals);
    json_object_set_new(root, "player", pl);
}
