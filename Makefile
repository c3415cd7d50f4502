# Two commands matter: `make run` (the web app) and `make test` (every test, lint, type check).
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run play test lint typecheck pytest browser postgres bench coverage-report clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv --clear $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/arbitre serve

play: $(STAMP)
	$(BIN)/arbitre play

test: $(STAMP) lint typecheck browser postgres pytest

# The browser tests drive Debian's chromium (never a downloaded browser); install it when
# missing and we may (root or password-less sudo). Without it those tests are skipped.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then SUDO=""; elif sudo -n true 2>/dev/null; then SUDO="sudo -n"; \
	  else echo "chromium missing and no root: browser tests will be skipped"; exit 0; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null \
	  || echo "chromium could not be installed: browser tests will be skipped"; }

# The PostgreSQL tests (tests/pg.py: a throwaway cluster, several server processes, nginx
# in front as docs/deploy.md shows) need initdb, pg_ctl and nginx; install Debian's
# postgresql and nginx-light when missing and we may. Else those tests skip and say why.
postgres:
	@PKGS=""; \
	{ command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; } \
	  || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || PKGS="postgresql"; \
	command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || PKGS="$$PKGS nginx-light"; \
	[ -z "$$PKGS" ] && exit 0; \
	if [ "$$(id -u)" = 0 ]; then SUDO=""; elif sudo -n true 2>/dev/null; then SUDO="sudo -n"; \
	else echo "$$PKGS missing and no root: those tests will be skipped"; exit 0; fi; \
	$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$PKGS >/dev/null \
	  || echo "$$PKGS could not be installed: those tests will be skipped"

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks scripts
	$(BIN)/ruff format --check src tests benchmarks scripts

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -n 2

bench: $(STAMP)
	$(BIN)/python -m benchmarks.golden check
	$(BIN)/python -m benchmarks.epic_golden check
	$(BIN)/python -m benchmarks.anchors
	$(BIN)/python -m benchmarks.champs
	$(BIN)/python -m benchmarks.champs_odds
	$(BIN)/python -m benchmarks.heresy
	$(BIN)/python -m benchmarks.epic
	$(BIN)/python -m benchmarks.server

coverage-report: $(STAMP)
	$(BIN)/python scripts/rules_coverage.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
