/* Notation layer: every accepted spelling, every error with its position, formatting in the three
 * styles, and round trips over many random hands. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jong/notation.h"

/* ---- helpers ------------------------------------------------------------------------------ */

static const jong_style all_styles[] = {JONG_STYLE_COMPACT, JONG_STYLE_TAIWAN, JONG_STYLE_MJAI};

/* A tiny seeded xorshift64 so the random hands are the same on every run. */
static uint64_t xorshift(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    *s = x;
    return x;
}

static int rnd(uint64_t *s, int n)
{
    return (int)(xorshift(s) % (uint64_t)n);
}

static jong_hand parse_ok(const char *text)
{
    jong_hand h;
    jong_error err;
    int rc = jong_parse_hand(text, &h, &err);
    if (rc != JONG_OK)
        print_error("parse of \"%s\" failed: %s\n", text, err.msg);
    assert_int_equal(rc, JONG_OK);
    assert_int_equal(err.code, JONG_OK);
    return h;
}

static void assert_same_hand(const jong_hand *a, const jong_hand *b)
{
    assert_memory_equal(a, b, sizeof *a);
}

static void check_hand_error(const char *text, int code, int pos, const char *needle)
{
    jong_hand h;
    jong_error err;
    int rc = jong_parse_hand(text, &h, &err);
    if (rc != code || err.pos != pos || !strstr(err.msg, needle))
        print_error("\"%s\": got code %d pos %d msg \"%s\"; want code %d pos %d \"%s\"\n", text, rc,
                    err.pos, err.msg, code, pos, needle);
    assert_int_equal(rc, code);
    assert_int_equal(err.code, code);
    assert_int_equal(err.pos, pos);
    assert_non_null(strstr(err.msg, needle));
    /* Every message starts with the position it names. */
    char head[32];
    snprintf(head, sizeof head, "position %d: ", pos);
    assert_int_equal(strncmp(err.msg, head, strlen(head)), 0);
    /* A failed parse leaves nothing half filled. */
    jong_hand empty;
    jong_hand_clear(&empty);
    assert_same_hand(&h, &empty);
}

static void check_format(const char *text, jong_style style, const char *want)
{
    jong_hand h = parse_ok(text);
    char buf[256];
    size_t n = jong_format_hand(&h, style, buf, sizeof buf);
    assert_string_equal(buf, want);
    assert_int_equal(n, strlen(want));
}

/* ---- accepted forms ----------------------------------------------------------------------- */

static void test_compact(void **state)
{
    (void)state;
    jong_hand h = parse_ok("123m456p789s1234567z");
    for (int k = 0; k < JONG_KINDS; k++) {
        int want = (k <= 2) || (k >= 12 && k <= 14) || (k >= 24 && k <= 26) || k >= 27;
        assert_int_equal(h.counts[k], want);
    }
    assert_int_equal(jong_hand_concealed_count(&h), 16);
    assert_int_equal(h.nmelds, 0);
    assert_int_equal(h.flowers, 0);
    assert_int_equal(h.red[0] + h.red[1] + h.red[2], 0);
}

static void test_suit_aliases(void **state)
{
    (void)state;
    jong_hand a = parse_ok("123m456p789s");
    jong_hand b = parse_ok("123w456t789s");
    assert_same_hand(&a, &b);
}

static void test_honor_letters(void **state)
{
    (void)state;
    jong_hand a = parse_ok("ESWNPFC");
    jong_hand b = parse_ok("1234567z");
    assert_same_hand(&a, &b);
    assert_int_equal(a.counts[JONG_E], 1);
    assert_int_equal(a.counts[JONG_P], 1);
    assert_int_equal(a.counts[JONG_C], 1);
    jong_hand c = parse_ok("E E,S");
    assert_int_equal(c.counts[JONG_E], 2);
    assert_int_equal(c.counts[JONG_S], 1);
}

static void test_red_zero(void **state)
{
    (void)state;
    jong_hand h = parse_ok("406m05p0s");
    assert_int_equal(h.counts[3], 1);
    assert_int_equal(h.counts[4], 1);
    assert_int_equal(h.counts[5], 1);
    assert_int_equal(h.counts[13], 2);
    assert_int_equal(h.counts[22], 1);
    assert_int_equal(h.red[0], 1);
    assert_int_equal(h.red[1], 1);
    assert_int_equal(h.red[2], 1);
}

static void test_mjai_tokens(void **state)
{
    (void)state;
    jong_hand a = parse_ok("1m 2m 5mr 5m E P C");
    jong_hand b = parse_ok("1205m5z7zE");
    assert_same_hand(&a, &b);
    jong_hand c = parse_ok("5pr");
    assert_int_equal(c.counts[13], 1);
    assert_int_equal(c.red[1], 1);
    jong_hand d = parse_ok("5wr5sr");
    assert_int_equal(d.red[0], 1);
    assert_int_equal(d.red[2], 1);
}

