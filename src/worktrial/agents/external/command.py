"""`cmd:COMMAND`: any program, run by bash inside the trial's sandbox, as an external harness.

    cmd:COMMAND                          no model: it simply runs (the sandbox has no network)
    cmd[MODEL]:COMMAND                   the metering gateway's endpoint in its environment, for MODEL
    cmd[MODEL?key=value&...]:COMMAND     options as for codex (max_usd, max_calls, ...) and mount=PATH
    cmd[?max_minutes=5&mount=PATH]:COMMAND

Placeholders in COMMAND (`PLACEHOLDERS`) are replaced, shell-quoted; every other brace is left as it is.
"""

from __future__ import annotations

import posixpath
import re
import shlex
import shutil
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ...sandbox import Mount
from ...tasks import Instance
from ..base import UnknownAgent
from .base import BRIEF, PROMPT, ExternalAgent, Launch, LaunchContext
from .spec import ExternalOptions, parse_options
from .transcript import Transcript

PREFIX = "cmd"
GATEWAY_KEY = "worktrial-gateway"  # what SDK clients send as their key; the gateway holds the real one
PLACEHOLDERS = {
    "workspace": "the workspace, /workspace (also the working directory)",
    "brief_file": "a file holding the brief",
    "prompt_file": "a file holding what stdin gets: the ground rules, the budget and the brief",
    "state_dir": "a writable folder kept with the trial's results, never delivered",
    "max_minutes": "the trial's time budget",
    "model": "the model's name at its API, e.g. gpt-5 (needs a model)",
    "model_id": "the model id, e.g. openai/gpt-5 (needs a model)",
    "base_url": "the gateway's OpenAI-style base URL, http://127.0.0.1:8642/v1 (needs a model)",
    "max_usd": "the trial's spend budget (needs a model)",
}
MODEL_ONLY = frozenset({"model", "model_id", "base_url", "max_usd"})
_PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
# What the sandbox itself puts in place: a `mount=` may not cover any of it, nor enter the first three or a
# folder named like the trial's own mounts (/run/worktrial-agent, /run/worktrial-llm, /opt/worktrial/...).
_RESERVED = ("/workspace", "/proc", "/dev", "/tmp", "/etc/passwd")
_RESERVED_PREFIXES = ("/run/worktrial", "/opt/worktrial")


@dataclass(frozen=True)
class CommandSpec:
    command: str
    model_id: str | None
    options: ExternalOptions
    mounts: tuple[str, ...]  # host paths bound read-only at the same path


def split_command_spec(spec: str) -> tuple[str, str]:
    """(the bracket's `MODEL?options`, the command) of a `cmd` spec; ValueError when it is none."""
    if spec.startswith(f"{PREFIX}["):
        header, sep, command = spec[len(PREFIX) + 1 :].partition("]:")
        if not sep:
            raise ValueError(f"use {PREFIX}[MODEL?key=value&...]:COMMAND (no ']:' after the model)")
        return header, command.strip()
    if spec.startswith(f"{PREFIX}:"):
        return "", spec[len(PREFIX) + 1 :].strip()
    raise ValueError(f"use {PREFIX}:COMMAND or {PREFIX}[MODEL?key=value&...]:COMMAND")


def with_model(spec: str, model: str | None, options: str = "") -> str:
    """`spec` driving `model` with `options` (`key=value&...`) added: how `--model` and budget flags apply."""
    header, command = split_command_spec(spec)
    named, _, query = header.partition("?")
    if named and model and named != model:
        raise ValueError(f"it names its model ({named}) already: drop --model, or the model in the brackets")
    query = "&".join(filter(None, [query, options]))
    header = (named or model or "") + (f"?{query}" if query else "")
    return f"{PREFIX}[{header}]:{command}" if header else f"{PREFIX}:{command}"


def parse_command_spec(spec: str) -> CommandSpec:
    """ValueError with the reason when `spec` is not a usable `cmd` spec."""
    header, command = split_command_spec(spec)
    if not command:
        raise ValueError(f"no command: use {PREFIX}:COMMAND, e.g. {PREFIX}:'my-harness --task {{brief_file}}'")
    model, _, query = header.partition("?")
    mounts, rest = [], []
    for item in filter(None, query.split("&")):
        key, _, value = item.partition("=")
        if key == "mount":
            mounts.append(_mount_path(value))
        else:
            rest.append(item)
    options = parse_options(model or None, "&".join(rest))
    needs_model = sorted(placeholders(command) & MODEL_ONLY)
    if needs_model and not model:
        raise ValueError(
            f"{', '.join('{' + n + '}' for n in needs_model)} needs a model: add --model MODEL_ID "
            f"(or write {PREFIX}[MODEL_ID]:COMMAND)"
        )
    _check_syntax(command)
    return CommandSpec(command, model or None, options, tuple(mounts))


