/* `jong kf wn-table`: measures the waiting-number distribution per round (the paper's Fig. 3)
 * from seeded self-play of one hand per game, and prints it as the C source of
 * src/players/kf/kf_wn_table.c, which KF-V's opponent model ships. The WN of a seat is taken on its 16
 * tiles right after each of its discards; the round is its number of discards so far. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_options.h"
#include "cli_players.h"
#include "cli_util.h"
#include "commands.h"
#include "jong/jong.h"
#include "players/kf/kf.h"

typedef struct {
    int games;
    uint64_t seed;
    const char *players;
} wn_opts;

#define OPTS wn_opts
static const cli_option wn_options[] = {
    {"--games", CLI_INT(games), "N", "one-hand Taiwanese games to play", .lo = 1, .hi = 10000000,
     .def = "4000"},
    {"--seed", CLI_SEED(seed), "S", "the games' seed", .def = "7"},
    {"--players", CLI_STRING(players), "P", "the player in every seat", .def = "kf-rule"},
    CLI_END,
};
#undef OPTS

static const cli_command wn_spec = {
    .name = "kf wn-table",
    .about = "Plays N seeded one-hand Taiwanese games with player P in every seat and prints the C\n"
             "source of src/players/kf/kf_wn_table.c: for each round 0..23 (a seat's discards so far;\n"
             "later rounds count as 23) the share of WN 0..8 (more counts as 8) of the seats' 16-tile\n"
             "hands after their discards. Progress on stderr.\n",
    .options = wn_options,
    .epilog = "The shipped table: jong kf wn-table --games 4000 --seed 7 --players kf-rule:w=6,claim=paper > "
              "src/players/kf/kf_wn_table.c\n",
};

static int wn_table(int argc, char **argv);

static const cli_sub subs[] = {
    {"wn-table", "remake KF-V's waiting-number table from self-play", wn_table},
    CLI_END,
};

static const cli_command spec = {
    .name = "kf",
    .usage = "jong kf wn-table [--games N] [--seed S] [--players P]",
    .about = "The KF players' tables, remade by self-play.\n",
    .subs = subs,
};

static int play_one(const jong_ruleset *rs, uint64_t seed, int g, jong_player *pl[JONG_SEATS],
                    long counts[JONG_KF_ROUNDS][JONG_KF_WN_MAX + 1])
{
    jong_game *game;
    jong_error err;
    if (jong_game_new(rs, seed, g, NULL, NULL, &game, &err) || jong_game_start_hand(game, &err)) {
        fprintf(stderr, "jong kf wn-table: %s\n", err.msg);
        return 1;
    }
    uint64_t decision = 0;
    while (!jong_game_hand_over(game)) {
        unsigned pending = jong_game_pending(game);
        if (!pending)
            break;
        for (int s = 0; s < JONG_SEATS; s++) {
            if (!(pending >> s & 1))
                continue;
            jong_action legal[JONG_MAX_ACTIONS];
            int n = jong_game_legal(game, s, legal);
            jong_view v;
            jong_game_view(game, s, &v);
            jong_decision d = {.view = &v, .rules = rs, .legal = legal, .nlegal = n,
                              .seed = jong_seed_mix(jong_seed_mix(seed, (uint64_t)g), decision++)};
            int i = pl[s]->ops->choose(pl[s], &d);
            if (i < 0 || i >= n)
                i = 0;
            jong_action a = legal[i];
            if (jong_game_act(game, s, &a, &err)) {
                fprintf(stderr, "jong kf wn-table: %s\n", err.msg);
                jong_game_free(game);
                return 1;
            }
            if (a.type == JONG_ACT_DISCARD) {
                jong_game_view(game, s, &v);
                uint8_t lim[JONG_KINDS];
                jong_hand_limits(&v.own, lim);
                int w = jong_distance_standard_limited(v.own.counts, jong_hand_sets_needed(&v.own, JONG_VARIANT_TAIWAN), lim);
                int r = v.seats[s].ndiscards - 1;
                r = r < 0 ? 0 : r >= JONG_KF_ROUNDS ? JONG_KF_ROUNDS - 1 : r;
                counts[r][w > JONG_KF_WN_MAX ? JONG_KF_WN_MAX : w]++;
            }
            if (!(jong_game_pending(game) >> s & 1) && jong_game_pending(game) != pending)
                break;  /* the engine moved on: ask afresh */
        }
    }
    jong_game_free(game);
    return 0;
}

static int wn_table(int argc, char **argv)
{
    wn_opts o = {0};
    int rc = cli_parse(&wn_spec, argc, argv, &o);
    if (rc != CLI_GO)
        return rc;
    long games = o.games;
    uint64_t seed = o.seed;
    const char *players = o.players;
    jong_player *pl[JONG_SEATS];
    if ((rc = cli_make_players(wn_spec.name, players, JONG_VARIANT_TAIWAN, pl)))
        return rc;
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_TAIWAN);
    static long counts[JONG_KF_ROUNDS][JONG_KF_WN_MAX + 1];
    fprintf(stderr, "jong kf wn-table: seed %llu, %ld games of %s\n", (unsigned long long)seed, games, players);
    rc = 0;
    for (long g = 0; g < games && !rc; g++) {
        rc = play_one(&rs, seed, (int)g, pl, counts);
        if (g % 20 == 19 || g == games - 1)
            fprintf(stderr, "\rjong kf wn-table: %ld/%ld games", g + 1, games);
    }
    fprintf(stderr, "\n");
    cli_free_players(pl);
    if (rc)
        return 1;
    printf("/* The waiting-number distribution per round (KF-V's alpha, the paper's Fig. 3), measured by\n"
           " *   jong kf wn-table --games %ld --seed %llu --players %s\n"
           " * Do not edit: remake it with that command. Row r: a seat's 16 tiles after its (r+1)-th\n"
           " * discard; column w: the share of WN w (the last column: 8 or more). Rows without samples\n"
           " * repeat the row before. */\n#include \"kf.h\"\n\n",
           games, (unsigned long long)seed, players);
    printf("const char jong_kf_wn_source[] = \"jong kf wn-table --games %ld --seed %llu --players %s\";\n\n",
           games, (unsigned long long)seed, players);
    printf("const double jong_kf_wn_alpha[JONG_KF_ROUNDS][JONG_KF_WN_MAX + 1] = {\n");
    int last = -1;
    for (int r = 0; r < JONG_KF_ROUNDS; r++) {
        long total = 0;
        for (int w = 0; w <= JONG_KF_WN_MAX; w++)
            total += counts[r][w];
        int src = total ? r : last;
        if (total)
            last = r;
        long st = 0;
        if (src >= 0)
            for (int w = 0; w <= JONG_KF_WN_MAX; w++)
                st += counts[src][w];
        printf("    {");
        for (int w = 0; w <= JONG_KF_WN_MAX; w++)
            printf("%s%.6f", w ? ", " : "", src >= 0 && st ? (double)counts[src][w] / st : (w == JONG_KF_WN_MAX ? 1.0 : 0.0));
        printf("}, /* round %d: %ld samples */\n", r, total);
    }
    printf("};\n");
    return 0;
}

int cmd_kf(int argc, char **argv)
{
    int status;
    cli_dispatch(&spec, argc, argv, &status);
    return status;
}
