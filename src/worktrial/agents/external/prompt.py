"""What an external harness is told: the engagement's ground rules and the brief (its own system prompt,
tools and loop are its business)."""

from __future__ import annotations

from ...tasks import Budgets

PROMPT = """You are a forward-deployed engineer on a client engagement, working in this folder (/workspace), \
offline.

- TASK.md holds the brief and the rules of the engagement; system/ is the client's production system. What \
system/ contains when you finish is deployed and run on production data you have not seen.
{world}- Check your changes by running them. When the work is done, stop.

Budget: {budget}.

The engagement brief:

{brief}
"""


WORLD = """- People at the client know things the documents do not: `bin/ask --who` lists them, \
`bin/ask PERSON "question"` asks one (their time costs money), `bin/ask --inbox` reads replies, `bin/ask --wait 1d` \
lets simulated time pass, `bin/pilot` tries your system. Ask one specific question at a time.
"""


def harness_prompt(brief: str, budgets: Budgets, calls: int | None, world: bool) -> str:
    """`calls` is None for a harness that runs without a model: its only budget is time."""
    budget = f"{budgets.max_minutes:g} minutes"
    if calls is not None:
        budget = f"about {calls} model calls, {budget} and ${budgets.max_usd:g} of model spend"
    return PROMPT.format(budget=budget, brief=brief.strip(), world=WORLD if world else "")
