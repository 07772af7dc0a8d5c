"""`worktrial lint` on malformed families: each case is one mutation of a good fixture family and must produce
exactly the expected `file:field` lines (with a fragment of the reason or fix), and nothing else."""

from __future__ import annotations

from pathlib import Path

import pytest

from worktrial.tasks import lint_path

from .mutations import FAMILIES, Case, append, delete, fifo, link, lint_case, move, replace, write

E, D = "tiny", "sales_totals"
TOML = "task.toml"
PEOPLE = "hidden/people.toml"
CHECKS = "grader.checks"
WORLD_STATE = """
[[grader.checks]]
kind = "world_state"
name = "replay"
command = ["python3", "app.py", "{input}"]
inputs = [1, 2]
state_file = "state.json"
reference_state = "state.json"
"""

# fmt: off
CASES = [
    # ------------------------------------------------------------ paths that leave the family
    Case("check-pattern-dotdot", D, [replace(TOML, 'pattern = "totals.csv"', 'pattern = "../../etc/passwd"')],
         TOML, f"{CHECKS}[totals_exists].pattern", "leaves its folder through '..'"),
    Case("check-path-absolute", D, [replace(TOML, 'path = "totals.csv"', 'path = "/etc/passwd"')],
         TOML, f"{CHECKS}[totals_match].path", "is an absolute path"),
    Case("check-glob-dotdot", D, [replace(TOML, 'path = "**/*"', 'path = "../**/*"')],
         TOML, f"{CHECKS}[no_placeholders].path", "leaves its folder"),
    Case("check-reference-dotdot", D, [replace(TOML, 'reference = "totals.csv"', 'reference = "../../../etc/passwd"')],
         TOML, f"{CHECKS}[totals_match].reference", "leaves its folder"),
    Case("custom-function-dotdot", D,
         [replace(TOML, 'function = "checks.py:grand_total"', 'function = "../../checks.py:grand_total"')],
         TOML, f"{CHECKS}[grand_total].function", "leaves its folder"),
    Case("world-state-file-dotdot", D,
         [append(TOML, WORLD_STATE.replace('state_file = "state.json"', 'state_file = "../../state.json"')),
          write("hidden/reference/state.json", "{}")],
         TOML, f"{CHECKS}[replay].state_file", "leaves its folder"),
    Case("grader-module-dotdot", E, [replace(TOML, "seed = 7", 'seed = 7\nmodule = "hidden/../../grader.py"')],
         TOML, "grader.module", "leaves its folder"),
    Case("grader-module-outside-hidden", E, [replace(TOML, "seed = 7", 'seed = 7\nmodule = "workspace/grader.py"')],
         TOML, "grader.module", "is not under hidden/"),
    Case("reference-dir-dotdot", D,
         [replace(TOML, "[budgets]", '[grader]\nreference_dir = "hidden/../../../etc"\n\n[budgets]')],
         TOML, "grader.reference_dir", "leaves its folder"),
    Case("reference-dir-absolute", D, [replace(TOML, "[budgets]", '[grader]\nreference_dir = "/etc"\n\n[budgets]')],
         TOML, "grader.reference_dir", "is an absolute path"),
    Case("output-dir-dotdot", D, [replace(TOML, "[budgets]", '[grader]\noutput_dir = "../hidden"\n\n[budgets]')],
         TOML, "grader.output_dir", "leaves its folder"),
    Case("output-dir-input", D, [replace(TOML, "[budgets]", '[grader]\noutput_dir = "input"\n\n[budgets]')],
         TOML, "grader.output_dir", "is filled by the platform"),
    Case("rubric-path-absolute", D, [append(TOML, '\n[grader.rubric]\npaths = ["/root/**"]\n')],
         TOML, "grader.rubric.paths[0]", "is an absolute path"),
    Case("entrypoint-absolute", E, [replace(TOML, '["system/run.py"]', '["/usr/bin/python3"]')],
         TOML, "system.entrypoints[0]", "is an absolute path"),
    Case("entrypoint-dotdot", E, [replace(TOML, '["system/run.py"]', '["../hidden/grader.py"]')],
         TOML, "system.entrypoints[0]", "leaves its folder"),
    Case("link-absolute", E, [link("workspace/docs/passwd", "/etc/passwd")],
         "workspace/docs/passwd", "", "absolute link to /etc/passwd"),
    Case("link-out-of-family", E, [link("hidden/host", "../../../../../../../../etc/hostname")],
         "hidden/host", "", "outside the family"),
    Case("link-workspace-to-hidden", E, [link("workspace/docs/grader.py", "../../hidden/grader.py")],
         "workspace/docs/grader.py", "", "outside workspace/"),
    Case("link-dangling", E, [link("workspace/docs/gone.md", "nothing-here.md")],
         "workspace/docs/gone.md", "", "does not exist"),
    Case("special-file", E, [fifo("workspace/docs/pipe")],
         "workspace/docs/pipe", "", "not a regular file"),
    # ------------------------------------------------------------ templates
    Case("placeholder-hyphen", E, [write("brief/L0.md", "Demo on {{board-date}}, please.\n")],
         "brief/L0.md", "line 1", "'{{board-date}}' is not a placeholder"),
    Case("placeholder-unknown", E, [append("brief/L1.md", "\nSee {{nope}}.\n")],
         "brief/L1.md", "line 3", "{{nope}} names no parameter"),
    Case("placeholder-unclosed", E, [append("brief/L2.md", "Factor {{ true_factor }.\n")],
         "brief/L2.md", "line 2", "is not a placeholder"),
    Case("placeholder-instruction", D, [append("instruction.md", "Quarter: {{quarter}}\n")],
         "instruction.md", "line 2", "{{quarter}} names no parameter"),
    Case("placeholder-people", E, [replace(PEOPLE, "since the last contract", "since {{contract_date}}")],
         PEOPLE, "line 13", "{{contract_date}} names no parameter"),
    Case("param-name-hyphen", E, [replace(TOML, "true_factor = 3", 'true_factor = 3\nboard-date = "19 March"')],
         TOML, "params.board-date", "cannot be a parameter"),
    # ------------------------------------------------------------ numbers that are not finite
    Case("solved-at-nan", E, [append(TOML, "\n[anchors]\nsolved_at = nan\n")],
         TOML, "anchors.solved_at", "finite number"),
    Case("max-minutes-inf", E, [replace(TOML, "max_minutes = 2", "max_minutes = inf")],
         TOML, "budgets.max_minutes", "finite number"),
    Case("param-nan", E, [replace(TOML, "true_factor = 3", "true_factor = nan")],
         TOML, "params.true_factor", "finite number"),
    Case("variant-param-inf", E, [replace("variants/double/variant.toml", "true_factor = 6", "true_factor = -inf")],
         "variants/double/variant.toml", "params.true_factor", "finite number"),
    Case("pilot-cost-nan", E, [replace(TOML, "costs = [0.01]", "costs = [nan]")],
         TOML, "world.pilot.costs[0]", "finite number"),
    Case("person-cost-inf", E, [replace(PEOPLE, "cost = 0.01", "cost = inf")],
         PEOPLE, "person[alice].cost", "finite number"),
    Case("check-weight-inf", D, [replace(TOML, "weight = 3", "weight = inf")],
         TOML, f"{CHECKS}[totals_match].weight", "finite number"),
    Case("tolerance-nan", D, [replace(TOML, "abs_tol = 0.01", "abs_tol = nan")],
         TOML, f"{CHECKS}[totals_match].columns.total.abs_tol", "finite number"),
    Case("solved-at-above-one", E, [append(TOML, "\n[anchors]\nsolved_at = 5\n")],
         TOML, "anchors.solved_at", "less than or equal to 1"),
    # ------------------------------------------------------------ schema version, ids
    Case("schema-version-99", E, [replace(TOML, 'id = "tiny"', 'schema_version = 99\nid = "tiny"')],
         TOML, "schema_version", "schema_version 99 is not supported"),
    Case("variant-folder-name", E, [write("variants/Bad Name!/variant.toml", 'title = "x"\n')],
         "variants/Bad Name!", "", "is not a variant id"),
    Case("variant-not-a-folder", E, [write("variants/notes.txt", "x\n")],
         "variants/notes.txt", "", "not a variant folder"),
    Case("person-id", E, [replace(PEOPLE, 'id = "carol"', 'id = "Carol V"')],
         PEOPLE, "person[Carol V].id", "is not an id"),
    Case("topic-id", E, [replace(PEOPLE, 'id = "factor"', 'id = "the factor"')],
         PEOPLE, "person[alice].topics[the factor].id", "is not an id"),
    Case("check-name", D, [replace(TOML, 'name = "totals_match"', 'name = "Totals match!"')],
         TOML, f"{CHECKS}[Totals match!].name", "is not an id"),
    Case("fact-id", E, [replace(TOML, '"factor_confirmed", "approved"', '"factor confirmed", "approved"')],
         TOML, "key_facts[0]", "is not an id"),
    Case("family-id-folder", E, [replace(TOML, 'id = "tiny"', 'id = "small"')],
         TOML, "id", "differs from folder"),
    Case("shortcut-name", E, [move("hidden/solutions/shortcuts/guess.py", "hidden/solutions/shortcuts/Guess It.py")],
         "hidden/solutions/shortcuts/Guess It.py", "", "no shortcut name"),
    # ------------------------------------------------------------ empty statements
    Case("brief-whitespace", E, [write("brief/L2.md", "  \n\t\n")], "brief/L2.md", "", "is empty"),
    Case("instruction-empty", D, [write("instruction.md", "")], "instruction.md", "", "is empty"),
    Case("brief-missing", E, [delete("brief/L3.md")], "brief/L3.md", "", "the brief is missing"),
    Case("instruction-missing", D, [delete("instruction.md")], "instruction.md", "", "task statement is missing"),
    # ------------------------------------------------------------ non-UTF-8 text
    Case("brief-latin1", E, [write("brief/L0.md", "Caf\xe9 report, please.\n".encode("latin-1"))],
         "brief/L0.md", "line 1", "not UTF-8"),
    Case("task-toml-latin1", E, [write(TOML, (FAMILIES[E] / TOML).read_text().replace("Tiny", "T\xefny")
                                       .encode("latin-1"))],
         TOML, "line 3", "not UTF-8"),
    Case("variant-toml-latin1", E, [write("variants/double/variant.toml", 'title = "S\xe9chs"\n'.encode("latin-1"))],
         "variants/double/variant.toml", "line 1", "not UTF-8"),
    Case("people-latin1", E, [write(PEOPLE, (FAMILIES[E] / PEOPLE).read_text().replace("Alice", "Al\xefce")
                                    .encode("latin-1"))],
         PEOPLE, "line 3", "not UTF-8"),
    Case("grader-latin1", E, [write("hidden/grader.py", b"# co\xfbt\n" + (FAMILIES[E] / "hidden/grader.py")
                                    .read_bytes())],
         "hidden/grader.py", "line 1", "not UTF-8"),
    # ------------------------------------------------------------ calibration scripts and task code
    Case("literal-missing", E, [delete("hidden/solutions/literal.py")],
         "hidden/solutions/literal.py", "", "literal solution is missing"),
    Case("reference-missing", D, [delete("hidden/solutions/reference.py")],
         "hidden/solutions/reference.py", "", "reference solution is missing"),
    Case("reference-missing-in-one-variant", E, [delete("hidden/solutions/reference.py")],
         "hidden/solutions/reference.py", "", "reference solution is missing in variant base"),
    Case("grader-missing", E, [delete("hidden/grader.py")], TOML, "grader.module", "hidden/grader.py is missing"),
    Case("grader-no-kpi", E, [replace("hidden/grader.py", "def kpi(ctx):", "def kpi_value(ctx):")],
         "hidden/grader.py", "kpi", "function is missing"),
    Case("grader-generate-arity", E, [replace("hidden/grader.py", "def generate(dest, params, seed, split):",
                                              "def generate(dest, params):")],
         "hidden/grader.py", "generate", "does not accept the call generate(dest, params, seed, split)"),
    Case("grader-pilot-arity", E, [replace("hidden/grader.py", "def pilot_feedback(ctx):",
                                           "def pilot_feedback(ctx, run, extra):")],
         "hidden/grader.py", "pilot_feedback", "does not accept the call pilot_feedback(ctx)"),
    Case("grader-syntax", E, [append("hidden/grader.py", "\ndef broken(:\n")],
         "hidden/grader.py", "line 28", "syntax error"),
    Case("shortcut-syntax", E, [write("hidden/solutions/shortcuts/guess.py", "import json\nif True\n")],
         "hidden/solutions/shortcuts/guess.py", "line 2", "syntax error"),
    Case("custom-check-file-missing", D, [delete("hidden/checks.py")],
         TOML, f"{CHECKS}[grand_total].function", "hidden/checks.py does not exist"),
    Case("custom-check-function-missing", D,
         [replace(TOML, '"checks.py:grand_total"', '"checks.py:grand_totals"')],
         TOML, f"{CHECKS}[grand_total].function", "defines no function grand_totals()"),
    Case("custom-check-arity", D,
         [replace("hidden/checks.py", "def grand_total(output, reference, params):", "def grand_total(output):")],
         "hidden/checks.py", "grand_total", "does not accept the call grand_total(output, reference, params)"),
    # ------------------------------------------------------------ duplicates
    Case("duplicate-person", E, [append(PEOPLE, '\n[[person]]\nid = "alice"\nname = "Alice Two"\nrole = "Twin"\n')],
         PEOPLE, "person", "person id 'alice' appears twice"),
    Case("duplicate-topic", E, [append(PEOPLE, '\n[[person.topics]]\nid = "off"\nabout = "x"\nanswer = "y"\n'
                                       '\n[[person.topics]]\nid = "off"\nabout = "z"\nanswer = "w"\n')],
         PEOPLE, "person[carol].topics", "topic id 'off' appears twice"),
    Case("duplicate-message", E, [append(PEOPLE, '\n[[inbox]]\nid = "m"\nfrom = "bob"\ntext = "a"\n'
                                         '\n[[inbox]]\nid = "m"\nfrom = "bob"\ntext = "b"\n')],
         PEOPLE, "inbox", "message id 'm' appears twice"),
    Case("duplicate-check", D, [replace(TOML, 'name = "grand_total"', 'name = "totals_match"')],
         TOML, CHECKS, "check name 'totals_match' appears twice"),
    Case("duplicate-level", E, [replace(TOML, "tier = 1", 'tier = 1\nlevels = ["L3", "L3"]')],
         TOML, "levels", "level 'L3' appears twice"),
    Case("duplicate-key-fact", E, [replace(TOML, '"factor_confirmed", "approved"', '"approved", "approved"')],
         TOML, "key_facts", "key fact 'approved' appears twice"),
    # ------------------------------------------------------------ scoring
    Case("weights-all-zero", D, [replace(TOML, "weight = 3", "weight = 0"),
                                 replace(TOML, 'function = "checks.py:grand_total"',
                                         'function = "checks.py:grand_total"\nweight = 0')],
         TOML, CHECKS, "weights of all non-gate checks are zero"),
    Case("only-gates", D, [replace(TOML, "weight = 3", "weight = 3\ngate = true"),
                           replace(TOML, 'function = "checks.py:grand_total"',
                                   'function = "checks.py:grand_total"\ngate = true')],
         TOML, CHECKS, "every check is a gate"),
    Case("gate-never-fails", D, [replace(TOML, "gate = true", "gate = true\npass_at = 0")],
         TOML, f"{CHECKS}[totals_exists].pass_at", "never fails"),
    Case("count-max-below-min", D, [append(TOML, '\n[[grader.checks]]\nkind = "count"\nname = "few"\n'
                                           'pattern = "*.csv"\nmin = 3\nmax = 1\n')],
         TOML, f"{CHECKS}[few]", "max 1 is below min 3"),
    Case("unknown-check-kind", D, [replace(TOML, 'kind = "exists"', 'kind = "exist"')],
         TOML, f"{CHECKS}[totals_exists]", "docs/checks.md"),
    Case("bad-cell-ref", D, [append(TOML, '\n[[grader.checks]]\nkind = "xlsx_cells"\nname = "cells"\n'
                                    'path = "t.xlsx"\n[[grader.checks.cells]]\ncell = "Sheet1!B0"\nvalue = 1\n')],
         TOML, f"{CHECKS}[cells].cells[0].cell", "is not a cell reference"),
    # ------------------------------------------------------------ references to files that do not exist
    Case("reference-file-missing", D, [replace(TOML, 'reference = "totals.csv"', 'reference = "total.csv"')],
         TOML, f"{CHECKS}[totals_match].reference", "hidden/reference/total.csv does not exist"),
    Case("reference-dir-empty-in-base", D, [delete("hidden/reference")],
         TOML, "grader.reference_dir", "hidden/reference is empty in variant base"),
    Case("key-column-missing", D, [replace(TOML, 'key = ["region"]', 'key = ["area"]')],
         TOML, f"{CHECKS}[totals_match].key", "column 'area' is not in the header"),
    Case("world-state-reference-missing", D, [append(TOML, WORLD_STATE)],
         TOML, f"{CHECKS}[replay].reference_state", "hidden/reference/state.json does not exist"),
    Case("trajectory-not-a-list", D, [append(TOML, WORLD_STATE.replace("inputs = [1, 2]", 'trajectory = "t.json"')),
                                      write("hidden/reference/state.json", "{}"),
                                      write("hidden/reference/t.json", '{"a": 1}')],
         TOML, f"{CHECKS}[replay].trajectory", "is not a JSON list"),
    Case("schema-file-invalid-json", D,
         [append(TOML, '\n[[grader.checks]]\nkind = "json_schema"\nname = "shape"\npath = "o.json"\n'
                       'schema_file = "schema.json"\n'),
          write("hidden/reference/schema.json", "{not json")],
         TOML, f"{CHECKS}[shape].schema_file", "is not valid JSON"),
    Case("entrypoint-missing", E, [delete("workspace/system/run.py")],
         TOML, "system.entrypoints[0]", "system/run.py is not a file in workspace/"),
    Case("people-missing", E, [delete(PEOPLE)], PEOPLE, "", "file is missing"),
    Case("requires-unknown-fact", E, [replace(PEOPLE, 'requires_facts = ["factor_confirmed"]',
                                              'requires_facts = ["factor_confirmd"]')],
         PEOPLE, "person[bob].topics[approve].requires_facts", "no topic, message or [[fact]] gives 'factor_confirmd'"),
    Case("key-fact-never-given", E, [replace(TOML, '"factor_confirmed", "approved"', '"factor_confirmed", "signed"')],
         TOML, "key_facts", "'signed' is given by no topic or message"),
    Case("inbox-after-unknown-fact", E, [append(PEOPLE, '\n[[inbox]]\nid = "memo"\nfrom = "bob"\ntext = "Hi"\n'
                                                'after_fact = "nobody_says"\n')],
         PEOPLE, "inbox[memo].after_fact", "no topic or message gives 'nobody_says'"),
    Case("key-facts-without-people", D, [replace(TOML, "tier = 1", 'tier = 1\nkey_facts = ["region_rule"]')],
         TOML, "key_facts", "'region_rule' is given by no topic or message"),
    # ------------------------------------------------------------ other ways to be malformed
    Case("unknown-key", E, [replace(TOML, "tier = 1", 'tier = 1\ncolour = "red"')], TOML, "colour", "remove it"),
    Case("variant-unknown-param", E, [replace("variants/double/variant.toml", "true_factor = 6", "factor = 6")],
         "variants/double/variant.toml", "params.factor", "declare it in task.toml [params] first"),
    Case("variant-param-kind", E, [replace("variants/double/variant.toml", "true_factor = 6", 'true_factor = "six"')],
         "variants/double/variant.toml", "params.true_factor", "is a string but task.toml declares a number"),
    Case("variant-angle", E, [replace("variants/double/variant.toml", '"expired_rule"', '"stale_rule"')],
         "variants/double/variant.toml", "angle", "not a known root-cause pattern"),
    Case("variant-toml-missing", E, [delete("variants/double/variant.toml")],
         "variants/double/variant.toml", "", "file is missing"),
    Case("start-not-a-time", E, [replace(TOML, '"2026-03-02T09:00"', '"2026-13-45T09:00"')],
         TOML, "world.start", "is not a time like 2026-03-02T09:00"),
    Case("away-not-a-date", E, [replace(PEOPLE, 'away = ["mon"]', 'away = ["2026-02-30"]')],
         PEOPLE, "person[bob].away", "neither a weekday nor a date"),
    Case("gate-regex", E, [append(PEOPLE, '\n[[person.topics]]\nid = "deal"\nabout = "x"\nanswer = "y"\n'
                                  'gate_miss = "no"\n[[person.topics.gate]]\ndescribe = "d"\npattern = "(unclosed"\n')],
         PEOPLE, "person[carol].topics[deal].gate[0].pattern", "not a valid regular expression"),
    Case("production-unbalanced", E, [replace(TOML, '"python3 system/run.py', "\"python3 'system/run.py")],
         TOML, "system.production", "not a shell command"),
    Case("people-toml-syntax", E, [append(PEOPLE, "\n[[person]\n")], PEOPLE, "", "not valid TOML"),
    Case("engagement-instruction", E, [write("instruction.md", "Do it.\n")],
         "instruction.md", "", "an engagement never reads instruction.md"),
    Case("stray-root-file", E, [write("NOTES.md", "x\n")], "NOTES.md", "", "never read"),
    Case("variant-brief-overlay", E, [write("variants/double/brief/L3.md", "Other ask.\n")],
         "variants/double/brief", "", "overlays only workspace/ and hidden/"),
    Case("brief-of-no-level", E, [write("brief/L4.md", "Extra.\n")], "brief/L4.md", "", "not the brief of a level"),
    Case("workspace-task-md", E, [write("workspace/TASK.md", "Mine.\n")],
         "workspace/TASK.md", "", "replaced by the brief"),
    Case("workspace-bin", E, [write("workspace/bin/ask", "#!/bin/sh\n")], "workspace/bin/ask", "", "bin/ is where"),
    Case("workspace-ships-output", D, [write("workspace/output/totals.csv", "region,total\n")],
         "workspace/output/totals.csv", "", "graded as the worker's delivery"),
    Case("engagement-with-checks", E, [append(TOML, '\n[[grader.checks]]\nkind = "exists"\nname = "x"\n'
                                              'pattern = "a"\n')],
         TOML, CHECKS, "only deliverable families are graded by checks"),
    Case("deliverable-with-levels", D, [replace(TOML, "tier = 1", 'tier = 1\nlevels = ["L3"]')],
         TOML, "levels", "a deliverable has no levels"),
    Case("deliverable-with-pilot", D, [append(TOML, "\n[world.pilot]\nmax_runs = 1\n")],
         TOML, "world.pilot", "pilot runs need a production system"),
]
# fmt: on


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_mutation_is_reported_exactly(case: Case, tmp_path: Path) -> None:
    found = lint_case(case, tmp_path)
    expected = [(case.file, case.field, case.fragment), *case.also]
    assert sorted((f, fld) for f, fld, _ in found) == sorted((f, fld) for f, fld, _ in expected), found
    for file, fld, fragment in expected:
        [text] = [t for f, g, t in found if (f, g) == (file, fld)]
        assert fragment in text, (fragment, text)


def test_case_names_are_unique_and_cover_enough() -> None:
    names = [c.name for c in CASES]
    assert len(set(names)) == len(names) >= 45


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_good_fixture_is_clean(family: str, tmp_path: Path) -> None:
    assert lint_path(FAMILIES[family]) == []
