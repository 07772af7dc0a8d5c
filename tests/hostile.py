"""Hostile deliverables shared by the tests: a loopback listener, office files whose pictures link to it, pages."""

from __future__ import annotations

import io
import re
import socket
import threading
import zipfile
from pathlib import Path

import openpyxl
import pptx
from openpyxl.drawing.image import Image as XLImage
from PIL import Image


class Listener:
    """A TCP listener on the host's loopback that records every connection it receives."""

    def __init__(self) -> None:
        self.server = socket.create_server(("127.0.0.1", 0))
        self.server.settimeout(0.2)
        self.port = self.server.getsockname()[1]
        self.requests: list[bytes] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self.server.accept()
            except OSError:
                continue
            with conn:
                conn.settimeout(1)
                try:
                    self.requests.append(conn.recv(300))
                except OSError:
                    self.requests.append(b"")

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}/{path}"

    def close(self) -> None:
        self._stop.set()
        self._thread.join(2)
        self.server.close()


def png_bytes(colour: str) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (60, 60), colour).save(buf, "PNG")
    return buf.getvalue()


def link_images(path: Path, rels_prefix: str, url: str) -> None:
    """Turn every embedded picture of an office file into a link to `url` (fetched when the file is opened)."""
    with zipfile.ZipFile(path) as z:
        parts = {i.filename: z.read(i.filename) for i in z.infolist()}
    for name in list(parts):
        if name.endswith(".xml") and b"r:embed=" in parts[name]:
            parts[name] = parts[name].replace(b'r:embed="', b'r:link="')
        if name.startswith(rels_prefix) and name.endswith(".rels"):
            target = f'Target="{url}" TargetMode="External"'.encode()
            parts[name] = re.sub(rb'Target="[^"]*media/[^"]+"', target, parts[name])
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            z.writestr(name, data)


def linked_workbook(path: Path, url: str) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws["A1"], ws["A2"] = 20, "=A1*2"
    ws.add_image(XLImage(io.BytesIO(png_bytes("red"))), "C3")
    wb.save(path)
    link_images(path, "xl/drawings/_rels/", url)
    return path


def linked_deck(path: Path, url: str) -> Path:
    deck = pptx.Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[5])
    assert slide.shapes.title is not None
    slide.shapes.title.text = "Results"
    slide.shapes.add_picture(io.BytesIO(png_bytes("blue")), 100, 100)
    deck.save(str(path))
    link_images(path, "ppt/slides/_rels/", url)
    return path


PAGE = """<!doctype html><html><head>{head}</head><body style="background:#fff">
<h1 style="color:#c00">Quarterly dashboard</h1><p>Revenue grew.</p>{body}</body></html>"""


def linked_memo(path: Path, url: str) -> Path:
    import docx

    memo = docx.Document()
    memo.add_heading("Memo", level=1)
    memo.add_paragraph("Costs fell in the third quarter.")
    memo.add_picture(io.BytesIO(png_bytes("green")))
    memo.save(str(path))
    link_images(path, "word/_rels/", url)
    return path
