/* `jong bench selfplay`: engine and player speed in self-play on one thread, records off,
 * with a signature of every event so that a change of behaviour shows. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_players.h"
#include "cli/cli_options.h"
#include "cli/cli_util.h"
#include "cli/commands.h"

#define SELFPLAY_HANDS_PER_GAME 16

typedef struct {
    jong_variant rules;
    const char *preset;
    cli_list rule;
    const char *players;
    int hands;
    uint64_t seed;
    bool json;
} bench_opts;

#define OPTS bench_opts
static const cli_option options[] = {
    {"--rules", CLI_RULES(rules), "R", "riichi or taiwan", .def = "taiwan",
     .def_text = "taiwan (riichi with --preset)"},
    {"--rule", CLI_LIST(rule), "NAME=VALUE", "set a rule option (repeatable)"},
    CLI_RULE_PRESET_OPTION(),
    {"--players", CLI_STRING(players), "P[,P...]", "1, 2 (alternating) or 4 player specs (three_player: 1 or 3)", .def = "random"},
    {"--hands", CLI_INT(hands), "N", "hands to play", .lo = 1, .hi = 100000000, .def = "20000"},
    {"--seed", CLI_SEED(seed), "S", "the games' seed", .def = "20261122"},
    {"--json", CLI_FLAG(json), NULL, "one JSON object"},
    CLI_END,
};
#undef OPTS

static const cli_command spec = {
    .name = "bench selfplay",
    .about = "Self-play speed on one thread, records off: games between the players (16 hands each in\n"
             "Taiwanese, whole hanchan in riichi) until N hands are played. Prints hands per second\n"
             "and a signature (FNV-1a over every event) that changes only when behaviour changes.\n",
    .options = options,
};

static void hash_event(void *ctx, const jong_event *ev)
{
    uint64_t *h = ctx;
    const uint64_t prime = 0x100000001b3ull;
    uint8_t bytes[4] = {ev->type, (uint8_t)ev->actor, (uint8_t)ev->target, ev->tile};
    for (int i = 0; i < 4; i++)
        *h = (*h ^ bytes[i]) * prime;
    if (ev->type == JONG_EV_WIN || ev->type == JONG_EV_END_GAME)
        for (int s = 0; s < JONG_SEATS; s++)
            *h = (*h ^ (uint32_t)ev->scores[s]) * prime;
}

int bench_selfplay(int argc, char **argv)
{
    const char *cmd = spec.name;
    bench_opts opt = {0};
    int r = cli_parse(&spec, argc, argv, &opt);
    if (r != CLI_GO)
        return r;
    jong_variant v = opt.rules;
    const char *players_text = opt.players;
    int hands = opt.hands;
    uint64_t seed = opt.seed;
    bool json = opt.json;
    bool rules_given;
    cli_find_option(argc, argv, "--rules", &rules_given);
    if (!rules_given)
        v = cli_rules_of_preset(opt.preset, v);
    jong_ruleset rs;
    r = cli_build_ruleset(cmd, opt.preset, "--rule", v, opt.rule.v, opt.rule.n, 0, &rs);
    if (r)
        return r;
    if (v == JONG_VARIANT_TAIWAN && rs.hands == 0)
        rs.hands = SELFPLAY_HANDS_PER_GAME;  /* unless --rule hands= set it; riichi plays whole games */
    jong_player *players[JONG_SEATS];
    int rc = cli_make_players_seats(cmd, players_text, v, jong_ruleset_seats(&rs), players);
    if (rc)
        return rc;
    fprintf(stderr, "jong bench selfplay: seed %llu, %d hands, players %s\n", (unsigned long long)seed,
            hands, players_text);
    uint64_t signature = 0xcbf29ce484222325ull;
    int done = 0, games = 0;
    int64_t actions = 0;
    double start = cli_now();
    while (done < hands) {
        jong_table t = {.rules = &rs, .seed = seed, .game_number = games, .sink = hash_event,
                        .sink_ctx = &signature};
        memcpy(t.players, players, sizeof players);
        jong_game_result res;
        jong_error err;
        if (jong_table_play(&t, &res, &err)) {
            cli_free_players(players);
            return cli_fail(cmd, "game %d: %s", games, err.msg);
        }
        done += res.hands;
        actions += res.actions;
        games++;
    }
    double seconds = cli_now() - start;
    double rate = done / (seconds > 1e-9 ? seconds : 1e-9);
    char sig[24];
    snprintf(sig, sizeof sig, "%016llx", (unsigned long long)signature);
    if (json) {
        json_t *o = json_object();
        char seedtext[24];
        snprintf(seedtext, sizeof seedtext, "%llu", (unsigned long long)seed);
        json_object_set_new(o, "bench", json_string("selfplay"));
        json_object_set_new(o, "rules", json_string(cli_rules_name(v)));
        if (opt.preset)
            json_object_set_new(o, "preset", json_string(opt.preset));
        json_object_set_new(o, "players", json_string(players_text));
        json_object_set_new(o, "seed", json_string(seedtext));
        json_object_set_new(o, "hands", json_integer(done));
        json_object_set_new(o, "games", json_integer(games));
        json_object_set_new(o, "decisions", json_integer(actions));
        json_object_set_new(o, "seconds", json_real(seconds));
        json_object_set_new(o, "rate", json_real(rate));
        json_object_set_new(o, "signature", json_string(sig));
        char *text = json_dumps(o, JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(8));
        printf("%s\n", text);
        free(text);
        json_decref(o);
    } else {
        printf("selfplay %s%s%s%s %s: %d hands (%d games, %lld decisions) in %.3f s = %.0f hands/s, signature %s\n",
               cli_rules_name(v), opt.preset ? " (preset " : "", opt.preset ? opt.preset : "", opt.preset ? ")" : "",
               players_text, done, games, (long long)actions, seconds, rate, sig);
    }
    cli_free_players(players);
    return CLI_OK;
}
