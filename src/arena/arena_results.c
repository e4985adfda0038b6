/* The arena's results file: a header line with everything that decides the run, then one JSON
 * line per finished game (in the order games finish). Each line is written whole and flushed,
 * so a killed run leaves at most one partial last line, which reading ignores. */
#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "jong/arena.h"
#include "jong/notation.h"
#include "jong/version.h"

#define FORMAT_VERSION 1

static const char *variant_name(jong_variant v) { return v == JONG_VARIANT_TAIWAN ? "taiwan" : "riichi"; }

static json_t *seed_json(uint64_t seed)
{
    char buf[24];
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)seed);
    return json_string(buf);
}

static int write_json_line(FILE *f, json_t *o, jong_error *err)
{
    char *text = o ? json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
    json_decref(o);
    if (!text)
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    size_t len = strlen(text);
    text[len] = '\n'; /* one write for the line and its newline: a kill cuts at most this line */
    errno = 0;
    bool ok = fwrite(text, 1, len + 1, f) == len + 1 && fflush(f) == 0;
    free(text);
    if (!ok)
        return jong_error_set(err, JONG_ERR_IO, -1, "writing results: %s",
                              errno ? strerror(errno) : "write failed");
    return JONG_OK;
}

int jong_arena_write_header(FILE *f, const jong_arena_config *cfg, jong_error *err)
{
    json_t *o = json_object(), *opts = json_object(), *players = json_array();
    json_object_set_new(o, "jong_arena", json_integer(FORMAT_VERSION));
    json_object_set_new(o, "version", json_string(JONG_VERSION));
    json_object_set_new(o, "rules", json_string(variant_name(cfg->rules.variant)));
    for (int i = 0; i < jong_ruleset_option_count(&cfg->rules); i++) {
        char buf[64];
        const char *name = jong_ruleset_option(&cfg->rules, i, buf, sizeof buf);
        json_object_set_new(opts, name, json_string(buf));
    }
    json_object_set_new(o, "options", opts);
    json_object_set_new(o, "mode", json_string(jong_arena_mode_name(cfg->mode)));
    for (int p = 0; p < cfg->nplayers; p++)
        json_array_append_new(players, json_string(cfg->players[p]));
    json_object_set_new(o, "players", players);
    json_object_set_new(o, "seed", seed_json(cfg->seed));
    json_object_set_new(o, "games", json_integer(cfg->games));
    json_object_set_new(o, "match_hands", json_integer(cfg->match_hands));
    json_object_set_new(o, "time_per_move", json_integer(cfg->time_ms));
    return write_json_line(f, o, err);
}

static json_t *seat_array(const jong_arena_seat *s, size_t offset)
{
    json_t *a = json_array();
    for (int i = 0; i < 4; i++)
        json_array_append_new(a, json_integer(*(const int32_t *)((const char *)&s[i] + offset)));
    return a;
}

/* The per-seat fields of a line, in the order they are written. */
static const struct {
    const char *name;
    size_t offset;
} fields[] = {
    {"scores", offsetof(jong_arena_seat, score)},
    {"hands", offsetof(jong_arena_seat, hands)},
    {"wins", offsetof(jong_arena_seat, wins)},
    {"self_draws", offsetof(jong_arena_seat, self_draws)},
    {"deal_ins", offsetof(jong_arena_seat, deal_ins)},
    {"draws", offsetof(jong_arena_seat, draws)},
    {"tai", offsetof(jong_arena_seat, tai)},
    {"decisions", offsetof(jong_arena_seat, decisions)},
    {"illegal", offsetof(jong_arena_seat, faults[JONG_FAULT_ILLEGAL])},
    {"crashes", offsetof(jong_arena_seat, faults[JONG_FAULT_CRASH])},
    {"timeouts", offsetof(jong_arena_seat, faults[JONG_FAULT_TIMEOUT])},
};
#define NFIELDS (sizeof fields / sizeof fields[0])

static void seating_letters(const jong_arena_config *cfg, int k, char out[5])
{
    int sp[JONG_ARENA_MAX_SEATINGS][4];
    jong_arena_seatings(cfg->mode, cfg->nplayers, sp);
    for (int s = 0; s < 4; s++)
        out[s] = (char)('A' + sp[k][s]);
    out[4] = 0;
}

