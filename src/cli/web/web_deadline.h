/* A deadline for each request of `jong web`: a client has WEB_REQUEST_SECONDS from connecting
 * (or from its last answer, on a kept-alive connection) to send a whole request, headers and
 * body. libmicrohttpd's own timeout is for silence only, so a client that trickles a byte now
 * and then would hold its connection for as long as it likes; a thread here cuts it off. */
#ifndef JONG_WEB_DEADLINE_H
#define JONG_WEB_DEADLINE_H

#include <microhttpd.h>

#define WEB_REQUEST_SECONDS 10

typedef struct web_deadlines web_deadlines;

/* The watch and its thread (NULL when either cannot be made). */
web_deadlines *web_deadlines_start(void);
/* Stops the thread; after the daemon has stopped (no connection is left). */
void web_deadlines_stop(web_deadlines *w);
/* libmicrohttpd's MHD_OPTION_NOTIFY_CONNECTION callback, cls the web_deadlines: each connection
 * is watched from its start until it closes. */
void web_deadlines_notify(void *cls, struct MHD_Connection *c, void **socket_context,
                          enum MHD_ConnectionNotificationCode code);
/* The request on c has arrived whole (it is being answered): no deadline until it completes. */
void web_deadlines_arrived(struct MHD_Connection *c);
/* Its answer is out: the next request on c has its time from now. */
void web_deadlines_completed(struct MHD_Connection *c);

#endif
