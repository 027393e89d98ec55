# Two commands on a fresh machine: `make run` (demo on http://127.0.0.1:5000) and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat requirements.lock pyproject.toml | sha256sum | cut -c1-12)
export INSTANCE_PATH ?= $(CURDIR)/instance
export SHARED_DIR ?= $(abspath $(CURDIR)/../shared)
PYTEST_WORKERS ?= 2

.PHONY: install translations run migrate seed test test-sqlite test-postgres fuzz lint bench-photos bench-accrual bench-audit \
	bench-alerts clean

$(STAMP): requirements.lock pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --disable-pip-version-check uv==0.13.9
	$(BIN)/uv pip install --python $(BIN)/python --require-hashes -r requirements.lock
	$(BIN)/uv pip install --python $(BIN)/python --no-deps -e .
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

install: $(STAMP)

migrate: install
	$(BIN)/flask --app backend db upgrade

seed: migrate
	APP_ENV=$${APP_ENV:-demo} $(BIN)/flask --app backend seed-demo

run: seed
	PATH="$(CURDIR)/$(BIN):$$PATH" BIND=127.0.0.1 PORT=5000 $(BIN)/honcho start -f Procfile web worker scheduler

test: install
	$(MAKE) --no-print-directory test-sqlite
	@if [ -n "$$TEST_DATABASE_URL" ]; then $(MAKE) --no-print-directory test-postgres; \
	else echo "TEST_DATABASE_URL not set: PostgreSQL pass not run (.ci/run sets it)"; fi

test-sqlite: install
	env -u TEST_DATABASE_URL $(BIN)/pytest -n $(PYTEST_WORKERS) -m "not pg_only" -p no:cacheprovider

test-postgres: install
	$(BIN)/pytest -n $(PYTEST_WORKERS) -m "db or pg_only" -p no:cacheprovider

# A bounded schemathesis run over every operation of /api/v1/openapi.json, as a town admin and an agent
# (tests/fuzz): 0 server errors, 0 invalid requests accepted. FUZZ_EXAMPLES cases per operation, role and mode.
fuzz: install
	env -u TEST_DATABASE_URL FUZZ=1 FUZZ_EXAMPLES=$${FUZZ_EXAMPLES:-6} $(BIN)/pytest -p no:cacheprovider -q tests/fuzz

lint: install
	$(BIN)/ruff check backend bot inspections media tests bench tools
	$(BIN)/lint-imports --no-cache
	$(BIN)/mypy --strict --follow-imports=silent inspections backend/api/errors.py backend/runtime.py \
		backend/services/states.py backend/services/entry_basis.py
	$(BIN)/python tools/mypy_baseline.py

bench-photos: install
	$(BIN)/python -m bench.photos

bench-accrual: install
	$(BIN)/python -m bench.accrual

bench-audit: install
	$(BIN)/python -m bench.audit $(BENCH_AUDIT_ARGS)

bench-alerts: install
	$(BIN)/python -m bench.alerts $(BENCH_ALERTS_ARGS)

clean:
	rm -rf $(VENV) instance .pytest_cache

# Message catalogues (issue 18): extract the English messages (.pot), merge them into the Spanish and Portuguese
# .po files (a translator fills the new ones; `msgstr ""` reads English until then and fails the completeness
# test), and compile .mo files for ordinary tools (the app reads the .po files, so none are committed).
PYBABEL = $(BIN)/pybabel
translations: install
	$(PYBABEL) extract -F babel.cfg --no-location --sort-output --omit-header -o backend/translations/public.pot .
	$(PYBABEL) update -D public -i backend/translations/public.pot -d backend/translations --no-fuzzy-matching --ignore-obsolete -w 110
	$(PYBABEL) compile -D public -d backend/translations --statistics
	$(PYBABEL) extract -F babel-findings.cfg --no-location --sort-output --omit-header \
		-o inspections/checklists/translations/findings.pot .
	$(PYBABEL) update -D findings -i inspections/checklists/translations/findings.pot \
		-d inspections/checklists/translations --no-fuzzy-matching --ignore-obsolete -w 110
	$(PYBABEL) compile -D findings -d inspections/checklists/translations --statistics
	$(PYBABEL) extract -F babel-sms.cfg -k Nn_:1,2 --no-location --sort-output --omit-header \
		-o backend/translations/sms.pot .
	$(PYBABEL) update -D sms -i backend/translations/sms.pot -d backend/translations --no-fuzzy-matching \
		--ignore-obsolete -w 110
	$(PYBABEL) compile -D sms -d backend/translations --statistics
