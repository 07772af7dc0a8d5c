"""Reference: the IFRS 16 close to the group policy, from the facts a professional extracts from the inputs."""
import sys
from pathlib import Path

sys.path.insert(0, "/solution")  # the kit and the shared engine, also for scripts in shortcuts/

import _engine as eng

HERE = Path(__file__).resolve().parent


def main() -> int:
    facts = eng.load_facts(HERE / "facts", Path("input"))
    eng.write(eng.solve(facts), facts["notes"], Path("output"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
