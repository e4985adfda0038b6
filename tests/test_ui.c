/* The person's screens (Taiwanese, and riichi once the engine plays it), on many states from self-play (seat 0 a "person" answered by the
 * random player, so that claims, kongs and wins come up): the terminal frame never passes
 * 80 columns or 24 lines (ASCII and Unicode, hint on); the key menu offers every legal action
 * and nothing else; the web state's hand and actions do the same and its tiles add up; every
 * event a person sees has words; every tile has a well-formed SVG picture. Riichi marks on a
 * made-up table: whose tile a ron took, ura indicators, red fives and the declaring discard in a
 * river, furiten, the hand locked after riichi, a hint of legal discards only.
 * JONG_UI_HANDS changes the number of hands (default 300, 60 under ASan). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/ui/event_text.h"
#include "cli/ui/hand_menu.h"
#include "cli/ui/hint.h"
#include "cli/ui/meld_calls.h"
#include "cli/tty/tty_tiles.h"
#include "jong/jong.h"
#include "support/sanitized.h"
#include "cli/tty/tty_end.h"
#include "cli/tty/tty_screen.h"
#include "cli/web/web_state.h"
#include "cli/web/web_svg.h"


/* Visible columns of a drawn line, as the frame counts them: ANSI sequences take none, the
 * red dragon glyph two, other characters one. */
static int columns(const char *s, size_t len)
{
    int cols = 0;
    for (size_t i = 0; i < len;) {
        unsigned char c = (unsigned char)s[i];
        if (c == 0x1b) {
            i++;
            while (i < len && !((unsigned char)s[i] >= 0x40 && (unsigned char)s[i] <= 0x7e && s[i] != '['))
                i++;
            i++;
        } else if (c >= 0xF0) {
            cols += !memcmp(s + i, "\xf0\x9f\x80\x84", 4) ? 2 : 1;
            i += 4;
        } else {
            cols++;
            i += c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
        }
    }
    return cols;
}

/* A frame within the frame's columns and rows; nothing of the seats' melds cut (in ASCII each
 * meld shows its '['); returns how many lines it took. */
static int check_frame(const tty_frame *f)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    assert_non_null(out);
    tty_screen_draw(out, f);
    fclose(out);
    int lines = 1, brackets = 0;
    const char *line = buf, *end = buf + len;
    while (line < end) {
        const char *nl = memchr(line, '\n', (size_t)(end - line));
        size_t n = nl ? (size_t)(nl - line) : (size_t)(end - line);
        if (n && line[n - 1] == '\r')
            n--;
        int cols = columns(line, n);
        if (cols > f->width)
            fail_msg("a line of %d columns in %d: %.*s\nFRAME:\n%s", cols, f->width, (int)n, line, buf);
        for (size_t i = 0; i < n; i++)
            brackets += line[i] == '[' && (i == 0 || line[i - 1] != '\033');
        if (!nl)
            break;
        lines++;
        line = nl + 1;
    }
    assert_true(lines <= f->height);
    if (f->style.ascii && !f->result[0]) {
        int melds = 0;
        for (int k = 0; k < JONG_SEATS; k++)
            melds += f->v->seats[k].nmelds;
        assert_int_equal(brackets, melds);
    }
    free(buf);
    return lines;
}

/* Every legal action is reachable through the menu exactly as listed, and the menu holds
 * nothing else. */
