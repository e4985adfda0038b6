/* A self-play run's finished games and directory (play_log.h). */
#include "play_log.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_util.h"

static void record_path(const play_log *l, int g, char *buf, size_t n)
{
    snprintf(buf, n, "%s/game-%06d.jsonl", l->dir, g);
}

bool play_log_exists(const char *dir)
{
    char path[4200];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, PLAY_INDEX);
    return !stat(path, &st);
}

static int alloc_games(const char *cmd, play_log *l)
{
    size_t n = (size_t)l->cfg.games;
    l->done = calloc(n, 1);
    l->results = l->dir ? calloc(n, sizeof *l->results) : NULL;
    if (!l->done || (l->dir && !l->results))
        return cli_fail(cmd, "out of memory for %d games", l->cfg.games);
    return CLI_OK;
}

/* The first record file (game-NNNNNN.jsonl) in dir, if any, into name. */
static bool holds_records(const char *dir, char *name, size_t n)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    bool found = false;
    while (d && !found && (e = readdir(d)))
        if (strlen(e->d_name) == 17 && !strncmp(e->d_name, "game-", 5) && !strcmp(e->d_name + 11, ".jsonl") &&
            strspn(e->d_name + 5, "0123456789") == 6)
            found = true, snprintf(name, n, "%s", e->d_name);
    if (d)
        closedir(d);
    return found;
}

int play_log_start(const char *cmd, const char *dir, const play_config *cfg, play_log *l)
{
    memset(l, 0, sizeof *l);
    l->cfg = *cfg;
    l->dir = cfg->records ? dir : NULL;
    if (l->dir) {
        char name[300];
        snprintf(l->index_path, sizeof l->index_path, "%s/%s", dir, PLAY_INDEX);
        if (play_log_exists(dir))
            return cli_usage_error(cmd, "--log %s holds a run already (%s): continue it with --resume, or "
                                   "choose another directory", dir, PLAY_INDEX);
        if (holds_records(dir, name, sizeof name))
            return cli_usage_error(cmd, "--log %s holds records already (%s): choose another directory", dir, name);
        if (cli_make_dirs(dir))
            return cli_fail(cmd, "--log %s: %s", dir, strerror(errno));
        char *header = play_header_text(cfg, false);
        if (!header)
            return cli_fail(cmd, "out of memory");
        l->index = fopen(l->index_path, "w");
        bool ok = l->index && fputs(header, l->index) >= 0 && !fflush(l->index);
        free(header);
        if (!ok)
            return cli_fail(cmd, "%s: %s", l->index_path, strerror(errno));
    }
    return alloc_games(cmd, l);
}

int play_log_resume(const char *cmd, const char *dir, play_log *l)
{
    memset(l, 0, sizeof *l);
    l->dir = dir;
    snprintf(l->index_path, sizeof l->index_path, "%s/%s", dir, PLAY_INDEX);
    const char *path = l->index_path;
    FILE *f = fopen(path, "r+");
    if (!f)
        return cli_fail(cmd, "--resume: %s: %s", path, strerror(errno));
    l->index = f;
    char *line = NULL, why[200];
    size_t cap = 0;
    ssize_t len;
    long good = 0;
    int rc = CLI_OK;
    for (int at = 1; (len = getline(&line, &cap, f)) > 0; at++) {
        if (line[len - 1] != '\n') /* cut by a kill while it was written: that game is not done */
            break;
        line[len - 1] = 0;
        if (at == 1) {
            if (play_header_parse(line, &l->cfg, why, sizeof why)) {
                rc = cli_fail(cmd, "--resume: %s, line 1: %s", path, why);
                break;
            }
            if (!l->cfg.records) {
                rc = cli_fail(cmd, "--resume: %s, line 1: a run without records", path);
                break;
            }
            if ((rc = alloc_games(cmd, l)))
                break;
        } else {
            int g;
            jong_game_result res;
            char rec[4300];
            struct stat st;
            if (play_result_parse(line, (size_t)len - 1, &g, &res, why, sizeof why)) {
                rc = cli_fail(cmd, "--resume: %s, line %d: %s", path, at, why);
                break;
            }
            if (g < 0 || g >= l->cfg.games || l->done[g]) {
                rc = cli_fail(cmd, "--resume: %s, line %d: game %d %s", path, at, g,
                              g < 0 || g >= l->cfg.games ? "is not one of the run" : "twice");
                break;
            }
            record_path(l, g, rec, sizeof rec);
            if (stat(rec, &st) || st.st_size == 0) {
                rc = cli_fail(cmd, "--resume: %s, line %d: game %d is done, but its record %s is %s", path, at,
                              g, rec, errno == ENOENT ? "missing" : "empty");
                break;
            }
            l->done[g] = 1;
            l->results[g] = res;
            l->ndone++;
            play_result_add(&l->total, &res);
        }
        good = ftell(f);
    }
    free(line);
    if (!rc && !l->done)
        rc = cli_fail(cmd, "--resume: %s: no header line", path);
    /* a partial last line from a killed run is cut off before appending */
    if (!rc && (ftruncate(fileno(f), good) || fseek(f, good, SEEK_SET)))
        rc = cli_fail(cmd, "--resume: %s: %s", path, strerror(errno));
    l->before = l->ndone;
    return rc;
}

