/* mjai: the event stream of riichi games (../shared/protocol/mjai.md) as plain C values, its JSON
 * text, and game records read into it: mjai `.mjson` (plain or gzipped), Tenhou mjlog XML and
 * tenhou.net/6 JSON. Every reader gives the same stream for the same game, so a model can train
 * on any of them and `jong replay --verify` can check any of them against the engine.
 *
 * Tiles are the engine's codes (include/jong/game.h): kinds 0..33, red fives 42..44
 * (JONG_CODE_RED_BASE + suit), JONG_HIDDEN for mjai's "?", JONG_NO_TILE where there is none.
 * Seats are absolute (0 = the first dealer). This API is kept stable for other modules. */
#ifndef JONG_MJAI_H
#define JONG_MJAI_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "jong/error.h"
#include "jong/game.h"
#include "jong/record.h"
#include "jong/rules.h"

typedef enum {
    JONG_MJAI_NONE = 0,  /* the "nothing to do" answer */
    JONG_MJAI_START_GAME,
    JONG_MJAI_START_KYOKU,
    JONG_MJAI_TSUMO,
    JONG_MJAI_DAHAI,
    JONG_MJAI_CHI,
    JONG_MJAI_PON,
    JONG_MJAI_DAIMINKAN,
    JONG_MJAI_KAKAN,
    JONG_MJAI_ANKAN,
    JONG_MJAI_DORA,
    JONG_MJAI_REACH,
    JONG_MJAI_REACH_ACCEPTED,
    JONG_MJAI_HORA,
    JONG_MJAI_RYUKYOKU,
    JONG_MJAI_END_KYOKU,
    JONG_MJAI_END_GAME,
    JONG_MJAI_ERROR,
    JONG_MJAI_HELLO,     /* TCP: the server's greeting */
    JONG_MJAI_JOIN,      /* TCP: the client's answer */
    JONG_MJAI_TYPES
} jong_mjai_type;

/* jong_mjai_ryukyoku reasons (mjai's names in the comments). */
typedef enum {
    JONG_MJAI_RK_NONE = 0,       /* no reason given */
    JONG_MJAI_RK_EXHAUSTED,      /* "fanpai": the wall ran out */
    JONG_MJAI_RK_NAGASHI,        /* "nagashimangan" */
    JONG_MJAI_RK_KYUSHU,         /* "kyushukyuhai" */
    JONG_MJAI_RK_FOUR_RIICHI,    /* "suchareach" */
    JONG_MJAI_RK_FOUR_WINDS,     /* "sufonrenta" */
    JONG_MJAI_RK_FOUR_KANS,      /* "sukaikan" */
    JONG_MJAI_RK_TRIPLE_RON,     /* "sanchaho" */
    JONG_MJAI_RK_COUNT
} jong_mjai_ryukyoku_reason;

/* jong_mjai_event.has: which optional fields are present. */
enum {
    JONG_MJAI_HAS_SCORES = 1 << 0,
    JONG_MJAI_HAS_DELTAS = 1 << 1,
    JONG_MJAI_HAS_URA = 1 << 2,      /* uradora_markers */
    JONG_MJAI_HAS_YAKUS = 1 << 3,    /* yakus, fu, fan, hora_points */
    JONG_MJAI_HAS_TENPAIS = 1 << 4,
    JONG_MJAI_HAS_TEHAIS = 1 << 5,   /* hora_tehais (hora) or tehais (ryukyoku: the tenpai hands) */
    JONG_MJAI_HAS_CAN_ACT = 1 << 6,  /* "can_act" was given (its value is can_act) */
    JONG_MJAI_HAS_ID = 1 << 7,       /* start_game: "id" (the receiver's seat) */
    JONG_MJAI_HAS_PAO = 1 << 8,      /* hora: pao (the seat that pays for daisangen/daisuushii) */
};

#define JONG_MJAI_MAX_YAKUS 20
#define JONG_MJAI_NAME_MAX 64
#define JONG_MJAI_TEXT_MAX 160

