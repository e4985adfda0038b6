/* The guard model shipped inside the library (models/guard.jlm, made by `jong train guard`),
 * for the players and commands that price danger in Taiwanese (guard, race, the review). */
#ifndef JONG_PLAYERS_GUARD_BUILTIN_H
#define JONG_PLAYERS_GUARD_BUILTIN_H

#include "models/guard_model.h"

/* Decodes the built-in model into m (free it with jong_linmodel_free). */
int jong_guard_builtin(jong_linmodel *m, jong_error *err);

#endif
