/* Starting and stopping an outside bot (see ext_process.h). */
#include "players/ext/ext_process.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

/* The bot's stdin and stdout are one end of a socket pair: writes to a dead bot then fail with
 * an error (MSG_NOSIGNAL) instead of a SIGPIPE that would end the whole arena. */
bool ext_process_start(const char *cmd, int seat, pid_t *pid, line_conn *conn)
{
    /* "{seat}" in the command is the seat's number (stdio bots are often started with it) */
    size_t cap = strlen(cmd) + 1;
    char *line = malloc(cap);
    if (!line)
        return false;
    size_t n = 0;
    for (const char *c = cmd; *c; c++) {
        if (!strncmp(c, "{seat}", 6)) {
            line[n++] = (char)('0' + seat);
            c += 5;
        } else {
            line[n++] = *c;
        }
    }
    line[n] = 0;
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv)) {
        free(line);
        return false;
    }
    pid_t child = fork();
    if (child < 0) {
        close(sv[0]), close(sv[1]);
        free(line);
        return false;
    }
    if (child == 0) {
        setpgid(0, 0); /* its own process group: stopping the bot stops what it started too */
        dup2(sv[1], 0);
        dup2(sv[1], 1);
        close(sv[0]), close(sv[1]);
        execl("/bin/sh", "sh", "-c", line, (char *)NULL);
        _exit(127);
    }
    free(line);
    setpgid(child, child); /* also here: the child may not have run yet */
    close(sv[1]);
    *pid = child;
    line_conn_init(conn, sv[0]);
    return true;
}

void ext_process_stop(pid_t *pid, line_conn *conn)
{
    if (*pid > 0) {
        kill(-*pid, SIGKILL);
        kill(*pid, SIGKILL);
        waitpid(*pid, NULL, 0);
    }
    line_conn_close(conn);
    *pid = -1;
}
