/* The table of player engines, and making a player from "name:key=val,...". */
#include <stdlib.h>
#include <string.h>

#include "jong/player.h"

int jong_player_random_create(const char *opts, jong_player *p, jong_error *err);
int jong_player_greedy_create(const char *opts, jong_player *p, jong_error *err);
int jong_player_faulty_create(const char *opts, jong_player *p, jong_error *err);
int jong_player_simcat_create(const char *opts, jong_player *p, jong_error *err);
int jong_player_kf_rule_create(const char *opts, jong_player *p, jong_error *err);
int jong_player_kf_tree_create(const char *opts, jong_player *p, jong_error *err);
int jong_player_kf_v_create(const char *opts, jong_player *p, jong_error *err);
int jong_player_guard_create(const char *opts, jong_player *p, jong_error *err);
int jong_player_race_create(const char *opts, jong_player *p, jong_error *err);
int jong_player_rollout_create(const char *opts, jong_player *p, jong_error *err);
int jong_player_loh_create(const char *opts, jong_player *p, jong_error *err);
int jong_player_best_create(const char *opts, jong_player *p, jong_error *err);
int jong_player_mizukami_create(const char *opts, jong_player *p, jong_error *err);
int jong_player_oneplayer_create(const char *opts, jong_player *p, jong_error *err);
int jong_player_kurita_create(const char *opts, jong_player *p, jong_error *err);
int jong_player_ext_create(const char *opts, jong_player *p, jong_error *err);
int jong_player_neural_create(const char *opts, jong_player *p, jong_error *err);

#define RIICHI JONG_PLAYS(JONG_VARIANT_RIICHI)
#define TAIWAN JONG_PLAYS(JONG_VARIANT_TAIWAN)
#define BOTH (RIICHI | TAIWAN)

static const jong_player_info registry[] = {
    /* the summary names what src/players/best/player_best.c plays (tests/test_tw_players.c checks) */
    {"best", "the strongest player for the rules (an alias): kurita in riichi, race in Taiwanese",
     "", jong_player_best_create, BOTH},
    {"random", "uniform over the legal actions", "", jong_player_random_create, BOTH},
    {"greedy", "least shanten, then most unseen effective tiles; claims and wins when they help",
     "claim=on", jong_player_greedy_create, BOTH},
    {"faulty", "for tests of the arena: random, but answers illegally, crashes or hangs now and then",
     "mode=illegal,every=10,ms=200", jong_player_faulty_create, BOTH},
    {"simcat", "SIMCAT flat Monte Carlo (Taiwanese): SP/FP simulation, progressive pruning, discard-twice H1/H2",
     "model=fp,pp=on,heuristic=h2h1,filter=prior,prior=race,sims=10000,ms=0,m=5,rd=3,first=300,step=100,claims=eager,oracle=off", jong_player_simcat_create, TAIWAN},
    {"kf-rule", "KF-RULE (Taiwanese): combination sets of least waiting number valued by Eq. 9",
     "w=4.5,claim=eager,hs=on,improved=on", jong_player_kf_rule_create, TAIWAN},
    {"kf-tree", "KF-TREE (Taiwanese): game-tree search over combination sets when WN <= search, race (or KF-RULE) above",
     "w=4.5,claim=eager,hs=on,improved=on,search=3,above=race,nodes=400000,ways=paper", jong_player_kf_tree_create, TAIWAN},
    {"kf-v", "KF-V (Taiwanese): KF-TREE with situation analysis, the Monte Carlo opponent model, risk and defence",
     "w=4.5,claim=eager,hs=on,improved=on,search=1,above=race,nodes=400000,ways=paper,risk=0.375,def=2,late=8,samples=100",
     jong_player_kf_v_create, TAIWAN},
    {"guard", "greedy's speed with a learned guard (Taiwanese): P(win) after each discard less lambda x P(it deals in), "
              "both learned from self-play (jong train guard)",
     "fold_below=0.03,lambda=1,fold=on,look=1,value=0,ready=count,claim=on,claim_max=9,claim_keep=0,kong=greedy,decline_eff=0,decline_wall=0,model=", jong_player_guard_create, TAIWAN},
    {"race", "greedy made a race (Taiwanese): speed two draws deep with the tiles claims would bring, less the chance a "
             "discard is chowed or ponged by the others (lambda), a scoring honor kept (nu), P(deal-in) (mu)",
     "look=2,claimw=0.7,lambda=0.25,nu=0.1,mu=0,claims=greedy,chow=on,pong=on,infer=off,oracle=off,oracle_for=both", jong_player_race_create, TAIWAN},
    {"rollout", "greedy improved by greedy rollouts (Taiwanese): each least-shanten discard and each claim valued by "
                "playing the rest of the hand n times (model=table: the whole table, hidden hands dealt)",
     "n=64,claims=rollout,model=own,self_draw=3,hazard=1,margin=0,z=2,tai=2,evolve=40,top=0,claim_top=0,fast=off",
     jong_player_rollout_create, TAIWAN},
    {"loh", "Loh's hand evaluator as a player: aims at the target (standard, seven pairs, all pongs, all chows, "
            "flushes, ...) of most chance x points, discards what it does not use, melds when the meld serves it",
     "claims=on,value=on,thin=24,margin=0", jong_player_loh_create, BOTH},
    {"mizukami", "Mizukami-Tsuruoka (riichi): Monte Carlo moves with opponent models (Eq. 10), ODEV folds, the Eq. 13 switch",
     "sims=60,alpha=0.1,steal=0.35,odev=on,calls=learned", jong_player_mizukami_create, RIICHI},
    {"oneplayer", "Mizukami-Tsuruoka's one-player moves (riichi): the discard policy learned from Houou games",
     "calls=learned", jong_player_oneplayer_create, RIICHI},
    {"kurita", "Kurita-Hoki (riichi): solitary-mahjong MDPs over a reduced hand set, retrograde analysis, folding MDP, "
               "Eq. 17; payoff=points|rank|result: the hand's points, the expected uma+oka of the final rank, or the "
               "expected game result; k=0|1|2: melds its search may reveal by chi and pon (0: never calls)",
     "l=auto,k=1,mdp=3,states=50000,time=0,fold=on,eq17=off,params=opp,payoff=points,risk=now", jong_player_kurita_create, RIICHI},
    {"neural", "a policy network (riichi) trained on Houou games: the legal action it rates highest, or (temp > 0) one "
               "drawn from its softmax; model=FILE plays another network file (.jnn); search=mc values the network's likely "
               "discards (up to mass of its probability, at most top) by mizukami's simulations with opponent models",
     "temp=0,model=,search=off,mass=0.9,top=3,sims=60", jong_player_neural_create, RIICHI},
    {"ext", "an outside mjai bot (riichi) run as a command: ext:cmd='jong bot greedy',proto=stdio|batched|react",
     "cmd=,proto=stdio,timeout=10000", jong_player_ext_create, RIICHI},
};
#define NPLAYERS (int)(sizeof registry / sizeof registry[0])

