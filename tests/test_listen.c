/* jong_listen_open, the servers' listening socket: the IPv4 default, IPv6 loopback, the IPv6
 * wildcard taking IPv4 clients too (where the system allows it), host names, and the errors
 * of a host that does not resolve, an address not on this machine and a port in use. Each
 * socket is checked by a real connection. The IPv6 cases skip when the machine has no IPv6
 * loopback. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <cmocka.h>

#include "io/listen.h"

/* Connect to address:port of the family and let l accept it: true when that worked. */
static bool reaches(const jong_listener *l, int family, const char *address)
{
    struct sockaddr_storage ss;
    socklen_t len;
    memset(&ss, 0, sizeof ss);
    if (family == AF_INET) {
        struct sockaddr_in *a = (struct sockaddr_in *)&ss;
        a->sin_family = AF_INET;
        a->sin_port = htons((uint16_t)l->port);
        assert_int_equal(inet_pton(AF_INET, address, &a->sin_addr), 1);
        len = sizeof *a;
    } else {
        struct sockaddr_in6 *a = (struct sockaddr_in6 *)&ss;
        a->sin6_family = AF_INET6;
        a->sin6_port = htons((uint16_t)l->port);
        assert_int_equal(inet_pton(AF_INET6, address, &a->sin6_addr), 1);
        len = sizeof *a;
    }
    int c = socket(family, SOCK_STREAM, 0);
    assert_true(c >= 0);
    bool ok = connect(c, (struct sockaddr *)&ss, len) == 0;
    if (ok) {
        int s = accept(l->fd, NULL, NULL);
        ok = s >= 0;
        if (s >= 0)
            close(s);
    }
    close(c);
    return ok;
}

/* Whether this machine can bind ::1 at all (containers without IPv6 cannot). */
static bool have_ipv6_loopback(void)
{
    int fd = socket(AF_INET6, SOCK_STREAM, 0);
    if (fd < 0)
        return false;
    struct sockaddr_in6 a;
    memset(&a, 0, sizeof a);
    a.sin6_family = AF_INET6;
    a.sin6_addr = in6addr_loopback;
    bool ok = bind(fd, (struct sockaddr *)&a, sizeof a) == 0;
    close(fd);
    return ok;
}

static void test_ipv4_default(void **state)
{
    (void)state;
    jong_listener l;
    jong_error err;
    assert_int_equal(jong_listen_open(NULL, 0, 8, &l, &err), JONG_OK);
    assert_int_equal(l.family, AF_INET);
    assert_string_equal(l.host, "127.0.0.1");
    assert_true(l.port > 0 && l.port < 65536);
    assert_true(reaches(&l, AF_INET, "127.0.0.1"));
    close(l.fd);
    assert_int_equal(jong_listen_open("0.0.0.0", 0, 8, &l, &err), JONG_OK);
    assert_string_equal(l.host, "0.0.0.0");
    assert_true(reaches(&l, AF_INET, "127.0.0.1"));
    close(l.fd);
}

static void test_ipv6(void **state)
{
    (void)state;
    if (!have_ipv6_loopback()) {
        fprintf(stderr, "SKIP test_ipv6: this machine cannot bind ::1 (no IPv6 loopback)\n");
        skip();
    }
    jong_listener l;
    jong_error err;
    assert_int_equal(jong_listen_open("::1", 0, 8, &l, &err), JONG_OK);
    assert_int_equal(l.family, AF_INET6);
    assert_string_equal(l.host, "[::1]");
    assert_true(reaches(&l, AF_INET6, "::1"));
    close(l.fd);
    assert_int_equal(jong_listen_open("[::1]", 0, 8, &l, &err), JONG_OK); /* as written in URLs */
    assert_string_equal(l.host, "[::1]");
    assert_true(reaches(&l, AF_INET6, "::1"));
    close(l.fd);
    /* the wildcard: IPv6 always, IPv4 when the socket is not IPv6-only */
    assert_int_equal(jong_listen_open("::", 0, 8, &l, &err), JONG_OK);
    assert_string_equal(l.host, "[::]");
    assert_true(reaches(&l, AF_INET6, "::1"));
    int v6only = 1;
    socklen_t len = sizeof v6only;
    assert_int_equal(getsockopt(l.fd, IPPROTO_IPV6, IPV6_V6ONLY, &v6only, &len), 0);
    if (!v6only)
        assert_true(reaches(&l, AF_INET, "127.0.0.1"));
    else
        fprintf(stderr, "note test_ipv6: the system keeps :: IPv6-only (no IPv4 clients on it)\n");
    close(l.fd);
}

