# The two commands a newcomer runs: `make demo` and `make test`. Both set up .venv themselves.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell sha1sum pyproject.toml | cut -c1-12)
# The ARM engine compiled by mypyc (setup.py): built by the install, again when its source or
# setup.py changes (--force: build_ext would keep an object whose C is unchanged, new flags or not).
NATIVE := $(VENV)/.native
NATIVE_SOURCES := setup.py rules/arm/mypyc.ini rules/arm/native.py rules/arm/compile.py rules/arm/state.py \
	rules/arm/memory.py rules/arm/preparation.py rules/arm/text.py rules/arm/engine.py \
	rules/arm/result.py rules/arm/strategy.py

.PHONY: demo test lint format bench mutation production-check worker beat clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	rm -f $(VENV)/.installed-*
	touch $@ $(NATIVE)

# Compiles the ARM engine again after its source changed (until then it runs as pure Python).
$(NATIVE): $(NATIVE_SOURCES) | $(STAMP)
	$(BIN)/python setup.py --quiet build_ext --inplace --force
	touch $@

## demo: set up and run the sample federation on SQLite (NO_SERVE=1 to set up and exit)
demo: $(STAMP) $(NATIVE)
	$(BIN)/python manage.py demo $(if $(NO_SERVE),--no-serve,)

## test: the lint below, then the whole pytest suite, spread over the machine's cores (at most
## four processes; PYTEST_PROCESSES=0 runs it in this one)
PYTEST_PROCESSES ?= auto
test: lint $(NATIVE)
	$(BIN)/pytest --numprocesses=$(PYTEST_PROCESSES) --maxprocesses=4 --dist=worksteal --durations=15

## lint: ruff (the code and its format), the layers' import contracts ([tool.importlinter]),
## then mypy over the whole project ([tool.mypy]; docs/architecture.md)
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-logo
	$(BIN)/mypy

format: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

## bench: every benchmark in one run: one table, bench/results.json and docs/performance.md
## (BENCH_ARGS=--quick to try it; PostgreSQL and Redis from DATABASE_URL and REDIS_URL)
bench: $(STAMP) $(NATIVE)
	$(BIN)/python bench/run.py $(BENCH_ARGS)

## mutation: mutation testing of the core, module by module (slow, not in CI; docs/testing.md);
## MODULE=matches/booking.py runs one module, MODULE=--report prints the last scores
mutation: $(STAMP)
	$(BIN)/python scripts/mutation.py $(MODULE)

## production-check: deploy/ started for real (nginx, gunicorn, two workers, beat) in
## production mode on PostgreSQL and Redis, a show booked and wrestled over HTTPS, all stopped
## cleanly (scripts/production_check.py; docs/deploy.md)
production-check: $(STAMP) $(NATIVE)
	$(BIN)/python scripts/production_check.py

worker: $(STAMP) $(NATIVE)
	$(BIN)/celery -A config worker --loglevel=info

beat: $(STAMP) $(NATIVE)
	$(BIN)/celery -A config beat --loglevel=info

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles .pytest_cache .ruff_cache .import_linter_cache mutants build
	rm -f rules/arm/native.sha rules/arm/*.so rules_arm_native__mypyc*.so