static void test_taiwan_example(void **state)
{
    (void)state;
    jong_hand h = parse_ok("445w1267t1144888999s");
    uint8_t want[JONG_KINDS] = {0};
    want[3] = 2, want[4] = 1;                              /* 445w */
    want[9] = 1, want[10] = 1, want[14] = 1, want[15] = 1; /* 1267t */
    want[18] = 2, want[21] = 2, want[25] = 3, want[26] = 3; /* 1144888999s */
    assert_memory_equal(h.counts, want, JONG_KINDS);
    assert_int_equal(jong_hand_concealed_count(&h), 17);
    jong_hand f = parse_ok("445w1267t1144888999s f1s2");
    assert_memory_equal(f.counts, want, JONG_KINDS);
    assert_int_equal(f.flowers, (1 << 0) | (1 << 5));
}

static void test_flowers_vs_sou(void **state)
{
    (void)state;
    jong_hand h = parse_ok("s1");
    assert_int_equal(h.flowers, 1 << 4);
    assert_int_equal(jong_hand_concealed_count(&h), 0);

    h = parse_ok("123s s1");
    assert_int_equal(h.counts[18] + h.counts[19] + h.counts[20], 3);
    assert_int_equal(h.flowers, 1 << 4);
    jong_hand g = parse_ok("123ss1"); /* the s after digits is the suit, the next one a flower */
    assert_same_hand(&h, &g);

    h = parse_ok("123s1s"); /* no flower here: 1s after 123s */
    assert_int_equal(h.counts[18], 2);
    assert_int_equal(h.flowers, 0);

    h = parse_ok("f1f2f3f4s1s2s3s4");
    assert_int_equal(h.flowers, 0xff);
    h = parse_ok("f4 s3");
    assert_int_equal(h.flowers, (1 << 3) | (1 << 6));

    check_hand_error("11s1", JONG_ERR_SYNTAX, 3, "digits '1' have no suit letter");
    check_hand_error("12f1", JONG_ERR_SYNTAX, 0, "digits '12' have no suit letter");
    check_hand_error("s5", JONG_ERR_SYNTAX, 0, "not a flower");
    check_hand_error("s", JONG_ERR_SYNTAX, 0, "not a flower");
    check_hand_error("f5", JONG_ERR_SYNTAX, 0, "'f' must be followed by 1-4");
    check_hand_error("1m f", JONG_ERR_SYNTAX, 3, "'f' must be followed by 1-4");
}

static void test_mixing(void **state)
{
    (void)state;
    jong_hand h = parse_ok("123w 5mr,0p E 7z f2 [789s] (5555z) s4");
    assert_int_equal(h.counts[0] + h.counts[1] + h.counts[2], 3);
    assert_int_equal(h.counts[4], 1);
    assert_int_equal(h.counts[13], 1);
    assert_int_equal(h.red[0], 1);
    assert_int_equal(h.red[1], 1);
    assert_int_equal(h.counts[JONG_E], 1);
    assert_int_equal(h.counts[JONG_C], 1);
    assert_int_equal(h.flowers, (1 << 1) | (1 << 7));
    assert_int_equal(h.nmelds, 2);
    assert_int_equal(h.melds[0].type, JONG_MELD_CHOW);
    assert_int_equal(h.melds[0].tile, 24);
    assert_int_equal(h.melds[1].type, JONG_MELD_CONCEALED_KONG);
    assert_int_equal(h.melds[1].tile, JONG_P);
    /* Whitespace other than spaces and commas separates groups too. */
    jong_hand t = parse_ok("\t123w\n5mr\r0p E 7z f2 [789s] (5555z) s4\n");
    assert_same_hand(&h, &t);
}

/* ---- melds -------------------------------------------------------------------------------- */

static void test_melds(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        int type, tile, red;
    } cases[] = {
        {"[123m]", JONG_MELD_CHOW, 0, 0},           {"[312m]", JONG_MELD_CHOW, 0, 0},
        {"[789s]", JONG_MELD_CHOW, 24, 0},          {"[406p]", JONG_MELD_CHOW, 12, 1},
        {"[3m 4m 5mr]", JONG_MELD_CHOW, 2, 1},      {"[EEE]", JONG_MELD_PUNG, JONG_E, 0},
        {"[111z]", JONG_MELD_PUNG, JONG_E, 0},      {"[055m]", JONG_MELD_PUNG, 4, 1},
        {"[5555p]", JONG_MELD_KONG, 13, 0},         {"[5pr 5p 5p 5p]", JONG_MELD_KONG, 13, 1},
        {"[9999w]", JONG_MELD_KONG, 8, 0},          {"(7777z)", JONG_MELD_CONCEALED_KONG, JONG_C, 0},
        {"(CCCC)", JONG_MELD_CONCEALED_KONG, JONG_C, 0}, {"(0555s)", JONG_MELD_CONCEALED_KONG, 22, 1},
        {"( 1t 1t 1t 1t )", JONG_MELD_CONCEALED_KONG, 9, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        jong_hand h = parse_ok(cases[i].text);
        assert_int_equal(h.nmelds, 1);
        assert_int_equal(h.melds[0].type, cases[i].type);
        assert_int_equal(h.melds[0].tile, cases[i].tile);
        assert_int_equal(h.melds[0].red, cases[i].red);
        /* Red fives inside a meld are the meld's, not the concealed tiles'. */
        assert_int_equal(h.red[0] + h.red[1] + h.red[2], 0);
        assert_int_equal(jong_hand_concealed_count(&h), 0);
    }
}

