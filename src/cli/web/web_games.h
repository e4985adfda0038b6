/* The games of `jong web`: each one a jong_session with one person seat, owned by the browser
 * that started it through a random token; any number at once (up to a bound), each behind its
 * own lock so that games never wait for one another. Every call answers with an HTTP status
 * and a JSON body: the game's state, or {"error": "..."} saying what was wrong. */
#ifndef JONG_WEB_GAMES_H
#define JONG_WEB_GAMES_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct {
    int max_games;      /* games kept at once; the oldest idle one goes first when full */
    int idle_seconds;   /* a game untouched this long may be dropped to make room */
    int time_limit;     /* seconds per person decision (0 = none): then the default action */
    const char *log_dir; /* where finished records are written (NULL: only kept in memory) */
} web_games_config;

typedef struct web_games web_games;

web_games *web_games_new(const web_games_config *cfg);
void web_games_free(web_games *gs); /* writes the records of games still open */

/* POST /api/games {"rules","players","seat","hands","seed"} -> 201 and the state with
 * "game" (its id) and "token" (to send back as X-Jong-Token). */
int web_games_create(web_games *gs, const json_t *req, json_t **out);
/* GET /api/games/ID */
int web_games_state(web_games *gs, const char *id, const char *token, json_t **out);
/* POST /api/games/ID/act {"action": index into the state's legal list, "decision": n} */
int web_games_act(web_games *gs, const char *id, const char *token, const json_t *req, json_t **out);
/* POST /api/games/ID/next: the next hand after a hand's end */
int web_games_next(web_games *gs, const char *id, const char *token, json_t **out);
/* DELETE /api/games/ID */
int web_games_delete(web_games *gs, const char *id, const char *token, json_t **out);
/* GET /api/games/ID/record: the record so far (JSON lines) into a malloc'd text, or an error
 * body in *out (then *text is NULL). */
int web_games_record(web_games *gs, const char *id, const char *token, char **text, size_t *len, json_t **out);
/* GET /api/games/ID/review: once the game is over, the review of the person's seat as an HTML
 * page (`jong review --html`, WEB_REVIEW_SIMS simulations per discard) into a malloc'd text, or
 * an error body in *out (409 before the end). */
#define WEB_REVIEW_SIMS 500
int web_games_review(web_games *gs, const char *id, const char *token, char **html, size_t *len, json_t **out);
int web_games_count(web_games *gs);
/* A player the page may seat: not the test player, not the outside bot (it needs a command). */
bool web_player_offered(const char *name);

/* {"error": message} */
json_t *web_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
