/* Arena reports built as text (the library prints nothing itself): the human table, the
 * summary JSON and an SVG bar chart with the 95% intervals as whiskers. Nothing in them depends
 * on timing or on the number of workers, so the same games give byte-identical reports. */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jong/arena.h"

/* Which metrics a ruleset reports: tai are Taiwanese, ranks and uma riichi. */
static bool applies(const jong_arena_config *cfg, int m)
{
    bool riichi = cfg->rules.variant == JONG_VARIANT_RIICHI;
    if (m == JONG_M_TAI)
        return !riichi;
    if (m >= JONG_M_RANK)
        return riichi;
    return true;
}

static const char *const metric_titles[JONG_M_COUNT] = {
    "score per game", "win rate", "self-draw rate", "deal-in rate", "draw rate", "tai per win",
    "average rank", "1st place", "2nd place", "3rd place", "4th place", "result per game (uma)",
};

/* A metric's title; riichi calls the score its points. */
static const char *title(const jong_arena_config *cfg, int m)
{
    if (m == JONG_M_SCORE && cfg->rules.variant == JONG_VARIANT_RIICHI)
        return "points per game";
    return metric_titles[m];
}

static bool is_share(int m)
{
    return (m >= JONG_M_WIN && m <= JONG_M_DRAW) || (m >= JONG_M_RANK1 && m <= JONG_M_RANK4);
}

/* "31.5% ±2.1", "+120.3 ±12.1", "2.45 ±0.05": the mean and the half-width of its interval; an
 * interval cut at a bound (a rate at 0) is no longer symmetric and is printed whole, "0.1% [0.0, 0.3]". */
static void format_ci(const jong_ci *c, int m, char *buf, size_t n)
{
    if (isnan(c->mean)) {
        snprintf(buf, n, "-");
        return;
    }
    double scale = is_share(m) ? 100 : 1;
    bool wide = is_share(m) || m == JONG_M_SCORE || m == JONG_M_RESULT;
    int digits = wide ? 1 : 2;
    const char *fmt = is_share(m) ? "%.1f%%" : m == JONG_M_SCORE || m == JONG_M_RESULT ? "%+.1f" : "%.2f";
    int used = snprintf(buf, n, fmt, c->mean * scale);
    if (used <= 0 || (size_t)used >= n)
        return;
    double lo = c->lo * scale, hi = c->hi * scale, mean = c->mean * scale;
    if (isnan(lo))
        snprintf(buf + used, n - (size_t)used, " ±n/a"); /* see finish_ci: no spread known */
    else if (fabs((hi - mean) - (mean - lo)) > 1e-9 * (1 + fabs(mean)))
        snprintf(buf + used, n - (size_t)used, " [%.*f, %.*f]", digits, lo, digits, hi);
    else
        snprintf(buf + used, n - (size_t)used, " ±%.*f", digits, (hi - lo) / 2);
}

/* Right-aligns text in width columns; "±" takes two bytes but one column, so count characters. */
static void cell(FILE *f, const char *text, int width)
{
    int chars = 0;
    for (const char *c = text; *c; c++)
        chars += ((unsigned char)*c & 0xc0) != 0x80;
    fprintf(f, " %*s%s", width > chars ? width - chars : 0, "", text);
}

static bool significant(const jong_ci *c) { return !isnan(c->lo) && (c->lo > 0 || c->hi < 0); }

