/* Shared by the `jong train` commands: the record files under a directory, and the kurita
 * parameters' command. */
#ifndef JONG_CLI_TRAIN_RECORDS_H
#define JONG_CLI_TRAIN_RECORDS_H

#include <stddef.h>

/* Every record file (.xml mjlog, .mjson, tenhou.net/6 .json, also gzipped) under dir, in path
 * order; *v is malloc'ed with each path (free them all). A CLI status. */
int train_record_paths(const char *dir, char ***v, size_t *n);
/* `jong train kurita ...` (argv[0] is "kurita"). */
int cmd_train_kurita(int argc, char **argv);
/* `jong train guard ...` (argv[0] is "guard"): the guard player's models from self-play. */
int cmd_train_guard(int argc, char **argv);

#endif