static void test_host_name(void **state)
{
    (void)state;
    jong_listener l;
    jong_error err;
    assert_int_equal(jong_listen_open("localhost", 0, 8, &l, &err), JONG_OK);
    /* whichever family the system lists first for localhost */
    if (l.family == AF_INET) {
        assert_string_equal(l.host, "127.0.0.1");
        assert_true(reaches(&l, AF_INET, "127.0.0.1"));
    } else {
        assert_string_equal(l.host, "[::1]");
        assert_true(reaches(&l, AF_INET6, "::1"));
    }
    close(l.fd);
}

static void test_errors(void **state)
{
    (void)state;
    jong_listener l, l2;
    jong_error err;
    /* .invalid never resolves (RFC 6761); the reason is the resolver's */
    assert_int_equal(jong_listen_open("nowhere.invalid", 0, 8, &l, &err), JONG_ERR_ARG);
    const char *want = "cannot resolve host 'nowhere.invalid': ";
    assert_memory_equal(err.msg, want, strlen(want));
    assert_true(strlen(err.msg) > strlen(want));
    assert_int_equal(jong_listen_open("", 0, 8, &l, &err), JONG_ERR_ARG);
    /* 192.0.2.1 is kept for documentation (RFC 5737): no machine has it */
    assert_int_equal(jong_listen_open("192.0.2.1", 0, 8, &l, &err), JONG_ERR_IO);
    char line[192];
    snprintf(line, sizeof line, "cannot listen on 192.0.2.1:0: %s", strerror(EADDRNOTAVAIL));
    assert_string_equal(err.msg, line);
    /* a port in use */
    assert_int_equal(jong_listen_open("127.0.0.1", 0, 8, &l, &err), JONG_OK);
    assert_int_equal(jong_listen_open("127.0.0.1", l.port, 8, &l2, &err), JONG_ERR_IO);
    snprintf(line, sizeof line, "cannot listen on 127.0.0.1:%d: %s", l.port, strerror(EADDRINUSE));
    assert_string_equal(err.msg, line);
    close(l.fd);
    if (have_ipv6_loopback()) {
        assert_int_equal(jong_listen_open("::1", 0, 8, &l, &err), JONG_OK);
        assert_int_equal(jong_listen_open("::1", l.port, 8, &l2, &err), JONG_ERR_IO);
        snprintf(line, sizeof line, "cannot listen on [::1]:%d: %s", l.port, strerror(EADDRINUSE));
        assert_string_equal(err.msg, line);
        close(l.fd);
    }
}

static void test_url_host(void **state)
{
    (void)state;
    char out[JONG_LISTEN_HOST_MAX];
    jong_listen_url_host("::1", out, sizeof out);
    assert_string_equal(out, "[::1]");
    jong_listen_url_host("[::1]", out, sizeof out);
    assert_string_equal(out, "[::1]");
    jong_listen_url_host("fe80::1%eth0", out, sizeof out);
    assert_string_equal(out, "[fe80::1%eth0]");
    jong_listen_url_host("127.0.0.1", out, sizeof out);
    assert_string_equal(out, "127.0.0.1");
    jong_listen_url_host("localhost", out, sizeof out);
    assert_string_equal(out, "localhost");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ipv4_default), cmocka_unit_test(test_ipv6),     cmocka_unit_test(test_host_name),
        cmocka_unit_test(test_errors),       cmocka_unit_test(test_url_host),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