/* One table: a column per unit, a row per metric. */
static void unit_table(FILE *f, const jong_arena_summary *s, const jong_arena_unit *u, int nu,
                       const char *what, bool with_matches)
{
    fprintf(f, "%-22s", "");
    for (int i = 0; i < nu; i++) {
        char head[96];
        snprintf(head, sizeof head, "%s %s", what, u[i].label);
        fprintf(f, " %20s", head);
    }
    fprintf(f, "\n%-22s", "hands played");
    for (int i = 0; i < nu; i++)
        fprintf(f, " %20lld", (long long)u[i].hands);
    fputc('\n', f);
    for (int m = 0; m < JONG_M_COUNT; m++) {
        if (!applies(&s->cfg, m))
            continue;
        fprintf(f, "%-22s", title(&s->cfg, m));
        for (int i = 0; i < nu; i++) {
            char buf[48];
            format_ci(&u[i].m[m], m, buf, sizeof buf);
            cell(f, buf, 20);
        }
        fputc('\n', f);
    }
    if (with_matches) {
        fprintf(f, "%-22s", "match wins");
        for (int i = 0; i < nu; i++) {
            char buf[32];
            snprintf(buf, sizeof buf, "%g", u[i].match_wins);
            cell(f, s->matches ? buf : "- (no full match)", 20);
        }
        fputc('\n', f);
    }
    int64_t any = 0;
    for (int i = 0; i < nu; i++)
        for (int k = 0; k < JONG_FAULT_KINDS; k++)
            any += u[i].faults[k];
    if (any) {
        fprintf(f, "%-22s", "faults ill/crash/time");
        for (int i = 0; i < nu; i++) {
            char buf[48];
            snprintf(buf, sizeof buf, "%lld/%lld/%lld", (long long)u[i].faults[0], (long long)u[i].faults[1],
                     (long long)u[i].faults[2]);
            fprintf(f, " %20s", buf);
        }
        fputc('\n', f);
    }
}

/* The end of a difference's line: the estimate with its interval and whether `who` (the first
 * term) is significantly better or worse. */
static void verdict(FILE *f, const jong_ci *c, const char *who)
{
    if (isnan(c->lo)) {
        fprintf(f, "%+.2f, no interval (fewer than two games, or no spread among them)\n", c->mean);
        return;
    }
    fprintf(f, "%+.2f, 95%% CI [%+.2f, %+.2f]: ", c->mean, c->lo, c->hi);
    if (significant(c))
        fprintf(f, "significant, %s %s\n", who, c->mean > 0 ? "is better" : "is worse");
    else
        fprintf(f, "not significant (the interval contains 0)\n");
}

/* The share of the won hands (the SIMCAT paper's "win rate" in 2v2): one line per side. */
static void share_lines(FILE *f, const jong_arena_summary *s)
{
    int lines = s->nsides == 2 ? 1 : s->nsides;
    for (int d = 0; d < lines; d++) {
        const jong_ci *c = &s->win_share[d];
        fprintf(f, "%s's share of the hands won: %.1f%%", s->side[d].label, 100 * c->mean);
        if (!isnan(c->lo))
            fprintf(f, ", 95%% CI [%.1f, %.1f]", 100 * c->lo, 100 * c->hi);
        fprintf(f, " (a side as strong as the rest: %.1f%%)\n", 100 * s->win_share_level[d]);
    }
}

static void versus_lines(FILE *f, const jong_arena_summary *s)
{
    int m = jong_arena_main_metric(&s->cfg);
    int lines = s->nsides == 2 ? 1 : s->nsides;
    for (int d = 0; d < lines; d++) {
        const jong_ci *c = &s->versus[d][m];
        char against[64];
        snprintf(against, sizeof against, "%s", s->nsides == 2 ? s->side[1].label : "the rest");
        fprintf(f, "%s - %s, %s: ", s->side[d].label, against, title(&s->cfg, m));
        verdict(f, c, s->side[d].label);
    }
}

