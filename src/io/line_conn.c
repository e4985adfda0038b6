/* Lines over a socket with time limits (see line_conn.h). The socket is used without blocking
 * (MSG_DONTWAIT); waits are polls in slices of SLICE_MS, so that a stop flag raised from another
 * thread is seen soon, each slice ending at the deadline at the latest. */
#include "line_conn.h"

#include <errno.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

enum { SLICE_MS = 50 };

line_deadline line_deadline_in(int64_t ms, int64_t (*now_ms)(void), const atomic_bool *stop)
{
    line_deadline dl = {.now_ms = now_ms, .left_ms = ms > 0 ? ms : 0, .stop = stop};
    if (now_ms)
        dl.at_ms = now_ms() + dl.left_ms;
    return dl;
}

/* Wait until fd is ready for events: 1 ready, 0 the deadline passed (or stop), -1 failed. */
static int wait_ready(int fd, short events, line_deadline *dl)
{
    for (;;) {
        if (dl->stop && atomic_load(dl->stop))
            return 0;
        int64_t left = dl->now_ms ? dl->at_ms - dl->now_ms() : dl->left_ms;
        if (left <= 0)
            return 0;
        int slice = left < SLICE_MS ? (int)left : SLICE_MS;
        struct pollfd p = {fd, events, 0};
        int r = poll(&p, 1, slice);
        if (!dl->now_ms)
            dl->left_ms -= slice; /* a wake-up costs its whole slice: a trickling peer still runs out */
        if (r < 0 && errno != EINTR)
            return -1;
        if (r > 0)
            return 1;
    }
}

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

line_status line_conn_write(line_conn *c, const char *s, size_t n, line_deadline *dl)
{
    if (c->fd < 0)
        return LINE_DEAD;
    while (n > 0) {
        ssize_t w = send(c->fd, s, n, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (w > 0) {
            s += w;
            n -= (size_t)w;
            continue;
        }
        if (w < 0 && errno == EINTR)
            continue;
        if (w == 0 || (errno != EAGAIN && errno != EWOULDBLOCK))
            return LINE_DEAD;
        /* the peer's buffers are full: it is not reading */
        int r = wait_ready(c->fd, POLLOUT, dl);
        if (r <= 0)
            return r < 0 ? LINE_DEAD : LINE_LATE;
    }
    return LINE_OK;
}

line_status line_conn_read(line_conn *c, line_deadline *dl, size_t *len)
{
    for (;;) {
        char *nl = memchr(c->buf, '\n', c->n);
        if (nl) {
            *nl = 0;
            *len = (size_t)(nl - c->buf);
            return LINE_OK;
        }
        if (c->fd < 0 || c->n == sizeof c->buf)
            return LINE_DEAD;
        ssize_t got = recv(c->fd, c->buf + c->n, sizeof c->buf - c->n, MSG_DONTWAIT);
        if (got > 0) {
            c->n += (size_t)got;
            continue;
        }
        if (got < 0 && errno == EINTR)
            continue;
        if (got == 0 || (errno != EAGAIN && errno != EWOULDBLOCK))
            return LINE_DEAD; /* the peer closed its end, or the socket failed */
        int r = wait_ready(c->fd, POLLIN, dl);
        if (r <= 0)
            return r < 0 ? LINE_DEAD : LINE_LATE;
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