static void test_meld_fields(void **state)
{
    (void)state;
    const jong_meld want[8] = {
        {JONG_MELD_CHOW, 0, 0},  {JONG_MELD_PUNG, JONG_E, 0},           {JONG_MELD_KONG, 13, 1},
        {JONG_MELD_CONCEALED_KONG, JONG_C, 0}, {JONG_MELD_CHOW, 14, 0}, {JONG_MELD_CHOW, 3, 1},
        {JONG_MELD_CONCEALED_KONG, 22, 1},     {JONG_MELD_KONG, JONG_S, 0},
    };
    /* The red goes with the meld that spelled it; melds keep their input order. */
    jong_hand h = parse_ok("[312m] [EEE] [0555p] (7777z) [7p6p8p] [4m 5mr 6m] (0555s) [2z 2z 2z 2z]");
    assert_int_equal(h.nmelds, 8);
    for (int i = 0; i < 8; i++) {
        assert_int_equal(h.melds[i].type, want[i].type);
        assert_int_equal(h.melds[i].tile, want[i].tile);
        assert_int_equal(h.melds[i].red, want[i].red);
    }
    assert_int_equal(jong_hand_concealed_count(&h), 0);
    assert_int_equal(h.red[0] + h.red[1] + h.red[2], 0);

    h = parse_ok("[555m]");
    assert_int_equal(h.melds[0].type, JONG_MELD_PUNG);
    assert_int_equal(h.melds[0].red, 0);
    h = parse_ok("[055m]");
    assert_int_equal(h.melds[0].type, JONG_MELD_PUNG);
    assert_int_equal(h.melds[0].red, 1);
    h = parse_ok("[8s7s9s]");
    assert_int_equal(h.melds[0].type, JONG_MELD_CHOW);
    assert_int_equal(h.melds[0].tile, 24);
    h = parse_ok("[ C C C ]");
    assert_int_equal(h.melds[0].type, JONG_MELD_PUNG);
    assert_int_equal(h.melds[0].tile, JONG_C);
}

static void test_bad_melds(void **state)
{
    (void)state;
    check_hand_error("123m456p789s[124m]", JONG_ERR_MELD, 12, "position 12: [124m] is not a chow, pung or kong");
    check_hand_error("[12m]", JONG_ERR_MELD, 0, "[12m] is not a chow, pung or kong");
    check_hand_error("1m []", JONG_ERR_MELD, 3, "[] is not a chow, pung or kong");
    check_hand_error("[123z]", JONG_ERR_MELD, 0, "not a chow");
    check_hand_error("[89m1p]", JONG_ERR_MELD, 0, "not a chow"); /* consecutive kinds, two suits */
    check_hand_error("[1155m]", JONG_ERR_MELD, 0, "not a chow");
    check_hand_error("(555p)", JONG_ERR_MELD, 0, "(555p) is not a concealed kong");
    check_hand_error("(123p)", JONG_ERR_MELD, 0, "is not a concealed kong");
    check_hand_error("[12345m]", JONG_ERR_MELD, 5, "more than 4 tiles");
    check_hand_error("[123m", JONG_ERR_SYNTAX, 0, "position 0: unclosed '['");
    check_hand_error("1m (5555p", JONG_ERR_SYNTAX, 3, "unclosed '('");
    check_hand_error("123m]", JONG_ERR_SYNTAX, 4, "']' without an opening bracket");
    check_hand_error("(5555p]", JONG_ERR_SYNTAX, 6, "']' closes the '('");
    check_hand_error("[[123m]]", JONG_ERR_SYNTAX, 1, "'[' inside the meld");
    check_hand_error("[f1]", JONG_ERR_SYNTAX, 1, "flower f1 inside a meld");
    check_hand_error("[111m][222m][333m][444m][555m][666m][777m][888m][999m]", JONG_ERR_TILE_COUNT, 48,
                     "more than 8 melds");
    /* A long bad meld is quoted shortened. */
    check_hand_error("[1m                                                   2m 4m]", JONG_ERR_MELD, 0,
                     "...");
}

/* ---- errors ------------------------------------------------------------------------------- */