char *jong_arena_report_text(const jong_arena_summary *s)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    const jong_arena_config *c = &s->cfg;
    fprintf(f, "jong arena: %s, mode %s, seed %llu\nplayers:", c->rules.variant == JONG_VARIANT_TAIWAN ? "taiwan" : "riichi",
            jong_arena_mode_name(c->mode), (unsigned long long)c->seed);
    for (int p = 0; p < s->nplayers; p++)
        fprintf(f, "%s %c = %s", p ? "," : "", 'A' + p, c->players[p]);
    char per_game[32];
    if (c->rules.hands > 0)
        snprintf(per_game, sizeof per_game, "%d hand%s", c->rules.hands, c->rules.hands == 1 ? "" : "s");
    else
        snprintf(per_game, sizeof per_game, "a whole game");
    fprintf(f, "\n%d game%s (%s each) x %d seatings = %d table hands; %d full match%s of %d games\n", s->games,
            s->games == 1 ? "" : "s", per_game, s->nseatings, s->table_hands, s->matches,
            s->matches == 1 ? "" : "es", s->match_games);
    if (s->games < c->games)
        fprintf(f, "(%d of the %d games are done)\n", s->games, c->games);
    fprintf(f, "means with 95%% confidence intervals over games; each game is the same walls at every seating\n\n");
    unit_table(f, s, s->side, s->nsides, "side", true);
    bool grouped = false;
    for (int d = 0; d < s->nsides; d++)
        grouped |= strlen(s->side[d].label) > 1;
    if (grouped) {
        fputc('\n', f);
        unit_table(f, s, s->player, s->nplayers, "player", false);
    }
    fputc('\n', f);
    versus_lines(f, s);
    share_lines(f, s);
    int64_t faults = 0;
    for (int d = 0; d < s->nsides; d++)
        for (int k = 0; k < JONG_FAULT_KINDS; k++)
            faults += s->side[d].faults[k];
    if (!faults)
        fprintf(f, "faults: none\n");
    else
        fprintf(f, "faults: %lld decisions replaced by the default action (pass, else tsumogiri)\n",
                (long long)faults);
    fclose(f);
    return text;
}

/* ---- JSON ---- */

static json_t *number(double x) { return isnan(x) ? json_null() : json_real(x); }

/* {"mean", "lo", "hi"} (null where undefined), and "significant" for a difference. */
static json_t *ci_json(const jong_ci *c, bool with_significance)
{
    json_t *x = json_object();
    json_object_set_new(x, "mean", number(c->mean));
    json_object_set_new(x, "lo", number(c->lo));
    json_object_set_new(x, "hi", number(c->hi));
    if (with_significance)
        json_object_set_new(x, "significant", json_boolean(significant(c)));
    return x;
}

static json_t *unit_json(const jong_arena_summary *s, const jong_arena_unit *u, bool side)
{
    json_t *o = json_object(), *metrics = json_object(), *faults = json_object();
    json_object_set_new(o, "label", json_string(u->label));
    if (!side)
        json_object_set_new(o, "spec", json_string(s->cfg.players[u->label[0] - 'A']));
    json_object_set_new(o, "seat_games", json_integer(u->seat_games));
    json_object_set_new(o, "hands", json_integer(u->hands));
    json_object_set_new(o, "decisions", json_integer(u->decisions));
    json_object_set_new(faults, "illegal", json_integer(u->faults[JONG_FAULT_ILLEGAL]));
    json_object_set_new(faults, "crash", json_integer(u->faults[JONG_FAULT_CRASH]));
    json_object_set_new(faults, "timeout", json_integer(u->faults[JONG_FAULT_TIMEOUT]));
    json_object_set_new(o, "faults", faults);
    if (side)
        json_object_set_new(o, "match_wins", json_real(u->match_wins));
    for (int m = 0; m < JONG_M_COUNT; m++) {
        if (!applies(&s->cfg, m))
            continue;
        json_object_set_new(metrics, jong_metric_name(m), ci_json(&u->m[m], false));
    }
    json_object_set_new(o, "metrics", metrics);
    return o;
}

