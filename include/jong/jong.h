/* libjong: everything public in one include. A program includes this header and links with
 * `pkg-config --cflags --libs jong` (see docs/library.md); the headers it gathers are the library's
 * whole public API, layer by layer (HACKING.md). */
#ifndef JONG_JONG_H
#define JONG_JONG_H

/* tiles, notation and the hand evaluator */
#include "jong/error.h"
#include "jong/eval.h"
#include "jong/hand.h"
#include "jong/notation.h"
#include "jong/rng.h"
#include "jong/tile.h"
#include "jong/version.h"
/* rules and scoring of both families */
#include "jong/riichi_score.h"
#include "jong/rules.h"
#include "jong/tai.h"
/* "what should I discard?" by simulation */
#include "jong/analysis_sim.h"
#include "jong/analysis_targets.h"
/* the engine: games, views, legal actions, the player interface and registry, tables */
#include "jong/game.h"
#include "jong/player.h"
#include "jong/session.h"
#include "jong/table.h"
/* records and the mjai protocol */
#include "jong/mjai.h"
#include "jong/mjai_serve.h"
#include "jong/record.h"
/* the arena */
#include "jong/arena.h"

#endif
