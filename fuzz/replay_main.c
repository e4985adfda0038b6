/* Runs the fuzz target over saved inputs without libFuzzer, so `make test` can replay the corpus
 * with any compiler. Arguments are files or directories; a directory's subdirectories are read
 * one level deep (enough for corpus/ plus a crashes/ folder, without walking whole trees). */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Returns 0 on success; the input buffer is freed before returning. */
static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 1;
    }
    size_t cap = 4096, len = 0;
    uint8_t *data = malloc(cap);
    for (;;) {
        if (!data) {
            fclose(f);
            fprintf(stderr, "%s: out of memory\n", path);
            return 1;
        }
        len += fread(data + len, 1, cap - len, f);
        if (len < cap)
            break;
        cap *= 2;
        uint8_t *bigger = realloc(data, cap);
        if (!bigger)
            free(data);
        data = bigger;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        fprintf(stderr, "%s: read error\n", path);
        free(data);
        return 1;
    }
    LLVMFuzzerTestOneInput(data, len);
    free(data);
    return 0;
}

static int replay_path(const char *path, int depth, long *count);

static int replay_dir(const char *path, int depth, long *count)
{
    DIR *d = opendir(path);
    if (!d) {
        perror(path);
        return 1;
    }
    int rc = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        size_t n = strlen(path) + strlen(e->d_name) + 2;
        char *child = malloc(n);
        if (!child) {
            rc = 1;
            break;
        }
        snprintf(child, n, "%s/%s", path, e->d_name);
        rc |= replay_path(child, depth + 1, count);
        free(child);
    }
    closedir(d);
    return rc;
}

/* depth 0 = a command-line argument; directories below depth 1 are skipped. */
static int replay_path(const char *path, int depth, long *count)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        perror(path);
        return 1;
    }
    if (S_ISDIR(st.st_mode))
        return depth <= 1 ? replay_dir(path, depth, count) : 0;
    if (!S_ISREG(st.st_mode))
        return 0;
    int rc = replay_file(path);
    if (rc == 0)
        (*count)++;
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
        return 2;
    }
    long count = 0;
    int rc = 0;
    for (int i = 1; i < argc; i++)
        rc |= replay_path(argv[i], 0, &count);
    printf("replayed %ld inputs\n", count);
    return rc ? 1 : 0;
}
