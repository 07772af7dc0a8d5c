#!/usr/bin/env bash
# Opt-in: install the external agent harnesses (CLI coding agents) that worktrial can drive through its
# metering gateway. They go into .harnesses/ at the repository root (git-ignored), which worktrial mounts
# read-only into the sandbox; nothing is installed globally.
#
#   scripts/install_harnesses.sh            # codex and claude-code
#   scripts/install_harnesses.sh codex      # only codex (about 420 MB: the npm package ships a native binary)
#
# Needs Node >= 18 and npm. Versions are pinned: change them here and the adapters record what ran.
set -euo pipefail

CODEX_VERSION="${CODEX_VERSION:-0.171.0}"
# The newest claude-code release whose package still runs on Node 20 (later ones need Node >= 22).
CLAUDE_CODE_VERSION="${CLAUDE_CODE_VERSION:-2.1.197}"

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dest="${WORKTRIAL_HARNESSES:-$root/.harnesses}"

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    echo "node and npm are needed: apt-get install nodejs npm (Node >= 18)" >&2
    exit 1
fi
node_major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$node_major" -lt 18 ]; then
    echo "Node $(node --version) is too old: the harnesses need Node >= 18" >&2
    exit 1
fi

want=("$@")
[ ${#want[@]} -eq 0 ] && want=(codex claude-code)
packages=()
for name in "${want[@]}"; do
    case "$name" in
        codex) packages+=("@openai/codex@$CODEX_VERSION") ;;
        claude-code) packages+=("@anthropic-ai/claude-code@$CLAUDE_CODE_VERSION") ;;
        *) echo "unknown harness $name: use codex or claude-code" >&2; exit 2 ;;
    esac
done

mkdir -p "$dest"
[ -f "$dest/package.json" ] || echo '{"name": "worktrial-harnesses", "private": true}' >"$dest/package.json"
echo "installing ${packages[*]} into $dest"
npm install --prefix "$dest" --no-audit --no-fund --no-update-notifier --save-exact "${packages[@]}"
# The sandbox user is not the installer: everything must be readable (and binaries executable) by others.
chmod -R a+rX "$dest"
for bin in codex claude; do
    if [ -e "$dest/node_modules/.bin/$bin" ]; then
        echo "$bin $("$dest/node_modules/.bin/$bin" --version 2>/dev/null | head -n1)"
    fi
done