static void check_menu(const hand_menu *m, const jong_view *v, const jong_action *legal, int n)
{
    int reach[JONG_MAX_ACTIONS] = {0};
    int tiles = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        tiles += v->own.counts[k];
    assert_int_equal(m->ntiles, tiles);
    for (int i = 0; i < m->ntiles; i++) {
        if (i)
            assert_true(m->tiles[i] >= m->tiles[i - 1] || (m->drawn_apart && i == m->ntiles - 1));
        for (int d = 0; d < 2; d++) {
            int a = d ? m->declare[i] : m->discard[i];
            if (a < 0)
                continue;
            assert_true(a < n);
            assert_int_equal(legal[a].type, JONG_ACT_DISCARD);
            assert_int_equal(legal[a].tile, m->tiles[i]);
            reach[a] = 1;
        }
    }
    for (int i = 0; i < m->nother; i++) {
        assert_true(m->other[i] >= 0 && m->other[i] < n);
        assert_int_not_equal(legal[m->other[i]].type, JONG_ACT_DISCARD);
        reach[m->other[i]] = 1;
        assert_int_equal(hand_menu_choice(m, hand_menu_other_key(i), false), m->other[i]);
    }
    if (m->pass >= 0) {
        assert_int_equal(legal[m->pass].type, JONG_ACT_PASS);
        reach[m->pass] = 1;
        assert_int_equal(hand_menu_choice(m, '0', false), m->pass);
    }
    for (int a = 0; a < n; a++)
        if (!reach[a])
            fail_msg("legal action %d (type %d tile %d) has no key", a, legal[a].type, legal[a].tile);
    assert_int_equal(hand_menu_choice(m, 'z', false), -1);
}

typedef struct {
    int events, worded, ura_wins, furiten;
    unsigned furiten_kinds; /* the JONG_FURITEN_* bits seen */
    meld_calls calls;       /* as the web game follows them */
    int8_t giver[JONG_SEATS][JONG_MAX_MELDS]; /* each seat's melds' givers from the events, -1 concealed */
    int ngiver[JONG_SEATS];
    int turned, ends, end_wins, end_ready, finals;
} word_count;

/* The melds of the state: the called tile turned where its giver sits (the left seat's first,
 * the seat across's second, the right seat's last), none in a concealed kong. */
static void check_melds(json_t *st, const word_count *wc)
{
    size_t k, m, t;
    json_t *seat, *meld, *tile;
    json_array_foreach(json_object_get(st, "seats"), k, seat) {
        json_t *melds = json_object_get(seat, "melds");
        if ((int)json_array_size(melds) != wc->ngiver[k])
            continue; /* a kong robbed: the lists differ until the next hand */
        json_array_foreach(melds, m, meld) {
            int turned = -1, count = 0, n = (int)json_array_size(json_object_get(meld, "tiles"));
            json_array_foreach(json_object_get(meld, "tiles"), t, tile)
                if (json_is_true(json_object_get(tile, "turned"))) {
                    turned = (int)t;
                    count++;
                }
            int giver = wc->giver[k][m];
            if (giver < 0) {
                assert_int_equal(count, 0);
                continue;
            }
            assert_int_equal(count, 1);
            int rel = (giver - (int)k + JONG_SEATS) % JONG_SEATS;
            assert_int_equal(turned, rel == 3 ? 0 : rel == 2 ? 1 : n - 1);
            if (!strcmp(json_string_value(json_object_get(meld, "type")), "chi"))
                assert_int_equal(turned, 0);
        }
    }
}

/* The end of a hand: each win's hand adds up to a complete hand with its items summing to the
 * han or tai; a draw's ready hands have waits (riichi: the engine's tenpai seats); the final
 * standings rank the scores and (riichi) the results sum to 0. */
