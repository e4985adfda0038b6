/* Lines over a socket with deadlines (src/io/line_conn.c), against peers in threads of this
 * test: a peer that never reads (the write gives up at its deadline, or when stop is raised),
 * one that trickles a byte every 45 ms (the read gives up at its wall-clock deadline, and
 * without a clock after at most the budget's worth of wake-ups), lines read and dropped, a
 * closed peer, a line longer than the buffer, and a deadline of 0 that never waits.
 * Every limit is checked against a bound ten times wider or more than it, never a tight time:
 * the machine may be loaded. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "io/line_conn.h"

static int64_t mono_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void nap_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000};
    nanosleep(&ts, NULL);
}

/* A connected pair: sv[0] for the line_conn, sv[1] the peer's end. */
static void pair(int sv[2])
{
    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
}

/* More than any socket buffer holds: a write of it to a peer that does not read must wait. */
enum { FLOOD = 16 << 20 };

/* c on one end of a new pair whose other end (sv[1]) nobody reads; FLOOD bytes to write to it. */
static char *deaf_peer(int sv[2], line_conn *c)
{
    pair(sv);
    line_conn_init(c, sv[0]);
    char *big = calloc(1, FLOOD);
    assert_non_null(big);
    return big;
}

/* A peer that never reads: the write ends at its deadline, LINE_LATE. */
static void test_write_deadline(void **state)
{
    (void)state;
    int sv[2];
    line_conn c;
    char *big = deaf_peer(sv, &c);
    int64_t t0 = mono_ms();
    line_deadline dl = line_deadline_in(1000, mono_ms, NULL);
    assert_int_equal(line_conn_write(&c, big, FLOOD, &dl), LINE_LATE);
    int64_t took = mono_ms() - t0;
    assert_true(took < 10000);
    /* without a clock: the same, the budget counted in polling slices */
    dl = line_deadline_in(1000, NULL, NULL);
    t0 = mono_ms();
    assert_int_equal(line_conn_write(&c, big, FLOOD, &dl), LINE_LATE);
    assert_true(mono_ms() - t0 < 10000);
    /* a deadline of 0 never waits: the buffers are full, so nothing goes */
    dl = line_deadline_in(0, mono_ms, NULL);
    assert_int_equal(line_conn_write(&c, "x\n", 2, &dl), LINE_LATE);
    /* a peer that has gone: dead, not late */
    close(sv[1]);
    dl = line_deadline_in(1000, mono_ms, NULL);
    assert_int_equal(line_conn_write(&c, big, FLOOD, &dl), LINE_DEAD);
    line_conn_close(&c);
    free(big);
}

typedef struct {
    atomic_bool *flag;
    int after_ms;
} raiser;

static void *raise_later(void *arg)
{
    raiser *r = arg;
    nap_ms(r->after_ms);
    atomic_store(r->flag, true);
    return NULL;
}

/* A stop flag raised from another thread ends a write that waits, long before its deadline. */
static void test_write_stop(void **state)
{
    (void)state;
    int sv[2];
    line_conn c;
    char *big = deaf_peer(sv, &c);
    atomic_bool stop = false;
    raiser r = {&stop, 200};
    pthread_t th;
    assert_int_equal(pthread_create(&th, NULL, raise_later, &r), 0);
    int64_t t0 = mono_ms();
    line_deadline dl = line_deadline_in(600000, mono_ms, &stop);
    assert_int_equal(line_conn_write(&c, big, FLOOD, &dl), LINE_LATE);
    assert_true(mono_ms() - t0 < 60000);
    pthread_join(th, NULL);
    line_conn_close(&c);
    close(sv[1]);
    free(big);
}

/* A peer that sends one byte every 45 ms and never a newline, until told to stop. */
typedef struct {
    int fd;
    atomic_bool done;
    long sent;
} trickler;

static void *trickle(void *arg)
{
    trickler *t = arg;
    while (!atomic_load(&t->done) && send(t->fd, "x", 1, MSG_NOSIGNAL) == 1) {
        t->sent++;
        nap_ms(45);
    }
    return NULL;
}

