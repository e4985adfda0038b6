/* libjong: everything public in one include. */
#ifndef JONG_JONG_H
#define JONG_JONG_H

#include "jong/error.h"
#include "jong/eval.h"
#include "jong/game.h"
#include "jong/hand.h"
#include "jong/notation.h"
#include "jong/player.h"
#include "jong/record.h"
#include "jong/riichi_score.h"
#include "jong/rng.h"
#include "jong/rules.h"
#include "jong/session.h"
#include "jong/table.h"
#include "jong/tai.h"
#include "jong/tile.h"

#define JONG_VERSION "0.1.0"

#endif