char *jong_arena_report_json(const jong_arena_summary *s)
{
    const jong_arena_config *c = &s->cfg;
    json_t *o = json_object(), *opts = json_object(), *players = json_array(), *sides = json_array();
    json_t *versus = json_array();
    char buf[64];
    json_object_set_new(o, "rules", json_string(c->rules.variant == JONG_VARIANT_TAIWAN ? "taiwan" : "riichi"));
    for (int i = 0; i < jong_ruleset_option_count(&c->rules); i++) {
        const char *name = jong_ruleset_option(&c->rules, i, buf, sizeof buf);
        json_object_set_new(opts, name, json_string(buf));
    }
    json_object_set_new(o, "options", opts);
    json_object_set_new(o, "mode", json_string(jong_arena_mode_name(c->mode)));
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)c->seed);
    json_object_set_new(o, "seed", json_string(buf));
    json_object_set_new(o, "games", json_integer(s->games));
    json_object_set_new(o, "games_planned", json_integer(c->games));
    json_object_set_new(o, "seatings", json_integer(s->nseatings));
    json_object_set_new(o, "table_hands", json_integer(s->table_hands));
    json_object_set_new(o, "match_hands", json_integer(c->match_hands));
    json_object_set_new(o, "match_games", json_integer(s->match_games));
    json_object_set_new(o, "matches", json_integer(s->matches));
    json_object_set_new(o, "tied_matches", json_real(s->tied_matches));
    json_object_set_new(o, "time_per_move", json_integer(c->time_ms));
    json_object_set_new(o, "main_metric", json_string(jong_metric_name(jong_arena_main_metric(c))));
    for (int p = 0; p < s->nplayers; p++)
        json_array_append_new(players, unit_json(s, &s->player[p], false));
    for (int d = 0; d < s->nsides; d++)
        json_array_append_new(sides, unit_json(s, &s->side[d], true));
    for (int d = 0; d < s->nsides; d++) {
        json_t *x = json_object(), *metrics = json_object();
        json_object_set_new(x, "side", json_string(s->side[d].label));
        json_object_set_new(x, "against", json_string(s->nsides == 2 ? s->side[1 - d].label : "rest"));
        for (int m = 0; m < JONG_M_COUNT; m++) {
            if (!applies(c, m))
                continue;
            const jong_ci *ci = &s->versus[d][m];
            json_t *y = json_object();
            json_object_set_new(y, "diff", number(ci->mean));
            json_object_set_new(y, "lo", number(ci->lo));
            json_object_set_new(y, "hi", number(ci->hi));
            json_object_set_new(y, "significant", json_boolean(significant(ci)));
            json_object_set_new(metrics, jong_metric_name(m), y);
        }
        json_object_set_new(x, "metrics", metrics);
        json_t *share = json_object();
        json_object_set_new(share, "share", number(s->win_share[d].mean));
        json_object_set_new(share, "lo", number(s->win_share[d].lo));
        json_object_set_new(share, "hi", number(s->win_share[d].hi));
        json_object_set_new(share, "level", number(s->win_share_level[d]));
        json_object_set_new(x, "win_share", share);
        json_array_append_new(versus, x);
    }
    json_object_set_new(o, "players", players);
    json_object_set_new(o, "sides", sides);
    json_object_set_new(o, "versus", versus);
    char *text = json_dumps(o, JSON_PRESERVE_ORDER | JSON_INDENT(2) | JSON_REAL_PRECISION(10));
    json_decref(o);
    return text;
}

/* ---- SVG ---- */

static const char *const colors[4] = {"#3b6ea8", "#c8553d", "#5b9a5b", "#8e6bb0"};

