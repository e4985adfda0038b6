/* The HTTP side of `jong web`, on libmicrohttpd: routes, request bodies (bounded), JSON
 * answers with a clear error for anything wrong, the embedded page and the tile pictures. */
#ifndef JONG_WEB_SERVER_H
#define JONG_WEB_SERVER_H

#include <stddef.h>

#include "web_games.h"

#define WEB_BODY_MAX 16384 /* bytes of a request body; more is refused with 413 */

typedef struct web_server web_server;

/* Listen on host:port (a host name or an IPv4/IPv6 address; port 0: any free port); where
 * gets the address bound as "127.0.0.1:8080" or "[::1]:8080". NULL on failure with the
 * reason, naming the host, in why. */
web_server *web_server_start(const char *host, int port, web_games *games, char *where, size_t wn, char *why,
                             size_t n);
void web_server_stop(web_server *ws);

#endif
