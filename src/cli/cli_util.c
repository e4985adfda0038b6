/* Helpers shared by the `jong` subcommands. */
#include "cli_util.h"

#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <zlib.h>
#include <strings.h>
#include <sys/stat.h>

bool cli_is_help(const char *arg)
{
    return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "jong %s: ", cmd);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, " (see 'jong %s --help')\n", cmd);
    va_end(ap);
    return CLI_USAGE;
}

int cli_fail(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "jong %s: ", cmd);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return CLI_FAIL;
}

/* What to do about a hand the notation or the rules refused, in the command line's words (the
 * function forms, for Python and the web page, keep the library's message as it is): the letters
 * a hand is written with, the rules a hand of that size is for. */
const char *cli_error_hint(const char *msg)
{
    int tiles;
    char family[16];
    if (strstr(msg, "unknown letter"))
        return " (a hand is digits and their suit, m p s or z in lower case, or the letters E S W N P F C)";
    /* "N tiles (melds count 3), FAMILY rules need ...": back from the words to N's first digit */
    const char *count = strstr(msg, " tiles (melds count 3), ");
    while (count && count > msg && count[-1] >= '0' && count[-1] <= '9')
        count--;
    if (count && sscanf(count, "%d tiles (melds count 3), %15s rules", &tiles, family) == 2) {
        if (!strcmp(family, "riichi") && (tiles == 16 || tiles == 17))
            return "; a Taiwanese hand has 16 or 17: --rules taiwan";
        if (!strcmp(family, "taiwan") && (tiles == 13 || tiles == 14))
            return "; a riichi hand has 13 or 14: --rules riichi";
    }
    return "";
}

void cli_format_error(const jong_error *err, char *buf, size_t n)
{
    /* The library's message already names the place ("position 3: unknown letter 'x'", counting
     * from 0 as its other positions do); only an empty message needs one made up here. */
    if (err->msg[0])
        snprintf(buf, n, "%s", err->msg);
    else if (err->pos >= 0)
        snprintf(buf, n, "position %d: %s", err->pos, jong_errcode_name(err->code));
    else
        snprintf(buf, n, "%s", jong_errcode_name(err->code));
}

int cli_input_error(const char *cmd, const char *input, const jong_error *err)
{
    char why[256];
    cli_format_error(err, why, sizeof why);
    return cli_fail(cmd, "%s: %s%s", input, why, cli_error_hint(why));
}

int cli_input_why(bool api, const char *opt, const char *text, const char *why, char *out, size_t n)
{
    if (api)
        snprintf(out, n, "%s: %s", opt ? opt : "hand", why);
    else if (opt)
        snprintf(out, n, "--%s %s: %s%s", opt, text, why, cli_error_hint(why));
    else
        snprintf(out, n, "%s: %s%s", text, why, cli_error_hint(why));
    return CLI_FAIL;
}

int cli_rules_parse(const char *text)
{
    if (!strcasecmp(text, "riichi"))
        return JONG_VARIANT_RIICHI;
    if (!strcasecmp(text, "taiwan"))
        return JONG_VARIANT_TAIWAN;
    return -1;
}

int cli_rules_of_hand(const char *hand)
{
    jong_hand h;
    jong_error err;
    if (!hand || jong_parse_hand(hand, &h, &err) != JONG_OK)
        return -1;
    int n = cli_hand_size(&h);
    return n == 16 || n == 17 ? JONG_VARIANT_TAIWAN : n == 13 || n == 14 ? JONG_VARIANT_RIICHI : -1;
}

const char *cli_rules_name(jong_variant v)
{
    return v == JONG_VARIANT_TAIWAN ? "taiwan" : "riichi";
}

int cli_hand_size(const jong_hand *h)
{
    return jong_hand_concealed_count(h) + 3 * h->nmelds;
}

int cli_parse_wind(const char *s)
{
    static const char names[] = "ESWN";
    if (s[0] && !s[1]) {
        if (s[0] >= '0' && s[0] <= '3')
            return s[0] - '0';
        const char *p = strchr(names, s[0]);
        if (p)
            return (int)(p - names);
    }
    return -1;
}

