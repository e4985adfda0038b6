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

int cli_make_players(const char *cmd, const char *list, jong_variant v, jong_player *out[JONG_SEATS])
{
    char specs[JONG_SEATS][256];
    int n = 0;
    const char *p = list;
    memset(out, 0, sizeof(jong_player *) * JONG_SEATS);
    while (*p) {
        size_t len = strcspn(p, ",");
        char piece[256];
        if (len >= sizeof piece)
            return cli_usage_error(cmd, "player spec too long in '%s'", list);
        memcpy(piece, p, len);
        piece[len] = 0;
        bool continues = n > 0 && strchr(piece, '=') && !strchr(piece, ':');
        if (continues) {
            size_t used = strlen(specs[n - 1]);
            if (used + len + 2 > sizeof specs[0])
                return cli_usage_error(cmd, "player spec too long in '%s'", list);
            specs[n - 1][used] = ',';
            memcpy(specs[n - 1] + used + 1, piece, len + 1);
        } else {
            if (n == JONG_SEATS)
                return cli_usage_error(cmd, "more than four players in '%s'", list);
            if (!len)
                return cli_usage_error(cmd, "empty player name in '%s'", list);
            memcpy(specs[n++], piece, len + 1);
        }
        p += len;
        if (*p == ',')
            p++;
    }
    if (n == 0 || n == 3)
        return cli_usage_error(cmd, "give 1, 2 or 4 players, not %d ('%s')", n, list);
    for (int s = 0; s < JONG_SEATS; s++) {
        jong_error err;
        const char *spec = specs[n == 1 ? 0 : n == 2 ? s % 2 : s];
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