int jong_arena_write_game(FILE *f, const jong_arena_results *r, int g, jong_error *err)
{
    json_t *o = json_object(), *seatings = json_array();
    json_object_set_new(o, "game", json_integer(g));
    json_object_set_new(o, "seed", seed_json(r->cfg.seed));
    for (int k = 0; k < r->nseatings; k++) {
        const jong_arena_seat *s = jong_arena_results_at(r, g, k);
        json_t *x = json_object();
        char letters[5];
        seating_letters(&r->cfg, k, letters);
        json_object_set_new(x, "seats", json_string(letters));
        for (size_t i = 0; i < NFIELDS; i++)
            json_object_set_new(x, fields[i].name, seat_array(s, fields[i].offset));
        json_array_append_new(seatings, x);
    }
    json_object_set_new(o, "seatings", seatings);
    return write_json_line(f, o, err);
}

int jong_arena_write_all(FILE *f, const jong_arena_results *r, jong_error *err)
{
    int rc = jong_arena_write_header(f, &r->cfg, err);
    for (int g = 0; g < r->cfg.games && !rc; g++)
        if (r->done[g])
            rc = jong_arena_write_game(f, r, g, err);
    return rc;
}

/* ---- reading ---- */

static int parse_seed(json_t *v, uint64_t *out)
{
    const char *s = json_string_value(v);
    if (!s || !*s)
        return -1;
    char *end;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 10);
    if (*end || errno || *s == '-')
        return -1;
    *out = x;
    return 0;
}

static int int_field(json_t *o, const char *name, long long lo, long long hi, long long *out)
{
    json_t *v = json_object_get(o, name);
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
        return -1;
    *out = json_integer_value(v);
    return 0;
}

static int read_header(json_t *o, jong_arena_config *cfg, char *why, size_t n)
{
    memset(cfg, 0, sizeof *cfg);
    long long x;
    if (int_field(o, "jong_arena", FORMAT_VERSION, FORMAT_VERSION, &x))
        return snprintf(why, n, "not an arena results header (format %d)", FORMAT_VERSION), -1;
    const char *rules = json_string_value(json_object_get(o, "rules"));
    if (!rules || (strcmp(rules, "taiwan") && strcmp(rules, "riichi")))
        return snprintf(why, n, "bad \"rules\""), -1;
    jong_ruleset_default(&cfg->rules, strcmp(rules, "taiwan") ? JONG_VARIANT_RIICHI : JONG_VARIANT_TAIWAN);
    const char *key;
    json_t *v;
    json_object_foreach(json_object_get(o, "options"), key, v) {
        jong_error e;
        if (!json_is_string(v) || jong_ruleset_set(&cfg->rules, key, json_string_value(v), &e))
            return snprintf(why, n, "option %.40s: %.100s", key, json_is_string(v) ? e.msg : "not a string"), -1;
    }
    const char *mode = json_string_value(json_object_get(o, "mode"));
    int m = mode ? jong_arena_mode_parse(mode) : -1;
    if (m < 0)
        return snprintf(why, n, "bad \"mode\""), -1;
    cfg->mode = (jong_arena_mode)m;
    json_t *players = json_object_get(o, "players");
    size_t np = json_array_size(players);
    if (np != 2 && np != 4)
        return snprintf(why, n, "\"players\" must list 2 or 4 players"), -1;
    cfg->nplayers = (int)np;
    for (size_t p = 0; p < np; p++) {
        const char *spec = json_string_value(json_array_get(players, p));
        if (!spec || strlen(spec) >= JONG_ARENA_SPEC_MAX)
            return snprintf(why, n, "bad player %zu", p), -1;
        strcpy(cfg->players[p], spec);
    }
    if (parse_seed(json_object_get(o, "seed"), &cfg->seed))
        return snprintf(why, n, "bad \"seed\""), -1;
    if (int_field(o, "games", 1, 1000000000, &x))
        return snprintf(why, n, "bad \"games\""), -1;
    cfg->games = (int)x;
    if (int_field(o, "match_hands", 1, 1000000000, &x))
        return snprintf(why, n, "bad \"match_hands\""), -1;
    cfg->match_hands = (int)x;
    if (int_field(o, "time_per_move", 0, 100000000, &x))
        return snprintf(why, n, "bad \"time_per_move\""), -1;
    cfg->time_ms = x;
    return 0;
}

