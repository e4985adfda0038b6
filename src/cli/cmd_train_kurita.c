/* `jong train kurita`: the kurita player's record-made parameters (jong/kurita_model.h) from the
 * game records under a directory, written as a small model file (the shipped one is
 * models/kurita.jlm). Counting only: the same records give the same file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_options.h"
#include "cli_util.h"
#include <math.h>

#include "players/kurita/kurita_model.h"
#include "players/mizukami/mizukami.h"
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

/* The final-rank regression over the records under dir (every four-player game, up to `limit`
 * when not 0): rows of 4 games in 5 train it, the fifth is held out. A record that does not read
 * is an error naming it; three-player games are left out. */
typedef struct {
    long games, hanchan;
    size_t train, test;
    double loss_train, loss_test, loss_base;
} rank_figures;

static int train_rank(const char *dir, const jong_record_limits *lim, long limit, jong_ku_model *m, char *summary, size_t nsummary, bool json,
                      rank_figures *fig)
{
    char **paths = NULL;
    size_t npaths = 0;
    int rc = train_record_paths(dir, &paths, &npaths);
    if (rc)
        return rc;
    jong_ku_rank_data d;
    memset(&d, 0, sizeof d);
    jong_mjai_log lg;
    jong_mjai_log_init(&lg);
    long used = 0, hanchan = 0;
    for (size_t i = 0; !rc && i < npaths && (limit == 0 || used < limit); i++) {
        jong_error err;
        if (jong_mjai_read_file_limited(paths[i], lim, &lg, &err)) {
            if (lg.players == 3) /* the reader stops at a three-player game's type */
                continue;
            rc = cli_fail(CMD, "%s", err.msg);
            break;
        }
        if (lg.players != 4)
            continue;
        if (jong_ku_rank_add_log(&d, &lg, (uint32_t)used, &err)) {
            rc = cli_fail(CMD, "%s: %s", paths[i], err.msg);
            break;
        }
        hanchan += lg.east_south;
        used++;
        if (used % 1000 == 0)
            fprintf(stderr, "\rjong %s: rank regression: %ld games read   ", CMD, used);
    }
    jong_mjai_log_free(&lg);
    for (size_t i = 0; i < npaths; i++)
        free(paths[i]);
    free(paths);
    size_t *tr = rc ? NULL : malloc(sizeof *tr * (d.n + 1)), *te = rc ? NULL : malloc(sizeof *te * (d.n + 1));
    size_t *teh = rc ? NULL : malloc(sizeof *teh * (d.n + 1));
    if (!rc && (!tr || !te || !teh))
        rc = cli_fail(CMD, "out of memory");
    if (!rc && used == 0)
        rc = cli_fail(CMD, "no four-player games under %s for the rank regression", dir);
    if (!rc) {
        size_t ntr = 0, nte = 0, nteh = 0;
        for (size_t r = 0; r < d.n; r++) {
            if (d.game[r] % 5 == 4) {
                te[nte++] = r;
                if (!d.sit[r].tonpuu)
                    teh[nteh++] = r;
            } else {
                tr[ntr++] = r;
            }
        }
        fprintf(stderr, "\rjong %s: rank regression: %ld games (%ld East-South), %zu rows; fitting\n", CMD, used,
                hanchan, d.n);
        int it = jong_ku_rank_fit(&d, tr, ntr, 1.0, m->rank_w);
        m->has_rank = true;
        double ltr = jong_ku_rank_logloss(&d, tr, ntr, m->rank_w), lte = jong_ku_rank_logloss(&d, te, nte, m->rank_w);
        double base = jong_ku_rank_baseline_logloss(&d, tr, ntr, te, nte);
        double lteh = jong_ku_rank_logloss(&d, teh, nteh, m->rank_w);
        double baseh = jong_ku_rank_baseline_logloss(&d, tr, ntr, teh, nteh);
        *fig = (rank_figures){used, hanchan, ntr, nte, ltr, lte, base};
        snprintf(summary, nsummary,
                 "rank regression: %ld games (%ld East-South), %zu train / %zu held-out rows, %d Newton steps, "
                 "log-loss %.4f train, %.4f held-out (baseline by current rank %.4f); East-South held-out %zu rows "
                 "%.4f (baseline %.4f)",
                 used, hanchan, ntr, nte, it, ltr, lte, base, nteh, lteh, baseh);
        if (!json)
            printf("%s\n", summary);
    }
    free(tr);
    free(te);
    free(teh);
    jong_ku_rank_data_free(&d);
    return rc;
}

typedef struct {
    const char *records, *out, *rank_records;
    int games, eq17_games, every, rank_games;
    bool json;
    int max_record_mb, max_gzip_layers;
} kurita_opts;

