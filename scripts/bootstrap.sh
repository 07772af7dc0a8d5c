#!/usr/bin/env bash
# Fresh-machine set-up in one step, then either the main job or the tests.
#   scripts/bootstrap.sh demo   install everything, then `worktrial run` on the bundled engagements and deliverables (calibration agents)
#   scripts/bootstrap.sh test   install everything, then the whole test suite
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-demo}"; shift || true

need_apt=()
command -v bwrap >/dev/null 2>&1 || need_apt+=(bubblewrap)
command -v setpriv >/dev/null 2>&1 || need_apt+=(util-linux)
command -v /usr/bin/python3 >/dev/null 2>&1 || need_apt+=(python3)
# The simulated clock inside sandboxes is a small preload library built on first use (sandbox/simclock.c).
command -v cc >/dev/null 2>&1 || need_apt+=(gcc libc6-dev)
if [ ${#need_apt[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

# Deliverable grading: office files and PDF pages (LibreOffice, poppler) and HTML screenshots (Chromium).
need_lean=()
command -v soffice >/dev/null 2>&1 || need_lean+=(libreoffice-core libreoffice-calc libreoffice-writer libreoffice-impress fonts-dejavu-core)
command -v pdftoppm >/dev/null 2>&1 || need_lean+=(poppler-utils)
command -v chromium >/dev/null 2>&1 || need_lean+=(chromium)
if [ ${#need_lean[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need_lean[@]}" >/dev/null
fi

PY="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip >/dev/null 2>&1 || true
extras="dev"
# The tests also drive the offline model (llama.cpp compiles once, ~8 min on 2 cores; the wheel is cached below).
if [ "$mode" = test ]; then
  extras="dev,local"
  command -v cmake >/dev/null 2>&1 || { SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"; $SUDO apt-get update -qq;
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq cmake >/dev/null; }
  export CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-2}"
  # Some machines' CPUs advertise AMX while their kernel does not grant it to processes: llama.cpp's AMX kernels
  # then die of SIGILL on the first prompt, and a native build turns them on by itself. The model is tiny; the
  # portable AVX2 build is plenty.
  export CMAKE_ARGS="${CMAKE_ARGS:--DGGML_NATIVE=OFF -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF}"
fi
if [ "$mode" = test ]; then
  # pip's wheel cache is keyed by the package alone, not by CMAKE_ARGS: a wheel once built natively would come
  # back on every later install. So the wheel is built here, cached under a key of version and build flags.
  llama="llama-cpp-python==0.3.36"
  key=$(printf '%s %s' "$llama" "$CMAKE_ARGS" | sha256sum | cut -c1-16)
  wheels="${XDG_CACHE_HOME:-$HOME/.cache}/worktrial/wheels/$key"
  ls "$wheels"/llama_cpp_python-*.whl >/dev/null 2>&1 ||
    .venv/bin/python -m pip wheel -q --no-cache-dir --no-deps "$llama" -w "$wheels"
  [ "$(cat .venv/.llama-build 2>/dev/null)" = "$key" ] || {
    .venv/bin/python -m pip install -q --force-reinstall --no-deps "$wheels"/llama_cpp_python-*.whl &&
      echo "$key" > .venv/.llama-build; }
fi
.venv/bin/python -m pip install -q -e ".[$extras]"
if [ "$mode" = test ]; then
  # A build this CPU cannot run dies on its first prompt: say so here, not in a dozen failing tests.
  .venv/bin/python -c "from llama_cpp import Llama; from worktrial.agents.local_model import gguf_path
Llama(str(gguf_path()), n_ctx=256, verbose=False)('Hello', max_tokens=2)" || {
    echo "bootstrap: the local model does not run with this llama.cpp build; remove $wheels and set CMAKE_ARGS" >&2
    exit 1; }
fi

if [ "$mode" = test ]; then
  # External harnesses (codex, claude-code) from npm, so their sandboxed integration tests run too.
  command -v npm >/dev/null 2>&1 || { SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"; $SUDO apt-get update -qq;
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nodejs npm >/dev/null; }
  [ -d .harnesses/node_modules ] || bash scripts/install_harnesses.sh
  # The store tests run on PostgreSQL too: a local cluster, a user that may create the tests' databases.
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  command -v pg_ctlcluster >/dev/null 2>&1 || { $SUDO apt-get update -qq;
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql-15 >/dev/null; }
  PGSU="sudo -u postgres"; [ "$(id -u)" -ne 0 ] || PGSU="runuser -u postgres --"
  pg_lsclusters -h 2>/dev/null | grep -q '^15 *main' || $SUDO pg_createcluster 15 main >/dev/null
  pg_lsclusters -h | grep -q '^15 *main.*online' || $SUDO pg_ctlcluster 15 main start
  $PGSU psql -q -v ON_ERROR_STOP=1 -c "DO \$\$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE
    rolname = 'worktrial_test') THEN CREATE ROLE worktrial_test LOGIN CREATEDB PASSWORD 'worktrial_test'; END IF;
    END \$\$;" >/dev/null
  $PGSU psql -tAc "SELECT 1 FROM pg_database WHERE datname = 'worktrial_test'" | grep -q 1 ||
    $PGSU createdb -O worktrial_test worktrial_test
  export WORKTRIAL_TEST_PG_URL="${WORKTRIAL_TEST_PG_URL:-postgresql+psycopg://worktrial_test:worktrial_test@127.0.0.1:5432/worktrial_test}"
fi

case "$mode" in
  demo)
    exec .venv/bin/worktrial run --suite suites/engagements --suite suites/deliverables --level L3 --variant base "$@" ;;
  test)
    exec .venv/bin/python -m pytest -q "$@" ;;
  *)
    echo "usage: scripts/bootstrap.sh demo|test [extra args]" >&2; exit 2 ;;
esac