typedef struct {
    uint8_t yaku; /* jong_yaku (include/jong/riichi_score.h); JONG_YAKU_COUNT when the name is unknown */
    uint8_t han;  /* han; a yakuman entry 13 per multiple */
} jong_mjai_yaku;

typedef struct {
    uint8_t type;            /* jong_mjai_type */
    int8_t actor, target;    /* seats, -1 when absent */
    uint8_t pai;             /* tile code; dora: the marker; JONG_NO_TILE when absent */
    uint8_t consumed[4];
    uint8_t nconsumed;
    bool tsumogiri;          /* dahai */
    bool can_act;            /* stdio dialect: false = update state, answer nothing (true by default) */
    unsigned has;            /* JONG_MJAI_HAS_* */
    /* start_game */
    char names[4][JONG_MJAI_NAME_MAX];
    int8_t id;               /* the receiver's seat, -1 when absent */
    int8_t kyoku_first;      /* 0 hanchan, 4 tonpu; -1 when absent */
    int8_t aka_flag;         /* 1/0, -1 when absent */
    /* start_kyoku */
    int8_t bakaze;           /* 0..3 = E S W N */
    int8_t kyoku;            /* 1..4 */
    int8_t oya;
    int16_t honba, kyotaku;
    uint8_t dora_marker;     /* start_kyoku; dora events use pai */
    uint8_t tehais[4][14];   /* start_kyoku: 13 each; hora: hora_tehais of the winner in [actor];
                                ryukyoku: a tenpai seat's hand */
    uint8_t ntehais[4];
    /* hora */
    uint8_t ura[5];
    uint8_t nura;
    jong_mjai_yaku yakus[JONG_MJAI_MAX_YAKUS];
    uint8_t nyakus;
    int16_t fu, fan;
    int32_t hora_points;
    int8_t pao;              /* -1 when none */
    /* ryukyoku */
    uint8_t reason;          /* jong_mjai_ryukyoku_reason */
    bool tenpais[4];
    /* scores after the event, changes made by it (hora, ryukyoku, reach_accepted, end_game) */
    int32_t scores[4], deltas[4];
    /* error: message; join: name (room in names[0]); hello: protocol */
    char text[JONG_MJAI_TEXT_MAX];
} jong_mjai_event;

/* Names: "tsumo", "dahai", ... and the reasons' mjai names ("fanpai", ...); NULL when out of range. */
const char *jong_mjai_type_name(int type);
const char *jong_mjai_reason_name(int reason);
/* mjai tile names ("5m", "5mr", "E", "?"): the name of a code, and the code of a name (-1 if none). */
const char *jong_mjai_tile_name(int code);
int jong_mjai_tile_code(const char *name);

/* An event with every field absent: seats -1, tiles JONG_NO_TILE, can_act true. */
void jong_mjai_event_init(jong_mjai_event *ev, int type);

/* Parse one mjai message (a JSON object as text, len bytes). Unknown types, missing or malformed
 * fields are one JONG_ERR_SYNTAX line naming the field. */
int jong_mjai_parse(const char *text, size_t len, jong_mjai_event *ev, jong_error *err);
/* The message as compact JSON, keys in mjai's order, no newline. Returns buf when it fits, else
 * a malloc'd string the caller frees (when it is not buf); NULL when out of memory. */
char *jong_mjai_format(const jong_mjai_event *ev, char *buf, size_t n, size_t *len);

/* Where a log came from. */
typedef enum {
    JONG_MJAI_SRC_MJSON = 0,
    JONG_MJAI_SRC_MJLOG,
    JONG_MJAI_SRC_TENHOU6,
} jong_mjai_source;

