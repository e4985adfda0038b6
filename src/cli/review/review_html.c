/* The HTML report of `jong review` (review.h): one file with no outside references. Each tile
 * picture (web_svg.c) is written once, base64-encoded, as a CSS background of a class; a hand is
 * a row of spans of those classes. The loss chart is inline SVG drawn here. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "review.h"
#include "cli/ui/hand_end.h"
#include "cli/web/web_svg.h"

static void base64(FILE *f, const char *s, size_t n)
{
    static const char tab[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (size_t i = 0; i < n; i += 3) {
        unsigned v = (unsigned)(unsigned char)s[i] << 16;
        if (i + 1 < n)
            v |= (unsigned)(unsigned char)s[i + 1] << 8;
        if (i + 2 < n)
            v |= (unsigned char)s[i + 2];
        fputc(tab[v >> 18 & 63], f);
        fputc(tab[v >> 12 & 63], f);
        fputc(i + 1 < n ? tab[v >> 6 & 63] : '=', f);
        fputc(i + 2 < n ? tab[v & 63] : '=', f);
    }
}

static void escaped(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
    }
}

/* .t0 .. .t33 (kinds), .r4 .r13 .r22 (red fives) */
static void tile_styles(FILE *f)
{
    char svg[WEB_TILE_SVG_MAX];
    for (int k = 0; k < JONG_KINDS; k++) {
        size_t n = web_tile_svg(k, false, svg, sizeof svg);
        fprintf(f, ".t%d{background-image:url(data:image/svg+xml;base64,", k);
        base64(f, svg, n);
        fputs(")}\n", f);
        if (k < JONG_NUMBER_KINDS && k % 9 == 4) {
            n = web_tile_svg(k, true, svg, sizeof svg);
            fprintf(f, ".r%d{background-image:url(data:image/svg+xml;base64,", k);
            base64(f, svg, n);
            fputs(")}\n", f);
        }
    }
}

static void tile(FILE *f, int kind, bool red, const char *extra)
{
    fprintf(f, "<span class=\"tile %c%d%s\" title=\"%s\"></span>", red ? 'r' : 't', kind, extra,
            jong_kind_name(kind, JONG_STYLE_COMPACT));
}

/* The concealed tiles in kind order (red fives first among the fives), then the melds. */
static void hand_tiles(FILE *f, const jong_hand *h, int highlight)
{
    for (int k = 0; k < JONG_KINDS; k++) {
        int red = k < JONG_NUMBER_KINDS && k % 9 == 4 ? h->red[k / 9] : 0;
        for (int c = 0; c < h->counts[k]; c++)
            tile(f, k, c < red, k == highlight && c == h->counts[k] - 1 ? " taken" : "");
    }
    for (int m = 0; m < h->nmelds; m++) {
        const jong_meld *md = &h->melds[m];
        fputs("<span class=\"gap\"></span>", f);
        int n = md->type == JONG_MELD_CHOW || md->type == JONG_MELD_PUNG ? 3 : 4;
        for (int i = 0; i < n; i++)
            tile(f, md->type == JONG_MELD_CHOW ? md->tile + i : md->tile, false, "");
    }
}

/* A decision's colour: green, the best was taken; red, a loss whose interval lies above 0;
 * orange, a loss within the noise of the simulations. */
static const char *verdict_class(const review_decision *d)
{
    if (d->taken_row == d->best_row)
        return "best";
    return d->loss_ci && d->loss_lo > 0 ? "loss" : "noise";
}

static void chart(FILE *f, const review_report *r)
{
    const int W = 900, H = 220, left = 60, bottom = 30, top = 20;
    double most = 1;
    for (int i = 0; i < r->n; i++)
        if (r->d[i].analysed && r->d[i].loss > most)
            most = r->d[i].loss;
    fprintf(f, "<svg class=\"chart\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\" "
               "aria-label=\"expected points lost per decision\">\n", W, H, W, H);
    fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#444\"/>\n", left, H - bottom, W - 10, H - bottom);
    fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#444\"/>\n", left, top, left, H - bottom);
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" font-size=\"12\">%.0f</text>\n", left - 6, top + 4, most);
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" font-size=\"12\">0</text>\n", left - 6, H - bottom + 4);
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"12\">decision</text>\n", (W + left) / 2,
            H - 6);
    double step = r->n ? (double)(W - 10 - left) / r->n : 1;
    for (int i = 0; i < r->n; i++) {
        const review_decision *d = &r->d[i];
        if (!d->analysed || d->taken_row < 0 || d->best_row < 0)
            continue;
        /* a decision with no loss still gets a bar: a short one, so that it shows */
        double h = (H - bottom - top) * d->loss / most;
        if (h < 6)
            h = 6;
        fprintf(f, "<a href=\"#d%d\"><rect class=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\">"
                   "<title>#%d %s turn %d: loss %.0f</title></rect></a>\n",
                i + 1, verdict_class(d), left + i * step + step * 0.15, H - bottom - h, step * 0.7, h, i + 1, d->where,
                d->turn, d->loss);
    }
    fputs("</svg>\n", f);
}

