/* The game of a record in words (see replay_print.h): the engine replays it (as --verify does)
 * and each event it emits is told from the table's point of view, every seat by its wind. */
#include <string.h>

#include "cli_util.h"
#include "jong/mjai.h"
#include "replay_print.h"
#include "ui/event_text.h"

typedef struct {
    FILE *out;
} printer;

static void no_decision(void *ctx, const jong_game *g, int seat, const jong_action *chosen)
{
    (void)ctx, (void)g, (void)seat, (void)chosen;
}

static void deal_line(FILE *out, const jong_event *ev, int s, char wind)
{
    jong_hand h;
    jong_hand_clear(&h);
    fprintf(out, "%c  deal ", wind);
    for (int i = 0; i < ev->ndeal[s]; i++) {
        int code = ev->deal[s][i];
        if (jong_code_is_flower(code))
            h.flowers |= (uint8_t)(1u << (code - JONG_TILE_FLOWER_BASE));
        else if (jong_code_kind(code) < JONG_KINDS) {
            h.counts[jong_code_kind(code)]++;
            if (jong_code_is_red(code))
                h.red[jong_code_kind(code) / 9]++;
        }
    }
    char text[160];
    jong_format_hand(&h, JONG_STYLE_COMPACT, text, sizeof text);
    fprintf(out, "%s\n", text);
}

static void on_event(void *ctx, const jong_game *g, const jong_event *ev)
{
    printer *p = ctx;
    jong_view v;
    jong_game_view(g, 0, &v);
    v.seat = -1; /* nobody's view: every seat by its wind */
    char wind = "ESWN"[ev->actor >= 0 ? v.seat_winds[ev->actor] & 3 : 0];
    char text[256];
    switch (ev->type) {
    case JONG_EV_START_HAND:
        fprintf(p->out, "\n-- game %d, hand %d: %s %d, honba %d%s\n", ev->game + 1, ev->hand + 1,
                (const char *[]){"East", "South", "West", "North"}[ev->round_wind & 3], ev->dealer + 1, ev->streak,
                ev->riichi || jong_game_ruleset(g)->variant == JONG_VARIANT_RIICHI ? "" : " (Taiwanese)");
        for (int s = 0; s < jong_ruleset_seats(jong_game_ruleset(g)); s++)
            deal_line(p->out, ev, s, "ESWN"[jong_ruleset_seat_wind(jong_game_ruleset(g), s, ev->dealer) & 3]);
        return;
    case JONG_EV_DRAW:
        fprintf(p->out, "%c draws %s%s\n", wind, tile_word(ev->tile), ev->replacement ? " (replacement)" : "");
        return;
    case JONG_EV_WIN:
    case JONG_EV_EXHAUSTED: {
        char lines[8][200];
        int k = event_result_lines(ev, &v, lines[0], sizeof lines[0], 8);
        for (int i = 0; i < k; i++)
            fprintf(p->out, "%s%s\n", i ? "   " : "", lines[i]);
        return;
    }
    case JONG_EV_END_GAME:
        /* by seat: the winds have moved on since the first hand */
        if (jong_ruleset_seats(jong_game_ruleset(g)) == 3)
            fprintf(p->out, "\n-- the game is over: seats 0-2 (East to West in the first hand) %d, %d, %d\n",
                    (int)ev->scores[0], (int)ev->scores[1], (int)ev->scores[2]);
        else
            fprintf(p->out, "\n-- the game is over: seats 0-3 (East to North in the first hand) %d, %d, %d, %d\n",
                    (int)ev->scores[0], (int)ev->scores[1], (int)ev->scores[2], (int)ev->scores[3]);
        return;
    default:
        if (event_text(ev, &v, text, sizeof text))
            fprintf(p->out, "%s\n", text);
        return;
    }
}

int replay_print(const char *path, const jong_record_limits *lim, const jong_ruleset *rules, FILE *out, char *why,
                 size_t n)
{
    printer p = {out};
    jong_replay_hooks hooks = {no_decision, on_event, &p};
    jong_error err;
    jong_error_clear(&err);
    int rc;
    bool is_stdin = !strcmp(path, "-");
    if (is_stdin || cli_is_jong_record(path)) {
        char *text = NULL;
        FILE *f = is_stdin ? stdin : cli_open_jong_record(path, lim, &text, &err);
        if (!f) {
            snprintf(why, n, "%s", err.msg);
            return -1;
        }
        jong_replay_stats st;
        rc = jong_replay_observe_stream(f, &hooks, &st, &err);
        if (!is_stdin)
            fclose(f);
        free(text);
    } else {
        jong_mjai_log log;
        jong_mjai_log_init(&log);
        rc = jong_mjai_read_file_limited(path, lim, &log, &err);
        jong_mjai_replay_stats st;
        if (rc == JONG_OK)
            rc = jong_mjai_replay_rules(&log, rules, &hooks, &st, &err);
        jong_mjai_log_free(&log);
    }
    if (rc != JONG_OK) {
        snprintf(why, n, "%s: %s", path, err.msg);
        return -1;
    }
    return 0;
}