/* One panel: a bar per side from zero to the mean, and a whisker over the interval. */
static void svg_panel(FILE *f, const jong_arena_summary *s, int m, double x0, double y0, double w, double h)
{
    double scale = is_share(m) ? 100 : 1, lo = 0, hi = 0;
    for (int d = 0; d < s->nsides; d++) {
        const jong_ci *c = &s->side[d].m[m];
        double vals[3] = {c->mean, c->lo, c->hi};
        for (int i = 0; i < 3; i++)
            if (!isnan(vals[i])) {
                lo = fmin(lo, vals[i] * scale);
                hi = fmax(hi, vals[i] * scale);
            }
    }
    if (hi - lo < 1e-9)
        hi = lo + 1;
    double pad = (hi - lo) * 0.08, top = y0 + 28, bottom = y0 + h - 24;
    lo = lo < 0 ? lo - pad : lo;
    hi += pad;
#define YPOS(v) (bottom - ((v) - lo) / (hi - lo) * (bottom - top))
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"13\" text-anchor=\"middle\">%s%s</text>\n", x0 + w / 2,
            y0 + 16, title(&s->cfg, m), is_share(m) ? " (%)" : "");
    fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#888\"/>\n", x0 + 34, YPOS(0),
            x0 + w - 4, YPOS(0));
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\">%.3g</text>\n", x0 + 30, top + 4, hi);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\">%.3g</text>\n", x0 + 30, bottom, lo);
    double slot = (w - 40) / s->nsides;
    for (int d = 0; d < s->nsides; d++) {
        const jong_ci *c = &s->side[d].m[m];
        double cx = x0 + 38 + slot * (d + 0.5), bw = slot * 0.55;
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"middle\">%s</text>\n", cx,
                y0 + h - 8, s->side[d].label);
        if (isnan(c->mean))
            continue;
        double y = YPOS(c->mean * scale), z = YPOS(0);
        fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n", cx - bw / 2,
                fmin(y, z), bw, fabs(z - y), colors[d % 4]);
        /* the value, beside the whisker so that neither hides the other */
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\">%.*f</text>\n", cx + 8,
                fmin(y, z) + (c->mean < 0 ? fabs(z - y) + 12 : -3), m == JONG_M_SCORE || m == JONG_M_RESULT ? 1 : 2,
                c->mean * scale);
        if (!isnan(c->lo)) {
            double a = YPOS(c->lo * scale), b = YPOS(c->hi * scale);
            fprintf(f, "<path d=\"M%.1f %.1fV%.1fM%.1f %.1fH%.1fM%.1f %.1fH%.1f\" stroke=\"#222\" fill=\"none\"/>\n",
                    cx, a, b, cx - 6, a, cx + 6, cx - 6, b, cx + 6);
        }
    }
#undef YPOS
}

char *jong_arena_report_svg(const jong_arena_summary *s)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    bool riichi = s->cfg.rules.variant == JONG_VARIANT_RIICHI;
    int panels[4] = {jong_arena_main_metric(&s->cfg), riichi ? JONG_M_RANK : JONG_M_TAI, JONG_M_WIN, JONG_M_DEAL_IN};
    double pw = 200, ph = 220, width = 4 * pw + 20, height = ph + 70;
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
               "font-family=\"sans-serif\">\n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
            width, height);
    fprintf(f, "<text x=\"10\" y=\"20\" font-size=\"14\">jong arena %s %s, seed %llu, %d games</text>\n",
            riichi ? "riichi" : "taiwan", jong_arena_mode_name(s->cfg.mode), (unsigned long long)s->cfg.seed, s->games);
    /* player specs are free text: escape what XML reserves */
    for (int p = 0; p < s->nplayers; p++) {
        fprintf(f, "<text x=\"%.0f\" y=\"40\" font-size=\"12\">%c: ", 10 + p * width / 4, 'A' + p);
        for (const char *c = s->cfg.players[p]; *c; c++) {
            if (*c == '<')
                fputs("&lt;", f);
            else if (*c == '&')
                fputs("&amp;", f);
            else
                fputc(*c, f);
        }
        fprintf(f, "</text>\n");
    }
    for (int i = 0; i < 4; i++)
        svg_panel(f, s, panels[i], 10 + i * pw, 50, pw - 10, ph);
    fprintf(f, "<text x=\"10\" y=\"%.0f\" font-size=\"10\">bars: means; whiskers: 95%% confidence intervals "
               "over games</text>\n</svg>\n", height - 6);
    fclose(f);
    return text;
}

/* ---- two runs compared (jong_arena_compare) ---- */