static void row_cells(FILE *f, const review_decision *d, int k)
{
    const jong_analysis_row *row = &d->an.rows[k];
    fprintf(f, "<td>");
    tile(f, row->discard, false, " small");
    fprintf(f, "</td><td>%d</td><td>%.1f%%</td><td>%.1f%%</td><td>%.0f%s</td>", row->shanten, 100 * row->tenpai.value,
            100 * row->win.value, row->points.value, row->exact ? " (exact)" : "");
    if (d->risk_known)
        fprintf(f, "<td>%.0f</td><td><b>%.0f</b></td>", d->risk[row->discard], review_net(d, k));
}

/* The table as the seat saw it: each seat's river (the riichi discard turned, claimed tiles
 * dimmed, red fives red), melds and score, the dora indicators. */
static void board(FILE *f, const review_report *r, const jong_view *v)
{
    fputs("<div class=\"board\">", f);
    if (v->variant == JONG_VARIANT_RIICHI) {
        fputs("<div>dora indicators ", f);
        for (int i = 0; i < v->ndora && i < JONG_RIICHI_MAX_INDICATORS; i++)
            tile(f, jong_code_kind(v->dora_markers[i]), jong_code_is_red(v->dora_markers[i]), " small");
        fprintf(f, " honba %d, riichi sticks %d, wall %d</div>", v->streak, v->kyotaku, v->wall_left);
    }
    for (int k = 0; k < JONG_SEATS; k++) {
        int s = (r->seat + 1 + k) % JONG_SEATS; /* the reviewed seat last, as at its table */
        const jong_seat_view *sv = &v->seats[s];
        fprintf(f, "<div class=\"river%s\"><span class=\"who\">%c ", s == r->seat ? " me" : "",
                "ESWN"[v->seat_winds[s] & 3]);
        escaped(f, r->names[s][0] ? r->names[s] : s == r->seat ? "reviewed" : "");
        fprintf(f, " %d%s</span>", (int)v->scores[s], v->riichi[s] ? " riichi" : "");
        for (int i = 0; i < sv->ndiscards; i++) {
            char extra[32];
            snprintf(extra, sizeof extra, " small%s%s", i == sv->riichi_at ? " rot" : "",
                     sv->discard_claimed[i] ? " dim" : "");
            tile(f, jong_code_kind(sv->discards[i]), i < 64 && (sv->discard_red >> i & 1), extra);
        }
        for (int m = 0; m < sv->nmelds; m++) {
            const jong_meld *md = &sv->melds[m];
            fputs("<span class=\"gap\"></span>", f);
            for (int t = 0; t < (md->type >= JONG_MELD_KONG ? 4 : 3); t++) {
                int kind = md->tile == JONG_HIDDEN ? -1 : md->type == JONG_MELD_CHOW ? md->tile + t : md->tile;
                if (kind >= 0)
                    tile(f, kind, false, " small");
            }
        }
        fputs("</div>", f);
    }
    fputs("</div>\n", f);
}

/* The players, the final standings (riichi: uma and result), and each hand's outcome linked to
 * its first decision. */
