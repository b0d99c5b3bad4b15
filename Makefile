# pedro-sim: `make run` sets everything up and writes the default report; `make test` tests.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HAND := AH KH 5H 2H 9C 4D JS 7S 3C

.PHONY: install run report test test-all lint bench soak warmup clean clean-cache

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

# warmup first: on a cold cache its two processes compile everything sooner than one
# run compiles what it needs (docs/changelog.md, 2026-12-03); warm, it loads in seconds
run: warmup
	$(BIN)/pedro-sim bid "$(HAND)" --bid 8 --trump H --seat all --precision 0.01 --out reports

report: warmup
	$(BIN)/pedro-sim report --out reports/report

lint: $(STAMP)
	$(BIN)/ruff check pedro_sim tests scripts conftest.py

# the kernels are compiled once (warmup's two processes) before two pytest workers load
# them from the cache; the tests do not depend on their order or on sharing a process
test: $(STAMP) lint warmup
	$(BIN)/python -m pytest -q -n 2 -m "not slow"

test-all: $(STAMP) lint warmup
	$(BIN)/python -m pytest -q -n 2

bench: $(STAMP)
	$(BIN)/python scripts/bench.py

soak: $(STAMP)
	$(BIN)/python scripts/soak.py

warmup: $(STAMP)
	$(BIN)/pedro-sim warmup

clean-cache:
	find pedro_sim -name '*.nbi' -delete -o -name '*.nbc' -delete

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache
	find pedro_sim -name __pycache__ -type d -exec rm -rf {} +
