/* `jong replay FILE... --verify`: re-runs game records through the engine and checks that every
 * recorded event is what the engine does (see docs/records.md). */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dirent.h>
#include <sys/stat.h>

#include "cli_options.h"
#include "cli_util.h"
#include "commands.h"
#include "jong/mjai.h"
#include "replay_print.h"

#define CMD "replay"

typedef struct {
    cli_args files;
    bool verify, json, quiet, allow_cut;
    int max_record_mb, max_gzip_layers;
    cli_list rule;
    const char *preset;
} replay_opts;

#define OPTS replay_opts
static const cli_option options[] = {
    {"--verify", CLI_FLAG(verify), NULL, "check the records; without it, print the games"},
    {"--json", CLI_FLAG(json), NULL, "one JSON object on stdout: {\"ok\":..., \"files\":[{\"file\",\"ok\","
     "\"games\",\"hands\",\"events\"} or {\"file\",\"ok\":false,\"line\",\"error\"}]}; with imported games "
     "also \"imported\":{\"checked\",\"equal\",\"different\",\"skipped\",\"unreadable\",\"cut\",\"midgame\","
     "\"differences\":[{\"file\",\"event\",\"error\"}...]} (the first 100)"},
    {"--quiet", CLI_FLAG(quiet), NULL, "print nothing for files that verify"},
    {"--allow-cut", CLI_FLAG(allow_cut), NULL, "an imported record that stops before its game's end (equal "
     "as far as it goes) is no failure; without it, it fails the run"},
    CLI_RECORD_LIMIT_OPTIONS,
    {"--rule", CLI_LIST(rule), "NAME=VALUE", "a riichi rule option for the imported games (repeatable); "
     "a Jong record's rules are its header's"},
    CLI_RULE_PRESET_OPTION(),
    CLI_END,
};

static const cli_command spec = {
    .name = CMD,
    .usage = "jong replay FILE... [--verify [--json] [--quiet]]",
    .about = "Without --verify: prints each game of each record as the engine replays it, hand by hand (the\n"
             "deal, every draw, discard, call and kong, each result with its value and the scores).\n"
             "\n"
             "With --verify: re-runs each game of each record file (written by jong play --log) through the engine: the\n"
             "walls come from the header's rules, seed and game number, the players' answers from the\n"
             "recorded events, and every event the engine produces must equal the recorded line.\n"
             "Prints per file \"FILE: verified N games, H hands, E events\", or the first error as\n"
             "\"jong replay: FILE:LINE: message\" on stderr. FILE - reads stdin.\n"
             "\n"
             "Imported games (Tenhou mjlog XML, tenhou.net/6 JSON, mjai .mjson, plain or gzipped; a\n"
             "DIRECTORY is searched for .xml .mjlog .json .mjson .gz files) are replayed through the riichi\n"
             "engine: walls rebuilt from the record, every action the record's, every event the engine\n"
             "emits equal to the record's (scores, deltas, yaku, dora, the hand sequence, the final\n"
             "scores). Each game that differs prints \"jong replay: FILE: event N: what differs\"; the end\n"
             "prints \"imported: N games checked, E equal, D different, S three-player skipped, U\n"
             "unreadable; C cut short (equal up to their end), M starting after East 1 (not replayed)\".\n"
             "A record cut short fails the run unless --allow-cut is given. Imported games replay under\n"
             "today's Tenhou rules with the record's length and red fives; --preset and --rule change\n"
             "the other options (--preset tenhou2009 for the games of March 2009, docs/mjai.md).\n"
             "Progress goes to stderr every 1000 files.\n",
    .options = options,
    .pos = {CLI_POS_LIST_AT(files), .metavar = "FILE...", .min = 1,
            .help = "Jong records, imported games or directories of them; - reads stdin",
            .missing = "no record file given"},
    .epilog = "Exit status: 0 all verified, 1 a file failed, 2 bad usage.\n",
};
#undef OPTS

