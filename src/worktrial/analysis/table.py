"""A column table of trials: one numpy array per field, built once from stored rows or score cards.

Every statistic in this package is a pure function of a `TrialTable`. Rows come from the store (`TrialRow`, or
a plain SQL row with the same column names) or from anything else that has the same attributes; what a row does
not carry is read from its score card (`scorecard`) and its planning metadata (`meta`).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from datetime import datetime
from typing import Any

import numpy as np
import numpy.typing as npt

Floats = npt.NDArray[np.float64]
Bools = npt.NDArray[np.bool_]
Ints = npt.NDArray[np.intp]
Strs = npt.NDArray[np.object_]

CALIBRATION_NAMES = ("noop", "reference", "literal", "sibling")
META_FIELDS = (
    "family",
    "variant",
    "level",
    "kind",
    "industry",
    "domain",
    "subdomain",
    "role_class",
    "skill_subclass",
    "tier",
    "deliverable_type",
)
# Fields a report can break results down by; aliases map what people type to a column.
GROUP_FIELDS = ("agent", "harness", "model", "instance", "job", *META_FIELDS)
ALIASES = {"deliverable": "deliverable_type", "role": "role_class", "skill": "skill_subclass", "task": "family"}
MISSING = "—"


def split_agent(spec: str) -> tuple[str, str | None]:
    """`react:openai/gpt-5.5` → (`react`, `openai/gpt-5.5`); options after `?` (budgets) are not part of the model.
    Calibration agents (`noop`, `reference`, `literal`, `shortcut:NAME`, `X@VARIANT`) are their own harness, no model.
    """
    base = spec.split("?", 1)[0].split("@", 1)[0]
    if base in CALIBRATION_NAMES or base.startswith("shortcut:") or ":" not in base:
        return spec, None
    harness, model = spec.split("?", 1)[0].split(":", 1)
    return harness, model


def field_name(name: str) -> str:
    """The column a `--by` name refers to; raises ValueError listing the choices."""
    col = ALIASES.get(name, name)
    if col not in GROUP_FIELDS:
        raise ValueError(f"cannot break down by {name!r}: use one of {', '.join(GROUP_FIELDS)}")
    return col


@dataclass(frozen=True)
class TrialTable:
    """One entry per trial. Floats are NaN where a value is missing (always so for trials that are not done)."""

    job: Strs
    instance: Strs
    agent: Strs
    harness: Strs
    model: Strs
    repeat: Ints
    status: Strs
    score: Floats  # S = U_adj − C as stored
    uplift: Floats  # U
    uplift_adj: Floats  # U_adj (incident clamp applied by grading)
    cost: Floats  # C, contact cost
    solved: Bools
    incident: Bools
    questions: Floats
    coverage: Floats
    actions: Floats
    tokens: Floats
    usd: Floats
    wall_s: Floats
    termination: Strs
    family: Strs
    variant: Strs
    level: Strs
    kind: Strs
    industry: Strs
    domain: Strs
    subdomain: Strs
    role_class: Strs
    skill_subclass: Strs
    tier: Strs
    deliverable_type: Strs
    _cache: dict[Any, Any] = field(default_factory=dict, init=False, compare=False, repr=False)

    def __len__(self) -> int:
        return len(self.status)

    @property
    def done(self) -> Bools:
        """Trials that count: graded (`done`) with a score. Infrastructure errors never do."""
        if "done" not in self._cache:
            self._cache["done"] = (self.status == "done") & ~np.isnan(self.score)
        ok: Bools = self._cache["done"]
        return ok

    @property
    def errors(self) -> Bools:
        bad: Bools = self.status == "error"
        return bad

    def column(self, name: str) -> Strs:
        col: Strs = getattr(self, field_name(name))
        return col

    def codes(self, name: str) -> tuple[list[str], Ints]:
        """Sorted distinct values of a text column and each trial's index among them (computed once)."""
        col = ALIASES.get(name, name)
        if col not in COLUMNS:
            raise ValueError(f"no column {name!r}")
        if col not in self._cache:
            self._cache[col] = factorize(getattr(self, col))
        codes: tuple[list[str], Ints] = self._cache[col]
        return codes

    def cached(self, key: Any) -> Any:
        """A value computed from this table earlier (None if not yet); see `remember`."""
        return self._cache.get(("derived", key))

    def remember(self, key: Any, value: Any) -> Any:
        self._cache[("derived", key)] = value
        return value

    def where(self, mask: Bools) -> TrialTable:
        """The trials where `mask` holds."""
        cols: dict[str, Any] = {name: getattr(self, name)[mask] for name in COLUMNS}
        return replace(self, **cols)

    def concat(self, other: TrialTable) -> TrialTable:
        cols: dict[str, Any] = {name: np.concatenate([getattr(self, name), getattr(other, name)]) for name in COLUMNS}
        return replace(self, **cols)

    @classmethod
    def from_records(cls, rows: Iterable[Any]) -> TrialTable:
        """Build from objects with the store's trial columns as attributes (job_id, instance, agent, …, scorecard,
        meta, started, finished), e.g. `TrialRow`s."""
        return cls.from_raw(raw_from_records(rows))

    @classmethod
    def from_raw(
        cls, raw: Mapping[str, Sequence[Any]], meta_by_instance: Mapping[str, Any] | None = None
    ) -> TrialTable:
        """Build from one sequence per name in `RAW_FIELDS` (what a store query returns), vectorised.

        Planning metadata comes from `raw["meta"]` (one per trial) or, when given, `meta_by_instance`.
        """
        n = len(raw["status"])
        status = _strings(raw["status"])
        score = _floats(raw["score"])
        done = (status == "done") & ~np.isnan(score)
        nan = np.full(n, np.nan)

        def counted(x: Floats) -> Floats:
            return np.where(done, x, nan)

        cost = _floats(raw["contact_cost"])
        if "card_contact_cost" in raw:
            cost = np.where(np.isnan(cost), _floats(raw["card_contact_cost"]), cost)
        cost = counted(np.where(np.isnan(cost), 0.0, cost))
        u_adj = counted(score + cost)  # S = U_adj − C, so the stored columns give U_adj (to 1e-6 rounding)
        tokens = _first(
            _floats(raw["tokens"]),
            _floats(raw["total_tokens"]),
            _sum_present([_floats(raw[k]) for k in TOKEN_PARTS]),
            _sum_present([_floats(raw["prompt_tokens"]), _floats(raw["completion_tokens"])]),
        )
        usd = _first(_floats(raw["usd"]), _floats(raw["cost_usd"]), _floats(raw["cost"]))
        agents = _strings(raw["agent"])
        agent_codes = factorize(agents)
        split = [split_agent(a) for a in agent_codes[0]]
        instances = _strings(raw["instance"])
        instance_codes = factorize(instances)
        if meta_by_instance is None:
            meta_cols = _meta_columns(raw["meta"], instances.tolist())
        else:
            labels, codes = instance_codes
            per_instance = _meta_columns([meta_by_instance.get(i) for i in labels], labels)
            meta_cols = {k: v[codes] for k, v in per_instance.items()}
        termination = [MISSING if t in (None, "") else str(t) for t in raw["termination"]]
        repeat = _floats(raw["repeat"])
        table = cls(
            job=_strings(raw["job_id"]),
            instance=instances,
            agent=agents,
            harness=_strings([h for h, _ in split])[agent_codes[1]],
            model=_strings([m or MISSING for _, m in split])[agent_codes[1]],
            repeat=np.where(np.isnan(repeat), 0, repeat).astype(np.intp),
            status=status,
            score=counted(score),
            uplift=counted(_floats(raw["uplift"])),
            uplift_adj=u_adj,
            cost=cost,
            solved=done & _strings(raw["solved"]).astype(np.bool_),
            incident=done & _nonempty(raw["incidents"]),
            questions=counted(_floats(raw["questions_asked"])),
            coverage=counted(_floats(raw["key_fact_coverage"])),
            actions=counted(_floats(raw["actions"])),
            tokens=counted(tokens),
            usd=counted(usd),
            wall_s=counted(_floats(raw["wall_s"])),
            termination=_strings(termination),
            **meta_cols,
        )
        table._cache["agent"], table._cache["instance"] = agent_codes, instance_codes
        return table