static void test_fifth_copy(void **state)
{
    (void)state;
    check_hand_error("55555m", JONG_ERR_FIFTH_COPY, 4, "position 4: fifth copy of 5m");
    check_hand_error("05555m", JONG_ERR_FIFTH_COPY, 4, "fifth copy of 5m");
    check_hand_error("5m [5555m]", JONG_ERR_FIFTH_COPY, 7, "fifth copy of 5m");
    check_hand_error("[5555m] 5m", JONG_ERR_FIFTH_COPY, 8, "fifth copy of 5m");
    check_hand_error("EEEE1z", JONG_ERR_FIFTH_COPY, 4, "fifth copy of 1z");
    check_hand_error("[EEE] (1111z)", JONG_ERR_FIFTH_COPY, 8, "fifth copy of 1z");
    check_hand_error("11m [123m] [123m] [123m]", JONG_ERR_FIFTH_COPY, 19, "fifth copy of 1m");
    check_hand_error("1111111111111111111111111111111111111111m", JONG_ERR_FIFTH_COPY, 4, "fifth copy of 1m");
    /* Four copies are fine wherever they sit. */
    jong_hand h = parse_ok("5m [555m]");
    assert_int_equal(h.counts[4], 1);
}

static void test_two_reds(void **state)
{
    (void)state;
    check_hand_error("0m0m", JONG_ERR_FIFTH_COPY, 2, "position 2: two red fives of suit m");
    check_hand_error("5pr 0p", JONG_ERR_FIFTH_COPY, 4, "two red fives of suit p");
    check_hand_error("123m456p789s0p[406p]", JONG_ERR_FIFTH_COPY, 16, "two red fives of suit p");
    check_hand_error("(0055s)", JONG_ERR_FIFTH_COPY, 2, "two red fives of suit s");
    jong_hand h = parse_ok("0m0p0s");
    assert_int_equal(h.red[0] + h.red[1] + h.red[2], 3);
}

static void test_flower_twice(void **state)
{
    (void)state;
    check_hand_error("f1f1", JONG_ERR_SYNTAX, 2, "position 2: flower f1 given twice");
    check_hand_error("123m s3 1p s3", JONG_ERR_SYNTAX, 11, "flower s3 given twice");
}

static void test_syntax_errors(void **state)
{
    (void)state;
    check_hand_error("123mx", JONG_ERR_SYNTAX, 4, "position 4: unknown letter 'x'");
    check_hand_error("12x", JONG_ERR_SYNTAX, 2, "unknown letter 'x'");
    check_hand_error("e", JONG_ERR_SYNTAX, 0, "unknown letter 'e'");
    check_hand_error("1m\x01", JONG_ERR_SYNTAX, 2, "unknown byte 0x01");
    check_hand_error("1m\xff", JONG_ERR_SYNTAX, 2, "unknown byte 0xff");
    check_hand_error("12\xc3\xa9m", JONG_ERR_SYNTAX, 2, "unknown byte 0xc3");
    check_hand_error("123m456 12", JONG_ERR_SYNTAX, 4, "digits '456' have no suit letter");
    check_hand_error("123m4567 12", JONG_ERR_SYNTAX, 4, "digits '4567' have no suit letter");
    check_hand_error("123m456p12", JONG_ERR_SYNTAX, 8, "digits '12' have no suit letter");
    check_hand_error("12E", JONG_ERR_SYNTAX, 0, "have no suit letter");
    check_hand_error("12[123m]", JONG_ERR_SYNTAX, 0, "have no suit letter");
    check_hand_error("12 m", JONG_ERR_SYNTAX, 0, "have no suit letter");
    check_hand_error("12345678901234567890", JONG_ERR_SYNTAX, 0, "'1234567890123456...' have no suit");
    check_hand_error("m", JONG_ERR_SYNTAX, 0, "suit letter 'm' has no digits");
    check_hand_error("1m z", JONG_ERR_SYNTAX, 3, "suit letter 'z' has no digits");
    check_hand_error("18z", JONG_ERR_SYNTAX, 1, "position 1: 8z is not a tile");
    check_hand_error("0z", JONG_ERR_SYNTAX, 0, "0z is not a tile");
    check_hand_error("1239z", JONG_ERR_SYNTAX, 3, "9z is not a tile");
    check_hand_error("55mr", JONG_ERR_SYNTAX, 3, "'r' only marks a red five");
    check_hand_error("6mr", JONG_ERR_SYNTAX, 2, "'r' only marks a red five");
    check_hand_error("5zr", JONG_ERR_SYNTAX, 2, "'r' only marks a red five");
    check_hand_error("0mr", JONG_ERR_SYNTAX, 2, "'r' only marks a red five");
    check_hand_error("5mrr", JONG_ERR_SYNTAX, 3, "'r' only marks a red five");
    check_hand_error("E r", JONG_ERR_SYNTAX, 2, "'r' only marks a red five");
    check_hand_error("", JONG_ERR_SYNTAX, 0, "empty hand");
    check_hand_error("   ", JONG_ERR_SYNTAX, 0, "empty hand");
    check_hand_error(" , ,", JONG_ERR_SYNTAX, 0, "empty hand");
}

