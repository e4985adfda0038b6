/* A scripted outside mjai bot for the tests: it stands for a bot written by someone else, so it
 * uses nothing of Jong (no library, no JSON parser: a small scanner of the lines it is sent).
 * It discards every tile it draws and never calls, which is always legal, and speaks one of the
 * three conventions of the ext: player and jong serve:
 *   stdio    every line answered ("none" where it has nothing to do);
 *   batched  each line a JSON array of events, answered once, after its last event;
 *   react    only the lines where it may act answered (its own tsumo, another seat's dahai,
 *            kakan or ankan), and not those marked "can_act": false.
 * It leaves at end_game without answering it, as many bots do.
 *
 * usage: script_bot CONVENTION[,RULE...] [HOST:PORT]
 * With HOST:PORT (an IPv4 address) it is a TCP client (hello, then join as script-CONVENTION);
 * else it plays on stdin/stdout. The rules make it break the convention, for the tests that a
 * fault is caught and counted:
 *   where     react: also answers "none" to another seat's dahai marked "can_act": false
 *   twice     every answer is sent twice
 *   late=MS   its third discard comes MS milliseconds late
 *   slow=MS   its first discard comes MS milliseconds late (a bot loading its model: slow,
 *             not faulty, with a time limit of its own)
 * and one that only records:
 *   log=FILE  every line read is appended to FILE and flushed before it is answered (a test
 *             reads what the bot was sent; a `tee` in front could still be writing a line when
 *             the game ends and the bot is stopped) */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    enum { STDIO, BATCHED, REACT } proto;
    bool where, twice;
    int late_ms, slow_ms;
    FILE *log; /* log=FILE: every line read, written and flushed before it is answered */
} rules;

/* The end of the JSON value that starts at p: an object, an array, a string or a bare word. */
static const char *value_end(const char *p)
{
    if (*p == '"') {
        for (p++; *p && *p != '"'; p++)
            if (*p == '\\' && p[1])
                p++;
        return *p ? p + 1 : p;
    }
    if (*p == '{' || *p == '[') {
        int depth = 0;
        bool in_string = false;
        for (; *p; p++) {
            if (in_string) {
                if (*p == '\\' && p[1])
                    p++;
                else if (*p == '"')
                    in_string = false;
            } else if (*p == '"') {
                in_string = true;
            } else if (*p == '{' || *p == '[') {
                depth++;
            } else if ((*p == '}' || *p == ']') && --depth == 0) {
                return p + 1;
            }
        }
        return p;
    }
    while (*p && *p != ',' && *p != '}' && *p != ']' && *p != '\n')
        p++;
    return p;
}

/* The value of "key" at the top level of the object at obj, as written (NULL when absent). */
static const char *field(const char *obj, const char *key)
{
    size_t klen = strlen(key);
    for (const char *p = obj + 1; *p;) {
        while (*p == ' ' || *p == ',')
            p++;
        if (*p != '"')
            return NULL; /* the object's end */
        bool match = !strncmp(p + 1, key, klen) && p[1 + klen] == '"';
        p = value_end(p);
        while (*p == ' ' || *p == ':')
            p++;
        if (match)
            return p;
        p = value_end(p);
    }
    return NULL;
}

static bool is(const char *value, const char *text) { return value && !strncmp(value, text, strlen(text)); }
static int number(const char *value) { return value ? atoi(value) : -1; }

/* The event the line ends with (the line itself, or the last element of an array); the seat
 * from a start_game among them. */
static const char *last_event(const char *line, int *seat)
{
    const char *last = NULL;
    for (const char *p = line + (*line == '['); *p == '{';) {
        last = p;
        if (is(field(p, "type"), "\"start_game\""))
            *seat = number(field(p, "id"));
        p = value_end(p);
        while (*p == ',' || *p == ' ')
            p++;
    }
    return last;
}