#define OPTS kurita_opts
static const cli_option options[] = {
    {"--records", CLI_STRING(records), "DIR", "the game records", .flags = CLI_REQUIRED},
    {"--out", CLI_STRING(out), "FILE", "the model file to write", .flags = CLI_REQUIRED},
    {"--games", CLI_INT(games), "N", "use the first N games", .lo = 1, .hi = 100000000, .def_text = "all"},
    {"--eq17-games", CLI_INT(eq17_games), "G", "games for Eq. 17, 0 for none", .lo = 0, .hi = 100000000,
     .def = "300"},
    {"--eq17-every", CLI_INT(every), "K", "every K-th discard decision gives an Eq. 17 row", .lo = 1,
     .hi = 100000000, .def = "3"},
    {"--rank-records", CLI_STRING(rank_records), "DIR2", "the records of the rank regression",
     .def_text = "DIR"},
    {"--rank-games", CLI_INT(rank_games), "R", "at most that many games of DIR2, 0 for all", .lo = 0,
     .hi = 100000000, .def = "0"},
    {"--json", CLI_FLAG(json), NULL, "print the figures as one JSON object"},
    CLI_RECORD_LIMIT_OPTIONS,
    CLI_END,
};
#undef OPTS

static const cli_command spec = {
    .name = CMD,
    .about = "Counts, over the game records under DIR (four-player games, path order), each seat's\n"
             "discards that did not deal in and whether another player won before its next discard,\n"
             "by its discard number, the others' riichi and its own riichi; and its mean score change\n"
             "when another player won without it dealing in. Writes the smoothed rates (see\n"
             "docs/experiments/kurita.md) to FILE. Then Eq. 17: over the first G games, every K-th\n"
             "discard decision at shanten 2-3 gives the MDP features of the hand after the expert's\n"
             "discard and the scenario the hand ended in; a softmax regression is fitted on 4 games in\n"
             "5 and its log-loss printed on the fifth. Also over all games: the paper's tenpai\n"
             "regression by discards (per number of calls) and the deal-in histogram by tile category\n"
             "(the player's params=paper), printed on stderr. Last the final-rank regression (the\n"
             "player's payoff=rank|result) over the games under DIR2, fitted on 4 games in 5, its\n"
             "log-loss printed on the fifth next to a baseline (the final rank's rates by the current\n"
             "rank). A record that does not read stops it with an error naming the file. Progress on\n"
             "stderr.\n",
    .options = options,
};

int cmd_train_kurita(int argc, char **argv)
{
    kurita_opts o = {0};
    int status = cli_parse(&spec, argc, argv, &o);
    if (status != CLI_GO)
        return status;
    const char *records = o.records, *out = o.out, *rank_records = o.rank_records;
    long games = o.games, eq17_games = o.eq17_games, every = o.every, rank_games = o.rank_games;
    bool json = o.json;
    jong_record_limits lim = cli_record_limits(o.max_record_mb, o.max_gzip_layers);
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
        if (jong_mjai_read_file_limited(paths[i], &lim, &lg, &err) || lg.players != 4 || jong_ku_stats_add_log(&st, &lg, &err) ||
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
    fflush(stderr);
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
            if (jong_mjai_read_file_limited(paths[i], &lim, &lg, &err) || lg.players != 4)
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
    char rank_summary[400] = "";
    rank_figures rf = {0};
    rc = train_rank(rank_records ? rank_records : records, &lim, rank_games, &m, rank_summary, sizeof rank_summary, json,
                    &rf);
    if (rc)
        return rc;
    char info[1024];
    snprintf(info, sizeof info,
             "jong train kurita --games %ld --eq17-games %ld --eq17-every %ld --rank-games %ld; %ld hands; R_O from "
             "%ld seat-hands; Eq. 17: %zu train / %zu held-out rows, held-out log-loss %.4f (class rates %.4f); %s",
             st.games, eq17_games, every, rank_games, st.hands, st.r_other_n, ntrain, ntest, loss_test, loss_base,
             rank_summary);
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
               "\"eq17_logloss_class_rates\":%.5f,\"rank_games\":%ld,\"rank_east_south_games\":%ld,"
               "\"rank_train_rows\":%zu,\"rank_test_rows\":%zu,\"rank_logloss_train\":%.5f,\"rank_logloss_test\":%.5f,"
               "\"rank_logloss_by_current_rank\":%.5f,\"tsumo_share\":%.5f,\"win_points\":[%.1f,%.1f],\"hazard\":[",
               st.games, st.hands, skipped, m.riichi_scale, m.r_other, m.r_lose, ntrain, ntest, loss_train, loss_test,
               loss_base, rf.games, rf.hanchan, rf.train, rf.test, rf.loss_train, rf.loss_test, rf.loss_base,
               m.tsumo_share, m.win_points[0], m.win_points[1]);
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
