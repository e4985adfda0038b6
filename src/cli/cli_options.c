/* Reading a command line with a command's option table, and its --help (see cli_options.h). */
#include "cli_options.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli_util.h"

#define HELP_WIDTH 80 /* the help's lines are at most this long */
#define HELP_COLUMN 24 /* the option help starts here at the most */

/* Where a value goes (commands without settings pass NULL). */
static void *field(void *opts, size_t at)
{
    return opts ? (char *)opts + at : NULL;
}

int cli_list_add(const char *cmd, const char *name, cli_list *l, const char *value)
{
    if (l->n == CLI_LIST_MAX)
        return cli_usage_error(cmd, "too many %s options (at most %d)", name, CLI_LIST_MAX);
    l->v[l->n++] = value;
    return CLI_OK;
}

/* "a, b or c" */
static void names_text(const char *const *names, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; names[i] && used < n; i++)
        used += (size_t)snprintf(buf + used, n - used, "%s%s", i == 0 ? "" : names[i + 1] ? ", " : " or ",
                                 names[i]);
}

/* 1 + the index of word among names (in any case when any_case), or 0. */
static int one_of(const char *word, const char *const *names, bool any_case)
{
    for (int i = 0; names[i]; i++)
        if (!(any_case ? strcasecmp : strcmp)(word, names[i]))
            return i + 1;
    return 0;
}

/* A bound as people write it: 10000000, not 1e+07. */
static void number_text(double x, char *buf, size_t n)
{
    if (x == floor(x) && fabs(x) < 1e15)
        snprintf(buf, n, "%.0f", x);
    else
        snprintf(buf, n, "%g", x);
}

/* The values a number option takes: "1..100", "> 0", ">= 0 and < 1". */
static void range_text(const cli_option *o, char *buf, size_t n)
{
    if (o->kind == CLI_K_INT) {
        snprintf(buf, n, "%ld..%ld", o->lo, o->hi);
        return;
    }
    char lo[32], hi[32];
    number_text(o->dlo, lo, sizeof lo);
    number_text(o->dhi, hi, sizeof hi);
    bool upper = o->dhi > o->dlo, open_lo = o->flags & CLI_ABOVE_LO, open_hi = o->flags & CLI_BELOW_HI;
    if (upper && !open_lo && !open_hi)
        snprintf(buf, n, "%s..%s", lo, hi);
    else if (upper)
        snprintf(buf, n, "%s %s and %s %s", open_lo ? ">" : ">=", lo, open_hi ? "<" : "<=", hi);
    else
        snprintf(buf, n, "%s %s", open_lo ? ">" : ">=", lo);
}

/* "--game-type" -> "game type": what an enum option's values are called in its message. */
static void option_noun(const char *name, char *buf, size_t n)
{
    snprintf(buf, n, "%s", name + strspn(name, "-"));
    for (char *p = buf; *p; p++)
        if (*p == '-')
            *p = ' ';
}