static void test_null_args(void **state)
{
    (void)state;
    jong_hand h;
    jong_error err;
    uint8_t counts[JONG_KINDS];
    jong_tile t;
    assert_int_equal(jong_parse_hand(NULL, &h, &err), JONG_ERR_ARG);
    assert_int_equal(jong_parse_hand("1m", NULL, &err), JONG_ERR_ARG);
    assert_int_equal(jong_parse_tiles(NULL, counts, &err), JONG_ERR_ARG);
    assert_int_equal(jong_parse_tile(NULL, &t, &err), JONG_ERR_ARG);
    /* A NULL error pointer is allowed: the code still comes back. */
    assert_int_equal(jong_parse_hand("x", &h, NULL), JONG_ERR_SYNTAX);
    assert_int_equal(jong_parse_hand("1m", &h, NULL), JONG_OK);
    assert_int_equal(jong_parse_tiles("11111m", counts, NULL), JONG_ERR_FIFTH_COPY);
    assert_int_equal(jong_parse_tile("1m1m", &t, NULL), JONG_ERR_TILE_COUNT);
}

static void test_long_inputs(void **state)
{
    (void)state;
    size_t n = 200000;
    char *s = malloc(n + 2);
    assert_non_null(s);
    memset(s, '1', n);
    s[n] = 'm';
    s[n + 1] = '\0';
    check_hand_error(s, JONG_ERR_FIFTH_COPY, 4, "fifth copy of 1m");
    s[n] = '\0';
    check_hand_error(s, JONG_ERR_SYNTAX, 0, "digits '1111111111111111...' have no suit letter");
    memset(s, ' ', n);
    check_hand_error(s, JONG_ERR_SYNTAX, 0, "empty hand");
    memset(s, '[', n);
    check_hand_error(s, JONG_ERR_SYNTAX, 1, "'[' inside the meld");
    memset(s, ']', n);
    check_hand_error(s, JONG_ERR_SYNTAX, 0, "without an opening bracket");
    free(s);
}

/* Random bytes (biased towards notation bytes) never crash and always fail or succeed cleanly. */
static void test_random_bytes(void **state)
{
    (void)state;
    static const char alphabet[] = "0123456789mpszwtESWNPFCfr[]() ,\x01\xff";
    uint64_t seed = 0x9e3779b97f4a7c15u;
    char text[64];
    for (int iter = 0; iter < 20000; iter++) {
        int len = rnd(&seed, (int)sizeof text);
        for (int i = 0; i < len; i++)
            text[i] = rnd(&seed, 8) ? alphabet[rnd(&seed, (int)sizeof alphabet - 1)]
                                    : (char)(rnd(&seed, 255) + 1);
        text[len] = '\0';
        jong_hand h;
        jong_error err;
        int rc = jong_parse_hand(text, &h, &err);
        if (rc != JONG_OK) {
            assert_true(err.pos >= 0 && err.pos <= len);
            assert_int_equal(strncmp(err.msg, "position ", 9), 0);
            continue;
        }
        for (size_t s = 0; s < 3; s++) {
            char buf[512];
            jong_hand back;
            jong_format_hand(&h, all_styles[s], buf, sizeof buf);
            assert_int_equal(jong_parse_hand(buf, &back, &err), JONG_OK);
            assert_same_hand(&h, &back);
        }
    }
}

/* ---- tile lists and single tiles ---------------------------------------------------------- */

static void test_parse_tiles(void **state)
{
    (void)state;
    uint8_t c[JONG_KINDS];
    jong_error err;
    assert_int_equal(jong_parse_tiles("123m123m123m123m 0p 5p,E", c, &err), JONG_OK);
    assert_int_equal(c[0], 4);
    assert_int_equal(c[1], 4);
    assert_int_equal(c[2], 4);
    assert_int_equal(c[13], 2);
    assert_int_equal(c[JONG_E], 1);
    assert_int_equal(jong_parse_tiles("", c, &err), JONG_OK);
    for (int k = 0; k < JONG_KINDS; k++)
        assert_int_equal(c[k], 0);
    assert_int_equal(jong_parse_tiles("11111m", c, &err), JONG_ERR_FIFTH_COPY);
    assert_int_equal(err.pos, 4);
    assert_int_equal(jong_parse_tiles("1m f1", c, &err), JONG_ERR_SYNTAX);
    assert_int_equal(err.pos, 3);
    assert_non_null(strstr(err.msg, "flower f1"));
    assert_int_equal(jong_parse_tiles("1m [123m]", c, &err), JONG_ERR_SYNTAX);
    assert_int_equal(err.pos, 3);
    assert_int_equal(jong_parse_tiles("1m )", c, &err), JONG_ERR_SYNTAX);
    assert_int_equal(jong_parse_tiles("1m2", c, &err), JONG_ERR_SYNTAX);
    assert_int_equal(err.pos, 2);
    assert_int_equal(jong_parse_tiles("0s0s", c, &err), JONG_ERR_FIFTH_COPY);
    assert_int_equal(err.pos, 2);
}

