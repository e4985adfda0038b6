/* The simulation part of `jong analyze` (jong_analysis_run's table) and, with --player, an engine's
 * own values of each discard: printed as text or added to the command's JSON object. */
#ifndef JONG_ANALYZE_SIM_OUT_H
#define JONG_ANALYZE_SIM_OUT_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "jong/analysis_sim.h"
#include "jong/player.h"

typedef struct {
    bool have;                    /* the engine answered (--player given and it has values) */
    char spec[128];               /* the player as given */
    jong_player_values values;
} analyze_player_out;

/* --exchanges forward|N|all: the value of jong_analysis_input's exchanges, -1 when not one;
 * and back to its word. */
int analyze_exchanges_parse(const char *text);
const char *analyze_exchanges_name(int exchanges, char *buf, size_t n);

void analyze_sim_print_text(const jong_analysis_result *r, jong_variant v, const analyze_player_out *p);
/* Adds "simulation": {...} (and "player": {...} when p->have) to root. */
void analyze_sim_add_json(json_t *root, const jong_analysis_result *r, jong_variant v, const analyze_player_out *p);

#endif