/* One option's value into opts; `name` is the option as written. */
static int set_value(const cli_command *c, const cli_option *o, const char *name, const char *value, void *opts)
{
    void *p = field(opts, o->at);
    char *end;
    char range[96];
    errno = 0;
    switch (o->kind) {
    case CLI_K_FLAG:
        *(bool *)p = true;
        return CLI_OK;
    case CLI_K_BITS:
        *(unsigned *)p |= o->bits;
        return CLI_OK;
    case CLI_K_INT: {
        long v = strtol(value, &end, 10);
        if (!*value || *end || errno || v < o->lo || v > o->hi)
            return cli_usage_error(c->name, "%s wants a number in %ld..%ld, not '%s'", name, o->lo, o->hi, value);
        *(int *)p = (int)v;
        return CLI_OK;
    }
    case CLI_K_DOUBLE: {
        double v = strtod(value, &end);
        bool upper = o->dhi > o->dlo;
        if (!*value || *end || !isfinite(v) || v < o->dlo || (o->flags & CLI_ABOVE_LO && v == o->dlo) ||
            (upper && (v > o->dhi || (o->flags & CLI_BELOW_HI && v == o->dhi)))) {
            range_text(o, range, sizeof range);
            return cli_usage_error(c->name, "%s wants a number %s%s, not '%s'", name,
                                   isdigit((unsigned char)range[0]) ? "in " : "", range, value);
        }
        *(double *)p = v;
        return CLI_OK;
    }
    case CLI_K_SEED: {
        unsigned long long v = strtoull(value, &end, 10);
        if (!*value || *value == '-' || *end || errno)
            return cli_usage_error(c->name, "%s wants a number 0..2^64-1, not '%s'", name, value);
        *(uint64_t *)p = v;
        return CLI_OK;
    }
    case CLI_K_STRING:
        *(const char **)p = value;
        return CLI_OK;
    case CLI_K_LIST:
        return cli_list_add(c->name, name, p, value);
    case CLI_K_RULES: {
        int v = cli_rules_parse(value);
        if (v < 0)
            return cli_usage_error(c->name, "%s: unknown rules '%s' (riichi or taiwan)", name, value);
        *(jong_variant *)p = (jong_variant)v;
        return CLI_OK;
    }
    case CLI_K_WIND:
        if ((*(int *)p = cli_parse_wind(value)) < 0)
            return cli_usage_error(c->name, "%s: '%s' is not a seat or wind (E S W N or 0-3)", name, value);
        return CLI_OK;
    case CLI_K_ENUM: {
        int i = one_of(value, o->names, true);
        if (i) {
            *(int *)p = i - 1;
            return CLI_OK;
        }
        char noun[64];
        option_noun(o->name, noun, sizeof noun);
        names_text(o->names, range, sizeof range);
        return cli_usage_error(c->name, "%s: unknown %s '%s' (%s)", name, noun, value, range);
    }
    case CLI_K_CALL:
        return o->call(c->name, name, value, opts);
    }
    return CLI_OK;
}

static bool takes_value(const cli_option *o)
{
    return o->kind != CLI_K_FLAG && o->kind != CLI_K_BITS;
}

/* The option that arg ("--name", "--name=value", "-o") is, with *value pointing after the '='. */
static const cli_option *find(const cli_command *c, const char *arg, const char **value)
{
    *value = NULL;
    for (const cli_option *o = c->options; o && o->name; o++) {
        if (o->short_name && arg[1] == o->short_name && !arg[2])
            return o;
        size_t len = strlen(o->name);
        if (strncmp(arg, o->name, len) == 0 && (arg[len] == 0 || arg[len] == '=')) {
            if (arg[len] == '=')
                *value = arg + len + 1;
            return o;
        }
    }
    return NULL;
}

/* A positional word; argv[*npos + 1] is free to take it (every word before it is read). */
static int take_word(const cli_command *c, const char *word, char **argv, int *npos, void *opts)
{
    const cli_positional *ps = &c->pos;
    void *p = field(opts, ps->at);
    switch (ps->kind) {
    case CLI_POS_NONE:
        if (ps->hint)
            return cli_usage_error(c->name, "unexpected argument '%s' (%s)", word, ps->hint);
        return cli_usage_error(c->name, "unexpected argument '%s'", word);
    case CLI_POS_ONE: {
        const char **one = p;
        if (*npos) {
            if (ps->too_many)
                return cli_usage_error(c->name, "%s ('%s' and '%s')", ps->too_many, *one, word);
            return cli_usage_error(c->name, "one %s only ('%s' and '%s')", ps->metavar, *one, word);
        }
        if (ps->names && !one_of(word, ps->names, false)) {
            char noun[64], list[256];
            option_noun(ps->metavar, noun, sizeof noun);
            for (char *q = noun; *q; q++)
                *q = (char)tolower((unsigned char)*q);
            names_text(ps->names, list, sizeof list);
            return cli_usage_error(c->name, "unknown %s '%s' (%s)", noun, word, list);
        }
        *one = word;
        break;
    }
    case CLI_POS_WORDS:
        if (cli_append_word(c->name, p, ps->size, word, ps->metavar))
            return CLI_USAGE;
        break;
    case CLI_POS_LIST:
        if (ps->max && *npos == ps->max)
            return cli_usage_error(c->name, "unexpected argument '%s'", word);
        argv[*npos + 1] = (char *)word;
        break;
    }
    ++*npos;
    return CLI_OK;
}

