from worktrial.grading.checks.detect import looks_like_csv


def test_csv_with_quoted_delimiters_is_csv() -> None:
    # csv.Sniffer cannot decide a delimiter here; a file written by csv.writer must still be recognised.
    text = 'timestamp,component,event\n09:00,db,"pool exhausted, 50 waiting"\n09:05,app,"errors, retries"\n'
    assert looks_like_csv(text)


def test_prose_is_not_csv() -> None:
    assert not looks_like_csv("The service was down.\nWe restarted it at nine.\n")
