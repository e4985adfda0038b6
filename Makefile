# Jong build. `make` builds the library, the program and the tests; `make test` runs every test
# (release and ASan+UBSan builds, a clang build, a TSan build of the program for the web server's
# race test, the fuzz corpus, the CLI golden files);
# `make run` tours `jong analyze`, `jong score` and `jong play`, then runs a short arena between the
# built-in players and prints its table. Missing Debian packages are installed first.
# `make install PREFIX=/usr/local` installs the program, libjong.a and libjong.so, the headers,
# jong.pc and jong.1, all built portably in build/shared; `make uninstall` (docs/library.md).

MODE      ?= release
CC        ?= cc
ifeq ($(origin CC),default)
CC        := cc
endif
BUILD     ?= build/$(MODE)
GEN       := build/gen
PORTABLE  ?= 0

WARN      := -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wvla
CPPFLAGS  := -Iinclude -Isrc -D_POSIX_C_SOURCE=200809L
# Local builds use -march=native; PORTABLE=1 drops it (build/shared, what `make install` copies,
# is always portable). The evaluator's vector paths are chosen at run time either way
# (src/core/cpu.h); native stays for the rest of the code, faster on it (docs/library.md).
ARCH      := $(if $(filter 1,$(PORTABLE)),,-march=native)
OPT_release := -O2 -g $(ARCH)
OPT_asan    := -O1 -g $(ARCH) -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
OPT_clang   := -O2 -g $(ARCH)
# ThreadSanitizer: only the program is built (build/tsan/jong), for the web server's race test
OPT_tsan    := -O1 -g $(ARCH) -fsanitize=thread -fno-omit-frame-pointer
# PIC=1 (the build/shared directory of `make shared`): position-independent code for libjong.so
PICFLAG   := $(if $(filter 1,$(PIC)),-fPIC)
CFLAGS    := $(WARN) $(or $(OPT_$(MODE)),$(OPT_release)) $(PICFLAG) -MMD -MP
SANITIZE  := -fsanitize=address,undefined
LDFLAGS   := $(if $(filter asan,$(MODE)),$(SANITIZE)) $(if $(filter tsan,$(MODE)),-fsanitize=thread)
LIBS      := -ljansson -lz -lm -lpthread

# the library is every layer folder of src/ but the program's own (src/cli); see HACKING.md
LIB_SRC   := $(sort $(shell find src -path src/cli -prune -o -name '*.c' -print))
LIB_ASM   := $(sort $(shell find src -path src/cli -prune -o -name '*.S' -print))
CLI_SRC   := $(sort $(shell find src/cli -name '*.c'))
# Open MPI (docs/cluster.md): `jong arena` under mpirun is built in when its compiler wrapper is
# installed (libopenmpi-dev, which `make deps` installs), from src/cli/mpi/; otherwise, or with
# MPI=0, src/cli/arena_mpi_off.c stands in and the program has no MPI dependency. Its headers
# are system headers (-isystem): our warnings are not theirs to pass.
MPI       ?= 1
MPI_LIBS  := $(if $(filter 1,$(MPI)),$(shell mpicc --showme:link 2>/dev/null))
MPI_INC   := $(if $(MPI_LIBS),$(patsubst -I%,-isystem %,$(shell mpicc --showme:compile 2>/dev/null)))
CLI_SRC   := $(filter-out $(if $(MPI_LIBS),src/cli/arena_mpi_off.c,src/cli/mpi/%),$(CLI_SRC))
TEST_SRC  := $(wildcard tests/test_*.c)
SUPPORT_SRC := $(wildcard tests/support/*.c)
# outside bots for the tests: programs of their own, built without the library
BOT_SRC   := $(wildcard tests/bots/*.c)

LIB_OBJ   := $(LIB_SRC:%.c=$(BUILD)/%.o) $(LIB_ASM:%.S=$(BUILD)/%.o)
CLI_OBJ   := $(CLI_SRC:%.c=$(BUILD)/%.o) $(BUILD)/src/cli/web/web_assets.o
WEB_ASSETS := $(wildcard web/*)
SUPPORT_OBJ := $(SUPPORT_SRC:%.c=$(BUILD)/%.o)
TESTS     := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
BOTS      := $(BOT_SRC:tests/bots/%.c=$(BUILD)/tests/bots/%)
TABLES    := $(GEN)/suit_table.bin $(GEN)/honor_table.bin

LIBJONG   := $(BUILD)/libjong.a
JONG      := $(BUILD)/jong
REPLAY    := $(BUILD)/fuzz_replay
# one replay driver per further fuzz target: fuzz/fuzz_NAME.c, corpus fuzz/corpus_NAME/
FUZZ_MORE := mjai_message mjlog records
REPLAYS   := $(REPLAY) $(FUZZ_MORE:%=$(BUILD)/fuzz_replay_%)

DEB_PACKAGES := build-essential clang libcmocka-dev libjansson-dev libmicrohttpd-dev pkg-config python3 \
                python3-dev python3-numpy python3-pytest tmux zlib1g-dev \
                libopenmpi-dev openmpi-bin

# The version, from include/jong/version.h alone (the one source of truth).
version_part = $(shell sed -n 's/^.define JONG_VERSION_$(1) \([0-9][0-9]*\).*/\1/p' include/jong/version.h)
V_MAJOR   := $(call version_part,MAJOR)
V_MINOR   := $(call version_part,MINOR)
V_PATCH   := $(call version_part,PATCH)
VERSION   := $(V_MAJOR).$(V_MINOR).$(V_PATCH)
V_STRING  := $(shell sed -n 's/^.define JONG_VERSION "\(.*\)".*/\1/p' include/jong/version.h)
# The shared library's soname: libjong.so.MAJOR from 1.0 on; while MAJOR is 0 a minor release may
# break the ABI, so the soname carries the minor too (libjong.so.0.2). See docs/library.md.
SO_REAL   := libjong.so.$(VERSION)
SONAME    := libjong.so.$(if $(filter 0,$(V_MAJOR)),$(V_MAJOR).$(V_MINOR),$(V_MAJOR))

.PHONY: all build run test check deps clean fuzz bench help shared install uninstall python python-module python-maybe model-neural race-infer-table

all: deps
	@$(MAKE) --no-print-directory build

build: $(LIBJONG) $(JONG) $(TESTS) $(BOTS) $(REPLAYS)

# Install what a fresh Debian 12 machine lacks (Debian packages only).
deps:
	@missing=""; for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then echo "installing:$$missing"; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing) >&2 || exit 1; \
	  else echo "missing Debian packages:$$missing (run: sudo apt-get install -y$$missing)" >&2; exit 1; fi; fi

