/* `jong replay FILE... --verify`: re-runs game records through the engine and checks that every
 * recorded event is what the engine does (see docs/records.md). */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_util.h"
#include "commands.h"

#define CMD "replay"

static const char *const usage =
    "usage: jong replay FILE... --verify [--json] [--quiet]\n"
    "\n"
    "Re-runs each game of each record file (written by jong play --log) through the engine: the\n"
    "walls come from the header's rules, seed and game number, the players' answers from the\n"
    "recorded events, and every event the engine produces must equal the recorded line.\n"
    "Prints per file \"FILE: verified N games, H hands, E events\", or the first error as\n"
    "\"jong replay: FILE:LINE: message\" on stderr. FILE - reads stdin.\n"
    "  --verify   check the records (required: the only mode so far)\n"
    "  --json     one JSON object on stdout: {\"ok\":..., \"files\":[{\"file\",\"ok\",\"games\",\n"
    "             \"hands\",\"events\"} or {\"file\",\"ok\":false,\"line\",\"error\"}]}\n"
    "  --quiet    print nothing for files that verify\n"
    "Exit status: 0 all verified, 1 a file failed, 2 bad usage.\n";

/* The message without the library's "line N: " prefix, which the FILE:LINE form replaces. */
static const char *strip_line(const jong_error *err, int line)
{
    char prefix[32];
    int n = snprintf(prefix, sizeof prefix, "line %d: ", line);
    if (line > 0 && n > 0 && !strncmp(err->msg, prefix, (size_t)n))
        return err->msg + n;
    return err->msg;
}

int cmd_replay(int argc, char **argv)
{
    bool verify = false, json = false, quiet = false;
    int nfiles = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_help(a)) {
            fputs(usage, stdout);
            return CLI_OK;
        }
        if (!strcmp(a, "--verify"))
            verify = true;
        else if (!strcmp(a, "--json"))
            json = true;
        else if (!strcmp(a, "--quiet"))
            quiet = true;
        else if (a[0] == '-' && a[1])
            return cli_usage_error(CMD, "unknown option '%s'", a);
        else
            nfiles++;
    }
    if (!nfiles)
        return cli_usage_error(CMD, "no record file given");
    if (!verify)
        return cli_usage_error(CMD, "--verify is required (the only mode so far)");

    json_t *out = json ? json_object() : NULL, *files = json ? json_array() : NULL;
    int status = CLI_OK;
    for (int i = 1; i < argc; i++) {
        const char *path = argv[i];
        if (path[0] == '-' && path[1])
            continue;
        bool is_stdin = !strcmp(path, "-");
        jong_replay_stats st;
        jong_error err;
        int rc = is_stdin ? jong_replay_verify_stream(stdin, &st, &err) : jong_replay_verify(path, &st, &err);
        const char *name = is_stdin ? "-" : path;
        json_t *o = json ? json_object() : NULL;
        if (o) {
            json_object_set_new(o, "file", json_string(name));
            json_object_set_new(o, "ok", json_boolean(rc == JONG_OK));
        }
        if (rc == JONG_OK) {
            if (o) {
                json_object_set_new(o, "games", json_integer(st.games));
                json_object_set_new(o, "hands", json_integer(st.hands));
                json_object_set_new(o, "events", json_integer(st.events));
            } else if (!quiet) {
                printf("%s: verified %d game%s, %d hand%s, %d event%s\n", name, st.games, st.games == 1 ? "" : "s",
                       st.hands, st.hands == 1 ? "" : "s", st.events, st.events == 1 ? "" : "s");
            }
        } else {
            status = CLI_FAIL;
            const char *msg = strip_line(&err, st.error_line);
            if (st.error_line > 0)
                cli_fail(CMD, "%s:%d: %s", name, st.error_line, msg);
            else
                cli_fail(CMD, "%s: %s", name, msg);
            if (o) {
                json_object_set_new(o, "line", json_integer(st.error_line));
                json_object_set_new(o, "error", json_string(msg));
            }
        }
        if (o)
            json_array_append_new(files, o);
    }
    if (out) {
        json_object_set_new(out, "ok", json_boolean(status == CLI_OK));
        json_object_set_new(out, "files", files);
        char *text = json_dumps(out, JSON_PRESERVE_ORDER | JSON_INDENT(2));
        if (text)
            printf("%s\n", text);
        free(text);
        json_decref(out);
    }
    return status;
}