/* The message without the library's "line N: " prefix, which the FILE:LINE form replaces. */
static const char *strip_line(const jong_error *err, int line)
{
    char prefix[32];
    int n = snprintf(prefix, sizeof prefix, "line %d: ", line);
    if (line > 0 && n > 0 && !strncmp(err->msg, prefix, (size_t)n))
        return err->msg + n;
    return err->msg;
}

/* ---- imported games (mjai, mjlog, tenhou.net/6) ---- */

typedef struct {
    long files, checked, equal, different, skipped, unreadable, cut, midgame;
    bool quiet, allow_cut;
    jong_record_limits lim;
    const jong_ruleset *rules; /* of the imported games */
    json_t *diffs; /* the first 100 differences (--json) */
} import_stats;

static bool record_name(const char *name)
{
    static const char *const ext[] = {".xml", ".mjlog", ".json", ".mjson", ".gz"};
    size_t l = strlen(name);
    for (size_t i = 0; i < sizeof ext / sizeof ext[0]; i++) {
        size_t e = strlen(ext[i]);
        if (l > e && !strcmp(name + l - e, ext[i]))
            return true;
    }
    return false;
}

static void import_one(const char *path, import_stats *st)
{
    jong_mjai_log log;
    jong_mjai_log_init(&log);
    jong_error err;
    st->files++;
    if (st->files % 1000 == 0)
        fprintf(stderr, "jong replay: %ld files, %ld games checked, %ld equal\n", st->files, st->checked, st->equal);
    if (jong_mjai_read_file_limited(path, &st->lim, &log, &err)) {
        if (log.players == 3) {
            st->skipped++;
        } else {
            st->unreadable++;
            cli_fail(CMD, "%s", err.msg);
        }
        jong_mjai_log_free(&log);
        return;
    }
    st->checked++;
    jong_mjai_replay_stats rs;
    int rc = jong_mjai_replay_rules(&log, st->rules, NULL, &rs, &err);
    if (rc == JONG_OK && rs.cut) {
        st->checked--;
        st->cut++; /* cut short: equal as far as it goes, not counted as a game */
        if (!st->allow_cut) /* a file cut between two lines reads as a shorter game: not verified */
            cli_fail(CMD, "%s: cut short: equal up to its last event (%d events), but the game does not end "
                     "(--allow-cut accepts it)", path, rs.events);
    } else if (rc == JONG_OK) {
        st->equal++;
    } else if (rs.not_from_start) {
        st->checked--;
        st->midgame++;
    } else {
        st->different++;
        if (!st->quiet || st->different <= 100)
            cli_fail(CMD, "%s: event %zu: %s", path, rs.diff_event + 1, rs.diff);
        if (st->diffs && json_array_size(st->diffs) < 100)
            json_array_append_new(st->diffs, json_pack("{s:s, s:I, s:s}", "file", path, "event",
                                                       (json_int_t)rs.diff_event + 1, "error", rs.diff));
    }
    jong_mjai_log_free(&log);
}

static int path_cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* A directory's record files in name order (so runs are repeatable), recursively. */
static void import_dir(const char *dir, import_stats *st)
{
    DIR *d = opendir(dir);
    if (!d) {
        st->unreadable++;
        cli_fail(CMD, "%s: cannot open the directory", dir);
        return;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 256;
            char **p = realloc(names, cap * sizeof *p);
            if (!p)
                break;
            names = p;
        }
        size_t l = strlen(dir) + strlen(e->d_name) + 2;
        names[n] = malloc(l);
        if (!names[n])
            break;
        snprintf(names[n], l, "%s/%s", dir, e->d_name);
        n++;
    }
    closedir(d);
    if (n > 1) /* names is NULL for an empty directory */
        qsort(names, n, sizeof *names, path_cmp);
    for (size_t i = 0; i < n; i++) {
        struct stat sb;
        if (stat(names[i], &sb) == 0 && S_ISDIR(sb.st_mode))
            import_dir(names[i], st);
        else if (record_name(names[i]))
            import_one(names[i], st);
        free(names[i]);
    }
    free(names);
}

