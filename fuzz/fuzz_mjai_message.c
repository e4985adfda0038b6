/* libFuzzer target for mjai messages: each line of the input is parsed as one message; whatever
 * parses must print to text that parses back and prints the same again, and a refusal must be
 * one JONG_ERR_SYNTAX line. The same lines then go to a Jong bot in turn (the stdio and
 * batched dialects, hello/join, a game it has to follow), which must answer or refuse each
 * without crashing. Broken invariants abort(). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "jong/mjai.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_message(const char *line, size_t len)
{
    jong_mjai_event ev, back;
    jong_error err;
    int rc = jong_mjai_parse(line, len, &ev, &err);
    if (rc != JONG_OK) {
        if (rc != JONG_ERR_SYNTAX || err.code != JONG_ERR_SYNTAX || !err.msg[0] || strchr(err.msg, '\n'))
            abort();
        return;
    }
    char buf[512], buf2[512];
    size_t n, n2;
    char *text = jong_mjai_format(&ev, buf, sizeof buf, &n);
    if (!text || strlen(text) != n)
        abort();
    if (jong_mjai_parse(text, n, &back, &err) != JONG_OK)
        abort();
    char *again = jong_mjai_format(&back, buf2, sizeof buf2, &n2);
    if (!again || n2 != n || memcmp(text, again, n) != 0)
        abort();
    if (!jong_mjai_event_same(&ev, &back, NULL, 0))
        abort();
    if (text != buf)
        free(text);
    if (again != buf2)
        free(again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    jong_mjai_bot *bot;
    jong_error err;
    if (jong_mjai_bot_new("greedy", "fuzz", -1, 1, &bot, &err) != JONG_OK)
        abort();
    size_t start = 0, lines = 0;
    for (size_t i = 0; i <= size && lines < 400; i++) {
        if (i < size && text[i] != '\n')
            continue;
        size_t len = i - start;
        check_message(text + start, len);
        char *reply = NULL;
        int rc = jong_mjai_bot_line(bot, text + start, len, &reply, &err);
        if (rc == JONG_OK && reply) {
            jong_mjai_event ans;
            if (jong_mjai_parse(reply, strlen(reply), &ans, &err) != JONG_OK) /* its answers are mjai */
                abort();
        } else if (rc != JONG_OK && reply) {
            abort(); /* a refused line gets no answer */
        }
        free(reply);
        start = i + 1;
        lines++;
    }
    jong_mjai_bot_free(bot);
    return 0;
}