run: all
	@./examples/demo.sh $(JONG)

# The three builds use every processor unless make was given its own -j; the tests run
# JONG_TEST_JOBS items at a time (default: the processors). HACKING.md, "Where the test time
# goes", has the times.
TEST_MAKE_J = $(if $(filter -j%,$(MAKEFLAGS)),,-j$(shell nproc 2>/dev/null || echo 1))
test: deps
	@$(MAKE) --no-print-directory $(TEST_MAKE_J) MODE=release build
	@$(MAKE) --no-print-directory $(TEST_MAKE_J) python-maybe
	@$(MAKE) --no-print-directory $(TEST_MAKE_J) MODE=clang CC=clang build
	@$(MAKE) --no-print-directory $(TEST_MAKE_J) MODE=asan build
	@$(MAKE) --no-print-directory $(TEST_MAKE_J) MODE=tsan build/tsan/jong
	@./tests/run_all.sh build/release build/asan build/clang build/tsan

# The tests of one build only (quick loop while developing).
check: build
	@./tests/run_all.sh $(BUILD)

bench: all
	@$(JONG) bench shanten

$(GEN)/gen_tables: tools/gen_tables.c
	@mkdir -p $(GEN)
	$(CC) -std=c11 -O2 -Wall -Wextra -Werror -o $@ $<

$(TABLES) &: $(GEN)/gen_tables
	$(GEN)/gen_tables $(GEN)

$(BUILD)/src/core/tables.o: src/core/tables.S $(TABLES)
	@mkdir -p $(dir $@)
	$(CC) $(OPT_$(MODE)) $(PICFLAG) -I$(GEN) -c -o $@ $<

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

