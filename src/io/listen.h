/* A listening TCP socket on a host given as a name or as an IPv4 or IPv6 address: the
 * resolve-and-bind that both servers (`jong serve`, `jong web`) use. */
#ifndef JONG_LISTEN_H
#define JONG_LISTEN_H

#include <stddef.h>

#include "jong/error.h"

/* "[" + an IPv6 address with a scope ("%" + interface name) + "]" + NUL */
#define JONG_LISTEN_HOST_MAX 72

typedef struct {
    int fd;                          /* listening; the caller closes it or hands it on */
    int family;                      /* AF_INET or AF_INET6 */
    int port;                        /* bound: the one asked for, or the one the system chose for 0 */
    char host[JONG_LISTEN_HOST_MAX]; /* the address bound, numeric, IPv6 in brackets: "[::1]" */
} jong_listener;

/* Resolves host (NULL: 127.0.0.1; an IPv6 address may stand in brackets, "[::1]") with
 * getaddrinfo (passive, stream) and listens with the given backlog on the first of its
 * addresses that can be bound. An IPv6 wildcard ("::") takes IPv4 clients too where the
 * system allows it. JONG_ERR_ARG when the host does not resolve, JONG_ERR_IO when no address
 * can be bound; err names the host and the system's reason. */
int jong_listen_open(const char *host, int port, int backlog, jong_listener *l, jong_error *err);

/* host as it stands before ":port" in an address or URL: an IPv6 address (it has a ':') in
 * brackets, anything else as it is. */
void jong_listen_url_host(const char *host, char *out, size_t n);

#endif