int play_log_keep(play_log *l, const play_game_msg *m, jong_error *err)
{
    int g = m->game;
    if (g < 0 || g >= l->cfg.games || l->done[g]) /* never from this program */
        return jong_error_set(err, JONG_ERR_ARG, -1, "game %d again, or not one of the run", g);
    if (l->dir) {
        char path[4300], tmp[4400];
        record_path(l, g, path, sizeof path);
        snprintf(tmp, sizeof tmp, "%s.part", path);
        FILE *f = fopen(tmp, "w");
        bool ok = f && fwrite(m->record, 1, m->record_len, f) == m->record_len;
        int e = errno;
        if (f && fclose(f))
            ok = false, e = errno;
        if (!ok || rename(tmp, path)) {
            e = ok ? errno : e;
            if (f)
                remove(tmp);
            return jong_error_set(err, JONG_ERR_IO, -1, "%s: %s", path, strerror(e));
        }
        /* then its line: one write, flushed (a kill cuts at most this line) */
        if (fwrite(m->line, 1, m->line_len, l->index) != m->line_len || fflush(l->index))
            return jong_error_set(err, JONG_ERR_IO, -1, "%s: %s", l->index_path, strerror(errno));
        l->results[g] = m->res;
    }
    l->done[g] = 1;
    l->ndone++;
    play_result_add(&l->total, &m->res);
    return JONG_OK;
}

/* The index in game order, through a new file renamed over it (a crash leaves the old one,
 * which holds the same games). */
static int rewrite_in_order(const char *cmd, play_log *l)
{
    char tmp[4300];
    snprintf(tmp, sizeof tmp, "%s.tmp", l->index_path);
    FILE *f = fopen(tmp, "w");
    char *header = play_header_text(&l->cfg, false), line[PLAY_LINE_MAX];
    bool ok = f && header && fputs(header, f) >= 0;
    for (int g = 0; g < l->cfg.games && ok; g++) {
        size_t n = play_result_line(g, &l->results[g], line, sizeof line);
        ok = fwrite(line, 1, n, f) == n;
    }
    int e = errno;
    free(header);
    if (f && fclose(f))
        ok = false, e = errno;
    if (!ok || rename(tmp, l->index_path)) {
        e = ok ? errno : e;
        if (f)
            remove(tmp);
        return cli_fail(cmd, "%s: %s", tmp, strerror(e));
    }
    return CLI_OK;
}

int play_log_close(const char *cmd, play_log *l)
{
    int rc = CLI_OK;
    if (l->index && fclose(l->index))
        rc = cli_fail(cmd, "%s: %s", l->index_path, strerror(errno));
    l->index = NULL;
    if (!rc && l->dir && l->ndone == l->cfg.games)
        rc = rewrite_in_order(cmd, l);
    return rc;
}

void play_log_free(play_log *l)
{
    if (l->index)
        fclose(l->index);
    free(l->done);
    free(l->results);
    memset(l, 0, sizeof *l);
}
