/* Walls arranged by hand for engine tests (see stacked_wall.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/stacked_wall.h"

void log_event(void *ctx, const jong_event *ev)
{
    event_log *log = ctx;
    if (log->n < LOG_MAX)
        log->ev[log->n++] = *ev;
}

int tile_code(const char *name)
{
    jong_tile t;
    jong_error err;
    if (jong_parse_tile(name, &t, &err))
        return -1;
    if (t.kind == JONG_NO_TILE)
        return JONG_TILE_FLOWER_BASE + t.flower;
    return jong_code_make(t.kind, t.red);
}

static int hand_codes(const char *text, uint8_t out[17])
{
    jong_hand h;
    jong_error err;
    if (jong_parse_hand(text, &h, &err)) {
        fprintf(stderr, "stack_wall: %s: %s\n", text, err.msg);
        return -1;
    }
    int n = 0;
    for (int f = 0; f < JONG_FLOWERS; f++)
        if (h.flowers >> f & 1)
            out[n++] = (uint8_t)(JONG_TILE_FLOWER_BASE + f);
    for (int k = 0; k < JONG_KINDS; k++)
        for (int c = 0; c < h.counts[k]; c++) {
            if (n == 17)
                return -1;
            bool red = k < JONG_NUMBER_KINDS && k % 9 == 4 && c < h.red[k / 9];
            out[n++] = (uint8_t)jong_code_make(k, red);
        }
    return n;
}

/* Space-separated tiles; "-" leaves the place to the filler (255). */
static int token_codes(const char *text, uint8_t *out, int max)
{
    int n = 0;
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", text ? text : "");
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        if (!strcmp(tok, "-") && n < max) {
            out[n++] = 255;
            continue;
        }
        int c = tile_code(tok);
        if (c < 0 || n == max) {
            fprintf(stderr, "stack_wall: bad tile '%s'\n", tok);
            return -1;
        }
        out[n++] = (uint8_t)c;
    }
    return n;
}

/* Place the front draws from `at` and the back tiles from the end, then fill every free place
 * with the tiles left over (left[] counts per kind and flower), in code order. */
static int place_and_fill(uint8_t wall[JONG_WALL_MAX], int total, int at, const char *front, int max_front,
                          const char *back, int max_back, int left[JONG_KINDS + JONG_FLOWERS])
{
    uint8_t f[128], b[128];
    int nf = token_codes(front, f, max_front), nb = token_codes(back, b, max_back);
    if (nf < 0 || nb < 0)
        return 0;
    memcpy(wall + at, f, (size_t)nf);
    for (int i = 0; i < nb; i++)
        wall[total - 1 - i] = b[i];
    for (int i = 0; i < total; i++)
        if (wall[i] != 255 && --left[jong_code_is_red(wall[i]) ? jong_code_kind(wall[i]) : wall[i]] < 0) {
            fprintf(stderr, "stack_wall: too many %s\n", jong_code_name(wall[i]));
            return 0;
        }
    int c = 0;
    for (int i = 0; i < total; i++) {
        if (wall[i] != 255)
            continue;
        while (!left[c])
            c++;
        wall[i] = (uint8_t)c;
        left[c]--;
    }
    return total;
}

/* Each seat's hand as codes; false (with a message) when one has not `want` tiles (dealer:
 * dealer_want). Three-player walls pass seats = 3. */
static bool seat_hands(const char *const *hands, int seats, int dealer, int want, int dealer_want, uint8_t h[4][17])
{
    for (int s = 0; s < seats; s++) {
        int n = hand_codes(hands[s], h[s]);
        if (n != (s == dealer ? dealer_want : want)) {
            fprintf(stderr, "stack_wall: seat %d has %d tiles\n", s, n);
            return false;
        }
    }
    return true;
}

static bool all_hands(const char *const hands[4], int dealer, int want, int dealer_want, uint8_t h[4][17])
{
    return seat_hands(hands, 4, dealer, want, dealer_want, h);
}

/* A game on a stacked wall: options applied to the variant's defaults (three players: with
 * three_player=on first), events to log. */