static void check_end_json(const jong_session *s, word_count *wc)
{
    web_state_input in = {.s = s, .seat = 0, .names = {"you", "a", "b", "c"}, .time_left = -1, .calls = &wc->calls};
    json_t *st = web_state_json(&in), *end = json_object_get(st, "end"), *w, *h;
    assert_non_null(end);
    const jong_view *v = jong_session_view(s, 0);
    int full = jong_variant_sets(v->variant) * 3 + 2;
    size_t i;
    json_array_foreach(json_object_get(end, "wins"), i, w) {
        int tiles = (int)json_array_size(json_object_get(w, "tiles")) + 3 * (int)json_array_size(json_object_get(w, "melds"));
        json_int_t win = json_integer_value(json_object_get(json_object_get(w, "win"), "tile"));
        if (win < JONG_KINDS)
            assert_int_equal(tiles + 1, full);
        int sum = 0;
        size_t j;
        json_t *it;
        json_array_foreach(json_object_get(w, "items"), j, it)
            sum += (int)json_integer_value(json_object_get(it, "value"));
        if (v->variant == JONG_VARIANT_TAIWAN)
            assert_int_equal(sum, json_integer_value(json_object_get(w, "tai")));
        else if (!json_integer_value(json_object_get(w, "yakuman")))
            assert_int_equal(sum, json_integer_value(json_object_get(w, "han")));
        wc->end_wins++;
    }
    json_array_foreach(json_object_get(end, "ready"), i, h) {
        assert_true(json_array_size(json_object_get(h, "waits")) > 0);
        assert_int_equal((int)json_array_size(json_object_get(h, "tiles")) + 3 * (int)json_array_size(json_object_get(h, "melds")),
                         full - 1);
        wc->end_ready++;
    }
    int change = 0;
    for (int k = 0; k < JONG_SEATS; k++) {
        change += (int)json_integer_value(json_array_get(json_object_get(end, "deltas"), (size_t)k));
        assert_int_equal(json_integer_value(json_array_get(json_object_get(end, "scores"), (size_t)k)), v->scores[k]);
    }
    if (v->variant == JONG_VARIANT_TAIWAN)
        assert_int_equal(change, 0);
    json_t *final = json_object_get(st, "final");
    assert_true(!final == (jong_session_state_now(s) != JONG_SESSION_GAME_OVER));
    if (final) {
        int points = 0;
        json_int_t last = INT32_MAX;
        json_array_foreach(json_object_get(final, "standings"), i, h) {
            assert_int_equal(json_integer_value(json_object_get(h, "rank")), (json_int_t)i + 1);
            assert_true(json_integer_value(json_object_get(h, "score")) <= last);
            last = json_integer_value(json_object_get(h, "score"));
            points += (int)json_integer_value(json_object_get(h, "points"));
        }
        assert_int_equal(points, 0);
        wc->finals++;
    }
    wc->ends++;
    json_decref(st);
}

/* The terminal's end of a hand: the win line once, the winner's hand right under it with its
 * winning tile after a '+' (a ready hand with its waits at a draw), all within 80x24. */
static void check_end_lines(const jong_session *s, const jong_ruleset *rs)
{
    static char lines[TTY_RESULT_LINES][TTY_END_WIDTH];
    tty_style st = {.ascii = true};
    int k = tty_end_lines(s, 0, &st, lines, TTY_RESULT_LINES);
    assert_true(k >= 2);
    jong_event res[4];
    int nres = jong_session_hand_result(s, res, 4);
    if (res[0].type == JONG_EV_WIN && res[0].tile < JONG_KINDS)
        if (!strstr(lines[1], " + "))
            fail_msg("no winning hand under the win: %s / %s", lines[0], lines[1]);
    for (int i = 1; i < k; i++)
        assert_int_not_equal(strcmp(lines[i], lines[0]), 0);
    (void)nres;
    tty_frame f = {.v = jong_session_view(s, 0), .rules = rs, .names = {"you", "a", "b", "c"}, .seat = 0, .status = "",
                   .width = 80, .height = 24, .style = st};
    for (int i = 0; i < k; i++)
        f.result[i] = lines[i];
    check_frame(&f);
}

static void check_state_json(const jong_session *s, int n, const word_count *wc)
{
    web_state_input in = {.s = s, .seat = 0, .names = {"you", "a", "b", "c"}, .time_left = -1, .calls = &wc->calls};
    json_t *st = web_state_json(&in);
    assert_non_null(st);
    /* riichi: the reasons of furiten are the engine's, one word per bit */
    const jong_view *v0 = jong_session_view(s, 0);
    if (v0->variant == JONG_VARIANT_RIICHI) {
        unsigned f = jong_session_furiten(s, 0);
        int bits = (f & 1) + (f >> 1 & 1) + (f >> 2 & 1);
        assert_int_equal(json_array_size(json_object_get(st, "furiten")), bits);
        /* each river's marks are the view's */
        size_t k;
        json_t *seat;
        json_array_foreach(json_object_get(st, "seats"), k, seat) {
            const jong_seat_view *sv = &v0->seats[k];
            size_t i;
            json_t *d;
            json_array_foreach(json_object_get(seat, "discards"), i, d) {
                assert_int_equal(json_is_true(json_object_get(d, "red")), (int)(sv->discard_red >> i & 1));
                assert_int_equal(json_is_true(json_object_get(d, "riichi")), (int)i == sv->riichi_at);
            }
        }
    }
    assert_int_equal(json_integer_value(json_object_get(st, "nlegal")), n);
    size_t i;
    json_t *x;
    json_array_foreach(json_object_get(st, "actions"), i, x) {
        json_int_t a = json_integer_value(json_object_get(x, "index"));
        assert_true(a >= 0 && a < n);
        assert_non_null(json_string_value(json_object_get(x, "text")));
    }
    json_array_foreach(json_object_get(st, "hand"), i, x)
        assert_true(json_integer_value(json_object_get(x, "discard")) < n);
    /* every seat's tiles: concealed + melds (3 each) make 3N+1 or 3N+2 */
    int sets = jong_variant_sets(jong_session_view(s, 0)->variant);
    json_array_foreach(json_object_get(st, "seats"), i, x) {
        json_int_t tiles = json_integer_value(json_object_get(x, "concealed")) +
                           3 * (json_int_t)json_array_size(json_object_get(x, "melds"));
        assert_true(tiles == 3 * sets + 1 || tiles == 3 * sets + 2);
    }
    check_melds(st, wc);
    json_decref(st);
}


