# nqueens - build with nothing but a C compiler and libc.
#
#   make                  the library (static and shared), build/nqueens, and build/nqueens-mpi
#                         when an MPI compiler for CC's CPU is found (MPICC= skips it)
#   make check            builds and runs every test (needs cmocka for the unit tests)
#   make install          PREFIX=/usr/local DESTDIR= : binaries, header, libraries, pkg-config
#                         file, man pages, bash completion
#   make bench            the benchmark programs; bench/run.sh runs them (BENCHMARKS.md)
#   make fuzz             the libFuzzer targets (clang); fuzz/run.sh runs them
#   make clean

CC       ?= cc
CFLAGS   ?= -O2 -g
WARNINGS ?= -Wall -Wextra
PREFIX   ?= /usr/local
LIBDIR   ?= $(PREFIX)/lib
MANDIR   ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
BUILD    ?= build

ALL_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L $(WARNINGS) $(CFLAGS) -Iinclude -pthread
LDLIBS_ALL = -pthread -lm $(LDLIBS)

LIB_SRC  = $(wildcard src/*/*.c)
LIB_OBJ  = $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_SRC  = $(wildcard tools/nqueens/*.c)
CLI_OBJ  = $(CLI_SRC:%.c=$(BUILD)/%.o)
COMMON_SRC = $(wildcard tools/common/*.c)
COMMON_OBJ = $(COMMON_SRC:%.c=$(BUILD)/%.o)

STATIC   = $(BUILD)/libnqueens.a
SHARED   = $(BUILD)/libnqueens.so
COMMON   = $(BUILD)/libnqcommon.a
CLI      = $(BUILD)/nqueens

.PHONY: all check unit-tests cli-tests install bench clean
all: $(STATIC) $(SHARED) $(CLI)

# Each object is remade when a header it includes changes: the compiler lists them (-MMD) in a
# .d file beside it, read back below; -MP keeps a deleted header from stopping the build.
DEPFLAGS = -MMD -MP

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(DEPFLAGS) -fPIC -c $< -o $@

# The library's own functions stay inside it: libnqueens.so exports only what include/nqueens.h
# marks NQ_API (tests/cli/exports.sh checks).
$(BUILD)/src/%.o: ALL_CFLAGS += -fvisibility=hidden -Isrc

# The join's inner loops (src/join) run 15 % faster with -O3's vectorizer; JOIN_CFLAGS= turns
# it off.
JOIN_CFLAGS ?= -O3
$(BUILD)/src/join/%.o: ALL_CFLAGS += $(JOIN_CFLAGS)

# The programs name what they share by its folder: "common/options.h".
$(BUILD)/tools/%.o: ALL_CFLAGS += -Itools

$(STATIC): $(LIB_OBJ)
	rm -f $@
	$(AR) rcs $@ $^

$(SHARED): $(LIB_OBJ)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -shared -Wl,-soname,libnqueens.so.0 $^ -o $@ $(LDLIBS_ALL)

# What nqueens, nqueens-mpi and the fuzz targets share (tools/common): options, messages, input,
# output, checkpoint files, progress.
$(COMMON): $(COMMON_OBJ)
	rm -f $@
	$(AR) rcs $@ $^

$(CLI): $(CLI_OBJ) $(COMMON) $(STATIC)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $(CLI_OBJ) $(COMMON) $(STATIC) -o $@ $(LDLIBS_ALL)

# nqueens-mpi: its own files and the programs' shared ones, built with an MPI compiler for the
# CPU that CC builds for: MPICC when given (MPICC= skips it), else the target's own wrapper
# (e.g. aarch64-linux-gnu-mpicc), else mpicc when it builds for the same CPU as CC. A
# cross-build must never take the host's mpicc, which would link the host's objects with CC's.
# The CPU is a triple's first field: clang says x86_64-pc-linux-gnu where gcc says
# x86_64-linux-gnu, and both link with the same MPI.
cpu_of = $(firstword $(subst -, ,$(1)))
ifeq ($(origin MPICC),undefined)
TARGET := $(shell $(CC) -dumpmachine 2>/dev/null)
MPICC := $(if $(TARGET),$(shell command -v $(TARGET)-mpicc 2>/dev/null))
HOST_MPICC := $(if $(MPICC),,$(shell command -v mpicc 2>/dev/null))
HOST_MPI_TARGET := $(if $(HOST_MPICC),$(shell $(HOST_MPICC) -dumpmachine 2>/dev/null))
ifneq ($(MPICC),)
else ifeq ($(HOST_MPICC),)
MPI_SKIPPED = no MPI compiler found (Debian: apt-get install libopenmpi-dev openmpi-bin)
else ifeq ($(call cpu_of,$(TARGET)),$(call cpu_of,$(HOST_MPI_TARGET)))
MPICC := $(HOST_MPICC)
else
MPI_SKIPPED = $(HOST_MPICC) builds for $(HOST_MPI_TARGET) and CC for $(TARGET); give MPICC=$(TARGET)-mpicc or another MPI compiler for $(TARGET)
endif
else
MPI_SKIPPED = MPICC is empty
endif
MPI_CLI = $(BUILD)/nqueens-mpi
MPI_OBJ = $(patsubst %.c,$(BUILD)/%.o,$(wildcard tools/nqueens-mpi/*.c))

ifneq ($(MPICC),)
all: $(MPI_CLI)

$(BUILD)/tools/nqueens-mpi/%.o: tools/nqueens-mpi/%.c
	@mkdir -p $(dir $@)
	$(MPICC) $(ALL_CFLAGS) $(DEPFLAGS) -c $< -o $@

$(MPI_CLI): $(MPI_OBJ) $(COMMON) $(STATIC)
	$(MPICC) $(ALL_CFLAGS) $(LDFLAGS) $^ -o $@ $(LDLIBS_ALL)
else
all: mpi-skipped

mpi-skipped:
	@echo "nqueens-mpi skipped: $(MPI_SKIPPED)"
.PHONY: mpi-skipped
endif

-include $(patsubst %.o,%.d,$(LIB_OBJ) $(CLI_OBJ) $(COMMON_OBJ) $(MPI_OBJ))

include tests/tests.mk
include bench/bench.mk
include python/python.mk

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(LIBDIR)/pkgconfig \
	    $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(BASHCOMPDIR)
	install -m 755 $(CLI) $(DESTDIR)$(PREFIX)/bin/nqueens
	install -m 644 docs/nqueens.1 $(DESTDIR)$(MANDIR)/man1/nqueens.1
	install -m 644 tools/completion/nqueens.bash $(DESTDIR)$(BASHCOMPDIR)/nqueens
	if [ -f $(MPI_CLI) ]; then \
	    install -m 755 $(MPI_CLI) $(DESTDIR)$(PREFIX)/bin/nqueens-mpi && \
	    install -m 644 docs/nqueens-mpi.1 $(DESTDIR)$(MANDIR)/man1/nqueens-mpi.1 && \
	    ln -sf nqueens $(DESTDIR)$(BASHCOMPDIR)/nqueens-mpi; fi
	install -m 644 include/nqueens.h $(DESTDIR)$(PREFIX)/include/nqueens.h
	install -m 644 $(STATIC) $(DESTDIR)$(LIBDIR)/libnqueens.a
	install -m 755 $(SHARED) $(DESTDIR)$(LIBDIR)/libnqueens.so.0
	ln -sf libnqueens.so.0 $(DESTDIR)$(LIBDIR)/libnqueens.so
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
	    -e 's|@VERSION@|$(shell sed -n 's/^#define NQ_VERSION_STRING "\(.*\)"/\1/p' include/nqueens.h)|' \
	    nqueens.pc.in > $(DESTDIR)$(LIBDIR)/pkgconfig/nqueens.pc

clean:
	rm -rf $(BUILD)
include fuzz/fuzz.mk
