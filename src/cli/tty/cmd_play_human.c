/* `jong play --human SEAT`: a person plays one seat at the terminal against Jong's players.
 * The table runs as a jong_session: the program seats play by themselves, and at each of the
 * person's decisions the screen is drawn and a key is read; only legal actions have keys.
 * Every game is written as a record. */
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli_players.h"
#include "cli/cli_options.h"
#include "cli/cli_util.h"
#include "cli/commands.h"
#include "cli/ui/event_text.h"
#include "tty_end.h"
#include "tty_screen.h"
#include "tty_term.h"

#define CMD "play"

typedef struct {
    int seat;
    jong_variant rules;
    const char *players_text, *log_dir;
    cli_list rule;
    const char *preset;
    int hands, time_limit;
    uint64_t seed;
    bool ascii, unicode, no_colour, hint;
} human_opts;

#define OPTS human_opts
static const cli_option options[] = {
    {"--human", CLI_WIND(seat), "SEAT", "the person's seat, 0-3 or E S W N"},
    {"--players", CLI_STRING(players_text), "P[,P...]", "the other seats' players: 1, 2 alternating, or 4 "
     "specs (the person's entry is unused)", .flags = CLI_REQUIRED},
    {"--rules", CLI_RULES(rules), "R", "riichi or taiwan", .def = "taiwan",
     .def_text = "the players' when they play one family only, else taiwan"},
    {"--seed", CLI_SEED(seed), "S", "the game's seed", .def_text = "from the clock"},
    {"--hands", CLI_INT(hands), "N", "play N hands instead of a full game", .lo = 1, .hi = 100000},
    {"--rule", CLI_LIST(rule), "NAME=VALUE", "set a rule option (repeatable)"},
    CLI_RULE_PRESET_OPTION(),
    {"--log", CLI_STRING(log_dir), "DIR", "where the record goes: DIR/human-SEED.jsonl",
     .def = "jong-records"},
    {"--unicode", CLI_FLAG(unicode), NULL, "tiles as Unicode mahjong glyphs (a font with them is needed, "
     "e.g. Debian's fonts-symbola; JONG_TILES=unicode says the same); ignored when the locale is not UTF-8"},
    {"--ascii", CLI_FLAG(ascii), NULL, "tile names (1m E f1), the default"},
    {"--no-colour", CLI_FLAG(no_colour), NULL, "no ANSI colours (also --no-color)"},
    {"--no-color", CLI_FLAG(no_colour), NULL, "", .flags = CLI_HIDDEN},
    {"--hint", CLI_FLAG(hint), NULL, "start with the hint line shown"},
    {"--time-limit", CLI_INT(time_limit), "SEC", "seconds per decision; when they run out, the table plays "
     "pass, or discards the tile just drawn", .lo = 1, .hi = 86400, .def_text = "none"},
    CLI_END,
};
#undef OPTS

static const cli_command spec = {
    .name = CMD,
    .usage = "jong play --human SEAT --players P[,P...] [--rules taiwan|riichi] [--seed S]\n"
             "                 [--hands N] [--rule NAME=VALUE]... [--log DIR] [--ascii] [--no-colour]\n"
             "                 [--hint] [--time-limit SEC]",
    .about = "A person plays seat SEAT (0-3 or E S W N) at the terminal; the other seats are the\n"
             "players of --players (1, 2 alternating, or 4 specs; the person's entry is unused).\n"
             "The screen takes the terminal's size (80x24 or more is best): each seat's wind\n"
             "(* = dealer), player, score, tiles in hand,\n"
             "flowers, melds and discards (yours last), the last events, your hand sorted with the\n"
             "tile just drawn set apart, and your legal actions:\n"
             "  a, b, c ...  discard the tile above the letter\n"
             "  1-9, A-K     the listed action (win, chi, pon, kong)\n"
             "  r            riichi: then the letter of the discard\n"
             "  0 or space   pass (do not claim)\n"
             "  ?            hint on/off (the evaluator's best discards, as `jong analyze`)\n"
             "  Q, Ctrl-C    quit (the record keeps the game so far)\n",
    .options = options,
};

/* ---- the table as the person sees it ------------------------------------------------------ */

typedef struct {
    jong_session *s;
    const jong_ruleset *rules;
    int seat;
    uint64_t seed;
    const char *names[JONG_SEATS];
    char log[TTY_LOG_LINES][EVENT_LOG_WIDTH];
    int nlog;
    bool hint;
    tty_style style;
} human_table;

static void observe(void *ctx, int seat, const jong_view *v, const jong_event *seen)
{
    human_table *h = ctx;
    char text[128];
    if (seat != h->seat || !event_text(seen, v, text, sizeof text))
        return;
    event_log_push(h->log, &h->nlog, TTY_LOG_LINES, text);
}

