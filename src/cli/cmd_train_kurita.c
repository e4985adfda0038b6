/* `jong train kurita`: the kurita player's record-made parameters (jong/kurita_model.h) from the
 * game records under a directory, written as a small model file (the shipped one is
 * models/kurita.jlm). Counting only: the same records give the same file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_util.h"
#include "jong/kurita_model.h"
#include "train_records.h"

#define CMD "train kurita"

int cmd_train_kurita(int argc, char **argv)
{
    const char *records = NULL, *out = NULL;
    long games = 0;
    bool json = false;
    for (int i = 2; i < argc; i++) {
        const char *v;
        int r;
        if (cli_is_help(argv[i])) {
            puts("usage: jong train kurita --records DIR --out FILE [--games N] [--json]\n"
                 "  Counts, over the game records under DIR (four-player games, path order), each seat's\n"
                 "  discards that did not deal in and whether another player won before its next discard,\n"
                 "  by its discard number, the others' riichi and its own riichi; and its mean score change\n"
                 "  when another player won without it dealing in. Writes the smoothed rates (see\n"
                 "  docs/experiments/kurita.md) to FILE. Progress on stderr.");
            return CLI_OK;
        }
        if ((r = cli_option_value(CMD, argc, argv, &i, "--records", &records)) != 0 ||
            (r = cli_option_value(CMD, argc, argv, &i, "--out", &out)) != 0) {
            if (r < 0)
                return CLI_USAGE;
        } else if ((r = cli_option_value(CMD, argc, argv, &i, "--games", &v)) != 0) {
            if (r < 0)
                return CLI_USAGE;
            char *end;
            games = strtol(v, &end, 10);
            if (*end || games < 1 || games > 100000000)
                return cli_usage_error(CMD, "bad count '%s'", v);
        } else if (!strcmp(argv[i], "--json")) {
            json = true;
        } else {
            return cli_usage_error(CMD, "unknown option '%s'", argv[i]);
        }
    }
    if (!records || !out)
        return cli_usage_error(CMD, "--records DIR and --out FILE are required");
    char **paths = NULL;
    size_t npaths = 0;
    int rc = train_record_paths(records, &paths, &npaths);
    if (rc)
        return rc;
    fprintf(stderr, "jong %s: %zu record files under %s\n", CMD, npaths, records);
    jong_ku_stats st;
    memset(&st, 0, sizeof st);
    jong_mjai_log lg;
    jong_mjai_log_init(&lg);
    size_t skipped = 0;
    for (size_t i = 0; i < npaths && (games == 0 || st.games < games); i++) {
        jong_error err;
        if (jong_mjai_read_file(paths[i], &lg, &err) || lg.players != 4 || jong_ku_stats_add_log(&st, &lg, &err)) {
            skipped++;
            continue;
        }
        if (st.games % 500 == 0)
            fprintf(stderr, "\rjong %s: %ld games read   ", CMD, st.games);
    }
    fprintf(stderr, "\rjong %s: %ld games read (%zu skipped: three-player or unreadable), %ld hands\n", CMD, st.games,
            skipped, st.hands);
    jong_mjai_log_free(&lg);
    for (size_t i = 0; i < npaths; i++)
        free(paths[i]);
    free(paths);
    if (st.games == 0)
        return cli_fail(CMD, "no usable games under %s", records);
    jong_ku_model m;
    jong_ku_model_from_stats(&st, &m);
    char info[512];
    snprintf(info, sizeof info, "jong train kurita --games %ld; %ld hands; R_O from %ld seat-hands", st.games, st.hands,
             st.r_other_n);
    jong_linmodel lm;
    jong_error err;
    if (jong_ku_model_to_linmodel(&m, info, &lm, &err))
        return cli_fail(CMD, "%s", err.msg);
    rc = jong_linmodel_save(&lm, out, &err) ? cli_fail(CMD, "%s", err.msg) : CLI_OK;
    jong_linmodel_free(&lm);
    if (rc)
        return rc;
    if (json) {
        printf("{\"games\":%ld,\"hands\":%ld,\"skipped\":%zu,\"riichi_scale\":%.6f,\"r_other\":%.2f,\"hazard\":[", st.games,
               st.hands, skipped, m.riichi_scale, m.r_other);
        for (int r = 0; r < JONG_KU_RIICHI_CLASSES; r++) {
            printf("%s[", r ? "," : "");
            for (int t = 0; t < JONG_KU_TURNS; t++)
                printf("%s%.5f", t ? "," : "", m.hazard[r][t]);
            printf("]");
        }
        printf("]}\n");
    } else {
        printf("kurita: %ld games, %ld hands (%zu files skipped); wrote %s\n", st.games, st.hands, skipped, out);
        printf("R_O (mean score change when another wins, not on my discard): %.0f over %ld seat-hands\n", m.r_other,
               st.r_other_n);
        printf("P_O after my riichi / before: %.3f\n", m.riichi_scale);
        for (int r = 0; r < JONG_KU_RIICHI_CLASSES; r++) {
            printf("P_O by my discard number, %s other riichi:", r == 0 ? "no" : r == 1 ? "one" : "2+");
            for (int t = 0; t < JONG_KU_TURNS; t++)
                printf(" %.3f", m.hazard[r][t]);
            printf("\n");
        }
    }
    return CLI_OK;
}