/* A whole game as events, with what the source says about it. */
typedef struct {
    jong_mjai_event *ev;
    size_t n, cap;
    int source;          /* jong_mjai_source */
    int players;         /* 4; 3 for a three-player game (read, but not a riichi game Jong plays) */
    int tenhou_type;     /* the GO type bits (mjlog, or derived for tenhou.net/6), -1 when unknown */
    bool red_fives;      /* aka dora in play */
    bool east_south;     /* hanchan (else East only) */
    bool complete;       /* the record reaches its end (end_game) */
    int32_t final_points[4]; /* owari's uma-adjusted points x10 (mjlog/tenhou6), when complete */
    char id[JONG_MJAI_NAME_MAX]; /* the game's id when the source names it, "" otherwise */
} jong_mjai_log;

void jong_mjai_log_init(jong_mjai_log *log);
void jong_mjai_log_free(jong_mjai_log *log);
/* The most events one log holds: a long hanchan has a few thousand; an event takes some 600
 * bytes, so a record of tiny lines cannot make the log outgrow its text by more than that. */
#define JONG_MJAI_MAX_EVENTS 100000
/* Append (copies ev); JONG_ERR_IO when out of memory, JONG_ERR_ARG past JONG_MJAI_MAX_EVENTS. */
int jong_mjai_log_push(jong_mjai_log *log, const jong_mjai_event *ev, jong_error *err);

/* Readers. Text need not be NUL-terminated. Errors name the line (mjson) or the tag's byte
 * offset (mjlog) or the round and entry (tenhou.net/6) in one line; err->pos is the offset when
 * known. The log is emptied first. */
int jong_mjai_read_mjson(const char *text, size_t len, jong_mjai_log *log, jong_error *err);
int jong_mjai_read_mjlog(const char *text, size_t len, jong_mjai_log *log, jong_error *err);
int jong_mjai_read_tenhou6(const char *text, size_t len, jong_mjai_log *log, jong_error *err);
/* Any of them from bytes: gzip is unpacked, then the format is told from the first character
 * ('<' mjlog; a line holding an object with "type" mjson; an object with "log" tenhou.net/6).
 * A UTF-8 byte order mark before the text is skipped in every format. Within the default
 * jong_record_limits. */
int jong_mjai_read(const void *data, size_t len, jong_mjai_log *log, jong_error *err);
/* The same from a file; the error message starts with the path. */
int jong_mjai_read_file(const char *path, jong_mjai_log *log, jong_error *err);

/* What reading one record may take: its text after unpacking (a 500 KB gzip bomb unpacks to
 * gigabytes; a whole hanchan is well under 1 MiB) and the gzip layers around it (a .gz is one
 * layer, a .gz of it two). The file is streamed through the layers, never held whole layer by
 * layer. Past a limit the error (JONG_ERR_ARG) names it. */
#define JONG_RECORD_MAX_MB 16          /* default of max_bytes, in MiB */
#define JONG_RECORD_MAX_GZIP_LAYERS 2  /* default of max_layers */
typedef struct {
    size_t max_bytes; /* of the text, after every layer is unpacked */
    int max_layers;   /* of gzip; 0 refuses gzip */
} jong_record_limits;
jong_record_limits jong_record_limits_default(void);
/* The text of a record (plain or gzipped, layer by layer) into a malloc'd buffer with a NUL
 * after it (not counted in *len). lim NULL: the defaults. */
int jong_record_unpack(const void *data, size_t len, const jong_record_limits *lim, char **text, size_t *text_len,
                       jong_error *err);
/* The same from a file, streamed; the error message starts with the path. */
int jong_record_load(const char *path, const jong_record_limits *lim, char **text, size_t *len, jong_error *err);
/* jong_mjai_read and jong_mjai_read_file within lim (NULL: the defaults). */
int jong_mjai_read_limited(const void *data, size_t len, const jong_record_limits *lim, jong_mjai_log *log,
                           jong_error *err);
int jong_mjai_read_file_limited(const char *path, const jong_record_limits *lim, jong_mjai_log *log,
                                jong_error *err);