static void frame_base(const human_table *h, tty_frame *f)
{
    memset(f, 0, sizeof *f);
    f->v = jong_session_view(h->s, h->seat);
    f->rules = h->rules;
    memcpy(f->names, h->names, sizeof f->names);
    f->seat = h->seat;
    f->seed = h->seed;
    f->hint = h->hint;
    f->furiten = jong_session_furiten(h->s, h->seat);
    f->style = h->style;
    tty_term_size(&f->width, &f->height);
    for (int i = 0; i < h->nlog; i++)
        f->log[i] = h->log[i];
}

static const char *prompt(const hand_menu *m)
{
    if (m->nother && m->pass >= 0)
        return "a claim or a win is open: its key, or 0 to pass";
    if (m->pass >= 0)
        return "0 or space: pass";
    return "your turn: the letter of the tile to discard";
}

enum { ASK_ACTED = 0, ASK_QUIT = 1 };

static bool confirm_quit(tty_frame *f)
{
    f->status = "quit this game? y: yes, any other key: no";
    tty_screen_draw(stdout, f);
    int k = tty_term_key(-1);
    return k == 'y' || k == 'Y' || k == TTY_KEY_EOF || k == TTY_KEY_INTERRUPT;
}

/* One decision of the person: draw, read keys until one chooses a legal action. */
static int ask(human_table *h, int time_limit, int *choice_out, jong_action legal[JONG_MAX_ACTIONS], int *nout)
{
    int n = jong_session_legal(h->s, h->seat, legal);
    *nout = n;
    hand_menu m;
    tty_frame f;
    hand_menu_build(&m, jong_session_view(h->s, h->seat), legal, n);
    bool declaring = false;
    const char *note = NULL;
    double deadline = time_limit > 0 ? cli_now() + time_limit : 0;
    char status[160];
    for (;;) {
        frame_base(h, &f);
        f.menu = &m;
        f.legal = legal;
        f.nlegal = n;
        f.declaring = declaring;
        int wait_ms = -1;
        if (deadline > 0) {
            double left = deadline - cli_now();
            if (left <= 0) {
                *choice_out = jong_default_action(f.v, legal, n);
                return ASK_ACTED;
            }
            snprintf(status, sizeof status, "%s   [%.0f s left]", note ? note : prompt(&m), left + 0.5);
            wait_ms = left > 1 ? 1000 : (int)(left * 1000) + 1;
        } else {
            snprintf(status, sizeof status, "%s", note ? note : prompt(&m));
        }
        f.status = status;
        tty_screen_draw(stdout, &f);
        int key = tty_term_key(wait_ms);
        if (key == TTY_KEY_TIMEOUT || key == TTY_KEY_OTHER)
            continue;
        note = NULL;
        if (key == TTY_KEY_EOF || key == TTY_KEY_INTERRUPT || (key == 'Q' && confirm_quit(&f)))
            return ASK_QUIT;
        if (key == '?') {
            h->hint = !h->hint;
        } else if (key == 'r' && hand_menu_has_declare(&m)) {
            declaring = !declaring;
        } else {
            int c = hand_menu_choice(&m, key, declaring);
            if (c >= 0) {
                *choice_out = c;
                return ASK_ACTED;
            }
            if (key != 'Q')
                note = "that key is not a legal action now";
        }
    }
}

/* The end of a hand: its result until a key is pressed. Returns false to quit. */
static bool show_result(human_table *h, bool game_over)
{
    static char lines[TTY_RESULT_LINES][TTY_END_WIDTH];
    int k = tty_end_lines(h->s, h->seat, &h->style, lines, TTY_RESULT_LINES);
    tty_frame f;
    frame_base(h, &f);
    for (int i = 0; i < k; i++)
        f.result[i] = lines[i];
    f.status = game_over ? "the game is over: any key to leave" : "hand over: Enter or space for the next hand, Q to quit";
    for (;;) {
        tty_term_size(&f.width, &f.height);
        tty_screen_draw(stdout, &f);
        int key = tty_term_key(-1);
        if (key == TTY_KEY_EOF || key == TTY_KEY_INTERRUPT)
            return false;
        if (key == TTY_KEY_OTHER)
            continue; /* a resize, or a key that means nothing here */
        if (game_over)
            return true;
        if (key == '\n' || key == '\r' || key == ' ')
            return true;
        if (key == 'Q' && confirm_quit(&f))
            return false;
        f.status = "hand over: Enter or space for the next hand, Q to quit";
    }
}