/* Read against a trickling peer with the deadline dl: LINE_LATE within a wide bound. Counting
 * poll wake-ups as a millisecond each (as before) took 45 s for a 1 s limit. */
static void read_trickled(line_deadline dl)
{
    int sv[2];
    pair(sv);
    line_conn c;
    line_conn_init(&c, sv[0]);
    trickler t = {.fd = sv[1]};
    pthread_t th;
    assert_int_equal(pthread_create(&th, NULL, trickle, &t), 0);
    int64_t t0 = mono_ms();
    size_t len;
    assert_int_equal(line_conn_read(&c, &dl, &len), LINE_LATE);
    int64_t took = mono_ms() - t0;
    atomic_store(&t.done, true);
    pthread_join(th, NULL);
    assert_true(took < 15000);
    assert_true(c.n > 0); /* bytes came while it waited */
    line_conn_close(&c);
    close(sv[1]);
}

static void test_read_trickle(void **state)
{
    (void)state;
    read_trickled(line_deadline_in(1000, mono_ms, NULL));
    /* without a clock, each wake-up costs a whole 50 ms slice: about 20 bytes, not 1,000 */
    read_trickled(line_deadline_in(1000, NULL, NULL));
}

/* Whole lines come out one at a time; a closed peer and an overlong line are dead; a deadline
 * of 0 reads what is there and never waits. */
static void test_read_lines(void **state)
{
    (void)state;
    int sv[2];
    pair(sv);
    line_conn c;
    line_conn_init(&c, sv[0]);
    assert_int_equal(send(sv[1], "one\ntwo\nthr", 11, 0), 11);
    size_t len;
    line_deadline dl = line_deadline_in(60000, mono_ms, NULL);
    assert_int_equal(line_conn_read(&c, &dl, &len), LINE_OK);
    assert_string_equal(c.buf, "one");
    line_conn_drop(&c, len);
    assert_true(line_conn_has_line(&c));
    assert_int_equal(line_conn_read(&c, &dl, &len), LINE_OK);
    assert_string_equal(c.buf, "two");
    line_conn_drop(&c, len);
    line_deadline now = line_deadline_in(0, mono_ms, NULL);
    assert_int_equal(line_conn_read(&c, &now, &len), LINE_LATE); /* "thr" so far */
    assert_int_equal(send(sv[1], "ee\nfour\n", 8, 0), 8);
    assert_int_equal(line_conn_read(&c, &dl, &len), LINE_OK);
    assert_string_equal(c.buf, "three");
    line_conn_drop(&c, len);
    assert_int_equal(line_conn_drain(&c), 1); /* "four", unasked */
    close(sv[1]);
    assert_int_equal(line_conn_read(&c, &dl, &len), LINE_DEAD);
    line_conn_close(&c);

    /* a line longer than the buffer */
    pair(sv);
    line_conn_init(&c, sv[0]);
    static char big[sizeof c.buf + 10];
    memset(big, 'x', sizeof big);
    line_deadline wdl = line_deadline_in(60000, mono_ms, NULL);
    line_conn w;
    line_conn_init(&w, sv[1]);
    /* written in slices, each read at once: the line fills the buffer without its newline */
    size_t off = 0;
    line_status st = LINE_LATE;
    while (off < sizeof big && st != LINE_DEAD) {
        size_t n = sizeof big - off < 4096 ? sizeof big - off : 4096;
        assert_int_equal(line_conn_write(&w, big + off, n, &wdl), LINE_OK);
        off += n;
        now = line_deadline_in(0, mono_ms, NULL);
        st = line_conn_read(&c, &now, &len);
    }
    assert_int_equal(st, LINE_DEAD);
    line_conn_close(&c);
    line_conn_close(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_write_deadline),
        cmocka_unit_test(test_write_stop),
        cmocka_unit_test(test_read_trickle),
        cmocka_unit_test(test_read_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