int jong_player_count(void) { return NPLAYERS; }
const jong_player_info *jong_player_info_at(int i) { return i >= 0 && i < NPLAYERS ? &registry[i] : NULL; }

static const jong_player_info *find(const char *spec, size_t len)
{
    for (int i = 0; i < NPLAYERS; i++)
        if (strlen(registry[i].name) == len && !strncmp(registry[i].name, spec, len))
            return &registry[i];
    return NULL;
}

static const char *variant_name(unsigned variants)
{
    return variants == BOTH ? "both rulesets" : variants == RIICHI ? "riichi rules only" : "Taiwanese rules only";
}

int jong_player_check_variant(const char *spec, jong_variant v, jong_error *err)
{
    size_t len = strcspn(spec, ":");
    const jong_player_info *info = find(spec, len);
    if (!info)
        return jong_error_set(err, JONG_ERR_ARG, 0, "unknown player '%.*s'", (int)len, spec);
    if (info->variants & JONG_PLAYS(v))
        return JONG_OK;
    return jong_error_set(err, JONG_ERR_ARG, 0, "%s plays %s, not a %s game", info->name,
                          variant_name(info->variants), v == JONG_VARIANT_RIICHI ? "riichi" : "Taiwanese");
}

int jong_player_create(const char *spec, jong_player **out, jong_error *err)
{
    size_t len = strcspn(spec, ":");
    const jong_player_info *info = find(spec, len);
    if (!info) {
        char names[256] = "";
        for (int i = 0; i < NPLAYERS; i++) {
            strcat(names, i ? ", " : "");
            strcat(names, registry[i].name);
        }
        return jong_error_set(err, JONG_ERR_ARG, 0, "unknown player '%.*s' (players: %s)", (int)len, spec, names);
    }
    jong_player *p = calloc(1, sizeof *p);
    if (!p)
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    const char *opts = spec[len] == ':' ? spec + len + 1 : "";
    int rc = info->create(opts, p, err);
    if (rc) {
        free(p);
        return rc;
    }
    if (strlen(spec) >= sizeof p->spec) {
        jong_player_free(p);
        return jong_error_set(err, JONG_ERR_ARG, -1, "player spec too long (%zu characters, at most %d)", strlen(spec),
                              JONG_PLAYER_SPEC_MAX - 1);
    }
    strcpy(p->spec, spec);
    *out = p;
    return JONG_OK;
}

void jong_player_free(jong_player *p)
{
    if (!p)
        return;
    if (p->ops && p->ops->destroy)
        p->ops->destroy(p);
    free(p);
}