static void game(FILE *f, const review_report *r)
{
    fputs("<h2>The game</h2>\n<table class=\"players\"><tr><th>seat</th><th>player</th>", f);
    if (r->over)
        fputs(r->rules.variant == JONG_VARIANT_RIICHI ? "<th>rank</th><th>final score</th><th>result (uma)</th>"
                                                      : "<th>rank</th><th>final score</th>",
              f);
    fputs("</tr>\n", f);
    end_standing st[JONG_SEATS];
    if (r->over)
        end_standings(&r->rules, r->final, st);
    for (int s = 0; s < JONG_SEATS; s++) {
        fprintf(f, "<tr%s><td>%d (%c at the start)</td><td>", s == r->seat ? " class=\"me\"" : "", s, "ESWN"[s]);
        escaped(f, r->names[s][0] ? r->names[s] : "?");
        fputs(s == r->seat ? " (reviewed)</td>" : "</td>", f);
        for (int i = 0; r->over && i < JONG_SEATS; i++)
            if (st[i].seat == s) {
                fprintf(f, "<td>%d</td><td>%d</td>", st[i].rank + 1, (int)st[i].score);
                if (st[i].riichi)
                    fprintf(f, "<td>%+d (%+d)</td>", st[i].points, st[i].uma);
            }
        fputs("</tr>\n", f);
    }
    fputs("</table>\n<h2>Hands</h2>\n<ol class=\"hands\">\n", f);
    for (int i = 0; i < r->nhands; i++) {
        const review_hand *h = &r->hands[i];
        int next = i + 1 < r->nhands ? r->hands[i + 1].first : r->n;
        fprintf(f, "<li><b>");
        char name[24];
        snprintf(name, sizeof name, h->honba ? "%s-%d" : "%s", h->where, h->honba); /* E1-2: East 1, honba 2 */
        if (h->first < next)
            fprintf(f, "<a href=\"#d%d\">%s</a>", h->first + 1, name);
        else
            fprintf(f, "%s", name);
        fprintf(f, "</b> (game %d, hand %d): ", h->game, h->hand_no);
        escaped(f, h->outcome[0] ? h->outcome : "not finished");
        fprintf(f, "; the reviewed seat %+d; %d decision%s</li>\n", (int)h->deltas[r->seat], next - h->first,
                next - h->first == 1 ? "" : "s");
    }
    fputs("</ol>\n", f);
}