static void compare_heading(FILE *f, const jong_arena_comparison *c)
{
    const jong_arena_config *a = &c->first;
    fprintf(f, "jong arena compare: %s, mode %s, seed %llu; %d game%s finished in both runs (of %d and %d)\n",
            a->rules.variant == JONG_VARIANT_TAIWAN ? "taiwan" : "riichi", jong_arena_mode_name(a->mode),
            (unsigned long long)a->seed, c->games, c->games == 1 ? "" : "s", a->games, c->second.games);
    fprintf(f, "player A: first = %s, second = %s; the others:", a->players[0], c->second.players[0]);
    for (int p = 1; p < a->nplayers; p++)
        fprintf(f, "%s %c = %s", p > 1 ? "," : "", 'A' + p, a->players[p]);
    fprintf(f, "\nmeans with 95%% confidence intervals over games; first - second is paired game by game\n\n");
}

char *jong_arena_compare_text(const jong_arena_comparison *c)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    compare_heading(f, c);
    fprintf(f, "%-22s %20s %20s %20s\n", "", "first A", "second A", "first - second");
    for (int m = 0; m < JONG_M_COUNT; m++) {
        if (!applies(&c->first, m))
            continue;
        fprintf(f, "%-22s", title(&c->first, m));
        char buf[48];
        format_ci(&c->a1[m], m, buf, sizeof buf);
        cell(f, buf, 20);
        format_ci(&c->a2[m], m, buf, sizeof buf);
        cell(f, buf, 20);
        format_ci(&c->diff[m], m, buf, sizeof buf);
        char signed_buf[50];
        snprintf(signed_buf, sizeof signed_buf, "%s%s", buf[0] != '-' && buf[0] != '+' && c->diff[m].mean >= 0 ? "+" : "",
                 buf);
        cell(f, signed_buf, 20);
        fputc('\n', f);
    }
    int m = jong_arena_main_metric(&c->first);
    fprintf(f, "\nfirst - second, %s: ", title(&c->first, m));
    verdict(f, &c->diff[m], "the first");
    fclose(f);
    return text;
}

char *jong_arena_compare_json(const jong_arena_comparison *c)
{
    const jong_arena_config *a = &c->first;
    json_t *o = json_object(), *metrics = json_object(), *others = json_array();
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)a->seed);
    json_object_set_new(o, "rules", json_string(a->rules.variant == JONG_VARIANT_TAIWAN ? "taiwan" : "riichi"));
    json_object_set_new(o, "mode", json_string(jong_arena_mode_name(a->mode)));
    json_object_set_new(o, "seed", json_string(seed));
    json_object_set_new(o, "games", json_integer(c->games));
    for (int r = 0; r < 2; r++) {
        const jong_arena_config *x = r ? &c->second : a;
        json_t *run = json_object();
        json_object_set_new(run, "spec", json_string(x->players[0]));
        json_object_set_new(run, "games_planned", json_integer(x->games));
        json_object_set_new(o, r ? "second" : "first", run);
    }
    for (int p = 1; p < a->nplayers; p++)
        json_array_append_new(others, json_string(a->players[p]));
    json_object_set_new(o, "others", others);
    json_object_set_new(o, "main_metric", json_string(jong_metric_name(jong_arena_main_metric(a))));
    for (int m = 0; m < JONG_M_COUNT; m++) {
        if (!applies(a, m))
            continue;
        json_t *x = json_object();
        json_object_set_new(x, "first", ci_json(&c->a1[m], false));
        json_object_set_new(x, "second", ci_json(&c->a2[m], false));
        json_object_set_new(x, "diff", ci_json(&c->diff[m], true));
        json_object_set_new(metrics, jong_metric_name(m), x);
    }
    json_object_set_new(o, "metrics", metrics);
    char *text = json_dumps(o, JSON_PRESERVE_ORDER | JSON_INDENT(2) | JSON_REAL_PRECISION(10));
    json_decref(o);
    return text;
}