/* The table's defaults, before the command line. */
static int set_defaults(const cli_command *c, void *opts)
{
    for (const cli_option *o = c->options; o && o->name; o++)
        if (o->def && set_value(c, o, o->name, o->def, opts) != CLI_OK)
            return cli_fail(c->name, "internal error: the default of %s", o->name);
    return CLI_OK;
}

/* "--records DIR and --out FILE are required" when required options are not in `given`. */
static int check_required(const cli_command *c, uint64_t given)
{
    char missing[256] = "";
    size_t used = 0;
    int k = 0, n = 0;
    for (const cli_option *o = c->options; o && o->name; o++, k++)
        if (o->flags & CLI_REQUIRED && k < 64 && !(given >> k & 1) && used < sizeof missing) {
            used += (size_t)snprintf(missing + used, sizeof missing - used, "%s%s%s%s", n ? " and " : "",
                                     o->short_name ? (char[]){'-', o->short_name, 0} : o->name,
                                     o->metavar ? " " : "", o->metavar ? o->metavar : "");
            n++;
        }
    return n ? cli_usage_error(c->name, "%s %s required", missing, n > 1 ? "are" : "is") : CLI_OK;
}

int cli_parse(const cli_command *c, int argc, char **argv, void *opts)
{
    if (set_defaults(c, opts) != CLI_OK)
        return CLI_FAIL;
    uint64_t given = 0; /* bit k: the table's option k is on the command line */
    int npos = 0;
    bool options_end = false;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (options_end || arg[0] != '-' || !arg[1]) {
            if (take_word(c, arg, argv, &npos, opts))
                return CLI_USAGE;
            continue;
        }
        if (!strcmp(arg, "--")) {
            options_end = true;
            continue;
        }
        if (cli_is_help(arg)) {
            cli_print_help(c, stdout);
            return CLI_OK;
        }
        const char *value;
        const cli_option *o = find(c, arg, &value);
        if (!o)
            return cli_usage_error(c->name, "unknown option '%s'", arg);
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)strcspn(arg, "="), arg);
        if (!takes_value(o) && value)
            return cli_usage_error(c->name, "%s takes no value", name);
        if (takes_value(o) && !value) {
            if (i + 1 >= argc)
                return cli_usage_error(c->name, "%s needs a value", name);
            value = argv[++i];
        }
        if (set_value(c, o, name, value, opts) != CLI_OK)
            return CLI_USAGE;
        if (o - c->options < 64)
            given |= 1ull << (o - c->options);
        if (o->given)
            *(unsigned *)field(opts, c->given_at) |= o->given;
    }
    const cli_positional *ps = &c->pos;
    if (ps->kind == CLI_POS_LIST) {
        cli_args *a = field(opts, ps->at);
        a->v = argv + 1;
        a->n = npos;
    }
    if (npos < ps->min) {
        if (ps->missing)
            return cli_usage_error(c->name, "%s", ps->missing);
        return cli_usage_error(c->name, "missing %s", ps->metavar);
    }
    return check_required(c, given) == CLI_OK ? CLI_GO : CLI_USAGE;
}

/* ---- help -------------------------------------------------------------------------------------- */

/* Writes text from column `col` (the cursor is there), wrapped at HELP_WIDTH with each further
 * line indented to col; a '\n' in text starts a new line. */
