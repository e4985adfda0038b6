/* The HTML report of `jong review` (review.h): one file with no outside references. Each tile
 * picture (web_svg.c) is written once, base64-encoded, as a CSS background of a class; a hand is
 * a row of spans of those classes. The loss chart is inline SVG drawn here. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "review.h"
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
        double h = (H - bottom - top) * d->loss / most;
        fprintf(f, "<a href=\"#d%d\"><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\">"
                   "<title>#%d %s turn %d: loss %.0f</title></rect></a>\n",
                i + 1, left + i * step + step * 0.15, H - bottom - h, step * 0.7, h > 0.5 ? h : 0.5,
                d->taken_row == d->best_row ? "#3a7" : d->loss_ci && d->loss_lo > 0 ? "#c44" : "#d9a", i + 1, d->where, d->turn, d->loss);
    }
    fputs("</svg>\n", f);
}

static void row_cells(FILE *f, const jong_analysis_row *row)
{
    fprintf(f, "<td>");
    tile(f, row->discard, false, " small");
    fprintf(f, "</td><td>%d</td><td>%.1f%%</td><td>%.1f%%</td><td>%.0f%s</td>", row->shanten, 100 * row->tenpai.value,
            100 * row->win.value, row->points.value, row->exact ? " (exact)" : "");
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
          ".gap{display:inline-block;width:12px} .dec{background:#fff;padding:10px 14px;margin:10px 0;border-radius:6px}\n"
          ".agree{color:#276} .differ{color:#a22} .chart{background:#fff;border-radius:6px}\n", f);
    tile_styles(f);
    fputs("</style></head><body>\n<h1>Review of ", f);
    escaped(f, r->record);
    fprintf(f, "</h1>\n<p>Seat %d, %s record. Each discard is analysed from the seat's view: the chance of a "
               "self-drawn win within the draws left and the expected points of that win (own draws only, "
               "%ld simulations per discard, seed %llu). The loss is the best legal discard's expected points "
               "less those of the discard taken.</p>\n",
            r->seat, r->format, r->sims, (unsigned long long)r->seed);
    fprintf(f, "<p><b>%d</b> decisions with a choice; <b>%d</b> discards analysed, the best taken in <b>%d</b> "
               "(%.1f%%); estimated loss <b>%.0f</b> points in all, %.1f per analysed discard; <b>%d</b> losses "
               "clearly above 0 (their 95%% interval, paired over the same draws, excludes 0).",
            r->n, r->analysed, r->agreed, r->analysed ? 100.0 * r->agreed / r->analysed : 0.0, r->loss,
            r->analysed ? r->loss / r->analysed : 0.0, r->clear);
    if (r->player) {
        fputs(" Player <code>", f);
        escaped(f, r->player);
        fprintf(f, "</code> chose as the record did in %d of %d decisions.", r->player_agreed, r->player_compared);
    }
    fputs("</p>\n<h2>Value lost per decision</h2>\n", f);
    chart(f, r);
    fputs("<p>Green: the best discard was taken. Red: a loss whose 95% interval lies above 0. Pink: a loss "
          "within the noise of the simulations. Click a bar for its decision.</p>\n<h2>Decisions</h2>\n", f);
    for (int i = 0; i < r->n; i++) {
        const review_decision *d = &r->d[i];
        bool an = d->analysed && d->taken_row >= 0 && d->best_row >= 0;
        fprintf(f, "<div class=\"dec\" id=\"d%d\"><b>#%d</b> game %d, %s, hand %d, turn %d: took <b class=\"%s\">",
                i + 1, i + 1, d->game, d->where, d->hand_no, d->turn, !an || d->loss <= 0 ? "agree" : "differ");
        escaped(f, d->taken_text);
        fputs("</b>", f);
        if (an) {
            fprintf(f, ", best %s, loss %.0f", jong_kind_name(d->an.rows[d->best_row].discard, JONG_STYLE_COMPACT),
                    d->loss);
            if (d->loss_ci && d->taken_row != d->best_row)
            {
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
        fputs("<br>\n", f);
        hand_tiles(f, &d->hand, d->taken.type == JONG_ACT_DISCARD ? d->taken.tile : -1);
        fputs("\n", f);
        if (an) {
            fputs("<table><tr><th>discard</th><th>shanten</th><th>tenpai</th><th>win</th><th>points</th>", f);
            if (d->have_values)
                fprintf(f, "<th>%s</th>", d->values.measure);
            fputs("<th></th></tr>\n", f);
            for (int k = 0; k < d->an.nrows && k < 4; k++) {
                const jong_analysis_row *row = &d->an.rows[k];
                fputs("<tr>", f);
                row_cells(f, row);
                if (d->have_values)
                    fprintf(f, "<td>%.4g</td>", d->values.valued[row->discard] ? d->values.value[row->discard] : 0);
                fprintf(f, "<td>%s%s</td></tr>\n", k == d->best_row ? "best " : "", k == d->taken_row ? "taken" : "");
            }
            if (d->taken_row >= 4) {
                fputs("<tr>", f);
                row_cells(f, &d->an.rows[d->taken_row]);
                if (d->have_values)
                    fprintf(f, "<td>%.4g</td>", d->values.value[d->an.rows[d->taken_row].discard]);
                fputs("<td>taken</td></tr>\n", f);
            }
            fputs("</table>\n", f);
        }
        fputs("</div>\n", f);
    }
    fputs("</body></html>\n", f);
    return ferror(f) ? -1 : 0;
}
