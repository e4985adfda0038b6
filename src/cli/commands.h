/* The subcommands of the `jong` program. Each one receives its own argv (argv[0] is the
 * command name), prints its own usage on --help, and returns the process exit status:
 * 0 success, 1 bad input or failed work, 2 bad usage (see cli_util.h). */
#ifndef JONG_CLI_COMMANDS_H
#define JONG_CLI_COMMANDS_H

int cmd_analyze(int argc, char **argv);
int cmd_shanten(int argc, char **argv);
int cmd_bench_mizukami(int argc, char **argv);
int cmd_bench_kurita(int argc, char **argv);
int cmd_train(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_play(int argc, char **argv);
/* `jong play --human SEAT`: a person at the terminal table, reached through cmd_play. */
int play_human(int argc, char **argv);
/* `jong bench analyze`, reached through cmd_bench. */
int bench_analyze(int argc, char **argv);
/* `jong bench python`, reached through cmd_bench. */
int bench_python(int argc, char **argv);
/* `jong bench neural`, reached through cmd_bench. */
int bench_neural(int argc, char **argv);
/* `jong bench loh-local`, reached through cmd_bench. */
int bench_loh_local(int argc, char **argv);
/* `jong bench kf`, reached through cmd_bench. */
int bench_kf(int argc, char **argv);
/* `jong bench selfplay`, reached through cmd_bench. */
int bench_selfplay(int argc, char **argv);
/* `jong bench score`, reached through cmd_bench. */
int bench_score(int argc, char **argv);
/* `jong bench simcat`, reached through cmd_bench. */
int bench_simcat(int argc, char **argv);
int cmd_score(int argc, char **argv);
/* `jong score` with riichi rules (the default), reached through cmd_score. */
int score_riichi(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_review(int argc, char **argv);
int cmd_convert(int argc, char **argv);
int cmd_bot(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int cmd_web(int argc, char **argv);
int cmd_arena(int argc, char **argv);
int cmd_simcat(int argc, char **argv);
/* `jong kf wn-table`: KF-V's waiting-number table from self-play. */
int cmd_kf(int argc, char **argv);

#endif
