"""Reference: the IFRS 16 close to the group policy, from the facts a professional extracts from the inputs and,
where the instance has staff, from what they answer to questions that show the anomaly each fact leaves in the
files (hidden/DESIGN.md)."""
import sys
from pathlib import Path

sys.path.insert(0, "/solution")  # the kit and the shared engine, also for scripts in shortcuts/

import _engine as eng

HERE = Path(__file__).resolve().parent

QUESTIONS = {
    "side_letter": ("The extension option of lease {lease} needs 12 months' notice, which was due by 31 August "
                    "2026, but Facilities' e-mail of 28 August says notice goes to the landlord next spring. Has the "
                    "option lapsed, or was a later notice date agreed?"),
    "early_access": ("Contractors' works at the site of the new lease {lease} carry on over the holidays, but its "
                     "120 months and the rent start only on 1 March 2027. When did the lessor hand over the keys - "
                     "do we already have the building?"),
    "signed_rent": ("For lease {lease} the contract extract's base rent plus service charge is more than the "
                    "register's periodic payment. Which base rent is in the signed lease?"),
}
QUESTIONS["resale_estimate"] = ("The register's resale estimate for the truck of lease {lease}, behind its residual "
                                 "value guarantee, was made at signing in June 2026. Is it still your estimate at "
                                 "31 December, or has it been updated?")
QUESTIONS["line_returned"] = ("Before I finalise the close: has anything changed on the plants' equipment leases "
                               "since Operations wrote to Group Reporting during the year, or since the register was "
                               "exported?")
QUESTIONS["rents_prepaid"] = ("Before I finalise the close: were any lease payments made earlier or later than "
                               "their due dates around the year end, or paid outside the register's schedule?")
QUESTIONS["deed_of_variation"] = ("The register shows each lease's terms as agreed at the start only. Were any leases "
                                   "amended, varied or settled after they started, or has anything been signed since "
                                   "the register was exported?")
AWAY = {"joost": ["fri"]}


def ask_staff(facts: dict) -> set[str]:
    """The staff facts the people confirm when asked about what the files show."""
    import worktrial_kit as kit

    known = set()
    for s in facts.get("staff", []):
        r = kit.ask_when_in(s["person"], QUESTIONS[s["id"]].format(lease=s["lease"]), AWAY.get(s["person"], []))
        if r.answered and s["marker"].lower() in r.text.lower():
            known.add(s["id"])
    return known


def main() -> int:
    facts = eng.load_facts(HERE / "facts", Path("input"))
    known = ask_staff(facts) if facts.get("staff") else set()
    eng.write(eng.solve(eng.with_staff(facts, known)), facts["notes"], Path("output"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