static void pause_ms(int ms)
{
    if (ms <= 0)
        return;
    struct timespec t = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

static void say(FILE *out, const rules *r, const char *text)
{
    for (int i = 0; i < (r->twice ? 2 : 1); i++)
        fprintf(out, "%s\n", text);
    fflush(out);
}

static int play(FILE *in, FILE *out, const rules *r, const char *name)
{
    char *line = NULL;
    size_t cap = 0;
    int seat = -1, discards = 0;
    char answer[200];
    while (getline(&line, &cap, in) > 0) {
        if (r->log) {
            fputs(line, r->log);
            fflush(r->log);
        }
        const char *ev = last_event(line, &seat);
        if (!ev)
            continue;
        const char *type = field(ev, "type");
        int actor = number(field(ev, "actor"));
        bool quiet = is(field(ev, "can_act"), "false");
        if (is(type, "\"hello\"")) {
            snprintf(answer, sizeof answer, "{\"type\":\"join\",\"name\":\"%s\",\"room\":\"default\"}", name);
            say(out, r, answer);
            continue;
        }
        if (is(type, "\"end_game\""))
            break;
        bool mine = actor == seat && is(type, "\"tsumo\"");
        bool theirs = actor != seat && (is(type, "\"dahai\"") || is(type, "\"kakan\"") || is(type, "\"ankan\""));
        if (r->proto == REACT && (quiet ? !(r->where && theirs && is(type, "\"dahai\"")) : !mine && !theirs))
            continue;
        if (mine) {
            const char *pai = field(ev, "pai");
            const char *pai_end = pai ? value_end(pai) : NULL;
            snprintf(answer, sizeof answer, "{\"type\":\"dahai\",\"actor\":%d,\"pai\":%.*s,\"tsumogiri\":true}", seat,
                     pai ? (int)(pai_end - pai) : 2, pai ? pai : "\"?\"");
            discards++;
            if (discards == 1)
                pause_ms(r->slow_ms);
            if (discards == 3)
                pause_ms(r->late_ms);
        } else {
            snprintf(answer, sizeof answer, "{\"type\":\"none\"}");
        }
        say(out, r, answer);
    }
    free(line);
    return 0;
}

static int connect_to(const char *where)
{
    char host[64];
    const char *colon = strrchr(where, ':');
    if (!colon || (size_t)(colon - where) >= sizeof host)
        return -1;
    snprintf(host, sizeof host, "%.*s", (int)(colon - where), where);
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((unsigned short)atoi(colon + 1));
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0 || inet_pton(AF_INET, host, &a.sin_addr) != 1 || connect(fd, (struct sockaddr *)&a, sizeof a)) {
        if (fd >= 0)
            close(fd);
        return -1;
    }
    return fd;
}

int main(int argc, char **argv)
{
    rules r = {0};
    char words[1200];
    snprintf(words, sizeof words, "%s", argc > 1 ? argv[1] : "");
    bool bad = argc < 2 || argc > 3;
    for (char *w = strtok(words, ","); w; w = strtok(NULL, ",")) {
        if (!strcmp(w, "stdio") || !strcmp(w, "batched") || !strcmp(w, "react"))
            r.proto = !strcmp(w, "stdio") ? STDIO : !strcmp(w, "batched") ? BATCHED : REACT;
        else if (!strcmp(w, "where"))
            r.where = true;
        else if (!strcmp(w, "twice"))
            r.twice = true;
        else if (!strncmp(w, "late=", 5))
            r.late_ms = atoi(w + 5);
        else if (!strncmp(w, "slow=", 5))
            r.slow_ms = atoi(w + 5);
        else if (!strncmp(w, "log=", 4) && !r.log && !(r.log = fopen(w + 4, "a")))
            bad = true;
        else if (strncmp(w, "log=", 4))
            bad = true;
    }
    if (bad) {
        fprintf(stderr, "usage: script_bot stdio|batched|react[,where][,twice][,late=MS][,slow=MS][,log=FILE] [HOST:PORT]\n");
        return 2;
    }
    const char *names[] = {"script-stdio", "script-batched", "script-react"};
    if (argc < 3)
        return play(stdin, stdout, &r, names[r.proto]);
    int fd = connect_to(argv[2]);
    FILE *in = fd >= 0 ? fdopen(fd, "r") : NULL, *out = fd >= 0 ? fdopen(dup(fd), "w") : NULL;
    if (!in || !out) {
        fprintf(stderr, "script_bot: cannot connect to %s\n", argv[2]);
        return 1;
    }
    int rc = play(in, out, &r, names[r.proto]);
    fclose(out);
    fclose(in);
    return rc;
}