static int run(human_table *h, int time_limit, jong_error *err)
{
    for (;;) {
        jong_session_state st = jong_session_state_now(h->s);
        if (st != JONG_SESSION_WAITING) {
            if (!show_result(h, st == JONG_SESSION_GAME_OVER) || st == JONG_SESSION_GAME_OVER)
                return JONG_OK;
            int rc = jong_session_next_hand(h->s, err);
            if (rc)
                return rc;
            continue;
        }
        jong_action legal[JONG_MAX_ACTIONS];
        int n, choice;
        if (ask(h, time_limit, &choice, legal, &n) == ASK_QUIT)
            return JONG_OK;
        int rc = jong_session_act(h->s, h->seat, &legal[choice], err);
        if (rc)
            return rc;
    }
}

int play_human(int argc, char **argv)
{
    human_opts o = {.seat = -1, .hands = -1, .seed = (uint64_t)time(NULL)};
    int r = cli_parse(&spec, argc, argv, &o);
    if (r != CLI_GO)
        return r;
    bool rules_given;
    cli_find_option(argc, argv, "--rules", &rules_given);
    jong_variant variant =
        rules_given ? o.rules : cli_rules_of_preset(o.preset, cli_rules_of_players(o.players_text, o.rules));
    jong_ruleset rs;
    if (cli_build_ruleset(CMD, o.preset, "--rule", variant, o.rule.v, o.rule.n, o.hands, &rs) ||
        cli_refuse_three_players(CMD, &rs))
        return CLI_USAGE;
    jong_player *players[JONG_SEATS];
    if ((r = cli_make_players(CMD, o.players_text, variant, players)))
        return r;
    char path[4096];
    snprintf(path, sizeof path, "%s/human-%llu.jsonl", o.log_dir, (unsigned long long)o.seed);
    FILE *f = NULL;
    if (cli_make_dirs(o.log_dir) || !(f = fopen(path, "w"))) {
        cli_free_players(players);
        return cli_fail(CMD, "%s: %s", path, strerror(errno));
    }
    human_table h = {.rules = &rs, .seat = o.seat, .seed = o.seed, .hint = o.hint};
    setlocale(LC_CTYPE, "");
    /* glyphs only when asked: no font of a plain Debian install has them (blank boxes) */
    const char *tiles = getenv("JONG_TILES");
    bool unicode = o.unicode || (tiles && !strcmp(tiles, "unicode"));
    h.style.ascii = o.ascii || !unicode || !tty_locale_is_utf8();
    const char *term = getenv("TERM");
    h.style.colour = !o.no_colour && isatty(STDOUT_FILENO) && term && strcmp(term, "dumb");
    const char *specs[JONG_SEATS];
    for (int s = 0; s < JONG_SEATS; s++)
        specs[s] = h.names[s] = s == o.seat ? "human" : players[s]->spec;
    h.names[o.seat] = "you";
    setvbuf(f, NULL, _IOLBF, 0); /* each event on disk at once, whatever ends the program */
    jong_record_writer *w = NULL;
    jong_error err;
    int rc = jong_record_writer_new(f, &rs, o.seed, 0, specs, &w, &err);
    if (!rc) {
        jong_session_config cfg = {.rules = &rs, .seed = o.seed, .sink = jong_record_writer_event,
                                   .sink_ctx = w, .observe = observe, .observe_ctx = &h,
                                   .now_ms = cli_now_ms};
        memcpy(cfg.players, players, sizeof cfg.players);
        cfg.players[o.seat] = NULL;
        fprintf(stderr, "jong play: seed %llu\n", (unsigned long long)o.seed);
        rc = jong_session_new(&cfg, &h.s, &err);
        if (!rc) {
            tty_term_open();
            rc = run(&h, o.time_limit, &err);
            tty_term_close();
        }
    }
    int32_t scores[JONG_SEATS] = {0};
    int hands = 0;
    bool over = false, started = h.s != NULL;
    if (h.s) {
        memcpy(scores, jong_session_view(h.s, o.seat)->scores, sizeof scores);
        hands = jong_session_hands(h.s);
        over = jong_session_state_now(h.s) == JONG_SESSION_GAME_OVER;
        jong_session_free(h.s);
    }
    if (w && jong_record_writer_finish(w, rc ? NULL : &err) && !rc)
        rc = 1;
    if (fclose(f) && !rc)
        rc = jong_error_set(&err, JONG_ERR_IO, -1, "%s: write failed", path);
    if (!started)
        remove(path); /* no game was played: no record */
    if (!rc) {
        printf("seed %llu: %d hand%s%s; record %s\n", (unsigned long long)o.seed, hands,
               hands == 1 ? "" : "s", over ? "" : " (left before the end)", path);
        for (int s = 0; s < JONG_SEATS; s++)
            printf("%c %-22s %8d\n", "ESWN"[s], s == o.seat ? "you" : specs[s], (int)scores[s]);
    }
    cli_free_players(players);
    return rc ? cli_fail(CMD, "%s", err.msg) : CLI_OK;
}
