"""Task format: schemas, loader, templating, lint."""

from .checks import CHECK_KINDS, CheckList, CheckSpec
from .errors import Problem, TaskFormatError
from .evidence import Claim, Evidence, Figure
from .gate_checks import GateCase, GateChecks
from .lint import lint_family, lint_path, load_linted
from .loader import Family, Instance, find_family_roots, load_family, load_people, load_suite, select
from .models import (
    LEVELS,
    ROOT_CAUSE_PATTERNS,
    AnchorConfig,
    Budgets,
    Fact,
    GateCondition,
    GraderConfig,
    InboxMessage,
    PeopleConfig,
    Person,
    PilotConfig,
    SystemConfig,
    TaskConfig,
    Topic,
    VariantConfig,
    WorldConfig,
)
from .paths import FamilyPaths
from .playtests import FamilyPlaytests, Playtest, SuitePlaytests, suite_playtests
from .template import placeholders, render

__all__ = [
    "CHECK_KINDS",
    "LEVELS",
    "ROOT_CAUSE_PATTERNS",
    "AnchorConfig",
    "Budgets",
    "CheckList",
    "CheckSpec",
    "Claim",
    "Evidence",
    "Fact",
    "Family",
    "FamilyPaths",
    "FamilyPlaytests",
    "Figure",
    "GateCase",
    "GateChecks",
    "GateCondition",
    "GraderConfig",
    "InboxMessage",
    "Instance",
    "PeopleConfig",
    "Person",
    "PilotConfig",
    "Playtest",
    "Problem",
    "SuitePlaytests",
    "SystemConfig",
    "TaskConfig",
    "TaskFormatError",
    "Topic",
    "VariantConfig",
    "WorldConfig",
    "find_family_roots",
    "lint_family",
    "lint_path",
    "load_family",
    "load_linted",
    "load_people",
    "load_suite",
    "placeholders",
    "render",
    "select",
    "suite_playtests",
]
