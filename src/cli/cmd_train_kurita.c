/* `jong train kurita`: the kurita player's record-made parameters (jong/kurita_model.h) from the
 * game records under a directory, written as a small model file (the shipped one is
 * models/kurita.jlm). Counting only: the same records give the same file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_util.h"
#include <math.h>

#include "jong/kurita_model.h"
#include "jong/mizukami.h"
#include "train_records.h"

#define CMD "train kurita"

/* The paper's tenpai regressions and deal-in histogram, for the experiments document. */
static void print_paper(const jong_ku_paper_stats *ps, const jong_ku_paper_model *pm)
{
    static const char *const cat[JONG_KU_CATEGORIES] = {
        "honour, 0 shown", "honour, 1 shown", "honour, 2 shown", "honour, 3 shown", "1/9", "1/9 suji", "2/8",
        "2/8 suji", "3/7", "3/7 suji", "4-6", "4-6 suji"};
    fprintf(stderr, "jong %s: tenpai regression (P = 1/(1+exp(-(a + b * discards))), seats not in riichi, %ld samples)\n",
            CMD, ps->samples);
    for (int c = 0; c < JONG_KU_CALL_CLASSES; c++) {
        double n = 0, pos = 0;
        for (int d = 0; d < JONG_KU_DISCARD_BINS; d++)
            n += ps->tenpai_n[c][d], pos += ps->tenpai_pos[c][d];
        fprintf(stderr, "  calls %d%s: a %+.4f b %+.4f (%.0f samples, %.1f%% tenpai; P at 6/12/18 discards %.3f %.3f %.3f)\n",
                c, c == JONG_KU_CALL_CLASSES - 1 ? "+" : "", pm->tenpai[c][0], pm->tenpai[c][1], n,
                n > 0 ? 100 * pos / n : 0, 1 / (1 + exp(-(pm->tenpai[c][0] + 6 * pm->tenpai[c][1]))),
                1 / (1 + exp(-(pm->tenpai[c][0] + 12 * pm->tenpai[c][1]))),
                1 / (1 + exp(-(pm->tenpai[c][0] + 18 * pm->tenpai[c][1]))));
    }
    fprintf(stderr, "jong %s: P(winning tile | tenpai, no calls) by category (kinds not in his river)\n", CMD);
    for (int c = 0; c < JONG_KU_CATEGORIES; c++)
        fprintf(stderr, "  %-16s %.4f (%.0f samples)\n", cat[c], pm->hist[c], ps->cat_n[c]);
}