static void test_parse_tile(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        int kind, red, flower;
    } ok[] = {
        {"5m", 4, 0, 0},  {"0p", 13, 1, 0}, {"5pr", 13, 1, 0}, {"E", JONG_E, 0, 0},
        {"7z", JONG_C, 0, 0}, {"f3", JONG_NO_TILE, 0, 2}, {"s2", JONG_NO_TILE, 0, 5},
        {"9w", 8, 0, 0},  {"1t", 9, 0, 0},  {" 9s ", 26, 0, 0}, {"C", JONG_C, 0, 0},
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        jong_tile t;
        jong_error err;
        assert_int_equal(jong_parse_tile(ok[i].text, &t, &err), JONG_OK);
        assert_int_equal(t.kind, ok[i].kind);
        assert_int_equal(t.red, ok[i].red);
        assert_int_equal(t.flower, ok[i].flower);
    }
    static const struct {
        const char *text;
        int code, pos;
    } bad[] = {
        {"", JONG_ERR_SYNTAX, 0},        {"  ", JONG_ERR_SYNTAX, 2},    {"55m", JONG_ERR_TILE_COUNT, 1},
        {"5m E", JONG_ERR_TILE_COUNT, 3}, {"[5m]", JONG_ERR_SYNTAX, 0}, {"x", JONG_ERR_SYNTAX, 0},
        {"5m x", JONG_ERR_SYNTAX, 3},     {"8z", JONG_ERR_SYNTAX, 0},   {"f1s1", JONG_ERR_TILE_COUNT, 2},
        {"5", JONG_ERR_SYNTAX, 0},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        jong_tile t;
        jong_error err;
        int rc = jong_parse_tile(bad[i].text, &t, &err);
        if (rc != bad[i].code || err.pos != bad[i].pos)
            print_error("\"%s\": code %d pos %d (%s)\n", bad[i].text, rc, err.pos, err.msg);
        assert_int_equal(rc, bad[i].code);
        assert_int_equal(err.pos, bad[i].pos);
    }
}

/* ---- formatting --------------------------------------------------------------------------- */

static void test_format_styles(void **state)
{
    (void)state;
    const char *h = "123m406p789s11z [555s] (7777z)";
    check_format(h, JONG_STYLE_COMPACT, "123m406p789s11z [555s] (7777z)");
    check_format(h, JONG_STYLE_TAIWAN, "123w406t789sEE [555s] (CCCC)");
    check_format(h, JONG_STYLE_MJAI, "1m 2m 3m 4p 5pr 6p 7s 8s 9s E E [5s 5s 5s] (C C C C)");

    const char *t = "445w1267t1144888999s s2 f1";
    check_format(t, JONG_STYLE_COMPACT, "445m1267p1144888999s f1s2");
    check_format(t, JONG_STYLE_TAIWAN, "445w1267t1144888999s f1s2");
    check_format(t, JONG_STYLE_MJAI,
                 "4m 4m 5m 1p 2p 6p 7p 1s 1s 4s 4s 8s 8s 8s 9s 9s 9s f1 s2");

    /* Canonical order whatever the input order; the red five goes first among the fives. */
    check_format("C 5p 0p 1z 5p E", JONG_STYLE_COMPACT, "055p117z");
    check_format("C 5p 0p 1z 5p E", JONG_STYLE_TAIWAN, "055tEEC");
    check_format("C 5p 0p 1z 5p E", JONG_STYLE_MJAI, "5pr 5p 5p E E C");
    check_format("[6m5mr4m] [5s 0s 5s 5s]", JONG_STYLE_COMPACT, "[406m] [0555s]");
    check_format("[6m5mr4m] [5s 0s 5s 5s]", JONG_STYLE_TAIWAN, "[406w] [0555s]");
    check_format("[6m5mr4m] [5s 0s 5s 5s]", JONG_STYLE_MJAI, "[4m 5mr 6m] [5sr 5s 5s 5s]");
    /* No concealed tiles: no leading space. */
    check_format("f3 [EEE]", JONG_STYLE_COMPACT, "f3 [111z]");
    check_format("f3 [EEE]", JONG_STYLE_TAIWAN, "f3 [EEE]");
    check_format("f3 s4 [EEE]", JONG_STYLE_MJAI, "f3 s4 [E E E]");
    check_format("(0555m)", JONG_STYLE_MJAI, "(5mr 5m 5m 5m)");
}

static void test_format_truncation(void **state)
{
    (void)state;
    jong_hand h = parse_ok("123m406p789s11z [555s] (7777z)");
    const char *full = "123m406p789s11z [555s] (7777z)";
    size_t len = strlen(full);
    assert_int_equal(jong_format_hand(&h, JONG_STYLE_COMPACT, NULL, 0), len);
    for (size_t n = 1; n <= len + 2; n++) {
        char buf[64];
        memset(buf, 'X', sizeof buf);
        assert_int_equal(jong_format_hand(&h, JONG_STYLE_COMPACT, buf, n), len);
        size_t kept = n - 1 < len ? n - 1 : len;
        assert_int_equal(strlen(buf), kept);
        assert_memory_equal(buf, full, kept);
        assert_int_equal(buf[n], 'X'); /* nothing written past n */
    }
}

