/* Helpers shared by the `jong` subcommands. */
#include "cli_util.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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
    return cli_fail(cmd, "%s: %s", input, why);
}

int cli_option_value(const char *cmd, int argc, char **argv, int *i, const char *name,
                     const char **value)
{
    const char *arg = argv[*i];
    size_t len = strlen(name);
    if (strncmp(arg, name, len) != 0)
        return 0;
    if (arg[len] == '=') {
        *value = arg + len + 1;
        return 1;
    }
    if (arg[len] != '\0')
        return 0; /* a longer option that merely starts with this name */
    if (*i + 1 >= argc) {
        cli_usage_error(cmd, "%s needs a value", name);
        return -1;
    }
    *value = argv[++*i];
    return 1;
}

int cli_parse_rules(const char *cmd, const char *text, jong_variant *out)
{
    if (strcmp(text, "riichi") == 0)
        *out = JONG_VARIANT_RIICHI;
    else if (strcmp(text, "taiwan") == 0)
        *out = JONG_VARIANT_TAIWAN;
    else
        return cli_usage_error(cmd, "--rules: unknown rules '%s' (riichi or taiwan)", text);
    return CLI_OK;
}

const char *cli_rules_name(jong_variant v)
{
    return v == JONG_VARIANT_TAIWAN ? "taiwan" : "riichi";
}

int cli_hand_size(const jong_hand *h)
{
    return jong_hand_concealed_count(h) + 3 * h->nmelds;
}
