# deckwright: `make build` sets everything up on a fresh machine and builds all games;
# `make test` runs the whole suite, doing whatever set-up it needs first.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
DEBS := fonts-ipaexfont-gothic fonts-ipaexfont-mincho libharfbuzz-subset0 libpango-1.0-0 \
        libpangoft2-1.0-0 poppler-utils chromium ghostscript
# valgrind only for `make bench` (bench/cachegrind_bench.py's load-independent counts)
BENCH_DEBS := valgrind
DEB_STAMP := $(VENV)/.debs-installed
PY_STAMP := $(VENV)/.py-installed
LOCK := requirements.lock

.PHONY: build test test-latest setup lock debs check bench clean schema catalogs

build: setup
	$(BIN)/deckwright build

check: setup
	$(BIN)/deckwright check

# deckwright's own bytecode first: the suite starts a hundred or so Python processes (xdist
# workers, `python -m deckwright` runs), and where PYTHONDONTWRITEBYTECODE is set each compiled
# the package from source again (a quarter of the CPU of a module that runs the CLI); pip
# compiled the installed packages already. Quick when nothing changed.
test: setup
	@$(BIN)/python -m compileall -q src/deckwright
	$(BIN)/python -m pytest -n auto --durations=10

setup: $(DEB_STAMP) $(PY_STAMP)

# Debian packages: fonts with TrueType outlines for reportlab, HarfBuzz subsetting and Pango for
# WeasyPrint, poppler for PDF checks, Chromium for the browser tests, Ghostscript (and its
# CMYK profile) for the DriveThruCards PDF/X-1a.
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

# Python packages: exactly the versions in $(LOCK), each checked against its sha256
# (--require-hashes), then deckwright itself from this folder without dependencies. pip installs
# only uv, whose pin and hashes are the lock's own; uv installs the rest, compiled to bytecode as
# pip does (without it every process the suite starts compiles WeasyPrint and the rest again
# where PYTHONDONTWRITEBYTECODE is set), in a fraction of pip's time on a clean clone.
$(PY_STAMP): $(LOCK) pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --require-hashes --no-deps \
	  -r <(awk '/^uv==/ { on = 1; print; next } on && /^ / { print; next } { on = 0 }' $(LOCK))
	$(BIN)/uv pip install -q -p $(BIN)/python --require-hashes --no-deps --compile-bytecode \
	  -r $(LOCK)
	$(BIN)/uv pip install -q -p $(BIN)/python --no-deps --no-build-isolation -e .
	@touch $@

# Regenerate $(LOCK) from pyproject.toml's ranges with uv (every extra, every platform, hashes)
# and print each package whose pin changed. Kept pins stay unless UPGRADE=1 (move every package
# to its newest release) or UPGRADE=name (that package only); docs/dependencies.md.
lock: $(PY_STAMP)
	@cp $(LOCK) $(LOCK).old
	@$(BIN)/uv pip compile pyproject.toml --all-extras --generate-hashes --universal \
	  --python-version 3.11 --quiet --custom-compile-command 'make lock' \
	  $(if $(filter 1,$(UPGRADE)),--upgrade,$(if $(UPGRADE),--upgrade-package $(UPGRADE))) \
	  -o $(LOCK) || { mv $(LOCK).old $(LOCK); exit 1; }
	@join -a1 -a2 -e - -o 0,1.2,2.2 <($(call pins,$(LOCK).old)) <($(call pins,$(LOCK))) \
	  | awk '$$2 != $$3 { print "  " $$1 ": " $$2 " -> " $$3; n++ } END { if (!n) print "  no pin changed" }'
	@rm -f $(LOCK).old

# $(call pins,FILE): "name version" of every pin in a lock file, sorted by name (for join).
pins = grep -E '^[A-Za-z0-9]' $(1) | sed -E 's/^([^=]+)==([^ ;]+).*/\1 \2/' | sort -u -k1,1

# The suite against the newest release of every dependency, in a scratch venv (not in CI): shows
# an upgrade's breakage before `make lock UPGRADE=1` moves the lock forward.
LATEST := build/.venv-latest
test-latest: $(DEB_STAMP)
	rm -rf $(LATEST) && $(PYTHON) -m venv $(LATEST)
	$(LATEST)/bin/python -m pip install -q --upgrade pip
	$(LATEST)/bin/python -m pip install -q --upgrade -e '.[test,dev]'
	DECKWRIGHT_UNLOCKED=1 $(LATEST)/bin/python -m pytest -n auto --durations=10

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
