# Builds the programs bench/ideal.sh measures, twice each: plain clang and
# sscc -fss-ideal at the same -O level, both with -gdwarf-4 (valgrind 3.19
# cannot read clang-14's default DWARF 5), as $(OUT)/plain/<program> and
# $(OUT)/sscc/<program>.
#
#   make -f bench/ideal.mk OUT=dir [SQLITE_DIR=dir] [LZ4_DIR=dir] -k -j2
#   make -f bench/ideal.mk sources   # one line per program: name, its C sources
#
# Programs: the examples (examples/*.c), bench/workloads/calibrate.c, and,
# when their directories are given (bench/fetch-sqlite.sh and
# bench/fetch-lz4.sh print them), sqlite_driver and lz4_driver with the
# fetched library compiled in.  sscc builds are redone whenever sscc, its
# pass or its runtime is rebuilt.

ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/..)
BUILD ?= $(ROOT)/build
OUT ?= $(BUILD)/bench-ideal/bin
SSCC ?= $(BUILD)/bin/sscc
CLANG ?= clang-14
OPT ?= -O2
SQLITE_DIR ?=
LZ4_DIR ?=

CONFIGS := plain sscc
CC.plain := $(CLANG)
FLAGS.plain := $(OPT) -gdwarf-4
CC.sscc := $(SSCC)
FLAGS.sscc := $(OPT) -fss-ideal -gdwarf-4
DEPS.sscc := $(SSCC) $(BUILD)/lib/libSSPass.so $(BUILD)/lib/libssrt.so

EXAMPLES := $(sort $(basename $(notdir $(wildcard $(ROOT)/examples/*.c))))
PROGRAMS := $(EXAMPLES) calibrate $(if $(SQLITE_DIR),sqlite_driver) $(if $(LZ4_DIR),lz4_driver)

# The C sources of each program (absolute paths: what the line tables name).
$(foreach p,$(EXAMPLES),$(eval SRCS.$p := $(ROOT)/examples/$p.c))
SRCS.calibrate := $(ROOT)/bench/workloads/calibrate.c
SRCS.sqlite_driver := $(ROOT)/bench/workloads/sqlite_driver.c $(SQLITE_DIR)/sqlite3.c
LZ4_SRCS := lz4.c lz4hc.c lz4frame.c xxhash.c
SRCS.lz4_driver := $(ROOT)/bench/workloads/lz4_driver.c $(addprefix $(LZ4_DIR)/,$(LZ4_SRCS))

# Object of a source: <config>/obj/<program>/<basename>.o
objs_of = $(addprefix $(OUT)/$1/obj/$2/,$(notdir $(SRCS.$2:.c=.o)))

CPPFLAGS.sqlite_driver := -I$(SQLITE_DIR) -I$(ROOT)/bench/workloads -DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION
CPPFLAGS.lz4_driver := -I$(LZ4_DIR) -I$(ROOT)/bench/workloads
CPPFLAGS.calibrate := -I$(ROOT)/bench/workloads
LDLIBS := -lm

TARGETS := $(foreach c,$(CONFIGS),$(addprefix $(OUT)/$c/,$(PROGRAMS)))

# The SQLite objects first: they take longest, and make starts prerequisites
# in the order given, so with -j they overlap with the small builds.
all: $(if $(SQLITE_DIR),$(foreach c,$(CONFIGS),$(call objs_of,$c,sqlite_driver))) $(TARGETS)

# The rules of one program ($2) in one configuration ($1).
define program_rules
$(OUT)/$1/$2: $(call objs_of,$1,$2)
	$(CC.$1) $$^ -o $$@ $(LDLIBS)
$(foreach s,$(SRCS.$2),
$(OUT)/$1/obj/$2/$(notdir $(s:.c=.o)): $s $(ROOT)/bench/workloads/wl.h $(DEPS.$1)
	@mkdir -p $$(@D)
	$(CC.$1) $(FLAGS.$1) $(CPPFLAGS.$2) -c $$< -o $$@
)
endef
$(foreach c,$(CONFIGS),$(foreach p,$(PROGRAMS),$(eval $(call program_rules,$c,$p))))

sources:
	@$(foreach p,$(PROGRAMS),echo "$p $(SRCS.$p)";)

MAKEFLAGS += --no-builtin-rules
.SUFFIXES:
.SECONDARY:
.DELETE_ON_ERROR:
.PHONY: all sources
