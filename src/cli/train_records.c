/* The record files of the `jong train` commands (train_records.h): every record under a
 * directory, in one order on every machine. */
#include <dirent.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli_util.h"
#include "train_records.h"

#define CMD "train"

typedef struct {
    char **v;
    size_t n, cap;
} paths;

static int push_path(paths *p, const char *s)
{
    if (p->n == p->cap) {
        size_t cap = p->cap ? p->cap * 2 : 256;
        char **q = realloc(p->v, sizeof *q * cap);
        if (!q)
            return -1;
        p->v = q;
        p->cap = cap;
    }
    p->v[p->n] = strdup(s);
    return p->v[p->n++] ? 0 : -1;
}

static bool record_name(const char *name)
{
    static const char *const ends[] = {".xml", ".mjlog", ".mjson", ".json", ".xml.gz", ".mjson.gz", ".json.gz"};
    size_t n = strlen(name);
    for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
        size_t m = strlen(ends[i]);
        if (n > m && !strcmp(name + n - m, ends[i]))
            return true;
    }
    return false;
}

static int walk(const char *dir, paths *out)
{
    DIR *d = opendir(dir);
    if (!d)
        return cli_fail(CMD, "%s: cannot read the directory", dir);
    struct dirent *e;
    int rc = 0;
    while (!rc && (e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(path, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode))
            rc = walk(path, out);
        else if (S_ISREG(st.st_mode) && record_name(e->d_name) && push_path(out, path))
            rc = cli_fail(CMD, "out of memory listing %s", dir);
    }
    closedir(d);
    return rc;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The record files under dir, in name order so that training reads them in the same order on
 * every machine. qsort is not called on an empty list: its array may be NULL. */
int train_record_paths(const char *dir, char ***v, size_t *n)
{
    paths p = {0};
    int rc = walk(dir, &p);
    if (!rc && p.n > 1)
        qsort(p.v, p.n, sizeof *p.v, by_name);
    *v = p.v;
    *n = p.n;
    return rc;
}