/* Write the log as .mjson: one event per line. gz: gzip it (deterministic: no name, no time). */
int jong_mjai_write(FILE *f, const jong_mjai_log *log, bool gz, jong_error *err);
/* To a path; gzipped when it ends in ".gz". */
int jong_mjai_write_file(const char *path, const jong_mjai_log *log, jong_error *err);

/* An engine event (riichi) as mjai: the names and fields of Jong's own records. */
int jong_mjai_of_engine_event(const jong_event *ev, jong_mjai_event *out, jong_error *err);

/* Replaying an imported game through the riichi engine (see docs/mjai.md): the walls rebuilt
 * from the record, every decision answered as the record shows, every engine event compared
 * with the record's. */
typedef struct {
    int hands;             /* hands dealt and played through */
    int events;            /* record events matched */
    bool cut;              /* the record stops before the game's end: verified up to there */
    bool not_from_start;   /* the record starts after East 1 (not replayable: an error) */
    int hand_limit;        /* an .mjson record (a Jong server's one_kyoku game) that ends the game
                              after this many hands, with the scores the engine has then; 0 if not */
    size_t diff_event;     /* on a difference: the record event's index (0-based) */
    char diff[1600];       /* on a difference: what differs, with both events */
} jong_mjai_replay_stats;
/* JONG_OK when the whole record replays equal (a record cut short replays up to its end);
 * JONG_ERR_ARG "event N: ..." at the first difference (st->diff has the whole text). */
int jong_mjai_replay(const jong_mjai_log *log, jong_mjai_replay_stats *st, jong_error *err);
/* The same, telling the hooks of each decision before the record's answer is played and of each
 * event the engine emits (see record.h). */
int jong_mjai_replay_observe(const jong_mjai_log *log, const jong_replay_hooks *hooks, jong_mjai_replay_stats *st,
                             jong_error *err);
/* The same under the caller's riichi rules (NULL: jong_ruleset_default, today's Tenhou rules;
 * hooks may be NULL): the length and the red fives are always the record's, every other option
 * (tenpai_yame, extension_rounds, ... of a preset such as "tenhou2009") the caller's. */
int jong_mjai_replay_rules(const jong_mjai_log *log, const jong_ruleset *rules, const jong_replay_hooks *hooks,
                           jong_mjai_replay_stats *st, jong_error *err);

/* A seat's decision in a game in progress, from the events it has seen (other seats' tiles
 * "?"): the game so far is replayed through the engine (hidden tiles placed where they are
 * later shown), and the engine says whether the seat must decide now and what it may do. */
typedef struct {
    int seat;
    int nlegal;                          /* 0: nothing to decide now */
    jong_action legal[JONG_MAX_ACTIONS]; /* after the seat's own reach: its riichi discards only */
    jong_view view;                      /* the seat's view (valid when nlegal > 0) */
    jong_ruleset rules;                  /* the rules the game is replayed with */
    uint8_t last_draw;                   /* the seat's latest draw in this hand, JONG_NO_TILE */
    uint8_t last_tile;                   /* the latest discard or kakan tile, JONG_NO_TILE */
    int8_t last_actor;                   /* who discarded it, -1 */
    bool after_reach;                    /* the last event is the seat's own reach */
    bool after_own_draw;                 /* the last event is the seat's own tsumo */
    char why[1600];                      /* on error: what the replay found */
} jong_mjai_decision;
int jong_mjai_live(const jong_mjai_log *log, int seat, jong_mjai_decision *d, jong_error *err);

/* The legal action an mjai answer of `seat` names (dahai, chi, pon, daiminkan, ankan, kakan,
 * hora, ryukyoku kyushukyuhai, none); riichi: a dahai that follows the seat's reach. -1 when
 * the answer names no legal action (a "reach" answer names none: its dahai comes next). */
int jong_mjai_find_action(const jong_mjai_event *m, int seat, bool riichi, const jong_action *legal, int n);

