/* A run read back by `jong arena summary`, `compare`, a failed run's report (cmd_arena.c) and
 * `jong arena verify` (cmd_arena_verify.c), from its directory or its results file. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cli_util.h"
#include "cmd_arena.h"

int arena_load_run(const char *cmd_name, const char *where, jong_arena_results *r, bool *is_dir)
{
    struct stat st;
    char path[4200];
    *is_dir = !stat(where, &st) && S_ISDIR(st.st_mode);
    snprintf(path, sizeof path, *is_dir ? "%s/results.jsonl" : "%s", where);
    FILE *f = fopen(path, "r");
    if (!f)
        return cli_fail(cmd_name, "%s: %s", path, strerror(errno));
    jong_error err;
    long good;
    int rc = jong_arena_read(f, r, &good, &err);
    fclose(f);
    if (rc)
        return cli_fail(cmd_name, "%s: %s", path, err.msg);
    return CLI_OK;
}
