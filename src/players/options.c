/* The key=value option lists of player specifications ("simcat:sims=3000,m=5"), read for every
 * engine's create function (jong/player.h). */
#include <string.h>

#include "jong/player.h"

int jong_options_parse(const char *opts, jong_option_fn fn, void *ctx, const char *player, jong_error *err)
{
    const char *p = opts ? opts : "";
    while (*p) {
        size_t len = strcspn(p, ",");
        char item[256];
        if (len >= sizeof item)
            return jong_error_set(err, JONG_ERR_ARG, (int)(p - opts), "%s: option too long", player);
        memcpy(item, p, len);
        item[len] = 0;
        char *eq = strchr(item, '=');
        if (!eq)
            return jong_error_set(err, JONG_ERR_ARG, (int)(p - opts), "%s: option '%s' is not key=value",
                                  player, item);
        *eq = 0;
        int rc = fn(ctx, item, eq + 1, err);
        if (rc)
            return rc;
        p += len;
        if (*p == ',')
            p++;
    }
    return JONG_OK;
}
