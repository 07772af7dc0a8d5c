"""`worktrial lint`: the static checks of task families (docs/task-format.md, "What lint checks")."""

from .family import lint_family, lint_path, load_linted

__all__ = ["lint_family", "lint_path", "load_linted"]
