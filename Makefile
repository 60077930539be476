# The project's commands. Each target installs what it needs and is safe to re-run.
#   make serve   build dist/ and serve the widget plus a demo club page
#   make test    ruff, mypy and the whole test suite (CPython, Pyodide in Node, Chromium)
#   make bench   benchmarks: print figures, assert nothing
#   make dist    build the static site in dist/
#   make release build dist/ and zip it with HOSTING.md into release/, and the WordPress plugin's zip

SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
MICROPIP := build/micropip-0.11.1-py3-none-any.whl
MICROPIP_SHA256 := 768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3

.PHONY: serve test bench dist release venv node system-packages lint clean

$(VENV)/.stamp: requirements-dev.txt pyproject.toml
	@echo "==> Python venv with the build and test tools, and elo-core itself with its command ($(VENV))"
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q -r requirements-dev.txt
	$(PY) -m pip install -q --no-deps --no-build-isolation -e .
	@touch $@

node_modules/.stamp: package.json package-lock.json
	@echo "==> npm ci (Pyodide, esbuild, axe-core and TypeScript, pinned in package-lock.json)"
	npm ci --no-audit --no-fund
	@touch $@

# Debian packages the tests drive: three browser engines (Chromium: its headless shell for most
# tests, the full browser for Chrome's third-party policy and the benchmarks; Firefox ESR;
# WebKitGTK with its WebDriver under Xvfb; WPE WebKit 2.38 with cog, an engine older than
# Safari 16.4), the two web servers the release is tested behind (nginx, Apache), and the WordPress
# the plugin is tested in (Debian's wordpress, Apache's mod_php, PHP's command line and MariaDB;
# gettext's msgunfmt reads back the plugin's .mo files).
SYSTEM_PACKAGES := chromium chromium-headless-shell firefox-esr webkit2gtk-driver xvfb wpewebkit-driver cog nginx apache2 \
	wordpress libapache2-mod-php php-cli php-mysql mariadb-server gettext poppler-utils
system-packages:
	@missing="$$(for p in $(SYSTEM_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done | xargs)"; \
	if [ -n "$$missing" ]; then \
	  echo "==> Installing Debian packages for the tests: $$missing"; \
	  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $$missing; \
	fi

$(MICROPIP): | $(VENV)/.stamp
	@echo "==> micropip wheel from PyPI (for the test that installs our wheel with micropip)"
	$(PY) -m pip download -q --no-deps --only-binary=:all: --python-version 3.14 -d build micropip==0.11.1
	echo "$(MICROPIP_SHA256)  $(MICROPIP)" | sha256sum -c -

venv: $(VENV)/.stamp
node: node_modules/.stamp

dist: $(VENV)/.stamp node_modules/.stamp
	@echo "==> Building dist/ (wheel, Pyodide, widget, embed)"
	$(PY) scripts/build_site.py

lint: $(VENV)/.stamp node_modules/.stamp
	@echo "==> ruff, mypy and tsc"
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	node_modules/.bin/tsc -p tsconfig.json

test: lint dist system-packages $(MICROPIP)
	@echo "==> pytest (unit, properties, Pyodide in Node, Chromium), in two workers (pytest-xdist)"
	$(PY) -m pytest -q -n 2 --dist loadfile

release: dist
	@echo "==> Release zips in release/: the built site with HOSTING.md, and the WordPress plugin"
	$(PY) scripts/release.py

serve: dist
	$(PY) scripts/serve.py

bench: dist system-packages
	$(PY) bench/bench.py

clean:
	rm -rf dist build release