/* A Jong player as an mjai bot. Feed it every line the server sends; it answers in the line's
 * dialect: a single event gets one answer (none when it carries "can_act": false), a JSON array
 * of events gets one answer after the last; "hello" gets "join". Answers are one JSON object
 * without a newline (malloc'd; NULL when nothing is to be sent). A bad line is an error and
 * changes nothing. When the bot cannot follow the game through the engine it answers by
 * default (the drawn tile, or none) and says why in jong_mjai_bot_warning. */
typedef struct jong_mjai_bot jong_mjai_bot;
typedef struct {
    long events, decisions, fallbacks;
} jong_mjai_bot_stats;
/* seat: -1 to take it from start_game's "id". name: for "join". */
int jong_mjai_bot_new(const char *player_spec, const char *name, int seat, uint64_t seed, jong_mjai_bot **out,
                      jong_error *err);
int jong_mjai_bot_line(jong_mjai_bot *b, const char *line, size_t len, char **reply, jong_error *err);
/* The react convention instead (off by default): a line is answered only when the seat has
 * something to decide after it and it does not carry "can_act": false (reply NULL otherwise,
 * error lines included); a chi, pon or reach goes out with the dahai the player plays after it,
 * as one array ([{"type":"pon",...},{"type":"dahai",...}]), and the seat's own chi, pon or reach
 * event that follows is not answered. */
void jong_mjai_bot_set_react(jong_mjai_bot *b, bool react);
bool jong_mjai_bot_react(const jong_mjai_bot *b);
const char *jong_mjai_bot_warning(const jong_mjai_bot *b);
const jong_mjai_bot_stats *jong_mjai_bot_get_stats(const jong_mjai_bot *b);
int jong_mjai_bot_seat(const jong_mjai_bot *b);
void jong_mjai_bot_free(jong_mjai_bot *b);
/* The room named in join (default "default"). */
void jong_mjai_bot_set_room(jong_mjai_bot *b, const char *room);
/* A flag raised from outside (a signal; NULL: none): the decision under way is told to stop, and
 * every line after it is refused with JONG_ERR_STOPPED, which ends jong_mjai_bot_run_stream. */
void jong_mjai_bot_set_stop(jong_mjai_bot *b, const atomic_bool *stop);

/* TCP ("mjsonp"): "mjsonp://host:port/room" (port 11600 and room "default" when left out). */
int jong_mjai_parse_url(const char *url, char *host, size_t hn, int *port, char *room, size_t rn, jong_error *err);
/* Where the TCP client tells of a bad line or a fallback answer (line number, message). */
typedef void (*jong_mjai_log_fn)(void *ctx, long line, const char *msg);
/* The longest line jong_mjai_bot_run_stream keeps: a batched array of a whole game fits many
 * times over. A longer line is read to its end without being kept, and is a bad line. */
#define JONG_MJAI_LINE_MAX (1 << 20)
/* Play as the bot on a stream: each line of in (until its end) gets its answer on out, flushed;
 * a bad line is told to log (may be NULL) and answered {"type":"none"} (in react: not
 * answered). JONG_ERR_IO on a write error, JONG_ERR_STOPPED once the stop flag is raised. */
int jong_mjai_bot_run_stream(jong_mjai_bot *b, FILE *in, FILE *out, jong_mjai_log_fn log, void *log_ctx,
                             jong_error *err);
/* Connect to url and play as the bot until the server closes the connection (JONG_OK), or a
 * connection error (JONG_ERR_IO). Every line from the server gets exactly one line back. */
int jong_mjai_bot_run_tcp(jong_mjai_bot *b, const char *url, jong_mjai_log_fn log, void *log_ctx, jong_error *err);

/* Do two events say the same thing? Fields one side lacks (the optional ones in `has`) are not
 * compared, so an mjlog and a tenhou.net/6 import of one game compare equal. The first
 * difference goes into why (may be NULL). */
bool jong_mjai_event_same(const jong_mjai_event *a, const jong_mjai_event *b, char *why, size_t n);

#endif
