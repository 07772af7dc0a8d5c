"""Synthetic trials shaped like the store's rows, for benchmarks and tests of the reports.

Scores follow U = agent skill + family difficulty + level effect + noise, with incidents (U_adj = min(U, 0)),
contact costs, token usage and a few infrastructure errors, so every part of a report has something to show.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import numpy as np

HARNESSES = ("react", "planner")
MODELS = ("lab/alpha", "lab/beta", "lab/gamma")
CALIBRATION = ("noop", "reference")
INDUSTRIES = ("Energy", "Retail", "Insurance", "Logistics", "Health")
ROLE_CLASSES = ("analyst", "engineer", "manager")


@dataclass(frozen=True)
class Shape:
    families: int = 5
    variants: int = 2
    levels: tuple[str, ...] = ("L0", "L1", "L2", "L3")
    repeats: int = 2
    agents: tuple[str, ...] = (*(f"{h}:{m}" for h in HARNESSES for m in MODELS), *CALIBRATION)
    error_rate: float = 0.01
    incident_rate: float = 0.03

    @property
    def instances(self) -> int:
        return self.families * self.variants * len(self.levels)

    @property
    def trials(self) -> int:
        return self.instances * len(self.agents) * self.repeats


def shape_for(trials: int) -> Shape:
    """A shape with about `trials` trials: 8 agents, 4 levels, 5 variants, 5 repeats, families to fit."""
    base = Shape(variants=5, repeats=5)
    per_family = base.trials // base.families
    return Shape(families=max(1, round(trials / per_family)), variants=5, repeats=5)


def synthetic_rows(job_id: str, shape: Shape, seed: int = 0) -> list[dict[str, Any]]:
    """Rows with the columns of the `trials` table, ready for a bulk insert."""
    rng = np.random.default_rng(seed)
    skill = {a: 0.9 if a == "reference" else 0.0 if a == "noop" else float(rng.uniform(0.2, 0.7)) for a in shape.agents}
    fam_effect = rng.normal(0, 0.15, size=shape.families).tolist()
    level_effect = {lvl: 0.1 * i for i, lvl in enumerate(shape.levels)}
    t0 = datetime(2026, 1, 5, 9, 0)
    rows: list[dict[str, Any]] = []
    n = shape.trials
    noise = rng.normal(0, 0.25, size=n).tolist()
    errors = (rng.random(n) < shape.error_rate).tolist()
    incidents = (rng.random(n) < shape.incident_rate).tolist()
    questions = rng.poisson(4, size=n).tolist()
    tokens = rng.integers(5_000, 200_000, size=n).tolist()
    wall = rng.uniform(20, 600, size=n).tolist()
    k = 0
    for f in range(shape.families):
        family = f"fam{f:04d}"
        for v in range(shape.variants):
            variant = "base" if v == 0 else f"v{v}"
            for lvl in shape.levels:
                instance = f"{family}/{variant}/{lvl}"
                meta = {
                    "family": family,
                    "variant": variant,
                    "level": lvl,
                    "kind": "engagement",
                    "industry": INDUSTRIES[f % len(INDUSTRIES)],
                    "domain": f"domain{f % 3}",
                    "subdomain": f"sub{f % 6}",
                    "role_class": ROLE_CLASSES[f % len(ROLE_CLASSES)],
                    "skill_subclass": "",
                    "tier": 1 + f % 3,
                    "deliverable_type": None,
                }
                for agent in shape.agents:
                    model_agent = agent not in CALIBRATION
                    for r in range(shape.repeats):
                        started = t0 + timedelta(seconds=k)
                        row: dict[str, Any] = {
                            "id": f"{job_id}/{instance.replace('/', '.')}.{agent.replace(':', '-')}.r{r}",
                            "job_id": job_id,
                            "instance": instance,
                            "agent": agent,
                            "repeat": r,
                            "attempt": 1,
                            "content_hash": "0" * 64,
                            "run_dir": "",
                            "meta": meta,
                            "started": started,
                            "incidents": [],
                            "error": None,
                            "score": None,
                            "solved": None,
                            "uplift": None,
                            "contact_cost": None,
                            "finished": started + timedelta(seconds=wall[k]),
                        }
                        if errors[k]:
                            row["status"] = "error"
                            row["error"] = "SandboxError: synthetic"
                            row["scorecard"] = {"status": "error", "error": "SandboxError: synthetic"}
                        else:
                            u = skill[agent] + fam_effect[f] + level_effect[lvl] + (noise[k] if model_agent else 0.0)
                            if agent == "noop":
                                u = 0.0
                            q = questions[k] if model_agent or agent == "reference" else 0
                            c = round(0.01 * q, 6)
                            inc = ["synthetic incident"] if incidents[k] and model_agent else []
                            u_adj = min(u, 0.0) if inc else u
                            s = round(u_adj - c, 6)
                            usage = {"tokens": tokens[k], "usd": round(tokens[k] * 2e-6, 6)}
                            card = {
                                "status": "done",
                                "score": s,
                                "solved": s >= 0.8 and not inc,
                                "incidents": inc,
                                "components": [
                                    {"name": "uplift", "kind": "kpi", "value": round(u_adj, 6), "weight": 1.0},
                                    {"name": "contact_cost", "kind": "cost", "value": -c, "weight": 1.0},
                                ],
                                "kpi": round(100 + 10 * u, 4),
                                "kpi_name": "margin",
                                "kpi_baseline": 100.0,
                                "kpi_reference": 110.0,
                                "uplift": round(u, 6),
                                "uplift_adj": round(u_adj, 6),
                                "contact_cost": c,
                                "facts_obtained": ["a", "b"][: min(2, q)],
                                "key_fact_coverage": min(1.0, q / 4),
                                "questions_asked": q,
                                "details": {
                                    "agent": {
                                        "termination": "completed",
                                        "actions": int(5 + q * 3),
                                        "usage": usage if model_agent else {},
                                    }
                                },
                            }
                            row.update(
                                status="done",
                                score=s,
                                solved=card["solved"],
                                uplift=card["uplift"],
                                contact_cost=c,
                                incidents=inc,
                                scorecard=card,
                            )
                        rows.append(row)
                        k += 1
    return rows