/* Formatting has no error channel, so values no parse could produce must still print safely. */
static void test_format_garbage(void **state)
{
    (void)state;
    jong_hand h;
    char buf[512];
    memset(&h, 0xff, sizeof h); /* every count 255, red 255, 255 melds of type 255 at tile 255 */
    for (int style = 0; style < 5; style++) {
        size_t n = jong_format_hand(&h, (jong_style)style, buf, sizeof buf);
        assert_true(n > sizeof buf); /* 34 * 255 tiles: truncated, still terminated */
        assert_int_equal(strlen(buf), sizeof buf - 1);
    }
    jong_hand_clear(&h);
    h.nmelds = 4;
    h.melds[0] = (jong_meld){JONG_MELD_CHOW, 7, 0};   /* 8m 9m 1p: leaves its suit */
    h.melds[1] = (jong_meld){JONG_MELD_CHOW, JONG_E, 0};
    h.melds[2] = (jong_meld){9, 3, 0};                 /* no such meld type */
    h.melds[3] = (jong_meld){JONG_MELD_PUNG, 200, 0};  /* no such kind */
    jong_format_hand(&h, JONG_STYLE_COMPACT, buf, sizeof buf);
    assert_string_equal(buf, "[] [] [] []");
    /* An unknown style prints as compact. */
    h = parse_ok("0m [555p]");
    h.red[0] = 9; /* more reds than fives: only the fives there are print red */
    jong_format_hand(&h, (jong_style)42, buf, sizeof buf);
    assert_string_equal(buf, "0m [555p]");
    assert_int_equal(jong_format_hand(NULL, JONG_STYLE_MJAI, buf, sizeof buf), 0);
    assert_string_equal(buf, "");
    assert_int_equal(jong_format_counts(NULL, JONG_STYLE_MJAI, buf, sizeof buf), 0);
}

static void test_format_counts(void **state)
{
    (void)state;
    uint8_t c[JONG_KINDS] = {0};
    char buf[128];
    c[0] = 2, c[13] = 1, c[JONG_E] = 3, c[JONG_C] = 1;
    assert_int_equal(jong_format_counts(c, JONG_STYLE_COMPACT, buf, sizeof buf), 10);
    assert_string_equal(buf, "11m5p1117z");
    jong_format_counts(c, JONG_STYLE_TAIWAN, buf, sizeof buf);
    assert_string_equal(buf, "11w5tEEEC");
    jong_format_counts(c, JONG_STYLE_MJAI, buf, sizeof buf);
    assert_string_equal(buf, "1m 1m 5p E E E C");
    memset(c, 0, sizeof c);
    assert_int_equal(jong_format_counts(c, JONG_STYLE_MJAI, buf, sizeof buf), 0);
    assert_string_equal(buf, "");
    /* A list round trips through jong_parse_tiles. */
    uint64_t seed = 77;
    for (int iter = 0; iter < 500; iter++) {
        for (int k = 0; k < JONG_KINDS; k++)
            c[k] = (uint8_t)rnd(&seed, 5);
        for (size_t s = 0; s < 3; s++) {
            uint8_t back[JONG_KINDS];
            char big[1024];
            jong_format_counts(c, all_styles[s], big, sizeof big);
            assert_int_equal(jong_parse_tiles(big, back, NULL), JONG_OK);
            assert_memory_equal(c, back, JONG_KINDS);
        }
    }
}

static void test_names(void **state)
{
    (void)state;
    assert_string_equal(jong_kind_name(4, JONG_STYLE_COMPACT), "5m");
    assert_string_equal(jong_kind_name(4, JONG_STYLE_TAIWAN), "5w");
    assert_string_equal(jong_kind_name(4, JONG_STYLE_MJAI), "5m");
    assert_string_equal(jong_kind_name(13, JONG_STYLE_TAIWAN), "5t");
    assert_string_equal(jong_kind_name(22, JONG_STYLE_TAIWAN), "5s");
    assert_string_equal(jong_kind_name(JONG_E, JONG_STYLE_COMPACT), "1z");
    assert_string_equal(jong_kind_name(JONG_E, JONG_STYLE_TAIWAN), "E");
    assert_string_equal(jong_kind_name(JONG_C, JONG_STYLE_MJAI), "C");
    assert_string_equal(jong_kind_name(JONG_P, JONG_STYLE_COMPACT), "5z");
    assert_string_equal(jong_kind_name(-1, JONG_STYLE_COMPACT), "?");
    assert_string_equal(jong_kind_name(34, JONG_STYLE_MJAI), "?");
    static const char *const fl[] = {"f1", "f2", "f3", "f4", "s1", "s2", "s3", "s4"};
    for (int f = 0; f < 8; f++)
        assert_string_equal(jong_flower_name(f), fl[f]);
    assert_string_equal(jong_flower_name(8), "?");
    /* Every name parses back to its kind in every style. */
    for (size_t s = 0; s < 3; s++)
        for (int k = 0; k < JONG_KINDS; k++) {
            jong_tile t;
            assert_int_equal(jong_parse_tile(jong_kind_name(k, all_styles[s]), &t, NULL), JONG_OK);
            assert_int_equal(t.kind, k);
        }
}

/* ---- round trips over random hands -------------------------------------------------------- */

/* Room for `need` more copies of a kind over the whole set. */
static int fits(const uint8_t total[JONG_KINDS], int kind, int need)
{
    return total[kind] + need <= 4;
}

