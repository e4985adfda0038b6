/* `jong analyze` as a function for the web page: the same JSON object the command prints with
 * --json, for a hand and optional seen tiles under a rule family. */
#ifndef JONG_ANALYZE_JSON_H
#define JONG_ANALYZE_JSON_H

#include <jansson.h>
#include <stddef.h>

#include "jong/jong.h"

/* NULL on bad input, with the reason ("hand: position 3: unknown letter 'x'") in why. */
json_t *analyze_json(const char *hand, const char *seen, jong_variant rules, char *why, size_t n);

#endif