int cmd_train_kurita(int argc, char **argv)
{
    const char *records = NULL, *out = NULL;
    long games = 0, eq17_games = 300, every = 3;
    bool json = false;
    for (int i = 2; i < argc; i++) {
        const char *v;
        int r;
        if (cli_is_help(argv[i])) {
            puts("usage: jong train kurita --records DIR --out FILE [--games N] [--eq17-games G] [--eq17-every K] [--json]\n"
                 "  Counts, over the game records under DIR (four-player games, path order), each seat's\n"
                 "  discards that did not deal in and whether another player won before its next discard,\n"
                 "  by its discard number, the others' riichi and its own riichi; and its mean score change\n"
                 "  when another player won without it dealing in. Writes the smoothed rates (see\n"
                 "  docs/experiments/kurita.md) to FILE. Then Eq. 17: over the first G games (default 300; 0:\n"
                 "  none), every K-th discard decision (default 3) at shanten 2-3 gives the MDP features of the\n"
                 "  hand after the expert's discard and the scenario the hand ended in; a softmax regression\n"
                 "  is fitted on 4 games in 5 and its log-loss printed on the fifth. Also over all games: the\n"
                 "  paper's tenpai regression by discards (per number of calls) and the deal-in histogram by\n"
                 "  tile category (the player's params=paper), printed on stderr. Progress on stderr.");
            return CLI_OK;
        }
        if ((r = cli_option_value(CMD, argc, argv, &i, "--records", &records)) != 0 ||
            (r = cli_option_value(CMD, argc, argv, &i, "--out", &out)) != 0) {
            if (r < 0)
                return CLI_USAGE;
        } else if ((r = cli_option_value(CMD, argc, argv, &i, "--games", &v)) != 0 ||
                   (r = cli_option_value(CMD, argc, argv, &i, "--eq17-games", &v)) != 0 ||
                   (r = cli_option_value(CMD, argc, argv, &i, "--eq17-every", &v)) != 0) {
            if (r < 0)
                return CLI_USAGE;
            const char *name = strchr(argv[i], '=') ? argv[i] : argv[i - 1];
            char *end;
            long x = strtol(v, &end, 10);
            bool zero_ok = !strncmp(name, "--eq17-games", 12);
            if (*end || x < (zero_ok ? 0 : 1) || x > 100000000)
                return cli_usage_error(CMD, "bad count '%s'", v);
            if (!strncmp(name, "--games", 7))
                games = x;
            else if (zero_ok)
                eq17_games = x;
            else
                every = x;
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
    jong_ku_paper_stats ps;
    memset(&ps, 0, sizeof ps);
    jong_mjai_log lg;
    jong_mjai_log_init(&lg);
    size_t skipped = 0;
    for (size_t i = 0; i < npaths && (games == 0 || st.games < games); i++) {
        jong_error err;
        if (jong_mjai_read_file(paths[i], &lg, &err) || lg.players != 4 || jong_ku_stats_add_log(&st, &lg, &err) ||
            jong_ku_paper_add_log(&ps, &lg, &err)) {
            skipped++;
            continue;
        }
        if (st.games % 500 == 0)
            fprintf(stderr, "\rjong %s: %ld games read   ", CMD, st.games);
    }
    fprintf(stderr, "\rjong %s: %ld games read (%zu skipped: three-player or unreadable), %ld hands\n", CMD, st.games,
            skipped, st.hands);
    jong_ku_model m;
    jong_ku_model_from_stats(&st, &m);
    jong_ku_paper_fit(&ps, &m.paper);
    print_paper(&ps, &m.paper);
    /* Eq. 17 */
    jong_ku_eq17_data ed;
    memset(&ed, 0, sizeof ed);
    double loss_train = 0, loss_test = 0, loss_base = 0;
    size_t ntrain = 0, ntest = 0;
    if (st.games > 0 && eq17_games > 0) {
        jong_oppmodel om;
        jong_linmodel policy;
        jong_error err;
        if (jong_mizukami_models_load(&om, &policy, &err))
            rc = cli_fail(CMD, "%s", err.msg);
        long used = 0;
        for (size_t i = 0; !rc && i < npaths && used < eq17_games; i++) {
            if (jong_mjai_read_file(paths[i], &lg, &err) || lg.players != 4)
                continue;
            size_t before = ed.n;
            if (jong_ku_eq17_add_log(&ed, &om, &m, &lg, (uint32_t)used, (int)every, &err)) {
                ed.n = before; /* drop the game's rows */
                continue;
            }
            used++;
            fprintf(stderr, "\rjong %s: Eq. 17: %ld games, %zu rows   ", CMD, used, ed.n);
        }
        fputc('\n', stderr);
        jong_oppmodel_free(&om);
        jong_linmodel_free(&policy);
        size_t *tr = malloc(sizeof *tr * (ed.n + 1)), *te = malloc(sizeof *te * (ed.n + 1));
        if (!rc && (!tr || !te))
            rc = cli_fail(CMD, "out of memory");
        if (!rc && ed.n) {
            double freq[JONG_KU_SCENARIOS] = {0};
            for (size_t r = 0; r < ed.n; r++) {
                if (ed.game[r] % 5 == 4) {
                    te[ntest++] = r;
                } else {
                    tr[ntrain++] = r;
                    freq[ed.y[r]] += 1;
                }
            }
            jong_ku_eq17_fit(&ed, tr, ntrain, 2000, m.eq17);
            m.has_eq17 = true;
            loss_train = jong_ku_eq17_logloss(&ed, tr, ntrain, m.eq17);
            loss_test = jong_ku_eq17_logloss(&ed, te, ntest, m.eq17);
            for (size_t r = 0; r < ntest; r++) {
                double p = (freq[ed.y[te[r]]] + 1) / ((double)ntrain + JONG_KU_SCENARIOS);
                loss_base -= log(p) / (double)ntest;
            }
        }
        free(tr);
        free(te);
    }
    jong_mjai_log_free(&lg);
    for (size_t i = 0; i < npaths; i++)
        free(paths[i]);
    free(paths);
    if (rc) {
        jong_ku_eq17_data_free(&ed);
        return rc;
    }
    if (st.games == 0)
        return cli_fail(CMD, "no usable games under %s", records);
    char info[512];
    snprintf(info, sizeof info,
             "jong train kurita --games %ld --eq17-games %ld --eq17-every %ld; %ld hands; R_O from %ld seat-hands; "
             "Eq. 17: %zu train / %zu held-out rows, held-out log-loss %.4f (class rates %.4f)",
             st.games, eq17_games, every, st.hands, st.r_other_n, ntrain, ntest, loss_test, loss_base);
    jong_linmodel lm;
    jong_error err;
    if (jong_ku_model_to_linmodel(&m, info, &lm, &err))
        return cli_fail(CMD, "%s", err.msg);
    rc = jong_linmodel_save(&lm, out, &err) ? cli_fail(CMD, "%s", err.msg) : CLI_OK;
    jong_ku_eq17_data_free(&ed);
    jong_linmodel_free(&lm);
    if (rc)
        return rc;
    if (json) {
        printf("{\"games\":%ld,\"hands\":%ld,\"skipped\":%zu,\"riichi_scale\":%.6f,\"r_other\":%.2f,\"r_lose\":%.2f,"
               "\"eq17_train_rows\":%zu,\"eq17_test_rows\":%zu,\"eq17_logloss_train\":%.5f,\"eq17_logloss_test\":%.5f,"
               "\"eq17_logloss_class_rates\":%.5f,\"hazard\":[",
               st.games, st.hands, skipped, m.riichi_scale, m.r_other, m.r_lose, ntrain, ntest, loss_train, loss_test,
               loss_base);
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
        printf("mean score change when dealing in: %.0f over %ld deal-ins\n", m.r_lose, st.r_lose_n);
        if (ntrain)
            printf("Eq. 17: %zu training rows, %zu held-out; log-loss %.4f training, %.4f held-out (class rates "
                   "alone %.4f)\n",
                   ntrain, ntest, loss_train, loss_test, loss_base);
        for (int r = 0; r < JONG_KU_RIICHI_CLASSES; r++) {
            printf("P_O by my discard number, %s other riichi:", r == 0 ? "no" : r == 1 ? "one" : "2+");
            for (int t = 0; t < JONG_KU_TURNS; t++)
                printf(" %.3f", m.hazard[r][t]);
            printf("\n");
        }
    }
    return CLI_OK;
}
