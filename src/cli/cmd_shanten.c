/* `jong shanten`: one hand per line of stdin, one line of numbers per hand on stdout, for
 * scripts and for checking the evaluator against other programs on large files.
 *
 * Output line i always belongs to input line i (an empty line for an empty line, `error` for a
 * line that cannot be read), so the output can be pasted next to the input. One buffer is
 * reused for every line and nothing is allocated per line. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_options.h"
#include "cli_util.h"
#include "commands.h"
#include "jong/jong.h"

#define CMD "shanten"
#define MAX_TILES 17

static const cli_command spec = {
    .name = CMD,
    .usage = "jong shanten < hands.txt",
    .about = "Reads one hand per line: any hand notation (melds allowed), or exactly 34\n"
             "digits 0-4 giving the count of each kind 1m..9m 1p..9p 1s..9s E S W N P F C.\n"
             "Prints per line, space separated:\n"
             "  standard-shanten seven-pairs-shanten thirteen-orphans-shanten MTW(1)..MTW(N+1)\n"
             "with N = 4 sets for hands of up to 14 tiles and 5 sets for 15-17 tiles (declared\n"
             "melds count 3 tiles and as formed sets). Seven pairs and thirteen orphans are\n"
             "`-` unless the hand has 13 or 14 tiles and no melds.\n"
             "An empty line gives an empty line. A bad line gives `error` on stdout and one\n"
             "message on stderr; the exit status is then 1 at the end (2 for bad usage).\n",
    .pos = {.hint = "hands are read from stdin"},
};

/* A line of digits only is a count vector; it must then be 34 digits 0..4. */
static bool all_digits(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (s[i] < '0' || s[i] > '9')
            return false;
    return len > 0;
}

static int parse_counts(const char *s, size_t len, jong_hand *h, jong_error *err, int offset)
{
    if (len != JONG_KINDS)
        return jong_error_set(err, JONG_ERR_SYNTAX, -1,
                              "%zu digits: a line of counts needs exactly %d digits", len, JONG_KINDS);
    jong_hand_clear(h);
    for (int k = 0; k < JONG_KINDS; k++) {
        int c = s[k] - '0';
        if (c > 4)
            return jong_error_set(err, JONG_ERR_FIFTH_COPY, offset + k, "position %d: %d copies of %s (at most 4)",
                                  offset + k, c, jong_kind_name(k, JONG_STYLE_COMPACT));
        h->counts[k] = (uint8_t)c;
    }
    return JONG_OK;
}

/* s holds len characters after `skip` leading blanks; error positions count from the line start. */
static int parse_line(const char *s, size_t skip, size_t len, jong_hand *h, jong_error *err)
{
    int rc;
    if (all_digits(s + skip, len - skip)) {
        /* Positions count from the start of the line, blanks included, as for notation. */
        rc = parse_counts(s + skip, len - skip, h, err, (int)skip);
    } else {
        rc = jong_parse_hand(s, h, err);
    }
    if (rc != JONG_OK)
        return rc;
    int n = cli_hand_size(h);
    if (n < 1 || n > MAX_TILES)
        return jong_error_set(err, JONG_ERR_TILE_COUNT, -1,
                              "%d tiles (melds count 3), this command takes 1 to %d", n, MAX_TILES);
    return JONG_OK;
}

/* Small non-negative or -1 values; faster than printf over a million lines. */
static char *put_int(char *p, int v)
{
    if (v == JONG_UNDEFINED) {
        *p++ = '-';
        return p;
    }
    if (v < 0) {
        *p++ = '-';
        v = -v;
    }
    char tmp[12];
    int n = 0;
    do
        tmp[n++] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    while (n)
        *p++ = tmp[--n];
    return p;
}

/* Writes the numbers for one valid hand into out (which holds at least 64 bytes). */
static size_t evaluate(const jong_hand *h, char *out)
{
    int tiles = cli_hand_size(h);
    int n = tiles <= 14 ? 4 : 5;
    /* The variant only fixes the set count here: 4 sets up to 14 tiles, 5 above. */
    jong_shanten3 sh;
    jong_hand_shanten(h, n == 4 ? JONG_VARIANT_RIICHI : JONG_VARIANT_TAIWAN, JONG_FORMS_ALL, &sh);
    int mtw[JONG_MTW_MAX + 1];
    jong_hand_mtw_table(h, n + 1, mtw);

    char *p = out;
    p = put_int(p, sh.standard);
    *p++ = ' ';
    p = put_int(p, sh.chiitoi);
    *p++ = ' ';
    p = put_int(p, sh.kokushi);
    for (int c = 1; c <= n + 1; c++) {
        *p++ = ' ';
        p = put_int(p, mtw[c]);
    }
    *p++ = '\n';
    return (size_t)(p - out);
}

/* Drops the line end and trailing blanks (they carry no tiles, and CRLF files are common). */
static size_t trim_end(const char *s, size_t len)
{
    while (len && (s[len - 1] == '\n' || s[len - 1] == '\r' || s[len - 1] == ' ' || s[len - 1] == '\t'))
        len--;
    return len;
}

int cmd_shanten(int argc, char **argv)
{
    int r = cli_parse(&spec, argc, argv, NULL);
    if (r != CLI_GO)
        return r;
    char *line = NULL;
    size_t cap = 0;
    ssize_t got;
    long lineno = 0, failed = 0;
    char out[128];
    while ((got = getline(&line, &cap, stdin)) >= 0) {
        lineno++;
        size_t len = trim_end(line, (size_t)got);
        line[len] = '\0';
        size_t skip = strspn(line, " \t");
        if (skip == len) {
            fputc('\n', stdout);
            continue;
        }
        jong_hand h;
        jong_error err;
        jong_error_clear(&err);
        if (parse_line(line, skip, len, &h, &err) != JONG_OK) {
            char why[256];
            cli_format_error(&err, why, sizeof why);
            fprintf(stderr, "jong %s: line %ld: %s%s\n", CMD, lineno, why, cli_error_hint(why));
            fputs("error\n", stdout);
            failed++;
            continue;
        }
        fwrite(out, 1, evaluate(&h, out), stdout);
    }
    int read_errno = ferror(stdin) ? errno : 0;
    free(line);
    if (read_errno)
        return cli_fail(CMD, "reading stdin: %s", strerror(read_errno));
    if (fflush(stdout) != 0)
        return cli_fail(CMD, "writing stdout: %s", strerror(errno));
    return failed ? CLI_FAIL : CLI_OK;
}
