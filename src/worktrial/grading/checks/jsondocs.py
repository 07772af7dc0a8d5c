"""`json_schema` (validation with jsonschema) and `json_fields` (values at JSON paths)."""

from __future__ import annotations

from typing import Any

from jsonschema.exceptions import SchemaError
from jsonschema.validators import validator_for

from worktrial.tasks.checks import JsonFieldsCheck, JsonSchemaCheck

from . import formats
from .base import CheckContext, Outcome, Tally, clip
from .files import FileProblem
from .values import json_at, same, show


def json_schema(spec: JsonSchemaCheck, ctx: CheckContext) -> Outcome:
    entry, data = ctx.output.read_one(spec.path)
    document = formats.json_value(data, entry.rel)
    schema: Any = spec.json_schema
    if spec.schema_file is not None:
        try:
            ref_entry, ref_data = ctx.reference.read_one(spec.schema_file)
            schema = formats.json_value(ref_data, ref_entry.rel)
        except FileProblem as e:
            return Outcome.unavailable(f"schema: {e}")
    try:
        cls = validator_for(schema)
        cls.check_schema(schema)
    except SchemaError as e:
        return Outcome.unavailable(f"invalid schema: {e.message}")
    errors = sorted(cls(schema).iter_errors(document), key=lambda e: list(e.absolute_path))
    if not errors:
        return Outcome.passed("valid")
    shown = [f"at {'/'.join(map(str, e.absolute_path)) or '$'}: {e.message[:150]}" for e in errors[:5]]
    return Outcome.failed(clip(f"{len(errors)} schema error(s): " + "; ".join(shown)))


def json_fields(spec: JsonFieldsCheck, ctx: CheckContext) -> Outcome:
    entry, data = ctx.output.read_one(spec.path)
    document = formats.json_value(data, entry.rel)
    expected: dict[str, Any] = dict(spec.fields)
    if spec.from_reference:
        try:
            ref_entry, ref_data = ctx.reference.read_one(spec.reference or spec.path)
            reference = formats.json_value(ref_data, ref_entry.rel)
            expected.update({p: json_at(reference, p) for p in spec.from_reference})
        except FileProblem as e:
            return Outcome.unavailable(f"reference: {e}")
    tally = Tally()
    for path, want in expected.items():
        try:
            got = json_at(document, path)
        except FileProblem as e:
            tally.add(False, str(e))
            continue
        tally.add(same(got, want, spec.abs_tol, spec.rel_tol), f"{path} = {show(got)}, expected {show(want)}")
    return tally.outcome()
