/* Lines over a socket with a time limit: what the outside-bot player (ext:) and the mjai
 * server's remote seats share. Writes never raise SIGPIPE (a peer that died is an error). */
#ifndef JONG_LINE_CONN_H
#define JONG_LINE_CONN_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct {
    int fd;           /* -1 when closed */
    char buf[65536];  /* read and not yet consumed */
    size_t n;
} line_conn;

typedef enum {
    LINE_OK,    /* a line is in buf (NUL-terminated in place of its '\n'); consume it with line_conn_drop */
    LINE_DEAD,  /* the peer closed, failed, or wrote a line longer than buf */
    LINE_LATE,  /* no whole line within the time limit (or stop was raised) */
} line_status;

void line_conn_init(line_conn *c, int fd);
/* Close the socket (if open) and forget what was read. */
void line_conn_close(line_conn *c);
/* All n bytes, or false. */
bool line_conn_write(line_conn *c, const char *s, size_t n);
/* The next line within timeout_ms (checking stop, which may be NULL, every 50 ms); *len its length. */
line_status line_conn_read(line_conn *c, int timeout_ms, const atomic_bool *stop, size_t *len);
/* Consume the line of length len that line_conn_read returned. */
void line_conn_drop(line_conn *c, size_t len);
/* Take in what the peer has sent by now, without waiting, and drop every whole line of it;
 * returns how many were dropped (lines nobody asked for: a bot that spoke out of turn). */
int line_conn_drain(line_conn *c);
/* Whether a whole line is already read and waiting in buf. */
bool line_conn_has_line(const line_conn *c);

#endif
