/* The requests' deadline of `jong web` (see web_deadline.h). Every connection is in a list, under
 * one lock, from libmicrohttpd's "started" notification to its "closed" one, which comes before
 * the daemon closes the socket: so the watch thread, holding the lock, never touches a socket
 * that is closed or reused. A connection past its deadline is shut down (both ways); the daemon
 * then reads its end and closes it as it would any client that left. */
#include "web_deadline.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>

typedef struct watched {
    struct watched *prev, *next;
    web_deadlines *w;
    int fd;
    int64_t since_ms;  /* when the request's time began */
    bool busy;         /* a whole request is being answered */
    bool cut;
} watched;

struct web_deadlines {
    pthread_mutex_t lock;
    pthread_cond_t wake;
    pthread_t thread;
    bool stopping;
    watched *head;
};

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void *watch_main(void *arg)
{
    web_deadlines *w = arg;
    pthread_mutex_lock(&w->lock);
    while (!w->stopping) {
        int64_t now = now_ms();
        for (watched *x = w->head; x; x = x->next)
            if (!x->busy && !x->cut && now - x->since_ms > WEB_REQUEST_SECONDS * 1000) {
                shutdown(x->fd, SHUT_RDWR);
                x->cut = true;
            }
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until); /* the condition variable's clock */
        until.tv_sec += 1;
        pthread_cond_timedwait(&w->wake, &w->lock, &until);
    }
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

web_deadlines *web_deadlines_start(void)
{
    web_deadlines *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    pthread_mutex_init(&w->lock, NULL);
    pthread_cond_init(&w->wake, NULL);
    if (pthread_create(&w->thread, NULL, watch_main, w)) {
        pthread_cond_destroy(&w->wake);
        pthread_mutex_destroy(&w->lock);
        free(w);
        return NULL;
    }
    return w;
}

void web_deadlines_stop(web_deadlines *w)
{
    if (!w)
        return;
    pthread_mutex_lock(&w->lock);
    w->stopping = true;
    pthread_cond_signal(&w->wake);
    pthread_mutex_unlock(&w->lock);
    pthread_join(w->thread, NULL);
    pthread_cond_destroy(&w->wake);
    pthread_mutex_destroy(&w->lock);
    free(w);
}

void web_deadlines_notify(void *cls, struct MHD_Connection *c, void **socket_context,
                          enum MHD_ConnectionNotificationCode code)
{
    web_deadlines *w = cls;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
        watched *x = info ? calloc(1, sizeof *x) : NULL;
        *socket_context = x;
        if (!x)
            return; /* unwatched: libmicrohttpd's silence timeout still holds */
        x->w = w;
        x->fd = info->connect_fd;
        x->since_ms = now_ms();
        pthread_mutex_lock(&w->lock);
        x->next = w->head;
        if (w->head)
            w->head->prev = x;
        w->head = x;
        pthread_mutex_unlock(&w->lock);
        return;
    }
    watched *x = *socket_context;
    if (!x)
        return;
    pthread_mutex_lock(&w->lock);
    if (x->prev)
        x->prev->next = x->next;
    else
        w->head = x->next;
    if (x->next)
        x->next->prev = x->prev;
    pthread_mutex_unlock(&w->lock);
    free(x);
    *socket_context = NULL;
}

/* Marks c's request as being answered (busy) or not, its time starting now. */
static void mark(struct MHD_Connection *c, bool busy)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    watched *x = info ? info->socket_context : NULL;
    if (!x)
        return;
    pthread_mutex_lock(&x->w->lock);
    x->busy = busy;
    x->since_ms = now_ms();
    pthread_mutex_unlock(&x->w->lock);
}

void web_deadlines_arrived(struct MHD_Connection *c) { mark(c, true); }
void web_deadlines_completed(struct MHD_Connection *c) { mark(c, false); }