def placeholders(command: str) -> set[str]:
    return {name for name in _PLACEHOLDER.findall(command) if name in PLACEHOLDERS}


def expand(command: str, values: dict[str, str]) -> str:
    return _PLACEHOLDER.sub(lambda m: shlex.quote(values[m[1]]) if m[1] in values else m[0], command)


def _mount_path(value: str) -> str:
    if not value.startswith("/") or posixpath.normpath(value) != value or value == "/":
        raise ValueError(f"mount={value!r}: give an absolute, normalised host path (bound read-only at that path)")
    covers = any(value == r or r.startswith(value + "/") for r in (*_RESERVED, *_RESERVED_PREFIXES))
    enters = value.startswith(_RESERVED_PREFIXES) or any(value.startswith(r + "/") for r in _RESERVED[:3])
    clash = covers or enters
    if clash:
        raise ValueError(f"mount={value}: the trial's own folders are there; mount the program's folder only")
    if not Path(value).exists():
        raise ValueError(f"mount={value}: no such file or folder on this machine")
    return value


def _check_syntax(command: str) -> None:
    """`bash -n` only parses: an unclosed quote fails here, when the job is planned, not in every trial."""
    bash = shutil.which("bash")
    if bash is None:
        return
    checked = subprocess.run([bash, "-n", "-c", command], capture_output=True, text=True, timeout=10, check=False)
    if checked.returncode != 0:
        raise ValueError(f"the command is not valid bash: {checked.stderr.strip()[-300:]}")


@dataclass
class CommandHarness:
    """Runs `bash -c COMMAND` in /workspace, the prompt on stdin; its stdout and stderr are its output."""

    command: str
    name: str = PREFIX
    package: str = ""
    void_early_exit: bool = False  # the command is the worker's: however it fails, the workspace is graded

    def launch(self, ctx: LaunchContext) -> Launch:
        values = {
            "workspace": "/workspace",
            "brief_file": f"{ctx.state_dir}/{BRIEF}",
            "prompt_file": f"{ctx.state_dir}/{PROMPT}",
            "state_dir": ctx.state_dir,
            "max_minutes": f"{ctx.budgets.max_minutes:g}",
        }
        env: dict[str, str] = {}
        if ctx.base_url:
            v1 = f"{ctx.base_url}/v1"
            values |= {"model": ctx.api_model, "model_id": ctx.model_id, "base_url": v1,
                       "max_usd": f"{ctx.budgets.max_usd:g}"}  # fmt: skip
            env = {
                "OPENAI_BASE_URL": v1, "OPENAI_API_BASE": v1, "OPENAI_API_KEY": GATEWAY_KEY,
                "ANTHROPIC_BASE_URL": ctx.base_url, "ANTHROPIC_API_KEY": GATEWAY_KEY,
                "WORKTRIAL_MODEL": ctx.api_model, "WORKTRIAL_MODEL_ID": ctx.model_id,
            }  # fmt: skip
        return Launch(["bash", "-c", expand(self.command, values)], env, events=None)

    def parse(self, lines: Iterable[str]) -> Transcript:
        t = Transcript(self.name)
        t.final_text = next((line for line in reversed(list(lines)) if line.strip()), "")
        return t


def make_command(spec: str, instance: Instance | None = None, staging: Path | None = None) -> ExternalAgent:
    """`cmd:COMMAND` or `cmd[MODEL?options]:COMMAND`; cheap (nothing starts), so plans can check it."""
    try:
        parsed = parse_command_spec(spec)
    except ValueError as e:
        raise UnknownAgent(f"agent {spec!r}: {e}") from None
    mounts = tuple(Mount(Path(m), m) for m in parsed.mounts)
    harness = CommandHarness(parsed.command)
    return ExternalAgent(harness, parsed.model_id, parsed.options, staging or Path.cwd(), None, "", spec, mounts)
