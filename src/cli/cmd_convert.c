/* `jong convert IN [-o OUT.mjson]`: a game record (Tenhou mjlog XML, tenhou.net/6 JSON or mjai
 * .mjson, any of them gzipped) to mjai .mjson (gzipped when OUT ends in .gz; stdout without -o). */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_options.h"
#include "cli_util.h"
#include "commands.h"
#include "jong/mjai.h"

#define CMD "convert"

typedef struct {
    const char *in, *out;
    bool json;
    int max_record_mb, max_gzip_layers;
} convert_opts;

#define OPTS convert_opts
static const cli_option options[] = {
    {"--output", CLI_STRING(out), "OUT", "where to write; - is stdout", .short_name = 'o', .def = "-"},
    {"--json", CLI_FLAG(json), NULL, "print {\"in\",\"out\",\"format\",\"events\",\"hands\",\"complete\"} on stdout"},
    CLI_RECORD_LIMIT_OPTIONS,
    CLI_END,
};

static const cli_command spec = {
    .name = CMD,
    .about = "Reads one game record and writes it as mjai events, one JSON object per line (.mjson).\n"
             "IN may be Tenhou mjlog XML, tenhou.net/6 JSON (one object, or one object per hand per line)\n"
             "or mjai .mjson; any of them may be gzipped. The format is told from the content.\n"
             "OUT ending in .gz is gzipped; without -o (or with -o -) the events go to stdout.\n"
             "Three-player games are refused.\n",
    .options = options,
    .pos = {CLI_POS_ONE_AT(in), .metavar = "IN", .min = 1, .help = "the game record to read",
            .missing = "no input file given", .too_many = "one input file only"},
    .epilog = "Exit status: 0 converted, 1 unreadable input or output, 2 bad usage.\n",
};
#undef OPTS

static const char *const source_names[] = {"mjson", "mjlog", "tenhou6"};

int cmd_convert(int argc, char **argv)
{
    convert_opts opt = {0};
    int r = cli_parse(&spec, argc, argv, &opt);
    if (r != CLI_GO)
        return r;
    const char *in = opt.in, *out = opt.out;
    bool json = opt.json;
    if (json && !strcmp(out, "-"))
        return cli_usage_error(CMD, "--json and the record would both go to stdout: give -o FILE");

    jong_mjai_log log;
    jong_mjai_log_init(&log);
    jong_error err;
    jong_record_limits lim = cli_record_limits(opt.max_record_mb, opt.max_gzip_layers);
    if (jong_mjai_read_file_limited(in, &lim, &log, &err)) {
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
