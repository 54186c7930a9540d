# Fuzz targets (libFuzzer, clang): `make fuzz` builds them into build/fuzz; fuzz/run.sh runs
# each from its seed corpus in fuzz/corpus.
FUZZ_CC      ?= clang
FUZZ_FLAGS    = -std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 -fsanitize=fuzzer,address,undefined \
                -fno-sanitize-recover=all -Iinclude -Isrc -pthread
FUZZ_TARGETS  = $(patsubst fuzz/%.c,$(BUILD)/fuzz/%,$(wildcard fuzz/fuzz_*.c))
FUZZ_CLI      = tools/nqueens/arguments.c tools/nqueens/input.c tools/nqueens/messages.c tools/nqueens/output.c \
                tools/nqueens/plan_choice.c

fuzz: $(FUZZ_TARGETS)

$(BUILD)/fuzz/%: fuzz/%.c $(LIB_SRC) $(wildcard include/*.h src/*/*.h)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) $< $(LIB_SRC) $(FUZZ_CLI) -o $@ -lm

.PHONY: fuzz
