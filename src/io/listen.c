/* The servers' listening socket (jong/listen.h): the host through getaddrinfo, so that IPv4 and
 * IPv6 addresses and host names all work, bound on the first address that takes it. */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "listen.h"

void jong_listen_url_host(const char *host, char *out, size_t n)
{
    if (strchr(host, ':') && host[0] != '[')
        snprintf(out, n, "[%s]", host);
    else
        snprintf(out, n, "%s", host);
}

/* A socket listening on one resolved address, or -1 with errno saying why. */
static int listen_on(const struct addrinfo *a, int backlog)
{
    int fd = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
    if (fd < 0)
        return -1;
    int one = 1, zero = 0;
    /* not inherited by the commands a server runs (ext: seats): they would keep the port */
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    if (a->ai_family == AF_INET6) /* "::" also takes IPv4 where the system allows; no error if not */
        setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof zero);
    if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) || bind(fd, a->ai_addr, a->ai_addrlen) ||
        listen(fd, backlog)) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    return fd;
}

int jong_listen_open(const char *host, int port, int backlog, jong_listener *l, jong_error *err)
{
    if (!host)
        host = "127.0.0.1";
    char shown[JONG_LISTEN_HOST_MAX + 2], port_text[16];
    jong_listen_url_host(host, shown, sizeof shown);
    snprintf(port_text, sizeof port_text, "%d", port);
    char bare[JONG_LISTEN_HOST_MAX];
    size_t hl = strlen(host);
    if (host[0] == '[' && hl > 2 && host[hl - 1] == ']' && hl - 2 < sizeof bare) { /* "[::1]" as in a URL */
        snprintf(bare, sizeof bare, "%.*s", (int)(hl - 2), host + 1);
        host = bare;
    }
    struct addrinfo hints, *res = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE;
    int gai = getaddrinfo(host, port_text, &hints, &res);
    if (gai)
        return jong_error_set(err, JONG_ERR_ARG, -1, "cannot resolve host '%.80s': %s", host,
                              gai == EAI_SYSTEM ? strerror(errno) : gai_strerror(gai));
    int fd = -1, first_errno = 0;
    for (const struct addrinfo *a = res; a && fd < 0; a = a->ai_next) {
        if (a->ai_family != AF_INET && a->ai_family != AF_INET6)
            continue;
        fd = listen_on(a, backlog);
        if (fd < 0 && !first_errno)
            first_errno = errno; /* the preferred address's reason says most */
    }
    freeaddrinfo(res);
    if (fd < 0)
        return jong_error_set(err, JONG_ERR_IO, -1, "cannot listen on %.80s:%d: %s", shown, port,
                              strerror(first_errno ? first_errno : EAFNOSUPPORT));
    struct sockaddr_storage ss;
    socklen_t len = sizeof ss;
    char numeric[INET6_ADDRSTRLEN + 20], serv[16]; /* room for a scope: "%eth0" */
    int bad = getsockname(fd, (struct sockaddr *)&ss, &len) ? EAI_SYSTEM : 0;
    if (!bad)
        bad = getnameinfo((struct sockaddr *)&ss, len, numeric, sizeof numeric, serv, sizeof serv,
                          NI_NUMERICHOST | NI_NUMERICSERV);
    if (bad) {
        const char *why = bad == EAI_SYSTEM ? strerror(errno) : gai_strerror(bad);
        close(fd);
        return jong_error_set(err, JONG_ERR_IO, -1, "cannot listen on %.80s:%d: %s", shown, port, why);
    }
    l->fd = fd;
    l->family = ss.ss_family;
    l->port = atoi(serv);
    jong_listen_url_host(numeric, l->host, sizeof l->host);
    return JONG_OK;
}