static void observe(void *ctx, int seat, const jong_view *v, const jong_event *seen)
{
    word_count *w = ctx;
    char text[128];
    (void)seat;
    w->events++;
    meld_calls_apply(&w->calls, seen);
    int a = seen->actor;
    if (seen->type == JONG_EV_START_HAND)
        memset(w->ngiver, 0, sizeof w->ngiver);
    else if ((seen->type == JONG_EV_CHI || seen->type == JONG_EV_PON || seen->type == JONG_EV_KONG ||
              seen->type == JONG_EV_CONCEALED_KONG) && w->ngiver[a] < JONG_MAX_MELDS)
        w->giver[a][w->ngiver[a]++] = seen->type == JONG_EV_CONCEALED_KONG ? -1 : seen->target;
    if (event_text(seen, v, text, sizeof text)) {
        assert_true(strlen(text) > 3);
        w->worded++;
    }
    if (seen->type == JONG_EV_WIN || seen->type == JONG_EV_EXHAUSTED) {
        char lines[4][160];
        int k = event_result_lines(seen, v, lines[0], sizeof lines[0], 4);
        assert_true(k >= 2);
        if (seen->type == JONG_EV_WIN && v->variant == JONG_VARIANT_TAIWAN)
            assert_non_null(strstr(lines[1], "tai"));
        /* a riichi win that turned over ura indicators names them on its third line */
        if (seen->type == JONG_EV_WIN && seen->riichi && seen->nura) {
            char want[64];
            snprintf(want, sizeof want, "ura-dora indicator%s: %s", seen->nura > 1 ? "s" : "", tile_word(seen->ura[0]));
            assert_true(k >= 4);
            assert_int_equal(strncmp(lines[2], want, strlen(want)), 0);
            w->ura_wins++;
        }
    }
}

/* The person's furiten against the view alone: on a hand waiting for a discard, a wait among the
 * seat's own discards (claimed ones too) is DISCARD furiten. */
static void check_discard_furiten(const jong_view *v, unsigned furiten)
{
    if (jong_hand_concealed_count(&v->own) % 3 != 1)
        return;
    uint64_t mine = 0;
    const jong_seat_view *sv = &v->seats[v->seat];
    for (int i = 0; i < sv->ndiscards; i++)
        mine |= 1ull << jong_code_kind(sv->discards[i]);
    bool expect = (jong_waits(&v->own, JONG_VARIANT_RIICHI, JONG_FORMS_ALL) & mine) != 0;
    assert_int_equal(!!(furiten & JONG_FURITEN_DISCARD), expect);
}

/* A person who plays as `person` plays but, when pass_wins, never takes a win (passes a ron,
 * throws the tile drawn instead of a tsumo), so that riichi's furiten comes up. Returns false
 * when the engine does not play this variant yet. */
