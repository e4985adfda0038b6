/* Lines over a socket with a time limit (see line_conn.h). Polls in slices of 50 ms so that a
 * stop flag raised from another thread is seen soon. */
#include "line_conn.h"

#include <errno.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

void line_conn_init(line_conn *c, int fd)
{
    c->fd = fd;
    c->n = 0;
}

void line_conn_close(line_conn *c)
{
    if (c->fd >= 0)
        close(c->fd);
    c->fd = -1;
    c->n = 0;
}

bool line_conn_write(line_conn *c, const char *s, size_t n)
{
    if (c->fd < 0)
        return false;
    while (n > 0) {
        ssize_t w = send(c->fd, s, n, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        s += w;
        n -= (size_t)w;
    }
    return true;
}

line_status line_conn_read(line_conn *c, int timeout_ms, const atomic_bool *stop, size_t *len)
{
    int waited = 0;
    for (;;) {
        char *nl = memchr(c->buf, '\n', c->n);
        if (nl) {
            *nl = 0;
            *len = (size_t)(nl - c->buf);
            return LINE_OK;
        }
        if (c->fd < 0 || c->n == sizeof c->buf)
            return LINE_DEAD;
        if (waited >= timeout_ms || (stop && atomic_load(stop)))
            return LINE_LATE;
        struct pollfd p = {c->fd, POLLIN, 0};
        int slice = timeout_ms - waited < 50 ? timeout_ms - waited : 50;
        int r = poll(&p, 1, slice);
        waited += r == 0 ? slice : 1; /* no clock is read: a peer that trickles bytes still runs out */
        if (r < 0 && errno != EINTR)
            return LINE_DEAD;
        if (r > 0) {
            ssize_t got = read(c->fd, c->buf + c->n, sizeof c->buf - c->n);
            if (got < 0 && errno == EINTR)
                continue;
            if (got <= 0)
                return LINE_DEAD; /* the peer closed its end */
            c->n += (size_t)got;
        }
    }
}

void line_conn_drop(line_conn *c, size_t len)
{
    memmove(c->buf, c->buf + len + 1, c->n - len - 1);
    c->n -= len + 1;
}

bool line_conn_has_line(const line_conn *c)
{
    return memchr(c->buf, '\n', c->n) != NULL;
}

int line_conn_drain(line_conn *c)
{
    struct pollfd p = {c->fd, POLLIN, 0};
    while (c->fd >= 0 && c->n < sizeof c->buf && poll(&p, 1, 0) > 0 && (p.revents & POLLIN)) {
        ssize_t got = read(c->fd, c->buf + c->n, sizeof c->buf - c->n);
        if (got <= 0)
            break; /* closed or failed: the next read says so */
        c->n += (size_t)got;
    }
    int lines = 0;
    for (char *nl; (nl = memchr(c->buf, '\n', c->n)); lines++)
        line_conn_drop(c, (size_t)(nl - c->buf));
    return lines;
}
