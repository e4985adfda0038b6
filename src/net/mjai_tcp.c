/* The mjai bot on streams: stdin/stdout, or a TCP client of a reference-style server
 * ("mjsonp"): connect, answer the server's hello with join, then answer every line with one
 * line until the server closes. */
#include <errno.h>
#include <netdb.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "jong/mjai.h"

/* The next line of in, without its newline, into *buf: its length, or -1 at the end of the
 * input (or a read ended by a signal). A line over JONG_MJAI_LINE_MAX bytes is read to its end
 * but not kept (*too_long): a peer cannot make the bot hold more than that. */
static long read_line(FILE *in, char **buf, size_t *cap, bool *too_long)
{
    size_t n = 0;
    int c;
    *too_long = false;
    while ((c = getc(in)) != EOF && c != '\n') {
        if (n >= JONG_MJAI_LINE_MAX) {
            *too_long = true;
            continue;
        }
        if (n + 1 >= *cap) {
            size_t grown = *cap ? 2 * *cap : 4096;
            if (grown > JONG_MJAI_LINE_MAX + 1)
                grown = JONG_MJAI_LINE_MAX + 1;
            char *b = realloc(*buf, grown);
            if (!b)
                return -1;
            *buf = b;
            *cap = grown;
        }
        (*buf)[n++] = (char)c;
    }
    if (c == EOF && n == 0 && !*too_long)
        return -1;
    if (!*cap && !(*buf = malloc(*cap = 1)))
        return -1;
    (*buf)[n] = 0;
    return (long)n;
}

int jong_mjai_bot_run_stream(jong_mjai_bot *b, FILE *in, FILE *out, jong_mjai_log_fn log, void *log_ctx,
                             jong_error *err)
{
    char *line = NULL;
    size_t cap = 0;
    long len;
    long lineno = 0;
    int rc = JONG_OK;
    bool too_long;
    while ((len = read_line(in, &line, &cap, &too_long)) >= 0) {
        lineno++;
        while (len > 0 && line[len - 1] == '\r')
            line[--len] = 0;
        if (len == 0 && !too_long)
            continue;
        char *reply = NULL;
        jong_error e;
        int lrc = too_long ? jong_error_set(&e, JONG_ERR_ARG, -1, "longer than %d bytes: not read", JONG_MJAI_LINE_MAX)
                           : jong_mjai_bot_line(b, line, (size_t)len, &reply, &e);
        if (lrc == JONG_ERR_STOPPED) {
            rc = jong_error_set(err, lrc, -1, "stopped before line %ld", lineno);
            break;
        }
        if (lrc) {
            if (log)
                log(log_ctx, lineno, e.msg);
            reply = jong_mjai_bot_react(b) ? NULL : strdup("{\"type\":\"none\"}");
        } else if (log && jong_mjai_bot_warning(b)[0]) {
            log(log_ctx, lineno, jong_mjai_bot_warning(b));
        }
        if (reply && (fprintf(out, "%s\n", reply) < 0 || fflush(out)))
            rc = jong_error_set(err, JONG_ERR_IO, -1, "cannot write the answer to line %ld", lineno);
        free(reply);
        if (rc)
            break;
    }
    free(line);
    return rc;
}

int jong_mjai_parse_url(const char *url, char *host, size_t hn, int *port, char *room, size_t rn, jong_error *err)
{
    const char *p = url;
    if (!strncmp(p, "mjsonp://", 9))
        p += 9;
    else if (strstr(p, "://"))
        return jong_error_set(err, JONG_ERR_ARG, -1, "%s: only mjsonp:// addresses are supported", url);
    /* an IPv6 address stands in brackets ("[::1]:11600"), as in any URL; rest is what follows
     * the host: nothing, ":port", "/room" */
    const char *hstart = p, *hend, *rest;
    if (*p == '[') {
        hstart = p + 1;
        hend = strchr(hstart, ']');
        if (!hend)
            return jong_error_set(err, JONG_ERR_ARG, -1, "%s: '[' without its ']'", url);
        rest = hend + 1;
        if (*rest && *rest != ':' && *rest != '/')
            return jong_error_set(err, JONG_ERR_ARG, -1, "%s: ':' or '/' expected after ']'", url);
    } else {
        hend = rest = p + strcspn(p, ":/");
    }
    if (hend == hstart || (size_t)(hend - hstart) >= hn)
        return jong_error_set(err, JONG_ERR_ARG, -1, "%s: no host", url);
    memcpy(host, hstart, (size_t)(hend - hstart));
    host[hend - hstart] = 0;
    const char *slash = strchr(rest, '/');
    *port = 11600;
    if (*rest == ':') {
        char *end;
        long v = strtol(rest + 1, &end, 10);
        if (end == rest + 1 || v < 1 || v > 65535 || (*end && *end != '/'))
            return jong_error_set(err, JONG_ERR_ARG, -1, "%s: bad port", url);
        *port = (int)v;
    }
    snprintf(room, rn, "%s", slash && slash[1] ? slash + 1 : "default");
    return JONG_OK;
}

int jong_mjai_bot_run_tcp(jong_mjai_bot *b, const char *url, jong_mjai_log_fn log, void *log_ctx, jong_error *err)
{
    char host[256], room[JONG_MJAI_NAME_MAX], port_text[16];
    int port;
    if (jong_mjai_parse_url(url, host, sizeof host, &port, room, sizeof room, err))
        return err ? err->code : JONG_ERR_ARG;
    jong_mjai_bot_set_room(b, room);
    snprintf(port_text, sizeof port_text, "%d", port);
    struct addrinfo hints, *res = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    int gai = getaddrinfo(host, port_text, &hints, &res);
    if (gai)
        return jong_error_set(err, JONG_ERR_IO, -1, "%s: %s", url, gai_strerror(gai));
    int fd = -1, last_errno = 0;
    for (struct addrinfo *a = res; a && fd < 0; a = a->ai_next) {
        fd = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
        if (fd >= 0 && connect(fd, a->ai_addr, a->ai_addrlen) != 0) {
            last_errno = errno;
            close(fd);
            fd = -1;
        }
    }
    freeaddrinfo(res);
    if (fd < 0)
        return jong_error_set(err, JONG_ERR_IO, -1, "%s: cannot connect: %s", url, strerror(last_errno));
    FILE *in = fdopen(fd, "r");
    int wfd = dup(fd);
    FILE *out = wfd >= 0 ? fdopen(wfd, "w") : NULL;
    if (!in || !out) {
        if (in)
            fclose(in);
        else
            close(fd);
        if (wfd >= 0 && !out)
            close(wfd);
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    }
    int rc = jong_mjai_bot_run_stream(b, in, out, log, log_ctx, err);
    if (rc && rc != JONG_ERR_STOPPED)
        jong_error_set(err, JONG_ERR_IO, -1, "%s: the server closed the connection", url);
    fclose(out);
    fclose(in);
    return rc;
}

