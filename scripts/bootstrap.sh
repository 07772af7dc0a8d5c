#!/usr/bin/env bash
# Fresh-machine set-up in one step, then either the main job or the tests.
#   scripts/bootstrap.sh demo   install everything, then `worktrial run` on the bundled suite (calibration agents)
#   scripts/bootstrap.sh test   install everything, then the whole test suite
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-demo}"; shift || true

need_apt=()
command -v bwrap >/dev/null 2>&1 || need_apt+=(bubblewrap)
command -v setpriv >/dev/null 2>&1 || need_apt+=(util-linux)
command -v /usr/bin/python3 >/dev/null 2>&1 || need_apt+=(python3)
if [ ${#need_apt[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

PY="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip >/dev/null 2>&1 || true
.venv/bin/python -m pip install -q -e '.[dev]'

case "$mode" in
  demo)
    exec .venv/bin/worktrial run --level L3 --variant base "$@" ;;
  test)
    exec .venv/bin/python -m pytest -q "$@" ;;
  *)
    echo "usage: scripts/bootstrap.sh demo|test [extra args]" >&2; exit 2 ;;
esac
