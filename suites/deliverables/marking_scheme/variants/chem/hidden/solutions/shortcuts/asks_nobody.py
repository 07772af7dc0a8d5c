"""An expert marker who applies every rule in the scheme and the e-mail exactly but asks the school's staff nothing:
the later of two files marked even when it was sent after the end of the quiz, misspelt keywords marked wrong for
students with a spelling concession, the grade boundaries as printed in the scheme, the three students who moved set
kept in, question 3 marked although the portal copy was misprinted, and no error carried forward in question 5."""

import runpy

runpy.run_path("/solution/reference.py", init_globals={"ASK": False}, run_name="__main__")