static jong_game *game_on(jong_variant v, bool sanma, const char *options, const char *const *hands,
                          const char *front, const char *back, event_log *log)
{
    jong_ruleset rs;
    jong_error err;
    jong_ruleset_default(&rs, v);
    if ((sanma && jong_ruleset_apply(&rs, "three_player=on", &err)) ||
        (options && *options && jong_ruleset_apply(&rs, options, &err))) {
        fprintf(stderr, "stacked_game: %s\n", err.msg);
        abort();
    }
    uint8_t wall[JONG_WALL_MAX];
    int n = sanma                      ? stack_sanma_wall(0, hands, front, back, wall)
            : v == JONG_VARIANT_RIICHI ? stack_riichi_wall(0, hands, front, back, wall)
                                       : stack_wall(&rs, 0, hands, front, back, wall);
    if (!n)
        abort();
    log->n = 0;
    jong_game *g;
    if (jong_game_new(&rs, 1, 0, log_event, log, &g, &err) ||
        jong_game_start_hand_with_wall(g, wall, n, &err)) {
        fprintf(stderr, "stacked_game: %s\n", err.msg);
        abort();
    }
    return g;
}

int stack_wall(const jong_ruleset *rs, int dealer, const char *const hands[4], const char *front,
               const char *back, uint8_t wall[JONG_WALL_MAX])
{
    int total = jong_ruleset_tiles(rs);
    int left[JONG_KINDS + JONG_FLOWERS];
    for (int c = 0; c < JONG_KINDS + JONG_FLOWERS; c++)
        left[c] = c < JONG_KINDS ? 4 : rs->flowers ? 1 : 0;
    uint8_t h[4][17];
    memset(wall, 255, JONG_WALL_MAX);
    if (!all_hands(hands, dealer, 16, 17, h))
        return 0;
    for (int r = 0; r < 4; r++)
        for (int i = 0; i < 4; i++) {
            int s = (dealer + i) % 4;
            memcpy(wall + 16 * r + 4 * i, h[s] + 4 * r, 4);
        }
    wall[64] = h[dealer][16];
    return place_and_fill(wall, total, 65, front, 64, back, 16, left);
}

jong_game *stacked_game(const char *options, const char *const hands[4], const char *front,
                        const char *back, event_log *log)
{
    return game_on(JONG_VARIANT_TAIWAN, false, options, hands, front, back, log);
}

/* A riichi wall of `seats` seats (4, or 3 without 2m-8m): 13 tiles each, three rounds of four
 * and one each from the dealer on, then the draws; the back as stack_riichi_wall and
 * stack_sanma_wall say. */
static int stack_thirteen(int seats, int dealer, const char *const *hands, const char *front, const char *back,
                          uint8_t wall[JONG_WALL_MAX])
{
    int left[JONG_KINDS + JONG_FLOWERS] = {0};
    for (int k = 0; k < JONG_KINDS; k++)
        left[k] = seats == 3 && jong_sanma_missing(k) ? 0 : 4;
    uint8_t h[4][17];
    memset(wall, 255, JONG_WALL_MAX);
    if (!seat_hands(hands, seats, dealer, 13, 13, h))
        return 0;
    int round = 4 * seats, dealt = 13 * seats, total = seats == 3 ? 108 : 136;
    for (int r = 0; r < 3; r++)
        for (int i = 0; i < seats; i++)
            memcpy(wall + round * r + 4 * i, h[(dealer + i) % seats] + 4 * r, 4);
    for (int i = 0; i < seats; i++)
        wall[3 * round + i] = h[(dealer + i) % seats][12];
    return place_and_fill(wall, total, dealt, front, total - dealt - 14, back, seats == 3 ? 18 : 14, left);
}

int stack_riichi_wall(int dealer, const char *const hands[4], const char *front, const char *back,
                      uint8_t wall[JONG_WALL_MAX])
{
    return stack_thirteen(4, dealer, hands, front, back, wall);
}

jong_game *stacked_riichi_game(const char *options, const char *const hands[4], const char *front,
                               const char *back, event_log *log)
{
    return game_on(JONG_VARIANT_RIICHI, false, options, hands, front, back, log);
}

int stack_sanma_wall(int dealer, const char *const hands[3], const char *front, const char *back,
                     uint8_t wall[JONG_WALL_MAX])
{
    return stack_thirteen(3, dealer, hands, front, back, wall);
}

jong_game *stacked_sanma_game(const char *options, const char *const hands[3], const char *front,
                              const char *back, event_log *log)
{
    return game_on(JONG_VARIANT_RIICHI, true, options, hands, front, back, log);
}

int find_event(const event_log *log, int type, int from)
{
    for (int i = from < 0 ? 0 : from; i < log->n; i++)
        if (log->ev[i].type == type)
            return i;
    return -1;
}

