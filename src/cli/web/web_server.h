/* The HTTP side of `jong web`, on libmicrohttpd: routes, request bodies (bounded), JSON
 * answers with a clear error for anything wrong, the embedded page and the tile pictures. */
#ifndef JONG_WEB_SERVER_H
#define JONG_WEB_SERVER_H

#include <stddef.h>

#include "web_games.h"

#define WEB_BODY_MAX 16384 /* bytes of a request body; more is refused with 413 */

#define WEB_IDLE_SECONDS 10 /* a connection silent this long is closed (libmicrohttpd's timeout) */
#define WEB_ALLOW_HOSTS_MAX 16

typedef struct {
    const char *host;     /* to listen on: a host name or an IPv4/IPv6 address */
    int port;             /* 0: any free port */
    unsigned max_connections, per_address; /* open at once: in all, and from one client address */
    const char *allow_hosts[WEB_ALLOW_HOSTS_MAX]; /* more names the Host header may give */
    int nallow;
} web_server_config;

typedef struct web_server web_server;

/* Listen as cfg says; where gets the address bound as "127.0.0.1:8080" or "[::1]:8080". NULL
 * on failure with the reason, naming the host, in why. Requests whose Host header is not an IP
 * address, localhost, the host listened on or one of allow_hosts are refused (403: a page of
 * another site whose name points at this machine, DNS rebinding), and so are writes (any
 * method but GET and HEAD) whose Origin is not this server's own (a cross-origin form post). */
web_server *web_server_start(const web_server_config *cfg, web_games *games, char *where, size_t wn, char *why,
                             size_t n);
void web_server_stop(web_server *ws);

#endif