COLUMNS = tuple(f.name for f in fields(TrialTable) if not f.name.startswith("_"))
# Token counts as harnesses report them: a total, else input + output + cache reads and writes, else the
# prompt + completion pair.
TOKEN_PARTS = ("input_tokens", "output_tokens", "cache_read_tokens", "cache_write_tokens")
USAGE_KEYS = (
    "tokens",
    "total_tokens",
    *TOKEN_PARTS,
    "prompt_tokens",
    "completion_tokens",
    "usd",
    "cost_usd",
    "cost",
)
# What `TrialTable.from_raw` reads: store columns, then values from the score card, then the wall time.
RAW_FIELDS = (
    "job_id",
    "instance",
    "agent",
    "repeat",
    "status",
    "score",
    "solved",
    "uplift",
    "contact_cost",
    "incidents",
    "meta",
    "card_contact_cost",
    "questions_asked",
    "key_fact_coverage",
    "actions",
    "termination",
    *USAGE_KEYS,
    "wall_s",
)


def raw_from_records(rows: Iterable[Any]) -> dict[str, list[Any]]:
    """The `RAW_FIELDS` of trial objects, read in Python from their score cards."""
    raw: dict[str, list[Any]] = {k: [] for k in RAW_FIELDS}
    for r in rows:
        card: Mapping[str, Any] = r.scorecard or {}
        details = card.get("details") or {}
        agent: Mapping[str, Any] = details.get("agent") or {} if isinstance(details, dict) else {}
        usage: Mapping[str, Any] = agent.get("usage") or {}
        for k in ("job_id", "instance", "agent", "repeat", "status", "score", "solved", "uplift", "contact_cost"):
            raw[k].append(getattr(r, k))
        raw["incidents"].append(r.incidents)
        raw["meta"].append(getattr(r, "meta", None))
        raw["card_contact_cost"].append(card.get("contact_cost"))
        raw["questions_asked"].append(card.get("questions_asked"))
        raw["key_fact_coverage"].append(card.get("key_fact_coverage"))
        raw["actions"].append(agent.get("actions"))
        raw["termination"].append(agent.get("termination"))
        for k in USAGE_KEYS:
            raw[k].append(usage.get(k))
        started, finished = r.started, r.finished
        ok = isinstance(started, datetime) and isinstance(finished, datetime)
        raw["wall_s"].append((finished - started).total_seconds() if ok else None)
    return raw