# the shipped models of the mizukami and oneplayer players (made by `jong train`)
$(BUILD)/src/players/mizukami/mizukami_models_data.o: src/players/mizukami/mizukami_models_data.S $(wildcard models/*.jlm)
	@mkdir -p $(dir $@)
	$(CC) $(OPT_$(MODE)) $(PICFLAG) -c -o $@ $<

# the shipped models of the guard player (made by `jong train guard`)
$(BUILD)/src/players/guard/guard_model_data.o: src/players/guard/guard_model_data.S models/guard.jlm
	@mkdir -p $(dir $@)
	$(CC) $(OPT_$(MODE)) $(PICFLAG) -c -o $@ $<

# the shipped parameters of the kurita player (made by `jong train kurita`)
$(BUILD)/src/players/kurita/kurita_model_data.o: src/players/kurita/kurita_model_data.S models/kurita.jlm
	@mkdir -p $(dir $@)
	$(CC) $(OPT_$(MODE)) $(PICFLAG) -c -o $@ $<

# the shipped network of the neural player (made by `make model-neural`, tools/train_neural.py)
$(BUILD)/src/players/neural/neural_model_data.o: src/players/neural/neural_model_data.S models/neural.jnn
	@mkdir -p $(dir $@)
	$(CC) $(OPT_$(MODE)) $(PICFLAG) -c -o $@ $<

# race's inference table (src/players/race/race_infer.h), counted over self-play with the wall's
# truth; remade only on request (its command and figures: docs/experiments/taiwanese-strength.md)
RACE_INFER_GAMES ?= 20000
RACE_INFER_SEED ?= 4390
$(BUILD)/gen_race_infer: tools/gen_race_infer.c $(LIBJONG)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $< $(LIBJONG) $(LIBS)

race-infer-table: $(BUILD)/gen_race_infer
	$(BUILD)/gen_race_infer $(RACE_INFER_GAMES) $(RACE_INFER_SEED) > src/players/race/race_infer_table.c.tmp
	mv src/players/race/race_infer_table.c.tmp src/players/race/race_infer_table.c

$(LIBJONG): $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(JONG): $(CLI_OBJ) $(LIBJONG)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJ) $(LIBJONG) -lmicrohttpd $(LIBS) $(MPI_LIBS)

$(BUILD)/src/cli/mpi/%.o: CPPFLAGS += $(MPI_INC)

# the web page (web/) embedded into the program
$(BUILD)/src/cli/web/web_assets.o: src/cli/web/web_assets.S $(WEB_ASSETS)
	@mkdir -p $(dir $@)
	$(CC) $(OPT_$(MODE)) -Iweb -c -o $@ $<

$(BUILD)/tests/%: $(BUILD)/tests/%.o $(SUPPORT_OBJ) $(LIBJONG)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(SUPPORT_OBJ) $(LIBJONG) -lcmocka $(LIBS)

$(BUILD)/tests/%.o: CPPFLAGS += -Itests

$(BOTS): $(BUILD)/tests/bots/%: $(BUILD)/tests/bots/%.o
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $<

# The person's screens are program code (src/cli): their test links those objects too.
UI_OBJ := $(addprefix $(BUILD)/src/cli/,ui/hand_menu.o tty/tty_screen.o tty/tty_end.o tty/tty_tiles.o ui/event_text.o ui/hint.o ui/meld_calls.o ui/hand_end.o web/web_state.o web/web_end.o web/web_tiles_json.o web/web_svg.o web/web_svg_drawn.o web/web_svg_out.o)
$(BUILD)/tests/test_ui: $(BUILD)/tests/test_ui.o $(UI_OBJ) $(SUPPORT_OBJ) $(LIBJONG)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(UI_OBJ) $(SUPPORT_OBJ) $(LIBJONG) -lcmocka $(LIBS)

$(REPLAY): $(BUILD)/fuzz/fuzz_notation.o $(BUILD)/fuzz/replay_main.o $(LIBJONG)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)

$(BUILD)/fuzz_replay_%: $(BUILD)/fuzz/fuzz_%.o $(BUILD)/fuzz/replay_main.o $(LIBJONG)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)

# libFuzzer builds (clang) of the notation parser, the mjai message parser (and bot), the
# mjlog reader and every record format through replay: build/fuzz/fuzz_notation fuzz/corpus,
# build/fuzz/fuzz_NAME fuzz/corpus_NAME
fuzz: deps $(TABLES)
	@mkdir -p build/fuzz
	clang $(WARN) -O1 -g -fsanitize=fuzzer,address,undefined $(CPPFLAGS) -I$(GEN) \
	  -o build/fuzz/fuzz_notation fuzz/fuzz_notation.c $(LIB_SRC) $(LIB_ASM) $(LIBS)
	for t in $(FUZZ_MORE); do \
	  clang $(WARN) -O1 -g -fsanitize=fuzzer,address,undefined $(CPPFLAGS) -I$(GEN) \
	    -o build/fuzz/fuzz_$$t fuzz/fuzz_$$t.c $(LIB_SRC) $(LIB_ASM) $(LIBS) || exit 1; \
	done
	@echo "run: build/fuzz/fuzz_notation -max_total_time=60 fuzz/corpus"
	@echo "     build/fuzz/fuzz_NAME -max_total_time=60 fuzz/corpus_NAME  (NAME: $(FUZZ_MORE))"

# ---- the library as installed (docs/library.md) ------------------------------------------------
# `make shared` builds, in build/shared (position-independent objects, release flags, portable:
# no -march=native, the fast paths chosen at run time, src/core/cpu.h), everything `make install`
# copies: libjong.so (soname $(SONAME)), libjong.a, the program and its man page.
# `make install PREFIX=/usr/local` (DESTDIR= for staged installs) then needs no compiler, so
# `make shared && sudo make install` works; `make uninstall` removes exactly those files.
PREFIX    ?= /usr/local
BINDIR    ?= $(PREFIX)/bin
LIBDIR    ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR    ?= $(PREFIX)/share/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
SHARED    := build/shared
HEADERS   := $(sort $(wildcard include/jong/*.h))

shared: $(TABLES)
	@test "$(V_STRING)" = "$(VERSION)" || \
	  { echo "include/jong/version.h: JONG_VERSION \"$(V_STRING)\" is not $(VERSION)" >&2; exit 1; }
	@$(MAKE) --no-print-directory MODE=release BUILD=$(SHARED) PIC=1 PORTABLE=1 \
	  $(SHARED)/$(SO_REAL) $(SHARED)/libjong.a $(SHARED)/jong $(SHARED)/jong.1

# Exported: the functions the public headers declare (tools/lib_exports.sh); the rest is local.
$(BUILD)/$(SO_REAL): $(LIB_OBJ) $(HEADERS) tools/lib_exports.sh
	tools/lib_exports.sh $(LIB_OBJ) > $(BUILD)/jong.map
	$(CC) $(CFLAGS) -shared -Wl,-soname,$(SONAME) -Wl,--version-script,$(BUILD)/jong.map -Wl,-z,defs \
	  -o $@ $(LIB_OBJ) $(LIBS)
	ln -sf $(SO_REAL) $(BUILD)/$(SONAME)
	ln -sf $(SONAME) $(BUILD)/libjong.so

# jong(1) from the program's --help texts
$(BUILD)/jong.1: $(JONG) tools/gen_man.py
	python3 tools/gen_man.py $(JONG) > $@.tmp && mv $@.tmp $@

install: shared
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR)/jong \
	  $(DESTDIR)$(PKGCONFIGDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 755 $(SHARED)/jong $(DESTDIR)$(BINDIR)/jong
	install -m 644 $(HEADERS) $(DESTDIR)$(INCLUDEDIR)/jong/
	install -m 644 $(SHARED)/libjong.a $(DESTDIR)$(LIBDIR)/libjong.a
	install -m 755 $(SHARED)/$(SO_REAL) $(DESTDIR)$(LIBDIR)/$(SO_REAL)
	ln -sf $(SO_REAL) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libjong.so
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(patsubst $(PREFIX)/%,$${prefix}/%,$(LIBDIR))|' \
	  -e 's|@INCLUDEDIR@|$(patsubst $(PREFIX)/%,$${prefix}/%,$(INCLUDEDIR))|' \
	  -e 's|@VERSION@|$(VERSION)|' -e 's|@LIBS@|$(LIBS)|' tools/jong.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/jong.pc
	chmod 644 $(DESTDIR)$(PKGCONFIGDIR)/jong.pc
	install -m 644 $(SHARED)/jong.1 $(DESTDIR)$(MANDIR)/man1/jong.1

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/jong $(addprefix $(DESTDIR)$(INCLUDEDIR)/jong/,$(notdir $(HEADERS))) \
	  $(DESTDIR)$(LIBDIR)/libjong.a $(DESTDIR)$(LIBDIR)/$(SO_REAL) $(DESTDIR)$(LIBDIR)/$(SONAME) \
	  $(DESTDIR)$(LIBDIR)/libjong.so $(DESTDIR)$(PKGCONFIGDIR)/jong.pc $(DESTDIR)$(MANDIR)/man1/jong.1
	rmdir $(DESTDIR)$(INCLUDEDIR)/jong 2>/dev/null || true

# ---- the Python package (docs/python.md) ---------------------------------------------------------
# `make python` builds `import jong` into build/python/jong: the C extension of python/csrc linked
# with the library as `make shared` compiles it (position-independent, portable: the objects
# `make install` ships, which a shared module needs and a pip-installed copy may carry to
# another processor), with the CLI's objects for `jong analyze --json`'s builder. Debian's
# interpreter by default: on the development machines another python3 (without numpy) comes
# first on PATH. `make python PYTHON=/path/to/python3` builds for another.
ifneq ($(origin PYTHON),command line)
PYTHON    := /usr/bin/python3
endif
PY_OUT    := build/python
PY_SRC    := $(wildcard python/csrc/*.c)
PY_FILES  := $(wildcard python/jong/*.py)
PY_QUERY  = $(shell $(PYTHON) -c "$(1)" 2>/dev/null)

python: $(TABLES)
	@$(PYTHON) -c 'import sysconfig, os, sys; h = os.path.join(sysconfig.get_paths()["include"], "Python.h"); \
	  sys.exit(0 if os.path.exists(h) else "make python: " + h + " is missing (Debian: apt-get install python3-dev)")'
	@$(PYTHON) -c 'import numpy' 2>/dev/null || \
	  { echo "make python: $(PYTHON) has no numpy (Debian: apt-get install python3-numpy)" >&2; exit 1; }
	@$(MAKE) --no-print-directory MODE=release BUILD=$(SHARED) PIC=1 PORTABLE=1 \
	  $(SHARED)/libjong.a $(SHARED)/libjongcli.a
	@$(MAKE) --no-print-directory python-module PYTHON=$(PYTHON) \
	  PY_EXT="$(call PY_QUERY,import sysconfig; print(sysconfig.get_config_var('EXT_SUFFIX')))" \
	  PY_INC="$(call PY_QUERY,import sysconfig; print(sysconfig.get_paths()['include']))" \
	  NP_INC="$(call PY_QUERY,import numpy; print(numpy.get_include()))"

# `make test` builds the package where the interpreter can (the Python tests skip otherwise).
python-maybe:
	@if $(PYTHON) -c 'import sysconfig, os, sys, numpy; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' 2>/dev/null; \
	then $(MAKE) --no-print-directory python PYTHON=$(PYTHON); \
	else echo "python: not built ($(PYTHON) lacks python3-dev or numpy); its tests will skip"; fi

# The program's objects but main, the embedded page and the MPI code (a Python module must not
# need MPI), for the module's `jong.analyze`.
$(BUILD)/libjongcli.a: $(filter-out $(BUILD)/src/cli/main.o $(BUILD)/src/cli/web/web_assets.o $(filter $(BUILD)/src/cli/mpi/%,$(CLI_OBJ)),$(CLI_OBJ))
	@rm -f $@
	ar rcs $@ $^

PY_OBJDIR = $(PY_OUT)/obj$(basename $(PY_EXT))
PY_OBJ    = $(PY_SRC:python/csrc/%.c=$(PY_OBJDIR)/%.o)
python-module: $(PY_OUT)/jong/_jong$(PY_EXT) $(PY_FILES:python/jong/%=$(PY_OUT)/jong/%)

$(PY_OBJDIR)/%.o: python/csrc/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(WARN) -O2 -g -fPIC -I$(PY_INC) -I$(NP_INC) -MMD -MP -c -o $@ $<

$(PY_OUT)/jong/_jong$(PY_EXT): $(PY_OBJ) $(SHARED)/libjong.a $(SHARED)/libjongcli.a
	@mkdir -p $(dir $@)
	$(CC) -shared -o $@ $(PY_OBJ) $(SHARED)/libjongcli.a $(SHARED)/libjong.a $(LIBS)

$(PY_OUT)/jong/%.py: python/jong/%.py
	@mkdir -p $(dir $@)
	cp $< $@

# The `neural` player's network (docs/experiments/neural.md): trained with Debian's python3-torch
# on the Houou East-only records of ../shared, unpacked into build/houou (never into the tree).
HOUOU_SRC = ../shared/data/gamerecords/tenhou-houou-tonpuu-2023-2024
NEURAL_ARGS = --samples 8000000 --seed 1 --threads 1 --checkpoint build/neural.ckpt --resume
model-neural: python
	@test -d $(HOUOU_SRC) || { echo "make model-neural: needs $(HOUOU_SRC) (the Houou records beside the clone)" >&2; exit 1; }
	@$(PYTHON) -c 'import torch' 2>/dev/null || { echo "make model-neural: $(PYTHON) has no torch (Debian: apt-get install python3-torch)" >&2; exit 1; }
	@if [ ! -f build/houou/.unpacked ]; then mkdir -p build/houou && \
	  for f in $(HOUOU_SRC)/*.tar.xz; do tar -xJf $$f -C build/houou || exit 1; done && touch build/houou/.unpacked; fi
	PYTHONPATH=$(PY_OUT) $(PYTHON) tools/train_neural.py --records build/houou $(NEURAL_ARGS) --out models/neural.jnn

clean:
	rm -rf build

help:
	@sed -n '1,6p' Makefile

-include $(shell find build -name '*.d' 2>/dev/null)