static int five_suit(int kind)
{
    return kind < JONG_NUMBER_KINDS && kind % 9 == 4 ? kind / 9 : -1;
}

static void random_meld(uint64_t *seed, jong_hand *h, uint8_t total[JONG_KINDS], uint8_t reds[3])
{
    jong_meld m = {0};
    m.type = (uint8_t)rnd(seed, 4);
    int k = rnd(seed, JONG_KINDS);
    int red_suit = -1;
    if (m.type == JONG_MELD_CHOW) {
        if (k >= JONG_NUMBER_KINDS || k % 9 > 6)
            return;
        for (int i = 0; i < 3; i++)
            if (!fits(total, k + i, 1))
                return;
        for (int i = 0; i < 3; i++) {
            total[k + i]++;
            if (five_suit(k + i) >= 0)
                red_suit = five_suit(k + i);
        }
    } else {
        int need = m.type == JONG_MELD_PUNG ? 3 : 4;
        if (!fits(total, k, need))
            return;
        total[k] = (uint8_t)(total[k] + need);
        red_suit = five_suit(k);
    }
    m.tile = (uint8_t)k;
    if (red_suit >= 0 && !reds[red_suit] && rnd(seed, 2)) {
        m.red = 1;
        reds[red_suit] = 1;
    }
    h->melds[h->nmelds++] = m;
}

/* A hand exactly as the parser would build it: at most 4 per kind, one red five per suit. */
static void random_hand(uint64_t *seed, jong_hand *h)
{
    uint8_t total[JONG_KINDS] = {0}, reds[3] = {0};
    jong_hand_clear(h);
    int melds = rnd(seed, 4) ? rnd(seed, 5) : rnd(seed, JONG_MAX_MELDS + 1);
    for (int i = 0; i < melds; i++)
        random_meld(seed, h, total, reds);
    int tiles = rnd(seed, 20);
    for (int i = 0; i < tiles; i++) {
        int k = rnd(seed, JONG_KINDS);
        if (!fits(total, k, 1))
            continue;
        total[k]++;
        h->counts[k]++;
        int s = five_suit(k);
        if (s >= 0 && !reds[s] && rnd(seed, 3) == 0) {
            reds[s] = 1;
            h->red[s] = 1;
        }
    }
    if (rnd(seed, 3) == 0)
        h->flowers = (uint8_t)rnd(seed, 256);
    if (jong_hand_concealed_count(h) == 0 && h->nmelds == 0 && h->flowers == 0)
        h->flowers = 1; /* an empty hand does not parse */
}

static void test_round_trips(void **state)
{
    (void)state;
    uint64_t seed = 0x2545f4914f6cdd1du;
    for (int iter = 0; iter < 5000; iter++) {
        jong_hand h;
        random_hand(&seed, &h);
        for (size_t s = 0; s < 3; s++) {
            char buf[512], again[512];
            size_t n = jong_format_hand(&h, all_styles[s], buf, sizeof buf);
            assert_true(n < sizeof buf);
            assert_int_equal(n, strlen(buf));
            jong_hand back;
            jong_error err;
            int rc = jong_parse_hand(buf, &back, &err);
            if (rc != JONG_OK)
                print_error("style %zu: \"%s\": %s\n", s, buf, err.msg);
            assert_int_equal(rc, JONG_OK);
            assert_same_hand(&h, &back);
            /* The text is canonical: printing the parsed hand gives the same text. */
            jong_format_hand(&back, all_styles[s], again, sizeof again);
            assert_string_equal(buf, again);
            /* And it reads back the same from another style's text. */
            char other[512];
            jong_format_hand(&back, all_styles[(s + 1) % 3], other, sizeof other);
            assert_int_equal(jong_parse_hand(other, &back, &err), JONG_OK);
            assert_same_hand(&h, &back);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_compact),
        cmocka_unit_test(test_suit_aliases),
        cmocka_unit_test(test_honor_letters),
        cmocka_unit_test(test_red_zero),
        cmocka_unit_test(test_mjai_tokens),
        cmocka_unit_test(test_taiwan_example),
        cmocka_unit_test(test_flowers_vs_sou),
        cmocka_unit_test(test_mixing),
        cmocka_unit_test(test_melds),
        cmocka_unit_test(test_meld_fields),
        cmocka_unit_test(test_bad_melds),
        cmocka_unit_test(test_fifth_copy),
        cmocka_unit_test(test_two_reds),
        cmocka_unit_test(test_flower_twice),
        cmocka_unit_test(test_syntax_errors),
        cmocka_unit_test(test_null_args),
        cmocka_unit_test(test_long_inputs),
        cmocka_unit_test(test_random_bytes),
        cmocka_unit_test(test_parse_tiles),
        cmocka_unit_test(test_parse_tile),
        cmocka_unit_test(test_format_styles),
        cmocka_unit_test(test_format_truncation),
        cmocka_unit_test(test_format_garbage),
        cmocka_unit_test(test_format_counts),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_round_trips),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