int cmd_replay(int argc, char **argv)
{
    replay_opts opt = {0};
    int r = cli_parse(&spec, argc, argv, &opt);
    if (r != CLI_GO)
        return r;
    jong_ruleset rules; /* of the imported games: Tenhou's, or the preset and --rule options */
    /* (the rules of imported games: their three-player games are not replayed yet; a Jong
     * record's own header, three players or not, is what its replay plays) */
    if (cli_build_ruleset(CMD, opt.preset, "--rule", JONG_VARIANT_RIICHI, opt.rule.v, opt.rule.n, 0, &rules) ||
        cli_refuse_three_players(CMD, &rules))
        return CLI_USAGE;
    if (!opt.verify) {
        if (opt.json || opt.quiet)
            return cli_usage_error(CMD, "--json and --quiet go with --verify");
        jong_record_limits lim = cli_record_limits(opt.max_record_mb, opt.max_gzip_layers);
        for (int i = 0; i < opt.files.n; i++) {
            char why[512];
            if (replay_print(opt.files.v[i], &lim, &rules, stdout, why, sizeof why))
                return cli_fail(CMD, "%s", why);
        }
        return CLI_OK;
    }
    bool json = opt.json, quiet = opt.quiet;

    json_t *out = json ? json_object() : NULL, *files = json ? json_array() : NULL;
    int status = CLI_OK;
    import_stats imp = {0};
    imp.quiet = quiet;
    imp.allow_cut = opt.allow_cut;
    imp.lim = cli_record_limits(opt.max_record_mb, opt.max_gzip_layers);
    imp.rules = &rules;
    imp.diffs = json ? json_array() : NULL;
    for (int i = 0; i < opt.files.n; i++) {
        const char *path = opt.files.v[i];
        bool is_stdin = !strcmp(path, "-");
        struct stat sb;
        if (!is_stdin && stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) {
            import_dir(path, &imp);
            continue;
        }
        if (!is_stdin && !cli_is_jong_record(path)) {
            import_one(path, &imp);
            continue;
        }
        jong_replay_stats st;
        jong_error err;
        char *text = NULL;
        FILE *f = is_stdin ? stdin : cli_open_jong_record(path, &imp.lim, &text, &err);
        int rc = f ? jong_replay_verify_stream(f, &st, &err) : (int)err.code;
        if (!f) {
            /* not read at all: no line, and the message without the path the reader put first
             * (the lines below name the file) */
            memset(&st, 0, sizeof st);
            size_t pl = strlen(path);
            if (!strncmp(err.msg, path, pl) && err.msg[pl] == ':' && err.msg[pl + 1] == ' ')
                memmove(err.msg, err.msg + pl + 2, strlen(err.msg + pl + 2) + 1);
        }
        if (f && !is_stdin)
            fclose(f);
        free(text);
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
    if (imp.files) {
        if (imp.different || imp.unreadable || (imp.cut && !imp.allow_cut))
            status = CLI_FAIL;
        if (!json)
            printf("imported: %ld games checked, %ld equal, %ld different, %ld three-player skipped, %ld unreadable"
                   "; %ld cut short (equal up to their end), %ld starting after East 1 (not replayed)\n",
                   imp.checked, imp.equal, imp.different, imp.skipped, imp.unreadable, imp.cut, imp.midgame);
        else
            json_object_set_new(out, "imported",
                                json_pack("{s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:O}", "checked", (json_int_t)imp.checked,
                                          "equal", (json_int_t)imp.equal, "different", (json_int_t)imp.different,
                                          "skipped", (json_int_t)imp.skipped, "unreadable", (json_int_t)imp.unreadable,
                                          "cut", (json_int_t)imp.cut, "midgame", (json_int_t)imp.midgame,
                                          "differences", imp.diffs));
    }
    json_decref(imp.diffs);
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
