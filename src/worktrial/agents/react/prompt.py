"""What the react agent is told."""

from __future__ import annotations

from collections.abc import Sequence

from ...tasks import Budgets
from ..skills import WORKSPACE_SKILLS, Skill
from .tools import SPECS

SYSTEM = """You are a forward-deployed engineer on a client engagement. You work in a Linux workspace \
(/workspace, the current folder) through the tools below; every command runs there, offline.

- TASK.md holds the brief and the rules of the engagement; system/ is the client's production system. What \
system/ contains when you submit is deployed and run on production data you have not seen.
- People at the client know things the documents do not. Use `ask` (one specific question at a time; their \
time costs money), `wait` to let simulated time pass, `inbox` to read messages, `pilot` to try your system.
- Check your changes by running them. When the work is done, call `submit`.

Tools:
{tools}

Budget: at most {actions} tool calls, {minutes:g} minutes and ${usd:g} of model spend."""

NUDGE = "No tool was called. Use a tool to make progress, or call submit when the work is done."
CHOOSE = "Pick the tool for your next step."
CALL = "Now call {name}: {description}"


SKILLS = "Skills (also in /workspace/{folder}/; use one when its description fits the task):"


def system_prompt(budgets: Budgets, skills: Sequence[Skill] = ()) -> str:
    tools = "\n".join(f"- {t.name}({', '.join(t.parameters['properties'])}): {t.description}" for t in SPECS)
    text = SYSTEM.format(tools=tools, actions=budgets.max_actions, minutes=budgets.max_minutes, usd=budgets.max_usd)
    if skills:
        given = "\n\n".join(f"## {s.name}: {s.description}\n\n{s.body.strip()}" for s in skills)
        text += "\n\n" + SKILLS.format(folder=WORKSPACE_SKILLS) + "\n\n" + given
    return text


def first_message(brief: str) -> str:
    return f"The engagement brief (TASK.md has it too, with the rules):\n\n{brief.strip()}"