int review_write_html(FILE *f, const review_report *r)
{
    errno = 0;
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>Jong review: ", f);
    escaped(f, r->record);
    fputs("</title>\n<style>\n"
          "body{font-family:sans-serif;margin:24px;background:#f6f4ee;color:#222}\n"
          "h1{font-size:22px} table{border-collapse:collapse;margin:6px 0 18px}\n"
          "td,th{padding:3px 8px;border-bottom:1px solid #ddd;text-align:left;font-size:14px}\n"
          ".tile{display:inline-block;width:30px;height:40px;background-size:100% 100%;margin:0 1px;vertical-align:middle}\n"
          ".tile.small{width:21px;height:28px} .tile.taken{outline:3px solid #c44;outline-offset:-1px}\n"
          ".tile.rot{transform:rotate(90deg);margin:0 4px} .tile.dim{opacity:.4}\n"
          ".gap{display:inline-block;width:12px} .dec{background:#fff;padding:10px 14px;margin:10px 0;border-radius:6px}\n"
          ".board{background:#e9efe9;border-radius:6px;padding:6px 8px;margin:6px 0;font-size:13px}\n"
          ".river{margin:2px 0} .river .who{display:inline-block;min-width:14em} .river.me .who{font-weight:bold}\n"
          "tr.me{background:#fbe9a6} .hands li{margin:2px 0}\n"
          ".best{color:#276;fill:#3a7} .loss{color:#b22;fill:#c44} .noise{color:#b60;fill:#e9a23b}\n"
          ".chart{background:#fff;border-radius:6px} .key{display:inline-block;width:14px;height:14px;"
          "vertical-align:middle;margin:0 4px 0 12px;border-radius:2px}\n"
          ".key.best{background:#3a7} .key.loss{background:#c44} .key.noise{background:#e9a23b}\n", f);
    tile_styles(f);
    fputs("</style></head><body>\n<h1>Review of ", f);
    escaped(f, r->record);
    fprintf(f, "</h1>\n<p>Seat %d, %s record. Each discard is analysed from the seat's view: the chance of a "
               "self-drawn win within the draws left and the expected points of that win (own draws only, "
               "%ld simulations per discard, a quarter of them first and the rest only where the verdict is not "
               "clear yet; seed %llu).",
            r->seat, r->format, r->sims, (unsigned long long)r->seed);
    if (r->variant == JONG_VARIANT_RIICHI)
        fputs(" Its <b>risk</b> is the expected deal-in loss priced by the Mizukami-Tsuruoka opponent models: the sum "
              "over the other seats of P(waiting) &times; P(this tile wins | waiting) &times; the points of that win "
              "(Eq. 9 of their paper). The <b>net</b> value is points &minus; risk; the best discard has the highest "
              "net value, and the loss is the best's net value less the taken one's, so a safe fold that gives up "
              "points to avoid a deal-in is no loss.",
              f);
    else
        fputs(" Its <b>risk</b> is the expected deal-in loss: the guard model's chance that the tile lets another "
              "seat win (learned from self-play, <code>jong train guard</code>) &times; the payment of a 2-tai win "
              "(base + 2 &times; unit; wins average 1.9-2.0 tai at this table). The <b>net</b> value is points "
              "&minus; risk; the best discard has the highest net value, and the loss is the best's net value less "
              "the taken one's.",
              f);
    fprintf(f, "</p>\n<p><b>%d</b> decisions with a choice; <b>%d</b> discards analysed, the best taken in <b>%d</b> "
               "(%.1f%%); estimated loss <b>%.0f</b> points in all, %.1f per analysed discard; <b>%d</b> losses "
               "clearly above 0 (their 95%% interval, paired over the same draws, excludes 0).",
            r->n, r->analysed, r->agreed, r->analysed ? 100.0 * r->agreed / r->analysed : 0.0, r->loss,
            r->analysed ? r->loss / r->analysed : 0.0, r->clear);
    if (r->player) {
        fputs(" Player <code>", f);
        escaped(f, r->player);
        fprintf(f, "</code> chose as the record did in %d of %d decisions.", r->player_agreed, r->player_compared);
    }
    fputs("</p>\n", f);
    game(f, r);
    fputs("<h2>Value lost per decision</h2>\n", f);
    chart(f, r);
    fputs("<p><span class=\"key best\"></span>the best discard was taken <span class=\"key loss\"></span>a loss "
          "whose 95% interval lies above 0 <span class=\"key noise\"></span>a loss within the noise of the "
          "simulations. Click a bar for its decision.</p>\n<h2>Decisions</h2>\n", f);
    for (int i = 0; i < r->n; i++) {
        const review_decision *d = &r->d[i];
        bool an = d->analysed && d->taken_row >= 0 && d->best_row >= 0;
        fprintf(f, "<div class=\"dec\" id=\"d%d\"><b>#%d</b> game %d, %s, hand %d, turn %d: took <b class=\"%s\">",
                i + 1, i + 1, d->game, d->where, d->hand_no, d->turn, an ? verdict_class(d) : "best");
        escaped(f, d->taken_text);
        fputs("</b>", f);
        if (an) {
            fprintf(f, ", best %s, loss %.0f", jong_kind_name(d->an.rows[d->best_row].discard, JONG_STYLE_COMPACT),
                    d->loss);
            if (d->loss_ci && d->taken_row != d->best_row) {
                if (d->loss_lo < d->loss_hi)
                    fprintf(f, " [%.0f, %.0f]", d->loss_lo, d->loss_hi);
                else
                    fputs(" (exact)", f);
            }
        }
        if (d->have_choice) {
            fputs("; ", f);
            escaped(f, r->player);
            fputs(": ", f);
            escaped(f, d->choice_text);
        }
        fputs("\n", f);
        board(f, r, &d->view);
        hand_tiles(f, &d->hand, d->taken.type == JONG_ACT_DISCARD ? d->taken.tile : -1);
        fputs("\n", f);
        if (an) {
            fputs("<table><tr><th>discard</th><th>shanten</th><th>tenpai</th><th>win</th><th>points</th>", f);
            if (d->risk_known)
                fputs("<th>risk</th><th>net</th>", f);
            if (d->have_values)
                fprintf(f, "<th>%s</th>", d->values.measure);
            fputs("<th></th></tr>\n", f);
            for (int k = 0; k < d->an.nrows; k++) {
                const jong_analysis_row *row = &d->an.rows[k];
                if (k >= 4 && k != d->taken_row && k != d->best_row)
                    continue;
                fputs("<tr>", f);
                row_cells(f, d, k);
                if (d->have_values)
                    fprintf(f, "<td>%.4g</td>", d->values.valued[row->discard] ? d->values.value[row->discard] : 0);
                fprintf(f, "<td>%s%s</td></tr>\n", k == d->best_row ? "best " : "", k == d->taken_row ? "taken" : "");
            }
            fputs("</table>\n", f);
        }
        fputs("</div>\n", f);
    }
    fputs("</body></html>\n", f);
    return ferror(f) ? -1 : 0;
}
