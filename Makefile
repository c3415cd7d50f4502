# Two commands matter: `make run` (play) and `make test` (every test, lint and type check).
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck pytest bench coverage-report clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv --clear $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/arbitre play

test: $(STAMP) lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks scripts
	$(BIN)/ruff format --check src tests benchmarks scripts

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -n 2

bench: $(STAMP)
	$(BIN)/python -m benchmarks.champs
	$(BIN)/python -m benchmarks.champs_odds
	$(BIN)/python -m benchmarks.heresy

coverage-report: $(STAMP)
	$(BIN)/python scripts/rules_coverage.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
