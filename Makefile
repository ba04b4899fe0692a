# deckwright: `make build` sets everything up on a fresh machine and builds all games;
# `make test` runs the whole suite, doing whatever set-up it needs first.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
DEBS := fonts-ipaexfont-gothic fonts-ipaexfont-mincho libharfbuzz-subset0 libpango-1.0-0 \
        libpangoft2-1.0-0 poppler-utils chromium
# valgrind only for `make bench` (bench/cachegrind_bench.py's load-independent counts)
BENCH_DEBS := valgrind
DEB_STAMP := $(VENV)/.debs-installed
PY_STAMP := $(VENV)/.py-installed

.PHONY: build test setup debs check bench clean schema catalogs

build: setup
	$(BIN)/deckwright build

check: setup
	$(BIN)/deckwright check

test: setup
	$(BIN)/python -m pytest

setup: $(DEB_STAMP) $(PY_STAMP)

# Debian packages: fonts with TrueType outlines for reportlab, HarfBuzz subsetting and Pango for
# WeasyPrint, poppler for PDF checks, Chromium for the HTML rulebook test.
# $(call install_debs,PACKAGES): apt-get install those of PACKAGES that are missing (as root).
define install_debs
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  if [ "$$(id -u)" != 0 ]; then echo "error: need root to apt-get install$$missing" >&2; exit 2; fi; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get update -qq && apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi
endef

$(DEB_STAMP):
	$(call install_debs,$(DEBS))
	@mkdir -p $(VENV) && touch $@

$(PY_STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	@touch $@

schema: setup
	$(BIN)/deckwright schema --write schema

# deckwright's own words: extract the marked messages into locale/deckwright.pot and merge
# them into every language's .po (a translator then fills the new, empty msgstr entries).
LOCALE := src/deckwright/locale
catalogs: setup
	$(BIN)/pybabel -q extract -F babel.cfg -k N_ --no-location --sort-output \
	  --project=deckwright --copyright-holder="deckwright authors" -o $(LOCALE)/deckwright.pot src/deckwright
	$(BIN)/pybabel -q update -D deckwright -i $(LOCALE)/deckwright.pot -d $(LOCALE) \
	  --no-fuzzy-matching --ignore-obsolete

# Figures, never assertions: engine games/s and the RLCard comparison, press ms per card and
# memory, rulebook seconds per page, simulation speed-up with 2 workers; the engine's cost per
# decision in instructions and cache misses, which the machine's load does not move.
bench: setup
	$(call install_debs,$(BENCH_DEBS))
	$(BIN)/python -m pip install -q -e '.[test,bench]'
	$(BIN)/python bench/run.py --where
	$(BIN)/python bench/cachegrind_bench.py
	$(BIN)/python bench/press_bench.py
	$(BIN)/python bench/rulebook_bench.py
	$(BIN)/python bench/simulate_bench.py
	$(BIN)/python bench/build_bench.py
	$(BIN)/python bench/pod_bench.py
	$(BIN)/python bench/live_bench.py

clean:
	rm -rf build
