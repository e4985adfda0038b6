/* Parsing player lists and making the players (see cli_players.h). */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli_players.h"
#include "cli_util.h"

double cli_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int64_t cli_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int64_t cli_thread_cpu_ms(pthread_t thread)
{
    clockid_t cid;
    struct timespec ts;
    if (pthread_getcpuclockid(thread, &cid) || clock_gettime(cid, &ts))
        return 0; /* no CPU clock (not seen on Linux): a CPU hang limit is then never reached */
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The length of the next piece of a player list: up to a comma outside quotes. */
static size_t piece_length(const char *p)
{
    char quote = 0;
    size_t i = 0;
    for (; p[i] && (quote || p[i] != ','); i++)
        if (quote ? p[i] == quote : p[i] == '\'' || p[i] == '"')
            quote = quote ? 0 : p[i];
    return i;
}

int cli_split_players(const char *cmd, const char *list, char (*specs)[JONG_PLAYER_SPEC_MAX], int max, int *n)
{
    *n = 0;
    for (const char *p = list; *p;) {
        size_t len = piece_length(p);
        const char *eq = memchr(p, '=', len), *colon = memchr(p, ':', len);
        bool continues = *n > 0 && eq && (!colon || eq < colon); /* "key=value", not "name:key=value" */
        if (!len)
            return cmd ? cli_usage_error(cmd, "empty player name in '%s'", list) : CLI_USAGE;
        char *into = continues ? specs[*n - 1] : specs[*n];
        size_t used = continues ? strlen(into) + 1 : 0;
        if (!continues && *n == max)
            return cmd ? cli_usage_error(cmd, "more than %d players in '%s'", max, list) : CLI_USAGE;
        if (used + len + 1 > JONG_PLAYER_SPEC_MAX)
            return cmd ? cli_usage_error(cmd, "player spec too long in '%s' (at most %d characters)", list,
                                         JONG_PLAYER_SPEC_MAX - 1)
                       : CLI_USAGE;
        if (continues)
            into[used - 1] = ',';
        memcpy(into + used, p, len);
        into[used + len] = 0;
        *n += !continues;
        p += len + (p[len] == ',');
    }
    return CLI_OK;
}

int cli_make_players(const char *cmd, const char *list, jong_variant v, jong_player *out[JONG_SEATS])
{
    return cli_make_players_seats(cmd, list, v, JONG_SEATS, out);
}

/* The players that know a three-player table (no 2m-8m, kita, three seats); the others are
 * refused by name until they learn it. */
static bool plays_sanma(const char *spec)
{
    size_t len = strcspn(spec, ":");
    return (len == 6 && !strncmp(spec, "greedy", len)) || (len == 6 && !strncmp(spec, "random", len));
}

int cli_make_players_seats(const char *cmd, const char *list, jong_variant v, int seats, jong_player *out[JONG_SEATS])
{
    char specs[JONG_SEATS][JONG_PLAYER_SPEC_MAX];
    int n;
    memset(out, 0, sizeof(jong_player *) * JONG_SEATS);
    int rc = cli_split_players(cmd, list, specs, JONG_SEATS, &n);
    if (rc)
        return rc;
    if (seats == 3 && n != 1 && n != 3)
        return cli_usage_error(cmd, "three players (three_player=on): give 1 or 3 players, not %d ('%s')", n, list);
    if (seats != 3 && (n == 0 || n == 3))
        return cli_usage_error(cmd, "give 1, 2 or 4 players, not %d ('%s')", n, list);
    for (int s = 0; s < seats; s++) {
        jong_error err;
        const char *spec = specs[n == 1 ? 0 : n == 2 ? s % 2 : s];
        if (seats == 3 && !plays_sanma(spec)) {
            cli_free_players(out);
            return cli_usage_error(cmd, "player '%s' does not play three-player riichi yet (greedy and random do)",
                                   spec);
        }
        if (jong_player_create(spec, &out[s], &err) || jong_player_check_variant(spec, v, &err)) {
            cli_free_players(out);
            return cli_usage_error(cmd, "player '%s': %s", spec, err.msg);
        }
    }
    return CLI_OK;
}

void cli_free_players(jong_player *p[JONG_SEATS])
{
    for (int s = 0; s < JONG_SEATS; s++) {
        jong_player_free(p[s]);
        p[s] = NULL;
    }
}

void cli_print_players(FILE *f)
{
    fputs("Players and their options (defaults):\n", f);
    for (int i = 0; i < jong_player_count(); i++) {
        const jong_player_info *p = jong_player_info_at(i);
        fprintf(f, "  %-10s %s\n", p->name, p->summary);
        if (p->options && *p->options)
            fprintf(f, "  %-10s options: %s\n", "", p->options);
    }
}

jong_variant cli_rules_of_players(const char *list, jong_variant fallback)
{
    static char specs[16][JONG_PLAYER_SPEC_MAX]; /* the CLI is one thread */
    int n;
    if (!list || cli_split_players(NULL, list, specs, 16, &n) || n == 0)
        return fallback;
    unsigned plays = JONG_PLAYS(JONG_VARIANT_RIICHI) | JONG_PLAYS(JONG_VARIANT_TAIWAN);
    for (int i = 0; i < n; i++) {
        size_t len = strcspn(specs[i], ":");
        for (int k = 0; k < jong_player_count(); k++) {
            const jong_player_info *p = jong_player_info_at(k);
            if (strlen(p->name) == len && !strncmp(p->name, specs[i], len))
                plays &= p->variants;
        }
    }
    if (plays == JONG_PLAYS(JONG_VARIANT_RIICHI))
        return JONG_VARIANT_RIICHI;
    if (plays == JONG_PLAYS(JONG_VARIANT_TAIWAN))
        return JONG_VARIANT_TAIWAN;
    return fallback;
}
