/* `jong convert IN -o OUT.mjson`: a game record (Tenhou mjlog XML, tenhou.net/6 JSON or mjai
 * .mjson, any of them gzipped) to mjai .mjson (gzipped when OUT ends in .gz). */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_util.h"
#include "commands.h"
#include "jong/mjai.h"

#define CMD "convert"

static const char *const usage =
    "usage: jong convert IN -o OUT [--json]\n"
    "\n"
    "Reads one game record and writes it as mjai events, one JSON object per line (.mjson).\n"
    "IN may be Tenhou mjlog XML, tenhou.net/6 JSON (one object, or one object per hand per line)\n"
    "or mjai .mjson; any of them may be gzipped. The format is told from the content.\n"
    "OUT ending in .gz is gzipped; OUT - writes to stdout. Three-player games are refused.\n"
    "  -o, --output OUT  where to write (required)\n"
    "  --json            print {\"in\",\"out\",\"format\",\"events\",\"hands\",\"complete\"} on stdout\n"
    "Exit status: 0 converted, 1 unreadable input or output, 2 bad usage.\n";

static const char *const source_names[] = {"mjson", "mjlog", "tenhou6"};

int cmd_convert(int argc, char **argv)
{
    const char *in = NULL, *out = NULL;
    bool json = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (cli_is_help(a)) {
            fputs(usage, stdout);
            return CLI_OK;
        }
        int r = cli_option_value(CMD, argc, argv, &i, "--output", &v);
        if (r == 0 && !strcmp(a, "-o")) {
            if (i + 1 >= argc)
                return cli_usage_error(CMD, "-o needs a file name");
            v = argv[++i];
            r = 1;
        }
        if (r < 0)
            return CLI_USAGE;
        if (r > 0) {
            out = v;
            continue;
        }
        if (!strcmp(a, "--json"))
            json = true;
        else if (a[0] == '-' && a[1])
            return cli_usage_error(CMD, "unknown option '%s'", a);
        else if (in)
            return cli_usage_error(CMD, "one input file only ('%s' and '%s')", in, a);
        else
            in = a;
    }
    if (!in)
        return cli_usage_error(CMD, "no input file given");
    if (!out)
        return cli_usage_error(CMD, "no output given (-o OUT)");
    if (json && !strcmp(out, "-"))
        return cli_usage_error(CMD, "--json and -o - would both write to stdout");

    jong_mjai_log log;
    jong_mjai_log_init(&log);
    jong_error err;
    if (jong_mjai_read_file(in, &log, &err)) {
        jong_mjai_log_free(&log);
        return cli_fail(CMD, "%s", err.msg);
    }
    int rc = !strcmp(out, "-") ? jong_mjai_write(stdout, &log, false, &err) : jong_mjai_write_file(out, &log, &err);
    if (rc) {
        jong_mjai_log_free(&log);
        return cli_fail(CMD, "%s", err.msg);
    }
    if (json) {
        int hands = 0;
        for (size_t i = 0; i < log.n; i++)
            hands += log.ev[i].type == JONG_MJAI_START_KYOKU;
        json_t *o = json_pack("{s:s, s:s, s:s, s:I, s:i, s:b}", "in", in, "out", out, "format",
                              source_names[log.source], "events", (json_int_t)log.n, "hands", hands, "complete",
                              log.complete);
        char *s = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
        if (s)
            puts(s);
        free(s);
        json_decref(o);
    }
    jong_mjai_log_free(&log);
    return CLI_OK;
}