static void wrap(FILE *f, const char *text, int col)
{
    int x = col;
    bool line_start = true;
    for (const char *p = text; *p;) {
        if (*p == '\n') {
            fprintf(f, "\n%*s", col, "");
            x = col;
            line_start = true;
            p++;
            continue;
        }
        if (*p == ' ') {
            p++;
            continue;
        }
        int len = (int)strcspn(p, " \n");
        if (!line_start && x + 1 + len > HELP_WIDTH) {
            fprintf(f, "\n%*s", col, "");
            x = col;
            line_start = true;
        }
        fprintf(f, "%s%.*s", line_start ? "" : " ", len, p);
        x += len + !line_start;
        line_start = false;
        p += len;
    }
    fputc('\n', f);
}

static bool has_short(const cli_command *c)
{
    for (const cli_option *o = c->options; o && o->name; o++)
        if (o->short_name)
            return true;
    return false;
}

/* "  -o, --output OUT" or "  --games N" */
static void label(const cli_command *c, const cli_option *o, char *buf, size_t n)
{
    char lead[8] = "";
    if (o->short_name)
        snprintf(lead, sizeof lead, "-%c, ", o->short_name);
    else if (has_short(c))
        snprintf(lead, sizeof lead, "    ");
    snprintf(buf, n, "  %s%s%s%s", lead, o->name, o->metavar ? " " : "", o->metavar ? o->metavar : "");
}

/* The option's help with its range and default: "games to play (1..100; default: 1)". */
static void option_help(const cli_option *o, char *buf, size_t n)
{
    char range[96] = "";
    const char *def = o->def_text ? o->def_text : o->def;
    if (o->kind == CLI_K_INT || o->kind == CLI_K_DOUBLE)
        range_text(o, range, sizeof range);
    if (o->flags & CLI_REQUIRED)
        snprintf(buf, n, "%s (%s%srequired)", o->help, range, range[0] ? "; " : "");
    else if (range[0] && def)
        snprintf(buf, n, "%s (%s; default: %s)", o->help, range, def);
    else if (range[0] || def)
        snprintf(buf, n, "%s (%s%s)", o->help, def ? "default: " : "", range[0] ? range : def);
    else
        snprintf(buf, n, "%s", o->help);
}

static void help_line(FILE *f, const char *lab, const char *help, int col)
{
    int len = (int)strlen(lab);
    fputs(lab, f);
    if (len + 2 > col)
        fprintf(f, "\n%*s", col, "");
    else
        fprintf(f, "%*s", col - len, "");
    wrap(f, help, col);
}

/* "usage: jong NAME POS [--opt META]... [--flag]", wrapped under its first option. */
static void print_usage(const cli_command *c, FILE *f)
{
    if (c->usage) {
        fprintf(f, "usage: %s\n", c->usage);
        return;
    }
    int col = fprintf(f, "usage: jong %s", c->name), x = col;
    if (c->pos.metavar)
        x += fprintf(f, " %s", c->pos.metavar);
    for (const cli_option *o = c->options; o && o->name; o++) {
        if (o->flags & CLI_HIDDEN)
            continue;
        char word[128], name[8], values[96];
        bool required = o->flags & CLI_REQUIRED;
        const char *meta = o->metavar ? o->metavar : "";
        snprintf(name, sizeof name, "-%c", o->short_name);
        if (o->kind == CLI_K_RULES || o->kind == CLI_K_ENUM) { /* the values themselves: riichi|taiwan */
            static const char *const rules[] = {"riichi", "taiwan", NULL};
            const char *const *names = o->kind == CLI_K_RULES ? rules : o->names;
            size_t used = 0;
            for (int i = 0; names[i] && used < sizeof values; i++)
                used += (size_t)snprintf(values + used, sizeof values - used, "%s%s", i ? "|" : "", names[i]);
            meta = values;
        }
        snprintf(word, sizeof word, "%s%s%s%s%s%s", required ? "" : "[", o->short_name ? name : o->name,
                 *meta ? " " : "", meta, required ? "" : "]", o->kind == CLI_K_LIST ? "..." : "");
        int len = (int)strlen(word);
        if (x + 1 + len > HELP_WIDTH) {
            fprintf(f, "\n%*s", col, "");
            x = col;
        }
        x += fprintf(f, " %s", word);
    }
    fputc('\n', f);
}

