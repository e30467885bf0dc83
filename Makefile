# maubinh-api: `make run` starts the service, `make test` runs every check.
# Needs only Python 3.11 and make; everything else is installed into .venv.

PYTHON ?= python3.11
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8000
WORKERS ?= 2
export PORT WORKERS
# The package runs from the checkout (no install step): scripts and tools find it here.
export PYTHONPATH := $(CURDIR)

RUNTIME_STAMP := $(VENV)/.runtime-installed
BATCH_STAMP   := $(VENV)/.batch-installed
DEV_STAMP     := $(VENV)/.dev-installed
BUILD_STAMP   := $(VENV)/.build-installed

# Node's side (pinned in package-lock.json): Node 22 itself (the `node` package, from the npm
# registry, whatever Node runs npm) and the spec's linters; the TypeScript client has its own
# package and lockfile (clients/typescript: its generator, compiler and run-time dependencies),
# so that it builds and packs alone, as a platform's build would.
NODE_BIN  := node_modules/.bin
NPM_STAMP := node_modules/.installed
TS_CLIENT := clients/typescript
TS_STAMP  := $(TS_CLIENT)/node_modules/.installed

# The compiled kernel: a C extension module built in place by the package's own build (setup.py).
KERNEL_SOURCES := $(wildcard maubinh_api/strategy/kernel_src/*.c maubinh_api/strategy/kernel_src/*.h)
EXT_SUFFIX     := $(shell $(PYTHON) -c "import sysconfig; print(sysconfig.get_config_var('EXT_SUFFIX'))" 2>/dev/null)
KERNEL         := maubinh_api/strategy/compiled_kernel$(EXT_SUFFIX)

.PHONY: run run-deps test test-long npm-deps contract-diff bench-receipts lint-spec client-ts client-ts-pack kernel sanitize fuzz load bench bench-eval bench-settle bench-optimise bench-strength bench-analysis bench-service bench-calibration bench-levels bench-batch bench-bank bench-slow-clients bench-memory bench-hostile bench-fairness bench-request-path bench-readers bench-http-path bench-batch-path bench-operation-latency bench-drills bench-capacity bench-unit-cost bench-retry-after bench-refused-work bench-naturals bench-deals bench-integrity bench-integrity-sharing bench-integrity-peeking bench-integrity-seating bench-integrity-steadiness spec examples catalogue client-go client-py client-py-dist levels steadiness odds bank scale-out system-deps clean deps

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(RUNTIME_STAMP): requirements/runtime.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -r requirements/runtime.txt
	touch $@

$(BATCH_STAMP): requirements/runtime.txt requirements/batch.txt $(RUNTIME_STAMP)
	$(BIN)/python -m pip install --quiet -r requirements/runtime.txt -r requirements/batch.txt
	touch $@

$(DEV_STAMP): requirements/runtime.txt requirements/batch.txt requirements/dev.txt $(BATCH_STAMP)
	$(BIN)/python -m pip install --quiet -r requirements/runtime.txt -r requirements/batch.txt -r requirements/dev.txt
	touch $@

deps: $(DEV_STAMP) $(KERNEL)

# SCARF_ANALYTICS=false: a dependency of the linters would report the install to its authors.
$(NPM_STAMP): package.json package-lock.json $(TS_STAMP)
	@command -v npm >/dev/null 2>&1 || $(MAKE) --no-print-directory system-deps
	SCARF_ANALYTICS=false npm ci --no-audit --no-fund --loglevel=error
	@$(NODE_BIN)/node --version | grep -qx 'v22.23.3' || { echo "the pinned Node did not install"; exit 1; }
	touch $@

$(TS_STAMP): $(TS_CLIENT)/package.json $(TS_CLIENT)/package-lock.json
	@command -v npm >/dev/null 2>&1 || $(MAKE) --no-print-directory system-deps
	cd $(TS_CLIENT) && npm ci --no-audit --no-fund --loglevel=error
	touch $@

## npm-deps: the pinned Node and the spec's linters into node_modules, the TypeScript client's own (npm ci)

# The Java client's Maven plugins and dependencies (every version pinned in clients/java/pom.xml and
# the example game server's clients/java/example/pom.xml), fetched from Maven Central into the local
# repository (~/.m2) as pip and npm fetch theirs; the tests then run Maven offline (-o). The client is
# built once on the way (its unit tests run, its jar is installed there: the example depends on it).
JAVA_STAMP := build/.java-deps
$(JAVA_STAMP): clients/java/pom.xml clients/java/example/pom.xml openapi.yaml
	@command -v mvn >/dev/null 2>&1 || $(MAKE) --no-print-directory system-deps
	mvn -B -q -f clients/java/pom.xml -Dmaubinh.build=$(CURDIR)/build/java-deps -Dtest=ClientTest install
	mvn -B -q -f clients/java/example/pom.xml dependency:go-offline dependency:build-classpath -Dmdep.outputFile=/dev/null
	@mkdir -p build && touch $@

# The Go client's modules and the generator's (clients/go/go.sum, tools/oapi-codegen/go.sum), fetched
# from the Go module proxy into Go's module cache; the tests then run Go with GOPROXY=off. So is the
# toolchain of the oldest Go the client's go.mod names (golang.org/toolchain, ~75 MB once): a test
# builds a platform's module with it.
GO_STAMP := build/.go-deps
GO_OLDEST = $(shell sed -n 's/^go //p' clients/go/go.mod)
$(GO_STAMP): clients/go/go.mod clients/go/go.sum tools/oapi-codegen/go.mod tools/oapi-codegen/go.sum
	@command -v go >/dev/null 2>&1 || { echo "the Go client's tests need Go (1.26)"; exit 1; }
	cd clients/go && go mod download
	cd tools/oapi-codegen && go mod download
	GOTOOLCHAIN=go$(GO_OLDEST) go version
	@mkdir -p build && touch $@
npm-deps: $(NPM_STAMP)

## client-ts: regenerate the TypeScript client's types from openapi.yaml and build it (clients/typescript)
client-ts: $(NPM_STAMP)
	cd $(TS_CLIENT) && PATH="$(CURDIR)/$(NODE_BIN):$$PATH" npm run --silent generate
	cd $(TS_CLIENT) && PATH="$(CURDIR)/$(NODE_BIN):$$PATH" npm run --silent build

## client-ts-pack: the TypeScript client's release tarball, build/maubinh-client-<version>.tgz (npm pack)
client-ts-pack: $(NPM_STAMP)
	mkdir -p build
	cd $(TS_CLIENT) && PATH="$(CURDIR)/$(NODE_BIN):$$PATH" npm pack --silent --pack-destination $(CURDIR)/build

## lint-spec: openapi.yaml against Redocly's recommended rules and Spectral's OpenAPI rules (no warning passes)
lint-spec: $(DEV_STAMP) $(NPM_STAMP)
	$(BIN)/python -m tools.lint_spec

# oasdiff, the contract diff (pinned in tools/oasdiff/go.mod and go.sum), built with the machine's Go
# from the Go module proxy on the first build, as pip installs the Python side.
OASDIFF := build/go-bin/oasdiff
$(OASDIFF): tools/oasdiff/go.mod tools/oasdiff/go.sum
	@command -v go >/dev/null 2>&1 || { echo "the contract test needs Go (1.26) to build oasdiff"; exit 1; }
	cd tools/oasdiff && go build -o $(CURDIR)/$(OASDIFF) github.com/oasdiff/oasdiff

## contract-diff: what openapi.yaml changed since the last released contract (contract/), and whether it breaks
contract-diff: $(OASDIFF)
	$(OASDIFF) changelog $$(ls contract/openapi-*.yaml | sort -V | tail -1) openapi.yaml
	$(OASDIFF) breaking $$(ls contract/openapi-*.yaml | sort -V | tail -1) openapi.yaml --severity-levels contract/severity-levels.txt --fail-on ERR

$(BUILD_STAMP): requirements/build.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -r requirements/build.txt
	touch $@

## kernel: build the compiled kernel in place (warnings are errors; see setup.py)
kernel: $(KERNEL)

$(KERNEL): $(KERNEL_SOURCES) setup.py $(BUILD_STAMP)
	$(BIN)/python setup.py --quiet build_ext --inplace
	@test -f $@ || { echo "the build did not write $@"; exit 1; }

# Installs the Debian packages that $(1) finds missing (the checks append to $$missing).
define apt_install_missing
	@missing=""; $(1) \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  sudo=""; [ "$$(id -u)" = 0 ] || sudo=sudo; \
	  $$sudo apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

# What deploy/serve.sh runs beside Python (`make run` needs only this): nginx, the front.
run-deps:
	$(call apt_install_missing,\
	command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing="$$missing nginx-light";)

# Debian packages the tests start for real besides those: Redis (shared cache and counts),
# Chromium and its driver (/docs, the playground, the reports), wrk (load), and Node and npm (npm
# installs the pinned Node and tools: $(NPM_STAMP)), Maven (the Java client; the JDK is the machine's),
# Prometheus (promtool tests the alerting rules; its server evaluates them on a live service).
system-deps: run-deps
	$(call apt_install_missing,\
	command -v redis-server >/dev/null 2>&1 || missing="$$missing redis-server"; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	command -v chromedriver >/dev/null 2>&1 || missing="$$missing chromium-driver"; \
	command -v wrk >/dev/null 2>&1 || missing="$$missing wrk"; \
	command -v node >/dev/null 2>&1 || missing="$$missing nodejs"; \
	command -v npm >/dev/null 2>&1 || missing="$$missing npm"; \
	command -v mvn >/dev/null 2>&1 || missing="$$missing maven"; \
	command -v promtool >/dev/null 2>&1 || missing="$$missing prometheus";)

## run: serve on 127.0.0.1:$(PORT): nginx in front of $(WORKERS) gunicorn workers (deploy/serve.sh)
run: $(RUNTIME_STAMP) $(KERNEL) run-deps
	PATH="$(CURDIR)/$(BIN):$$PATH" ./deploy/serve.sh

## test: lint, types, spec, the test suite (all but the long runs: make test-long)
test: $(DEV_STAMP) $(KERNEL) system-deps $(NPM_STAMP) $(OASDIFF) $(JAVA_STAMP) $(GO_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/python -m openapi_spec_validator openapi.yaml
	$(BIN)/python -m tools.lint_spec
	$(NODE_BIN)/node --test 'tests/web/js/*.test.mjs'
	$(BIN)/python -m pytest -n 2 -m "not long"
	@echo "make test: all checks passed"

## test-long: the whole runs kept out of make test to hold it near 12 minutes (about 2 minutes; CI runs it after make test)
# A served service's live contract, the docs' batch commands, hundreds of slow connections: the tests marked long.
test-long: $(DEV_STAMP) $(KERNEL) system-deps $(NPM_STAMP)
	$(BIN)/python -m pytest -n 2 -m long
	@echo "make test-long: all checks passed"

## sanitize: the kernel's tests against a build with AddressSanitizer and UndefinedBehaviorSanitizer
# A copy of the package is built with MAUBINH_SANITIZE=1 (setup.py) and the kernel's tests run on it
# with the sanitizers' runtime preloaded; any report fails the run. Python's own allocations are not
# leak-checked (the interpreter keeps much until exit).
SANITIZE_DIR  := build/sanitize
SANITIZE_HANDS ?= 150
sanitize: $(DEV_STAMP) $(BUILD_STAMP)
	rm -rf $(SANITIZE_DIR) && mkdir -p $(SANITIZE_DIR)
	tar cf - --exclude='*.so' --exclude=__pycache__ maubinh_api tests setup.py pyproject.toml | tar xf - -C $(SANITIZE_DIR)
	cd $(SANITIZE_DIR) && MAUBINH_SANITIZE=1 $(CURDIR)/$(BIN)/python setup.py --quiet build_ext --inplace
	cd $(SANITIZE_DIR) && PYTHONPATH=$(CURDIR)/$(SANITIZE_DIR) \
	  LD_PRELOAD="$$(gcc -print-file-name=libasan.so)" \
	  ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:strict_string_checks=1 \
	  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	  KERNEL_EQUALITY_HANDS=$(SANITIZE_HANDS) KERNEL_PROPERTY_EXAMPLES=15 \
	  $(CURDIR)/$(BIN)/python -m pytest -p no:xdist --capture=sys -q tests/strategy/test_kernel.py
	cd $(SANITIZE_DIR) && PYTHONPATH=$(CURDIR)/$(SANITIZE_DIR) MAUBINH_KERNEL_SCALAR=1 \
	  LD_PRELOAD="$$(gcc -print-file-name=libasan.so)" \
	  ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:strict_string_checks=1 \
	  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	  KERNEL_EQUALITY_HANDS=$(SANITIZE_HANDS) \
	  $(CURDIR)/$(BIN)/python -m pytest -p no:xdist --capture=sys -q tests/strategy/test_kernel.py -k seeded_hands
	@echo "make sanitize: the kernel's tests pass under ASan and UBSan (vector and scalar walks)"

## fuzz: contract fuzzing with many more examples (FUZZ_EXAMPLES per operation, default 2000)
FUZZ_EXAMPLES ?= 2000
fuzz: $(DEV_STAMP) $(KERNEL)
	FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(BIN)/python -m pytest -p no:xdist tests/fuzz

## load: 60 s of mixed traffic, the constant-app comparison, Redis and worker faults, then fairness between tenants (about 7 minutes)
load: $(DEV_STAMP) $(KERNEL) system-deps
	$(BIN)/python -m bench.load
	$(BIN)/python -m bench.fairness

## bench: every benchmark script (prints figures)
bench: bench-eval bench-settle bench-optimise bench-strength bench-analysis bench-service bench-calibration bench-levels bench-batch bench-bank bench-slow-clients bench-memory bench-hostile bench-fairness bench-request-path bench-readers bench-http-path bench-batch-path bench-operation-latency bench-drills bench-capacity bench-unit-cost bench-retry-after bench-refused-work bench-naturals bench-deals bench-integrity bench-integrity-sharing bench-integrity-peeking bench-integrity-seating bench-integrity-steadiness

## bench-slow-clients: hundreds of slow, idle and trickling connections against the front and gunicorn alone (about 2 minutes)
bench-slow-clients: $(DEV_STAMP) $(KERNEL) system-deps
	$(BIN)/python -m bench.slow_clients

## bench-memory: each worker's memory over 5 minutes of heavy batches, mixed traffic and bot play, and the reference
bench-memory: $(DEV_STAMP) $(KERNEL) system-deps
	$(BIN)/python -m bench.memory

## bench-operation-latency: each operation's p50 and p99 over HTTP, and the client timeout that fits it (about 1 minute)
bench-operation-latency: $(DEV_STAMP) $(KERNEL) system-deps
	$(BIN)/python -m bench.operation_latency

## bench-capacity: each operation's work per core, and the capacity model (docs/operations.md "Capacity") against an open-loop load test at two loads (about 5 minutes)
bench-capacity: $(DEV_STAMP) $(KERNEL) system-deps
	$(BIN)/python -m bench.capacity

## bench-request-path: each endpoint in process against the strategy's own call, and each step of a request
bench-request-path: $(DEV_STAMP) $(KERNEL)
	$(BIN)/python -m bench.request_path

## bench-readers: each hand-written reader (body, quick readers) against werkzeug's or marshmallow's own (under a minute)
bench-readers: $(DEV_STAMP) $(KERNEL)
	$(BIN)/python -m bench.readers

## bench-http-path: /optimal and classify over HTTP as make run serves them, against a constant Flask app (about 3 minutes)
bench-http-path: $(DEV_STAMP) $(KERNEL) system-deps
	$(BIN)/python -m bench.http_path

## bench-batch-path: simulate and grade per hand against the strategy on the same hands
bench-batch-path: $(DEV_STAMP) $(KERNEL)
	$(BIN)/python -m bench.batch_path

## bench-drills: what dealing drills costs per theme and preset: hands valued per drill against the units charged, time against value_hand alone (about 3 minutes)
bench-drills: $(DEV_STAMP) $(KERNEL)
	$(BIN)/python -m bench.drills

## bench-receipts: what a settlement's receipt costs, against the same service answering without one
bench-receipts: $(DEV_STAMP) $(KERNEL)
	$(BIN)/python -m bench.receipts

## bench-fairness: another tenant's p99 beside the noisy and looping tenants of bench/fairness.py, and beside a hostile one's worst requests, against its p99 alone; the variant-timing classification (about 9 minutes)
bench-fairness: $(DEV_STAMP) $(KERNEL) system-deps
	$(BIN)/python -m bench.fairness
	$(BIN)/python -m bench.hostile_tenant

## bench-unit-cost: every operation in its costliest shapes over HTTP, each one's workers' CPU time per charged unit against a plain /optimal's, and another tenant's p99 beside the costliest
bench-unit-cost: $(DEV_STAMP) $(KERNEL) system-deps
	$(BIN)/python -m bench.unit_cost

## bench-retry-after: tenants limited to 12/6second that wait exactly their Retry-After, on the instance's file and on Redis, with one and two workers (about 5 minutes)
bench-retry-after: $(DEV_STAMP) $(KERNEL) system-deps
	$(BIN)/python -m bench.retry_after

## bench-refused-work: issue 50's two crowds of heavy batches (one tenant's, and another's beside a tenant filling the places): each tenant charged only its answers and its refusals' reading
bench-refused-work: $(DEV_STAMP) $(KERNEL) system-deps
	$(BIN)/python -m bench.refused_work

## bench-deals: a million decks dealt from seeds, each card's places tested by chi-square, and the shuffle's speed
bench-deals: $(DEV_STAMP)
	$(BIN)/python -m bench.deals

## bench-integrity: the integrity checks' false alarms on honest rooms and detection of planted dumpers and bots at 200, 1,000 and 5,000 hands a pair, and the pass's speed against grade's (about 15 minutes)
bench-integrity: $(DEV_STAMP) $(KERNEL)
	$(BIN)/python -m bench.integrity

## bench-integrity-sharing: the hand-sharing check's false alarms on honest rooms, its detection of planted sharing pairs at 200, 1,000 and 5,000 hands together, and the pass's speed with it against grade's (about 35 minutes)
bench-integrity-sharing: $(DEV_STAMP) $(KERNEL)
	$(BIN)/python -m bench.integrity --sharing

## bench-integrity-peeking: the peeking check's false alarms on honest players, its detection of planted peekers at 200, 1,000 and 5,000 hands, and the pass's speed with it against grade's (about 10 minutes)
bench-integrity-peeking: $(DEV_STAMP) $(KERNEL)
	$(BIN)/python -m bench.integrity --peeking

## bench-integrity-seating: the seating check's false alarms on honest rooms and its detection of planted pairs that seek each other's tables at 200 and 1,000 sittings together (about 10 minutes)
bench-integrity-seating: $(DEV_STAMP) $(KERNEL)
	$(BIN)/python -m bench.integrity --seating

## bench-integrity-steadiness: the steadiness check's false alarms on honest rooms and its detection of a planted steady program at 200, 1,000 and 5,000 of its hands (about 15 minutes)
bench-integrity-steadiness: $(DEV_STAMP) $(KERNEL)
	$(BIN)/python -m bench.integrity --steadiness

## bench-naturals: the split naturals found from the cards against the search of every split they replaced, and a settlement of the costliest seats
bench-naturals: $(DEV_STAMP) $(KERNEL)
	$(BIN)/python -m bench.natural_detection

## bench-hostile: what bodies no operation accepts cost the service, against reading them at all
bench-hostile: $(DEV_STAMP) $(KERNEL)
	$(BIN)/python -m bench.hostile_input

bench-eval: $(DEV_STAMP) $(KERNEL)
	$(BIN)/python -m bench.evaluate_all

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache build maubinh_api/strategy/compiled_kernel*.so

bench-settle: $(DEV_STAMP) $(KERNEL)
	$(BIN)/python -m bench.settle_tables

bench-optimise: $(DEV_STAMP) $(KERNEL)
	$(BIN)/python -m bench.optimise_speed

bench-strength: $(DEV_STAMP) $(KERNEL)
	$(BIN)/python -m bench.strength

bench-analysis: $(DEV_STAMP) $(KERNEL)
	$(BIN)/python -m bench.analysis_speed

## bench-service: the service layer's cost over the strategy called directly (about 30 seconds)
bench-service: $(DEV_STAMP) $(KERNEL)
	$(BIN)/python -m bench.service_layer

## bench-calibration: expected points against simulated play, 80 hands per preset (about 3 minutes)
bench-calibration: $(DEV_STAMP) $(KERNEL)
	$(BIN)/python -m bench.calibration

## bench-levels: each bot level's loss and points against best over 5,000 deals (about 5 minutes)
bench-levels: $(DEV_STAMP) $(KERNEL)
	$(BIN)/python -m bench.levels

## bench-batch: the batch tool's speed and memory, up to a 500,000-row history (about 20 minutes)
bench-batch: $(DEV_STAMP) $(KERNEL)
	$(BIN)/python -m bench.batch

## bench-bank: a small hand bank built by both kernels (the same files?), and the ratio (about 2 minutes)
bench-bank: $(DEV_STAMP) $(KERNEL)
	$(BIN)/python -m bench.bank_build

## catalogue: the Vietnamese catalogue (maubinh_api/locale/vi/LC_MESSAGES/maubinh.po) in step with the code's texts (Babel)
catalogue: $(DEV_STAMP)
	$(BIN)/python -m tools.catalogue

## spec: rewrite what is written from the code's declarations: openapi.yaml's facts (enumerations, knob ranges, error codes, problem types, each operation's x-cost and batch maxItems), the kernel's knobs.h and docs/operations.md's settings (tests/test_spec_from_code.py, test_kernel_knobs.py and infra/test_settings_documented.py check them)
spec: $(DEV_STAMP)
	$(BIN)/python -m tools.kernel_knobs --write
	$(BIN)/python -m tools.settings_table --write
	$(BIN)/python -m tools.spec_from_code --write

## examples: rewrite openapi.yaml's answer examples from the live service (tests/web/test_examples.py checks them)
examples: $(DEV_STAMP) $(KERNEL)
	$(BIN)/python -m tools.spec_examples --write

## client-py: rewrite the Python client's generated core from openapi.yaml (clients/python, openapi-python-client)
client-py: $(DEV_STAMP)
	$(BIN)/python -m tools.python_client

## client-go: rewrite the Go client's generated core from openapi.yaml (clients/go/maubinh.gen.go, oapi-codegen)
client-go:
	cd tools/oapi-codegen && go tool oapi-codegen -config $(CURDIR)/clients/go/oapi-codegen.yaml -o $(CURDIR)/clients/go/maubinh.gen.go $(CURDIR)/openapi.yaml

## client-py-dist: the Python client's wheel and source archive, in build/ (python -m build)
client-py-dist: $(DEV_STAMP)
	$(BIN)/python -m build --outdir build clients/python

## levels: rebuild each bot level's loss yardstick on random deals and on each theme's drills, strategy/levels.json (seeded; about 10 minutes)
levels: $(DEV_STAMP) $(KERNEL)
	$(BIN)/python -m maubinh_api.service.level_yardsticks

## steadiness: rebuild the steadiness check's yardsticks, batch/steadiness.json: each level's loss moments on 40,000 random hands per preset and table size, played with the shipped model (seeded; about 6 minutes on 2 cores)
steadiness: $(DEV_STAMP) $(KERNEL)
	$(BIN)/python -m maubinh_api.batch.steadiness_build

## odds: rebuild the screening odds tables (about 20 minutes; seeded, reproducible)
odds: $(DEV_STAMP) $(KERNEL)
	$(BIN)/python -m maubinh_api.strategy.odds_build

## bank: rebuild the hand bank the expected points come from (about 25 minutes; seeded, reproducible)
bank: $(DEV_STAMP) $(KERNEL)
	$(BIN)/python -m maubinh_api.strategy.bank_build

## scale-out: two instances behind nginx sharing one Redis, on loopback (bounded, cleans up)
scale-out: $(DEV_STAMP) $(KERNEL) system-deps
	$(BIN)/python -m bench.scale_out
