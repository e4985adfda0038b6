/* Lines over a socket with time limits: what the outside-bot player (ext:) and the mjai
 * server's remote seats share. Writes never raise SIGPIPE (a peer that died is an error), and
 * neither a read nor a write waits past its deadline: a peer that stops reading (its buffers
 * full) or trickles bytes holds the caller no longer than one that says nothing. */
#ifndef JONG_LINE_CONN_H
#define JONG_LINE_CONN_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    int fd;           /* -1 when closed */
    char buf[65536];  /* read and not yet consumed */
    size_t n;
} line_conn;

typedef enum {
    LINE_OK,    /* done; after a read, a line is in buf (NUL-terminated in place of its '\n'):
                 * consume it with line_conn_drop */
    LINE_DEAD,  /* the peer closed, failed, or wrote a line longer than buf */
    LINE_LATE,  /* not done by the deadline (or stop was raised) */
} line_status;

/* When waiting on the peer ends. The library reads no clock of its own: with the caller's
 * monotonic clock the deadline is wall-clock time; without one, the waiting allowed is counted
 * down by whole polling slices, even when the peer woke the poll early, so that the limit can
 * only come early, never late. */
typedef struct {
    int64_t (*now_ms)(void);   /* the caller's monotonic clock in ms (may be NULL) */
    int64_t at_ms;             /* with now_ms: the deadline on it */
    int64_t left_ms;           /* without: the waiting still allowed */
    const atomic_bool *stop;   /* raised from another thread: give up now (may be NULL) */
} line_deadline;

/* A deadline ms from now (0: never wait, only what can be done at once). */
line_deadline line_deadline_in(int64_t ms, int64_t (*now_ms)(void), const atomic_bool *stop);

void line_conn_init(line_conn *c, int fd);
/* Close the socket (if open) and forget what was read. */
void line_conn_close(line_conn *c);
/* All n bytes by the deadline: LINE_OK, LINE_LATE (part of them may have gone), LINE_DEAD. */
line_status line_conn_write(line_conn *c, const char *s, size_t n, line_deadline *dl);
/* The next line by the deadline; *len its length. */
line_status line_conn_read(line_conn *c, line_deadline *dl, size_t *len);
/* Consume the line of length len that line_conn_read returned. */
void line_conn_drop(line_conn *c, size_t len);
/* Take in what the peer has sent by now, without waiting, and drop every whole line of it;
 * returns how many were dropped (lines nobody asked for: a bot that spoke out of turn). */
int line_conn_drain(line_conn *c);
/* Whether a whole line is already read and waiting in buf. */
bool line_conn_has_line(const line_conn *c);

#endif
