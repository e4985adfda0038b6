/* The outside bot's process for the ext: player: a command run through /bin/sh in a process
 * group of its own, its stdin and stdout one end of a socket pair. */
#ifndef JONG_EXT_PROCESS_H
#define JONG_EXT_PROCESS_H

#include <stdbool.h>
#include <sys/types.h>

#include "io/line_conn.h"

/* Start cmd ("{seat}" in it replaced by the seat's number) with conn as its other end; *pid its
 * process. False when no process or socket could be made. */
bool ext_process_start(const char *cmd, int seat, pid_t *pid, line_conn *conn);
/* Kill the process and everything it started (its group), reap it, close conn. */
void ext_process_stop(pid_t *pid, line_conn *conn);

#endif
