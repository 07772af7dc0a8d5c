"""An expert marker who applies every rule in the scheme and the e-mail exactly but asks the school's staff nothing:
the later of two files marked even when it was sent after the end of the quiz, misspelt keywords marked wrong for
students with a spelling concession, and the grade boundaries as printed in the scheme."""
import runpy

runpy.run_path("/solution/reference.py", init_globals={"ASK": False}, run_name="__main__")
