"""Network: the host's loopback, UDP and abstract Unix sockets from the session and from the delivered system;
office files whose pictures link to a listener, pages that fetch or redirect to it, a page named as a deck. The
arena asserts after every trial that nothing reached the host."""

from __future__ import annotations

from .arena import Arena, Attack

REACH = """
def tcp():
    s = socket.create_connection(("127.0.0.1", LISTENER_PORT), timeout=3)
    s.sendall(b"GET /leak HTTP/1.0\\r\\n\\r\\n")
attempt("tcp", tcp)
attempt("udp", lambda: socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b"leak", ("127.0.0.1", UDP_PORT)))
attempt("abstract", lambda: socket.socket(socket.AF_UNIX).connect("\\0" + ABSTRACT))
attempt("dns", lambda: socket.getaddrinfo("example.com", 80))
attempt("ipv6", lambda: socket.create_connection(("::1", LISTENER_PORT), timeout=3))
note("interfaces", sorted(n for _, n in socket.if_nameindex()))
report()
"""

ATTACKS = {
    "reach_from_session": Attack("tiny", REACH),
    "reach_from_production": Attack("tiny", "write_system(" + repr(REACH) + ")\n"),
    "linked_office_files": Attack(
        "redteam_office",
        """
totals()
for name in ("book.xlsx", "deck.pptx", "memo.docx", "page.html"):
    blob(name, name)
""",
        blobs=("book.xlsx", "deck.pptx", "memo.docx", "page.html"),
    ),
    "html_named_as_office": Attack(
        "redteam_office",
        """
totals()
blob("page.html", "deck.pptx")
blob("page.html", "memo.docx")
blob("page.html", "book.xlsx")
""",
        blobs=("page.html",),
    ),
}


def _blocked(report: dict[str, object]) -> None:
    for door in ("tcp", "abstract", "dns", "ipv6"):
        assert report[door] != "ok", door
    # A datagram to the sandbox's own loopback is sent and lost; the arena checks the host's socket got nothing.
    assert report["interfaces"] == ["lo"]


def test_the_session_reaches_nothing_of_the_host(arena: Arena) -> None:
    _blocked(arena.run("reach_from_session").report)


def test_the_delivered_system_reaches_nothing_at_grading(arena: Arena) -> None:
    _blocked(arena.run("reach_from_production").report)


def test_linked_pictures_and_fetching_pages_are_checked_and_rendered_offline(arena: Arena) -> None:
    judge = arena.ctx.judge
    calls = len(judge.calls)  # type: ignore[union-attr]
    o = arena.run("linked_office_files")
    asked = judge.calls[calls:]  # type: ignore[union-attr]
    assert len(asked) == 3 and all(images for _, _, images in asked), asked  # every file was rendered
    assert all(judge.images_existed[calls:])  # type: ignore[union-attr]
    assert o.value("book_cells") == 1.0  # recalculated by LibreOffice, offline: A2 = A1*2 = 40


def test_a_page_named_as_an_office_file_never_reaches_libreoffice(arena: Arena) -> None:
    o = arena.run("html_named_as_office")
    assert o.value("book_cells") == 0.0 and "its content is html" in o.component("book_cells")
