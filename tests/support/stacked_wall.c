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
    return t.kind == JONG_NO_TILE ? JONG_TILE_FLOWER_BASE + t.flower : t.kind;
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
            out[n++] = (uint8_t)k;
        }
    return n;
}

static int token_codes(const char *text, uint8_t *out, int max)
{
    int n = 0;
    char buf[512];
    snprintf(buf, sizeof buf, "%s", text ? text : "");
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        int c = tile_code(tok);
        if (c < 0 || n == max) {
            fprintf(stderr, "stack_wall: bad tile '%s'\n", tok);
            return -1;
        }
        out[n++] = (uint8_t)c;
    }
    return n;
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
    for (int s = 0; s < 4; s++) {
        int n = hand_codes(hands[s], h[s]);
        if (n != (s == dealer ? 17 : 16)) {
            fprintf(stderr, "stack_wall: seat %d has %d tiles\n", s, n);
            return 0;
        }
    }
    for (int r = 0; r < 4; r++)
        for (int i = 0; i < 4; i++) {
            int s = (dealer + i) % 4;
            memcpy(wall + 16 * r + 4 * i, h[s] + 4 * r, 4);
        }
    wall[64] = h[dealer][16];
    uint8_t f[128], b[128];
    int nf = token_codes(front, f, 64), nb = token_codes(back, b, 64);
    if (nf < 0 || nb < 0)
        return 0;
    memcpy(wall + 65, f, (size_t)nf);
    for (int i = 0; i < nb; i++)
        wall[total - 1 - i] = b[i];
    for (int i = 0; i < total; i++)
        if (wall[i] != 255 && --left[wall[i]] < 0) {
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

jong_game *stacked_game(const char *options, const char *const hands[4], const char *front,
                        const char *back, event_log *log)
{
    jong_ruleset rs;
    jong_error err;
    jong_ruleset_default(&rs, JONG_VARIANT_TAIWAN);
    if (options && *options && jong_ruleset_apply(&rs, options, &err)) {
        fprintf(stderr, "stacked_game: %s\n", err.msg);
        abort();
    }
    uint8_t wall[JONG_WALL_MAX];
    int n = stack_wall(&rs, 0, hands, front, back, wall);
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

int find_event(const event_log *log, int type, int from)
{
    for (int i = from < 0 ? 0 : from; i < log->n; i++)
        if (log->ev[i].type == type)
            return i;
    return -1;
}