void cli_print_help(const cli_command *c, FILE *f)
{
    print_usage(c, f);
    if (c->about)
        fprintf(f, "\n%s", c->about);
    int col = 0;
    char lab[128];
    for (const cli_option *o = c->options; o && o->name; o++) {
        label(c, o, lab, sizeof lab);
        int len = (int)strlen(lab) + 2;
        if (!(o->flags & CLI_HIDDEN) && len <= HELP_COLUMN && len > col)
            col = len;
    }
    if (c->pos.help) {
        int len = (int)strlen(c->pos.metavar) + 4;
        if (len <= HELP_COLUMN && len > col)
            col = len;
    }
    if (col < 14)
        col = 14;
    if (c->pos.help) {
        fprintf(f, "\narguments:\n");
        snprintf(lab, sizeof lab, "  %s", c->pos.metavar);
        help_line(f, lab, c->pos.help, col);
    }
    fprintf(f, "\noptions:\n");
    char help[1024];
    for (const cli_option *o = c->options; o && o->name; o++) {
        if (o->flags & CLI_HIDDEN)
            continue;
        label(c, o, lab, sizeof lab);
        option_help(o, help, sizeof help);
        help_line(f, lab, help, col);
    }
    help_line(f, "  -h, --help", "this help", col);
    if (c->subs) {
        int w = 0;
        for (const cli_sub *s = c->subs; s->name; s++)
            if ((int)strlen(s->name) > w)
                w = (int)strlen(s->name);
        fprintf(f, "\nsub-commands (jong %s NAME --help for each):\n", c->name);
        for (const cli_sub *s = c->subs; s->name; s++) {
            snprintf(lab, sizeof lab, "  %-*s  ", w, s->name);
            fputs(lab, f);
            wrap(f, s->summary, (int)strlen(lab));
        }
    }
    if (c->epilog)
        fprintf(f, "\n%s", c->epilog);
    if (c->more_help) {
        fputc('\n', f);
        c->more_help(f);
    }
}

/* ---- sub-commands and option look-ups ---------------------------------------------------------- */

bool cli_dispatch(const cli_command *c, int argc, char **argv, int *status)
{
    if (argc > 1)
        for (const cli_sub *s = c->subs; s && s->name; s++)
            if (!strcmp(argv[1], s->name)) {
                *status = s->run(argc - 1, argv + 1);
                return true;
            }
    if (c->options || c->pos.kind != CLI_POS_NONE)
        return false;
    if (argc > 1 && cli_is_help(argv[1])) {
        cli_print_help(c, stdout);
        *status = CLI_OK;
        return true;
    }
    const char *names[32];
    int n = 0;
    for (const cli_sub *s = c->subs; s && s->name && n < 31; s++)
        names[n++] = s->name;
    names[n] = NULL;
    char list[512];
    names_text(names, list, sizeof list);
    if (argc < 2)
        *status = cli_usage_error(c->name, "which sub-command? (%s)", list);
    else
        *status = cli_usage_error(c->name, "unknown sub-command '%s' (%s)", argv[1], list);
    return true;
}

const char *cli_find_option(int argc, char **argv, const char *name, bool *present)
{
    size_t len = strlen(name);
    const char *value = NULL;
    *present = false;
    for (int i = 1; i < argc && strcmp(argv[i], "--"); i++) {
        if (strncmp(argv[i], name, len) != 0 || (argv[i][len] && argv[i][len] != '='))
            continue;
        *present = true; /* the last one counts, as when the options are read */
        value = argv[i][len] ? argv[i] + len + 1 : i + 1 < argc ? argv[i + 1] : NULL;
    }
    return value;
}
