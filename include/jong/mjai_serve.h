/* The mjai server (`jong serve`): riichi tables whose seats are mjsonp clients over TCP, Jong's
 * own players, or commands it runs (the ext: player). The tables are the engine's own
 * (jong_table): a client is a jong_player whose decisions are asked over its socket. */
#ifndef JONG_MJAI_SERVE_H
#define JONG_MJAI_SERVE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "jong/error.h"
#include "jong/mjai.h"
#include "jong/player.h"
#include "jong/rules.h"
#include "jong/table.h"

/* The server side of mjsonp: a seat whose player is a client on a connected socket. Every event
 * the seat sees goes to the client as one line, and every line gets exactly one answer back. An
 * event the seat must decide on carries "possible_actions" (every legal answer but "none") and,
 * after its own chi, pon or reach, "cannot_dahai" (the tiles it may not discard). An answer is
 * checked against the engine's legal actions; a malformed, unknown, out-of-turn or illegal one
 * gets {"type":"error","message":...}, a line to say(), and (at a decision) the table's default
 * action through the fault policy. A client that disconnects or does not answer within
 * timeout_ms is dropped: its seat plays the default actions to the end of the game. The socket
 * is closed when the player is freed. */
typedef void (*jong_mjai_say_fn)(void *ctx, int seat, const char *msg);
#define JONG_MJAI_LOG_MAX 1024 /* bytes of a client's "log" text a record keeps (on_log) */
typedef struct {
    int timeout_ms;               /* per answer, the line it answers included (0: 60 s) */
    /* The caller's monotonic clock (the library reads none): timeout_ms is wall-clock time with
     * it; without it, each wake-up of a wait counts as a whole polling slice (io/line_conn.h). */
    int64_t (*now_ms)(void);
    const atomic_bool *stop;      /* raised: every wait on the client ends now (may be NULL) */
    /* The react convention instead: every line but a decision's carries "can_act": false and is
     * not answered (nor is an error line); a decision's answer may be two moves in an array, a
     * chi, pon or reach and its dahai; a line the client sends where it may not act, a second
     * answer or a late one makes its next decision a fault. */
    bool react;
    const char *names[4];         /* start_game's names (NULL: "") */
    bool tonpu, red_fives;        /* start_game's kyoku_first and aka_flag */
    jong_mjai_say_fn say;         /* where errors go (may be NULL) */
    /* an accepted answer's free-text "log" field, with the answer's type (may be NULL); at most
     * JONG_MJAI_LOG_MAX bytes of it, "..." added after a cut */
    void (*on_log)(void *ctx, int seat, int type, const char *text);
    void *say_ctx;                /* for say and on_log */
} jong_mjai_remote_opts;
typedef struct {
    long lines;      /* lines sent */
    long refused;    /* answers refused with an error message */
    bool gone;       /* the client disconnected or stalled before end_game (not: closed at it) */
} jong_mjai_remote_stats;
/* fd: the connected socket (taken over). early: bytes already read from it (its next lines). */
int jong_mjai_remote_new(int fd, const char *early, size_t nearly, const jong_mjai_remote_opts *o,
                         jong_player **out, jong_error *err);
const jong_mjai_remote_stats *jong_mjai_remote_get_stats(const jong_player *p);

/* One game the server played. */
typedef struct {
    int game;                               /* 0-based, in the order the tables started */
    char room[JONG_MJAI_NAME_MAX];
    char names[4][JONG_MJAI_NAME_MAX];      /* the clients' join names, or the seats' player specs */
    bool client[4];                         /* the seat was a TCP client */
    jong_game_result result;                /* scores, hands, each seat's faults */
    jong_mjai_remote_stats remote[4];       /* the clients' lines, refused answers, departures */
    char record[600];                       /* the record's path ("" when none was written) */
    int error;                              /* JONG_OK, or why the game stopped (in why) */
    char why[300];
} jong_mjai_served_game;

typedef struct {
    const char *host;            /* a host name or IPv4/IPv6 address to listen on (NULL: 127.0.0.1) */
    int port;                    /* 0: any free port (told to on_listen) */
    jong_ruleset rules;
    int games;                   /* games to host in all */
    uint64_t seed;               /* game g deals the walls of (seed, g, hand), as jong play does */
    const char *seats[4];        /* the player spec of a seat the server fills itself; NULL: a client */
    int timeout_ms;              /* per answer, and for a client's join (0: 60 s) */
    bool react;                  /* the clients speak the react convention (jong_mjai_remote_opts) */
    int max_tables;              /* tables at once (0: 64) */
    /* Clients connected and not yet at a table (0: 256): one more gets an error line and is
     * closed, so that a flood of connections cannot make the server grow without bound. */
    int max_waiting;
    const char *out_dir;         /* DIR/game-NNNNNN.mjson per game (NULL: no records) */
    int64_t (*now_ms)(void);     /* the clock of the fault policy (may be NULL) */
    const atomic_bool *stop;     /* raised: no new tables; the running ones play to their end */
    /* Raised (after stop): the running games are abandoned now, without a record; on_game
     * tells each with error JONG_ERR_STOPPED. May be NULL. */
    const atomic_bool *abandon;
    void (*on_listen)(void *ctx, const char *host, int port); /* the address bound: "[::1]" for IPv6 */
    void (*say)(void *ctx, const char *line);                     /* joins, errors */
    void (*on_game)(void *ctx, const jong_mjai_served_game *g);   /* each game at its end */
    void *ctx;                   /* the callbacks are called one at a time */
} jong_mjai_serve_opts;

/* Listen, seat the clients that join (in the order they join, room by room, in the seats no
 * spec fills), play opts->games games and return once they are all over (or stop was raised
 * and the running ones are over or abandoned). JONG_ERR_ARG when the host does not resolve, JONG_ERR_IO when
 * it cannot be bound. */
int jong_mjai_serve(const jong_mjai_serve_opts *o, jong_error *err);

#endif