static bool screens_on_self_play(jong_variant variant, const char *person, bool pass_wins)
{
    const char *env = getenv("JONG_UI_HANDS");
    int hands = env ? atoi(env) : SANITIZED ? 60 : 300;
    jong_ruleset rs;
    jong_ruleset_default(&rs, variant);
    char buf[16];
    snprintf(buf, sizeof buf, "%d", hands);
    assert_int_equal(jong_ruleset_set(&rs, "hands", buf, NULL), JONG_OK);
    jong_player *p[JONG_SEATS];
    jong_error err;
    const char *specs[JONG_SEATS] = {person, "greedy", "random", "greedy"};
    for (int s = 0; s < JONG_SEATS; s++)
        assert_int_equal(jong_player_create(specs[s], &p[s], &err), JONG_OK);
    word_count wc = {0};
    jong_session_config cfg = {.rules = &rs, .seed = 99, .observe = observe, .observe_ctx = &wc};
    memcpy(cfg.players, p, sizeof cfg.players);
    cfg.players[0] = NULL;
    jong_session *s;
    if (jong_session_new(&cfg, &s, &err) != JONG_OK) {
        printf("test_ui: %s rules skipped: %s\n", variant == JONG_VARIANT_TAIWAN ? "taiwan" : "riichi", err.msg);
        for (int k = 0; k < JONG_SEATS; k++)
            jong_player_free(p[k]);
        return false;
    }
    int decisions = 0, claims = 0;
    while (jong_session_state_now(s) != JONG_SESSION_GAME_OVER) {
        if (jong_session_state_now(s) == JONG_SESSION_HAND_OVER) {
            check_end_json(s, &wc);
            check_end_lines(s, &rs);
            assert_int_equal(jong_session_next_hand(s, &err), JONG_OK);
            continue;
        }
        jong_action legal[JONG_MAX_ACTIONS];
        int n = jong_session_legal(s, 0, legal);
        const jong_view *v = jong_session_view(s, 0);
        hand_menu m;
        hand_menu_build(&m, v, legal, n);
        check_menu(&m, v, legal, n);
        claims += m.pass >= 0;
        tty_frame f = {.v = v, .rules = &rs, .names = {"you", "random", "greedy", "random"}, .seat = 0,
                       .menu = &m, .legal = legal, .nlegal = n, .hint = true, .status = "status", .width = 80,
                       .height = 24, .log = {"one", "two", "three"}, .furiten = jong_session_furiten(s, 0)};
        wc.furiten += f.furiten != 0;
        wc.furiten_kinds |= f.furiten;
        /* every style at 80x24, a narrow terminal and a wide one */
        static const int sizes[3][2] = {{80, 24}, {60, 30}, {132, 40}};
        for (int size = 0; size < 3; size++)
            for (int style = 0; style < 4; style++) {
                f.width = sizes[size][0];
                f.height = sizes[size][1];
                f.style.ascii = style & 1;
                f.style.colour = style & 2;
                check_frame(&f);
            }
        check_state_json(s, n, &wc);
        jong_decision d = {.view = v, .rules = &rs, .legal = legal, .nlegal = n,
                           .seed = jong_session_decision_seed(s, 0)};
        int c = p[0]->ops->choose(p[0], &d);
        if (pass_wins && (legal[c].type == JONG_ACT_WIN || legal[c].type == JONG_ACT_SELF_DRAW_WIN))
            for (int a = 0; a < n; a++)
                if (legal[a].type == JONG_ACT_PASS ||
                    (legal[a].type == JONG_ACT_DISCARD && legal[a].tile == v->last_draw &&
                     !(legal[a].flags & JONG_ACT_FLAG_RIICHI)))
                    c = a;
        if (variant == JONG_VARIANT_RIICHI)
            check_discard_furiten(v, f.furiten);
        assert_int_equal(jong_session_act(s, 0, &legal[c], &err), JONG_OK);
        decisions++;
    }
    check_end_json(s, &wc);
    printf("test_ui: %s (%s%s): %d hands, %d decisions of the person (%d with a claim open, %d furiten, kinds %#x), %d of %d "
           "events in words, %d wins with ura indicators; end screens: %d (%d wins, %d ready hands), %d final\n",
           variant == JONG_VARIANT_TAIWAN ? "taiwan" : "riichi", person, pass_wins ? " passing wins" : "",
           jong_session_hands(s), decisions, claims, wc.furiten, wc.furiten_kinds, wc.worded, wc.events, wc.ura_wins,
           wc.ends, wc.end_wins, wc.end_ready, wc.finals);
    assert_true(wc.end_wins > 0 && wc.end_ready > 0 && wc.finals == 1);
    if (pass_wins) /* both furiten of a hand waiting for a discard came up */
        assert_int_equal(wc.furiten_kinds & (JONG_FURITEN_DISCARD | JONG_FURITEN_PASSED),
                         JONG_FURITEN_DISCARD | JONG_FURITEN_PASSED);
    assert_true(claims > 0);
    jong_session_free(s);
    for (int k = 0; k < JONG_SEATS; k++)
        jong_player_free(p[k]);
    return true;
}

