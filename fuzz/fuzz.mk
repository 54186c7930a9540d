# Fuzz targets (libFuzzer, clang): `make fuzz` builds them into build/fuzz; fuzz/run.sh runs
# each from its seed corpus in fuzz/corpus. Each links the library and the programs' shared code
# (tools/common), built again with the fuzzer's instrumentation into build/fuzz/*.a.
FUZZ_CC      ?= clang
FUZZ_SAN      = address,undefined
FUZZ_FLAGS    = -std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 -fno-sanitize-recover=all -Iinclude \
                -pthread
FUZZ_TARGETS  = $(patsubst fuzz/%.c,$(BUILD)/fuzz/%,$(wildcard fuzz/fuzz_*.c))
FUZZ_LIB      = $(BUILD)/fuzz/libnqueens.a
FUZZ_COMMON   = $(BUILD)/fuzz/libnqcommon.a

fuzz: $(FUZZ_TARGETS)

# What each object is instrumented with. The join's matchers (src/join/match*.c) are arithmetic
# over the join's own tables, which no parsed input reaches; under the sanitizers clang took
# over four minutes of CPU to build them (match_avx512.c alone three), against seconds with the
# fuzzer's coverage alone, which is what they get.
FUZZ_OBJ_SAN = fuzzer-no-link,$(FUZZ_SAN)
$(patsubst %.c,$(BUILD)/fuzz/obj/%.o,$(wildcard src/join/match*.c)): FUZZ_OBJ_SAN = fuzzer-no-link

$(BUILD)/fuzz/obj/src/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) $(DEPFLAGS) -Isrc -fsanitize=$(FUZZ_OBJ_SAN) -c $< -o $@

$(BUILD)/fuzz/obj/tools/%.o: tools/%.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) $(DEPFLAGS) -Itools -fsanitize=fuzzer-no-link,$(FUZZ_SAN) -c $< -o $@

$(FUZZ_LIB): $(LIB_SRC:%.c=$(BUILD)/fuzz/obj/%.o)
	rm -f $@
	$(AR) rcs $@ $^

$(FUZZ_COMMON): $(COMMON_SRC:%.c=$(BUILD)/fuzz/obj/%.o)
	rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/fuzz/fuzz_%: fuzz/fuzz_%.c $(FUZZ_COMMON) $(FUZZ_LIB)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) -Itools -fsanitize=fuzzer,$(FUZZ_SAN) $^ -o $@ -lm

-include $(patsubst %.o,%.d,$(LIB_SRC:%.c=$(BUILD)/fuzz/obj/%.o) $(COMMON_SRC:%.c=$(BUILD)/fuzz/obj/%.o))
.PHONY: fuzz
