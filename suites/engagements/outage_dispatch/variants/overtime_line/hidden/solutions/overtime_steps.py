"""Steps the overtime_line solutions share: the crews whose HV authorisation lapsed, the first round of questions
the history prompts, and the rule change installed and tried on the winter's storms."""

import fixes
import worktrial_kit as kit

LAPSED = {
    "ASH-C4": "2026-01-31",
    "BRX-C2": "2026-01-31",
    "CLH-C5": "2026-01-31",
    "ASH-C3": "2026-03-09",
    "BRX-C5": "2026-03-09",
}
MARIAN_HV = (
    "Marian, in Storm Finn BRX-C2 and CLH-C5 handed back HV jobs FIN-0058 and FIN-0076 on site "
    "('no HV authorisation'), though the 2024 skills matrix lists them as HV switching. Which crews "
    "hold a valid HV authorisation now, and until when?"
)


def register() -> list[dict]:
    """Marian's register: the lapsed crews, and Northfold's mutual-aid crews authorised for March."""
    return fixes.register_rows(LAPSED, ("2026-03-09", "2026-03-31"))


def ask_first_round() -> None:
    """Overtime's price from customer obligations, the scope from the sponsor, the register, the feeds."""
    kit.ask(
        "imran",
        "Imran, what do we pay when customers are off for 12 hours, and what does overtime cost us against that?",
    )
    kit.ask(
        "graham",
        "Graham, in Storm Finn 8 HV jobs were handed back on site by crews the matrix lists as "
        "authorised, and at Ashcombe 19 of 27 overhead HV restorations without a patrol re-tripped; "
        "since January's no-overrun rule jobs that do not fit the end of a shift wait for the next "
        "one. May I fix those, and let jobs run over where it saves more than the overtime costs?",
    )
    kit.ask("marian", MARIAN_HV)
    kit.ask(
        "kieran",
        "Kieran, has anything changed in the data feeds the dispatcher reads since these files were "
        "produced, or will anything change for the March storms?",
    )


def install_and_dry_run(overrun: str, **rules: object) -> None:
    """The first round's fixes with `overrun` and any further `rules`, Stannard never called out."""
    fixes.install(
        {
            "version": "CR-DSP-2026-03",
            "rank_by": "rate",
            "switching_desks": 4,
            "patrol_depots": ["ASH"],
            "hv_source": "register",
            "overrun": overrun,
            **rules,
            "call_out_contractors": False,
        },
        register(),
    )
    fixes.dry_run()