int cli_append_word(const char *cmd, char *text, size_t size, const char *word, const char *what)
{
    size_t used = strlen(text);
    if (used + 1 + strlen(word) >= size)
        return cli_usage_error(cmd, "%s is longer than %zu characters", what, size - 1);
    if (used)
        text[used++] = ' ';
    strcpy(text + used, word);
    return CLI_OK;
}

int cli_make_dirs(const char *path)
{
    char buf[4096];
    size_t n = strlen(path);
    if (n == 0 || n >= sizeof buf) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(buf, path, n + 1);
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = 0;
        if (mkdir(buf, 0777) && errno != EEXIST)
            return -1;
        *p = '/';
    }
    return mkdir(buf, 0777) && errno != EEXIST ? -1 : 0;
}

jong_variant cli_rules_of_preset(const char *preset, jong_variant v)
{
    int pv = preset ? jong_ruleset_preset_variant(preset) : -1;
    return pv >= 0 ? (jong_variant)pv : v;
}

int cli_build_ruleset(const char *cmd, const char *preset, const char *opt, jong_variant v,
                      const char *const *settings, int n, int hands, jong_ruleset *rs)
{
    jong_error err;
    jong_error_clear(&err);
    jong_ruleset_default(rs, v);
    if (preset && jong_ruleset_preset(rs, preset, &err))
        return cli_usage_error(cmd, "--preset %s: %s", preset, err.msg);
    for (int k = 0; k < n; k++) {
        jong_error_clear(&err);
        if (jong_ruleset_apply(rs, settings[k], &err))
            return cli_usage_error(cmd, "%s %s: %s", opt, settings[k], err.msg);
    }
    if (hands > 0) {
        char buf[16];
        snprintf(buf, sizeof buf, "%d", hands);
        jong_ruleset_set(rs, "hands", buf, NULL);
    }
    return 0;
}

int cli_refuse_three_players(const char *cmd, const jong_ruleset *rs)
{
    if (!rs->three_player)
        return 0;
    return cli_usage_error(cmd, "three players (three_player=on): only self-play (jong play) and jong replay "
                                "have them yet");
}

bool cli_is_jong_record(const char *path)
{
    /* zlib reads a plain file as it is, so a gzipped Jong record is told apart too */
    gzFile f = gzopen(path, "rb");
    if (!f)
        return true;
    char buf[256];
    int n = gzread(f, buf, sizeof buf - 1);
    gzclose(f);
    buf[n > 0 ? n : 0] = 0;
    return strstr(buf, "\"jong_record\"") != NULL;
}

FILE *cli_open_jong_record(const char *path, const jong_record_limits *lim, char **text, jong_error *err)
{
    *text = NULL;
    FILE *f = fopen(path, "rb");
    if (!f) {
        jong_error_set(err, JONG_ERR_IO, -1, "%s: %s", path, strerror(errno));
        return NULL;
    }
    int b0 = getc(f), b1 = getc(f);
    if (!(b0 == 0x1f && b1 == 0x8b)) {
        rewind(f); /* plain: streamed as it is, however long the game */
        return f;
    }
    fclose(f);
    /* gzipped: unpacked within the limits, then read from memory */
    size_t len;
    if (jong_record_load(path, lim, text, &len, err))
        return NULL;
    /* an empty buffer cannot be a memory stream: an empty file reads the same */
    f = len ? fmemopen(*text, len, "rb") : fopen("/dev/null", "rb");
    if (!f) {
        jong_error_set(err, JONG_ERR_IO, -1, "%s: %s", path, strerror(errno));
        free(*text);
        *text = NULL;
    }
    return f;
}

jong_record_limits cli_record_limits(int max_record_mb, int max_gzip_layers)
{
    return (jong_record_limits){.max_bytes = (size_t)max_record_mb << 20, .max_layers = max_gzip_layers};
}

int cli_print_json(const char *cmd, json_t *root)
{
    char *text = json_dumps(root, JSON_COMPACT);
    json_decref(root);
    if (!text)
        return cli_fail(cmd, "out of memory writing JSON");
    puts(text);
    free(text);
    return CLI_OK;
}