def _strings(values: Sequence[Any] | Iterable[Any]) -> Strs:
    """An object array of the values (already strings, as every text column of the store is)."""
    items = values if isinstance(values, list | tuple) else list(values)
    out = np.empty(len(items), dtype=object)
    out[:] = items
    return out


def _floats(values: Sequence[Any]) -> Floats:
    try:
        out: Floats = np.array(values, dtype=np.float64)
        if out.ndim == 1:
            return out
    except (TypeError, ValueError):
        pass
    return np.array([_num(v) for v in values], dtype=np.float64)


def _num(v: Any) -> float:
    if v is None or isinstance(v, bool) or not isinstance(v, int | float):
        return math.nan
    return float(v)


def _first(*cols: Floats) -> Floats:
    out = cols[0]
    for c in cols[1:]:
        out = np.where(np.isnan(out), c, out)
    return out


def _sum_present(parts: list[Floats]) -> Floats:
    """Sum of the values present; NaN where none is."""
    stacked = np.vstack(parts)
    out: Floats = np.where(np.isnan(stacked).all(axis=0), np.nan, np.nansum(stacked, axis=0))
    return out


def _nonempty(values: Sequence[Any]) -> Bools:
    """Whether each incidents value (a list, or its JSON text as stored) holds anything."""
    arr = _strings(values)
    present = np.array([v is not None for v in values], dtype=np.bool_)
    out: Bools = (arr != "[]") & (arr != "") & (arr != "null") & present
    for i, v in enumerate(values):
        if not isinstance(v, str) and v is not None:
            out[i] = bool(v)
    return out


def _meta_columns(metas: Sequence[Any], instances: Sequence[str]) -> dict[str, Strs]:
    """Planning metadata per trial; family, variant and level fall back to the instance id for old rows."""
    index: dict[tuple[Any, str], int] = {}
    codes = np.fromiter(
        (
            index.setdefault((m if isinstance(m, str | None) else json.dumps(m, sort_keys=True), inst), len(index))
            for m, inst in zip(metas, instances, strict=True)
        ),
        dtype=np.intp,
        count=len(instances),
    )
    resolved = []
    for m, inst in index:
        meta = json.loads(m) if isinstance(m, str) else {}
        implied = dict(zip(("family", "variant", "level"), inst.split("/"), strict=False))
        resolved.append(
            [
                str(meta[name]) if meta.get(name) not in (None, "") else implied.get(name) or MISSING
                for name in META_FIELDS
            ]
        )
    out = {}
    for j, name in enumerate(META_FIELDS):
        distinct = np.empty(len(resolved), dtype=object)
        distinct[:] = [r[j] for r in resolved]
        out[name] = distinct[codes] if len(resolved) else np.empty(0, dtype=object)
    return out


def factorize(values: Sequence[Any] | Strs) -> tuple[list[str], Ints]:
    """Distinct values in natural order (L2 before L10) and each value's index among them."""
    distinct = list(dict.fromkeys(values))
    labels = sorted((str(v) for v in distinct), key=_natural)
    rank = {lab: i for i, lab in enumerate(labels)}
    index = {v: rank[str(v)] for v in distinct}
    codes = np.fromiter(map(index.__getitem__, values), dtype=np.intp, count=len(values))
    return labels, codes


def _natural(s: str) -> tuple[Any, ...]:
    """Sort key that puts L2 before L10 and tier 2 before tier 10."""
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", s))