static int read_game(json_t *o, jong_arena_results *r, char *why, size_t n)
{
    long long g;
    uint64_t seed;
    if (int_field(o, "game", 0, r->cfg.games - 1, &g))
        return snprintf(why, n, "\"game\" missing or not in 0..%d", r->cfg.games - 1), -1;
    if (parse_seed(json_object_get(o, "seed"), &seed) || seed != r->cfg.seed)
        return snprintf(why, n, "game %lld: the seed is not the header's", g), -1;
    if (r->done[g])
        return snprintf(why, n, "game %lld appears twice", g), -1;
    json_t *seatings = json_object_get(o, "seatings");
    if (json_array_size(seatings) != (size_t)r->nseatings)
        return snprintf(why, n, "game %lld: \"seatings\" must list %d seatings", g, r->nseatings), -1;
    for (int k = 0; k < r->nseatings; k++) {
        json_t *x = json_array_get(seatings, (size_t)k);
        char letters[5];
        seating_letters(&r->cfg, k, letters);
        const char *seats = json_string_value(json_object_get(x, "seats"));
        if (!seats || strcmp(seats, letters))
            return snprintf(why, n, "game %lld seating %d: seats must be %s", g, k, letters), -1;
        jong_arena_seat *s = jong_arena_results_at(r, (int)g, k);
        for (size_t i = 0; i < NFIELDS; i++) {
            json_t *a = json_object_get(x, fields[i].name);
            if (json_array_size(a) != 4)
                return snprintf(why, n, "game %lld seating %d: \"%s\" needs 4 numbers", g, k, fields[i].name), -1;
            for (int j = 0; j < 4; j++) {
                json_t *v = json_array_get(a, (size_t)j);
                if (!json_is_integer(v) || json_integer_value(v) < INT32_MIN || json_integer_value(v) > INT32_MAX)
                    return snprintf(why, n, "game %lld seating %d: bad \"%s\"", g, k, fields[i].name), -1;
                *(int32_t *)((char *)&s[j] + fields[i].offset) = (int32_t)json_integer_value(v);
            }
        }
    }
    r->done[g] = 1;
    r->ndone++;
    return 0;
}

int jong_arena_read(FILE *f, jong_arena_results *r, long *good_bytes, jong_error *err)
{
    memset(r, 0, sizeof *r);
    *good_bytes = 0;
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int lineno = 0, rc = JONG_OK;
    bool have_header = false;
    char why[160];
    while ((len = getline(&line, &cap, f)) > 0) {
        lineno++;
        if (line[len - 1] != '\n')
            break; /* the partial line of a killed run: not a finished game */
        json_error_t je;
        json_t *o = json_loadb(line, (size_t)len, 0, &je);
        int bad = !json_is_object(o);
        if (bad)
            snprintf(why, sizeof why, "not a JSON object (%.100s)", je.text);
        else if (!have_header) {
            jong_arena_config cfg;
            jong_error e;
            bad = read_header(o, &cfg, why, sizeof why);
            if (!bad && jong_arena_results_init(r, &cfg, &e))
                bad = snprintf(why, sizeof why, "%s", e.msg) > 0;
            have_header = !bad;
        } else {
            bad = read_game(o, r, why, sizeof why);
        }
        json_decref(o);
        if (bad) {
            rc = jong_error_set(err, JONG_ERR_SYNTAX, -1, "line %d: %.150s", lineno, why);
            break;
        }
        *good_bytes += (long)len;
    }
    free(line);
    if (!rc && ferror(f))
        rc = jong_error_set(err, JONG_ERR_IO, -1, "reading failed: %s", strerror(errno));
    if (!rc && !have_header)
        rc = jong_error_set(err, JONG_ERR_SYNTAX, -1, "no complete header line");
    if (rc)
        jong_arena_results_free(r);
    return rc;
}

bool jong_arena_config_same(const jong_arena_config *a, const jong_arena_config *b, char *why, size_t n)
{
    if (!jong_ruleset_same(&a->rules, &b->rules, why, n))
        return false;
    if (a->mode != b->mode)
        return snprintf(why, n, "mode %s, not %s", jong_arena_mode_name(a->mode), jong_arena_mode_name(b->mode)), false;
    bool players = a->nplayers == b->nplayers;
    for (int p = 0; players && p < a->nplayers; p++)
        players = !strcmp(a->players[p], b->players[p]);
    if (!players)
        return snprintf(why, n, "other players"), false;
    if (a->seed != b->seed)
        return snprintf(why, n, "seed %llu, not %llu", (unsigned long long)a->seed, (unsigned long long)b->seed), false;
    if (a->games != b->games)
        return snprintf(why, n, "%d games, not %d", a->games, b->games), false;
    if (a->match_hands != b->match_hands)
        return snprintf(why, n, "match hands %d, not %d", a->match_hands, b->match_hands), false;
    if (a->time_ms != b->time_ms)
        return snprintf(why, n, "time per move %lld, not %lld", (long long)a->time_ms, (long long)b->time_ms), false;
    return true;
}