/* Taiwanese always; riichi as soon as the engine plays it (until then it says it skipped). */
static void test_screens_on_self_play(void **state)
{
    (void)state;
    assert_true(screens_on_self_play(JONG_VARIANT_TAIWAN, "random", false));
    assert_true(screens_on_self_play(JONG_VARIANT_RIICHI, "random", false));
    assert_true(screens_on_self_play(JONG_VARIANT_RIICHI, "greedy", true));
}

static int count(const char *s, const char *what)
{
    int n = 0;
    for (const char *q = s; (q = strstr(q, what)); q++)
        n++;
    return n;
}

static void test_tile_pictures(void **state)
{
    (void)state;
    char svg[WEB_TILE_SVG_MAX];
    for (int style = 0; style < 2; style++)
        for (int code = 0; code < 256; code++) {
            for (int red = 0; red < 2; red++) {
                size_t len = web_tile_svg_style(code, red, (web_tile_style)style, svg, sizeof svg);
                assert_true(len > 100 && len < sizeof svg - 1);
                assert_int_equal(strncmp(svg, "<svg ", 5), 0);
                assert_string_equal(svg + len - 6, "</svg>");
                /* every element closed: the tags that are not self-closing, as many opened as closed */
                assert_int_equal(count(svg, "<") - count(svg, "/>"), 2 * count(svg, "</"));
            }
        }
    /* the plain five of dots has five pips, a red one draws them red */
    web_tile_svg_style(13, false, WEB_TILES_PLAIN, svg, sizeof svg);
    assert_int_equal(count(svg, "r='1.8'"), 5);
    assert_null(strstr(svg, "#c0392b"));
    web_tile_svg_style(13, true, WEB_TILES_PLAIN, svg, sizeof svg);
    assert_non_null(strstr(svg, "#c0392b"));
    /* the drawn five of dots: five coins of four circles each, the middle one red as players
     * know it; the red five all red */
    web_tile_svg(13, false, svg, sizeof svg);
    assert_int_equal(count(svg, "<circle"), 20);
    assert_int_equal(count(svg, "#c0392b"), 2);
    web_tile_svg(13, true, svg, sizeof svg);
    assert_int_equal(count(svg, "#c0392b"), 10);
    /* characters and honours are strokes, no text (no font needed); flowers carry their number */
    for (int code = 0; code < JONG_KINDS; code++) {
        web_tile_svg(code, false, svg, sizeof svg);
        assert_null(strstr(svg, "<text"));
    }
    web_tile_svg(JONG_TILE_FLOWER_BASE + 5, false, svg, sizeof svg);
    assert_non_null(strstr(svg, ">2</text>"));
    /* the names of the tiles in URLs */
    char want[WEB_TILE_SVG_MAX];
    size_t n = web_tile_svg(13, true, want, sizeof want);
    assert_int_equal(web_tile_svg_path("13r.svg", svg, sizeof svg), n);
    assert_string_equal(svg, want);
    web_tile_svg_style(JONG_E, false, WEB_TILES_PLAIN, want, sizeof want);
    assert_true(web_tile_svg_path("plain/27.svg", svg, sizeof svg) > 0);
    assert_string_equal(svg, want);
    const char *bad[] = {"x.svg", "13.png", "plain/", "-1.svg", "13rr.svg", "", "256.svg", "plain/plain/1.svg", " 1.svg"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(web_tile_svg_path(bad[i], svg, sizeof svg), 0);
}

/* Riichi actions by hand (the engine does not deal riichi yet): a red and a plain 5m in the
 * hand; the plain discard, the red discard and the red riichi discard each reach the right tile
 * and say what they are. */
static void test_riichi_red_and_declaring_discards(void **state)
{
    (void)state;
    jong_view v;
    memset(&v, 0, sizeof v);
    v.variant = JONG_VARIANT_RIICHI;
    v.last_draw = JONG_NO_TILE;
    v.own.counts[0] = 1;  /* 1m */
    v.own.counts[4] = 2;  /* 5m, one of them red */
    v.own.red[0] = 1;
    v.own.counts[JONG_E] = 2;
    const jong_action legal[] = {
        {.type = JONG_ACT_DISCARD, .tile = 0},
        {.type = JONG_ACT_DISCARD, .tile = 4},
        {.type = JONG_ACT_DISCARD, .tile = 4, .flags = JONG_ACT_FLAG_RED},
        {.type = JONG_ACT_DISCARD, .tile = 4, .flags = JONG_ACT_FLAG_RED | JONG_ACT_FLAG_RIICHI},
        {.type = JONG_ACT_DISCARD, .tile = JONG_E},
    };
    hand_menu m;
    hand_menu_build(&m, &v, legal, 5);
    /* display order: 1m, red 5m, 5m, E, E */
    assert_int_equal(m.ntiles, 5);
    assert_true(m.red[1] && !m.red[2]);
    assert_int_equal(hand_menu_choice(&m, 'b', false), 2);
    assert_int_equal(hand_menu_choice(&m, 'c', false), 1);
    assert_int_equal(hand_menu_choice(&m, 'b', true), 3);
    assert_int_equal(hand_menu_choice(&m, 'c', true), -1);
    assert_true(hand_menu_has_declare(&m));
    char text[64];
    action_text(&legal[2], text, sizeof text);
    assert_string_equal(text, "discard 0m");
    action_text(&legal[3], text, sizeof text);
    assert_string_equal(text, "riichi, discard 0m");
    action_text(&legal[1], text, sizeof text);
    assert_string_equal(text, "discard 5m");
    /* a red five's own code (in events and rivers) draws as a red five */
    tty_style ascii = {.ascii = true};
    char buf[48];
    assert_string_equal(tty_tile(JONG_CODE_RED_BASE, false, &ascii, buf, sizeof buf), "0m");
    assert_string_equal(tty_tile(4, false, &ascii, buf, sizeof buf), "5m");
    char a[WEB_TILE_SVG_MAX], b[WEB_TILE_SVG_MAX];
    web_tile_svg(JONG_CODE_RED_BASE + 1, false, a, sizeof a);
    web_tile_svg(13, true, b, sizeof b);
    assert_string_equal(a, b);
}

/* Draws a frame into a string (one buffer, overwritten by the next frame). */
static const char *frame_text(const tty_frame *f)
{
    static char screen[16384];
    memset(screen, 0, sizeof screen);
    FILE *out = fmemopen(screen, sizeof screen - 1, "w");
    assert_non_null(out);
    tty_screen_draw(out, f);
    fclose(out);
    return screen;
}

/* What a riichi player must see: whose tile a ron took ("your"), the ura indicators of a
 * riichi win, red fives and the declaring discard in a river, furiten, and a hint that names
 * only legal discards (after riichi: the tile drawn). */
static void test_riichi_table_marks(void **state)
{
    (void)state;
    jong_view v;
    memset(&v, 0, sizeof v);
    v.variant = JONG_VARIANT_RIICHI;
    v.seat = 0;
    v.last_draw = JONG_NO_TILE;
    for (int s = 0; s < JONG_SEATS; s++) {
        v.seat_winds[s] = (int8_t)s;
        v.seats[s].riichi_at = -1;
    }
    jong_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = JONG_EV_WIN;
    ev.actor = 2;
    ev.target = 0;
    ev.tile = 13;
    ev.riichi = true;
    ev.score.han = 2;
    ev.score.fu = 40;
    ev.nura = 2;
    ev.ura[0] = JONG_CODE_RED_BASE + 1;
    ev.ura[1] = JONG_E;
    char text[128];
    assert_true(event_text(&ev, &v, text, sizeof text));
    assert_string_equal(text, "W wins on your 5p");
    ev.target = 1;
    assert_true(event_text(&ev, &v, text, sizeof text));
    assert_string_equal(text, "W wins on S's 5p");
    ev.actor = 0;
    ev.target = 3;
    assert_true(event_text(&ev, &v, text, sizeof text));
    assert_string_equal(text, "you win on N's 5p");
    char lines[4][160];
    assert_int_equal(event_result_lines(&ev, &v, lines[0], sizeof lines[0], 4), 4);
    assert_string_equal(lines[1], "2 han 40 fu:");
    assert_string_equal(lines[2], "ura-dora indicators: 0p E");
    ev.nura = 0;
    assert_int_equal(event_result_lines(&ev, &v, lines[0], sizeof lines[0], 4), 3);

    /* the screen: W's river 1m, red 5m, 9p declaring riichi; the person furiten */
    jong_seat_view *w = &v.seats[2];
    w->ndiscards = 3;
    w->discards[0] = 0;
    w->discards[1] = 4;
    w->discards[2] = 17;
    w->discard_red = 1u << 1;
    w->riichi_at = 2;
    v.riichi[2] = 1;
    /* the hand: 1m2m3m 4p5p6p 7s8s9s 1s E E 9m N */
    const uint8_t kinds[14] = {0, 1, 2, 12, 13, 14, 24, 25, 26, 18, JONG_E, JONG_E, 8, JONG_N};
    for (int i = 0; i < 14; i++)
        v.own.counts[kinds[i]]++;
    tty_frame f = {.v = &v, .names = {"you", "a", "b", "c"}, .seat = 0, .status = "", .width = 80,
                   .style = {.ascii = true}};
    const char *out = frame_text(&f);
    assert_non_null(strstr(out, "   1m 0m >9p "));
    assert_null(strstr(out, "furiten"));
    f.furiten = JONG_FURITEN_DISCARD;
    out = frame_text(&f);
    const char *you = strstr(out, "you ");
    assert_non_null(you);
    const char *eol = strchr(you, '\n');
    const char *fur = strstr(you, "furiten");
    assert_true(fur && fur < eol);
    f.style.colour = true;
    out = frame_text(&f);
    assert_non_null(strstr(out, ">\033[7m"));

    /* in riichi with 1m drawn: the hand says it is locked and only 1m has a letter */
    v.riichi[0] = 1;
    v.last_draw = 0;
    const jong_action locked[] = {{.type = JONG_ACT_DISCARD, .tile = 0}};
    hand_menu m;
    hand_menu_build(&m, &v, locked, 1);
    f.menu = &m;
    f.legal = locked;
    f.nlegal = 1;
    f.style.colour = false;
    out = frame_text(&f);
    assert_non_null(strstr(out, "riichi locks your hand: only the tile drawn may go"));
    assert_non_null(strstr(out, "\r\n                                               n  \033[K"));
    v.riichi[0] = 0;
    v.last_draw = JONG_NO_TILE;

    /* the hint: with only 1m legal (as after riichi with 1m drawn) it names 1m alone; with a win
     * by self-draw on offer, the win */
    char all[256], only[256];
    hint_text(&v, NULL, 0, all, sizeof all);
    assert_int_not_equal(strncmp(all, "hint: discard 1m:", 17), 0);
    assert_non_null(strstr(all, "; or "));
    const jong_action legal[] = {{.type = JONG_ACT_DISCARD, .tile = 0}, {.type = JONG_ACT_SELF_DRAW_WIN, .tile = 0}};
    hint_text(&v, legal, 1, only, sizeof only);
    assert_int_equal(strncmp(only, "hint: discard 1m: ", 18), 0);
    assert_null(strchr(only, ';'));
    hint_text(&v, legal, 2, only, sizeof only);
    assert_string_equal(only, "hint: win by self-draw");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_screens_on_self_play),
        cmocka_unit_test(test_tile_pictures),
        cmocka_unit_test(test_riichi_red_and_declaring_discards),
        cmocka_unit_test(test_riichi_table_marks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
