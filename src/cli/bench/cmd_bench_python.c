/* `jong bench python`: the speed of the Python package (`import jong`, docs/python.md). The
 * options are read here; the work is done by the package's own module jong.bench
 * (python/jong/bench.py), run by the interpreter that this process becomes (exec): Env and
 * VecEnv decisions per second, read_records samples per second on records this program writes
 * (`jong play --log`), each with a signature of the work and where the time goes. */
#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli_options.h"
#include "cli/cli_util.h"
#include "cli/commands.h"

#define DEFAULT_PYTHON "/usr/bin/python3" /* Debian's: another python3 may come first on PATH */

static const char *const families[] = {"both", "riichi", "taiwan", NULL};

typedef struct {
    int rules;
    uint64_t seed;
    int decisions, tables, steps, threads, games, repeat;
    const char *opponents, *python;
    bool json;
} bench_opts;

#define OPTS bench_opts
static const cli_option options[] = {
    {"--rules", CLI_ENUM(rules), "R", "riichi, taiwan or both", .names = families, .def = "both"},
    {"--seed", CLI_SEED(seed), "S", "the games' seed (and the random choices')", .def = "1"},
    {"--decisions", CLI_INT(decisions), "N", "Env: decisions answered from Python, per family", .lo = 1,
     .hi = 100000000, .def = "20000"},
    {"--tables", CLI_INT(tables), "N", "VecEnv: tables stepped together", .lo = 1, .hi = 100000, .def = "64"},
    {"--steps", CLI_INT(steps), "N", "VecEnv: steps of every table", .lo = 1, .hi = 100000000, .def = "1000"},
    {"--threads", CLI_INT(threads), "T", "VecEnv: also run on T threads (1: one thread only)", .lo = 1,
     .hi = 256, .def = "2"},
    {"--opponents", CLI_STRING(opponents), "P", "VecEnv: the player spec of the three opponents",
     .def = "random"},
    {"--games", CLI_INT(games), "N", "read_records: greedy games written by jong play --log, per family",
     .lo = 1, .hi = 100000, .def = "20"},
    {"--repeat", CLI_INT(repeat), "N", "read_records: reads timed after the first", .lo = 1, .hi = 1000,
     .def = "3"},
    {"--python", CLI_STRING(python), "PATH", "the interpreter, with numpy",
     .def_text = "$PYTHON, else " DEFAULT_PYTHON},
    {"--json", CLI_FLAG(json), NULL, "one JSON object"},
    CLI_END,
};
#undef OPTS

static const cli_command spec = {
    .name = "bench python",
    .about = "The speed of the Python package (docs/python.md), run by the interpreter on the package that\n"
             "make python built (build/python beside this program's build directory, JONG_PYTHONPATH\n"
             "for another, else the interpreter's own): decisions per second through jong.Env (every seat\n"
             "answered from Python) and through jong.VecEnv (random legal ids chosen in numpy, on one\n"
             "thread and on T), features and masks included, and samples per second from\n"
             "jong.read_records on greedy games this program writes into a temporary directory. Prints a\n"
             "line per measurement with where the time goes and a signature of the work that changes only\n"
             "when behaviour does, then the signature of them all.\n",
    .options = options,
};

/* Run by the interpreter as `python -c BOOTSTRAP PACKAGE_DIR OPTIONS_JSON`: the missing pieces
 * said in one line each (a package directory given must hold the package: no other copy is
 * taken in its place), then jong.bench.run(options). */
static const char bootstrap[] =
    "import os, sys\n"
    "where, options = sys.argv[1], sys.argv[2]\n"
    "if where:\n"
    "    if not os.path.isfile(os.path.join(where, 'jong', 'bench.py')):\n"
    "        sys.exit(f'jong bench python: {os.path.join(where, \"jong\", \"bench.py\")} is missing: build "
    "the package with make python')\n"
    "    sys.path.insert(0, where)\n"
    "try:\n"
    "    import numpy\n"
    "except ImportError as e:\n"
    "    sys.exit(f'jong bench python: {sys.executable} has no numpy ({e}; Debian: apt-get install "
    "python3-numpy)')\n"
    "try:\n"
    "    import jong.bench\n"
    "except ImportError as e:\n"
    "    sys.exit(f'jong bench python: cannot import jong.bench from {where or \"the interpreter path\"} "
    "({e}): build the package with make python')\n"
    "import json\n"
    "sys.exit(jong.bench.run(json.loads(options)))\n";

/* The package beside this program: BUILD/python when the program is BUILD/<mode>/jong and
 * BUILD/python/jong/bench.py is there; "" otherwise. */
static void package_dir(const char *exe, char *out, size_t n)
{
    out[0] = '\0';
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", exe);
    for (int up = 0; up < 2; up++) {
        char *slash = strrchr(dir, '/');
        if (!slash)
            return;
        *slash = '\0';
    }
    char probe[PATH_MAX + 32];
    snprintf(probe, sizeof probe, "%s/python/jong/bench.py", dir);
    if (access(probe, R_OK) || (size_t)snprintf(out, n, "%s/python", dir) >= n)
        out[0] = '\0';
}

int bench_python(int argc, char **argv)
{
    const char *cmd = "bench python";
    bench_opts o = {0};
    int r = cli_parse(&spec, argc, argv, &o);
    if (r != CLI_GO)
        return r;
    const char *python = o.python;
    if (!python) {
        const char *env = getenv("PYTHON");
        python = env && *env ? env : DEFAULT_PYTHON;
    }
    char exe[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len <= 0)
        return cli_fail(cmd, "cannot find this program (/proc/self/exe): %s", strerror(errno));
    exe[len] = '\0';
    char where[PATH_MAX];
    const char *given = getenv("JONG_PYTHONPATH");
    if (given && *given)
        snprintf(where, sizeof where, "%s", given);
    else
        package_dir(exe, where, sizeof where);
    char seed[24];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)o.seed);
    json_t *opts = json_pack("{s:s, s:s, s:i, s:i, s:i, s:i, s:s, s:i, s:i, s:s, s:b}", "rules", families[o.rules],
                             "seed", seed, "decisions", o.decisions, "tables", o.tables, "steps", o.steps,
                             "threads", o.threads, "opponents", o.opponents, "games", o.games, "repeat",
                             o.repeat, "jong", exe, "json", o.json);
    char *text = opts ? json_dumps(opts, JSON_COMPACT) : NULL;
    json_decref(opts);
    if (!text)
        return cli_fail(cmd, "out of memory");
    char *args[] = {(char *)python, "-c", (char *)bootstrap, where, text, NULL};
    fflush(stdout);
    fflush(stderr);
    if (strchr(python, '/'))
        execv(python, args);
    else
        execvp(python, args);
    int e = errno;
    free(text);
    return cli_fail(cmd, "cannot run %s: %s (--python or PYTHON names the interpreter)", python, strerror(e));
}
