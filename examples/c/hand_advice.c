/* hand_advice: what libjong says about one riichi hand, through the public API alone.
 *
 *   usage: hand_advice HAND          e.g.  hand_advice 123m456p789s1122z5z
 *
 * HAND is any notation the library reads (jong/notation.h: 123m456p789s1122z, 0m for a red five,
 * [789s] for an exposed meld). It prints the shanten of each form; then for a hand waiting for a
 * draw (13 tiles, or fewer with melds) its waits or effective tiles, and for a hand about to
 * discard (14) either its score, if complete (a tsumo by the South seat in the East round, no
 * dora; the winning tile that scores the most), or its best discards with their effective tiles.
 * Exit status: 0 done, 1 bad hand (the library's one-line error on stderr), 2 bad usage.
 *
 * Build it against an installed libjong (make install; docs/library.md):
 *   cc -o hand_advice hand_advice.c $(pkg-config --cflags --libs jong)
 * or, with every library linked in (no libjong.so needed at run time):
 *   cc -static -o hand_advice hand_advice.c $(pkg-config --static --cflags --libs jong)
 * or in this directory: make (see its Makefile). */
#include <stdio.h>
#include <string.h>

#include <jong/jong.h>

static void print_kinds(uint64_t kinds)
{
    for (int k = 0; k < JONG_KINDS; k++)
        if (kinds >> k & 1)
            printf(" %s", jong_kind_name(k, JONG_STYLE_COMPACT));
}

/* A complete hand scored as a tsumo with each winning tile it holds; the best one is printed. */
static int score(const jong_hand *h)
{
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    jong_riichi_result best, r;
    jong_error err;
    int best_tile = -1;
    for (int k = 0; k < JONG_KINDS; k++) {
        if (!h->counts[k])
            continue;
        jong_riichi_context ctx;
        memset(&ctx, 0, sizeof ctx);
        ctx.hand = *h;
        ctx.win_tile = k;
        ctx.tsumo = true;
        ctx.seat_wind = 1; /* South */
        ctx.round_wind = 0; /* East */
        if (jong_riichi_score(&rs, &ctx, &r, &err) != JONG_OK)
            continue; /* e.g. no yaku with this winning tile */
        if (best_tile < 0 || r.pay.total > best.pay.total) {
            best = r;
            best_tile = k;
        }
    }
    if (best_tile < 0) {
        printf("complete, but it scores nothing as a tsumo by South: %s\n", err.msg);
        return 0;
    }
    printf("complete: tsumo on %s by South in the East round\n", jong_kind_name(best_tile, JONG_STYLE_COMPACT));
    for (int i = 0; i < best.nyaku; i++)
        printf("  %-18s %d han\n", jong_yaku_name(best.yaku[i].yaku), best.yaku[i].han);
    printf("  %d han %d fu%s%s: %d points (%d from the dealer, %d from each other seat)\n", best.han, best.fu,
           best.limit ? ", " : "", jong_limit_name(best.limit), best.pay.total, best.pay.tsumo_dealer,
           best.pay.tsumo_other);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: hand_advice HAND   (libjong %s, e.g. hand_advice 123m456p789s1122z5z)\n",
                jong_version());
        return 2;
    }
    jong_hand h;
    jong_error err;
    if (jong_parse_hand(argv[1], &h, &err) != JONG_OK || jong_hand_check(&h, JONG_VARIANT_RIICHI, &err) != JONG_OK) {
        fprintf(stderr, "hand_advice: %s\n", err.msg);
        return 1;
    }
    char text[128];
    jong_format_hand(&h, JONG_STYLE_COMPACT, text, sizeof text);
    int tiles = jong_hand_concealed_count(&h);
    printf("hand %s: %d concealed tiles, %d melds\n", text, tiles, h.nmelds);

    jong_shanten3 s;
    jong_hand_shanten(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL, &s);
    printf("shanten %d (standard %d", s.best, s.standard);
    if (s.chiitoi != JONG_UNDEFINED)
        printf(", seven pairs %d, thirteen orphans %d", s.chiitoi, s.kokushi);
    printf(")\n");

    if (tiles % 3 == 1) { /* waiting for a draw */
        if (s.best == 0) {
            printf("ready, waiting on");
            print_kinds(jong_waits(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL));
        } else {
            jong_ukeire u;
            jong_effective_tiles(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL, NULL, &u);
            printf("%d effective tiles:", u.total);
            print_kinds(u.kinds);
        }
        printf("\n");
        return 0;
    }
    if (s.best < 0)
        return score(&h);
    jong_discard_option rows[JONG_KINDS];
    int n = jong_discard_table(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL, NULL, rows);
    printf("best discards (shanten after, effective tiles):\n");
    for (int i = 0; i < n && i < 5; i++) {
        printf("  %-3s %d %3d:", jong_kind_name(rows[i].discard, JONG_STYLE_COMPACT), rows[i].shanten,
               rows[i].ukeire.total);
        print_kinds(rows[i].ukeire.kinds);
        printf("\n");
    }
    return 0;
}
