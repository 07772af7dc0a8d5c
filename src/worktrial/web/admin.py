"""Administration of the catalog: move families between the public and the private pool, and upload a family
(`.tar.gz`) that is linted, validated and then published into the served suites (uploads.py).

Every page and form here is for administrators only; to anyone else it does not exist (404).
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from fastapi import FastAPI, File, Form, HTTPException, Request, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from ..store.catalog import POOLS
from . import uploads
from .uploads import UploadError

if TYPE_CHECKING:
    from .app import Site, Visitor

UPLOADED_SUITE = "uploaded"


def add_admin_routes(app: FastAPI, site: Site) -> None:
    records = site.records

    def admin(request: Request, csrf: str | None = None, check: bool = False) -> Visitor:
        who = site.visitor(request)
        site.login_required(who)
        if not who.admin:
            raise HTTPException(404, "no such page")
        if check:
            site.check_csrf(who, csrf)
        return who

    def upload_row(upload_id: str) -> uploads.UploadRow:
        row = records.upload(upload_id)
        if row is None:
            raise HTTPException(404, "no such upload")
        return row

    @app.get("/admin", response_class=HTMLResponse)
    def admin_page(request: Request) -> HTMLResponse:
        who = admin(request)
        return site.page(
            request,
            "admin.html",
            who,
            entries=site.catalog(),
            pools=POOLS,
            rotation=records.revision(),
            uploads=records.uploads(),
        )

    @app.post("/admin/pools")
    def move(request: Request, family: str = Form(...), pool: str = Form(...), csrf: str = Form("")) -> Response:
        who = admin(request, csrf, check=True)
        if pool not in POOLS:
            raise HTTPException(400, f"unknown pool {pool!r}: one of {', '.join(POOLS)}")
        if family not in {e.id for e in site.catalog()}:
            raise HTTPException(404, "no such family")
        assert who.user is not None
        records.move(family, pool, who.user.id)
        return RedirectResponse("/admin", status_code=303)

    @app.post("/admin/uploads")
    async def upload(request: Request, archive: UploadFile = File(...), csrf: str = Form("")) -> Response:
        who = admin(request, csrf, check=True)
        assert who.user is not None
        data = await archive.read(uploads.MAX_ARCHIVE_BYTES + 1)
        upload_id = secrets.token_hex(8)
        folder = site.home.ensure().uploads / upload_id
        try:
            unpacked = uploads.unpack(data, folder)
        except UploadError as e:
            raise HTTPException(400, f"{archive.filename or 'the upload'}: {e}") from None
        taken = {e.id: e.suite for e in site.catalog()}
        if taken.get(unpacked.family, UPLOADED_SUITE) != UPLOADED_SUITE:
            raise HTTPException(
                400, f"the family id {unpacked.family!r} is a family of suite {taken[unpacked.family]}: rename it"
            )
        records.add_upload(upload_id, unpacked.family, who.user.id, unpacked.sha256)
        url = site.settings.store_url
        home = site.home.root
        uploads.check_in_background(
            lambda: uploads.check(records, upload_id, unpacked.folder, home, url), records, upload_id
        )
        return RedirectResponse(f"/admin/uploads/{upload_id}", status_code=303)

    @app.get("/admin/uploads/{upload_id}", response_class=HTMLResponse)
    def upload_page(request: Request, upload_id: str) -> HTMLResponse:
        who = admin(request)
        return site.page(request, "upload.html", who, u=upload_row(upload_id))

    @app.post("/admin/uploads/{upload_id}/publish")
    def publish(request: Request, upload_id: str, csrf: str = Form("")) -> Response:
        admin(request, csrf, check=True)
        row = upload_row(upload_id)
        if row.state != "validated":
            raise HTTPException(409, f"upload {upload_id} is {row.state}: only a validated family can be published")
        uploads.publish(site.home.uploads / upload_id / row.family, site.home.uploaded_suite)
        records.set_upload(upload_id, "published")
        site.refresh()
        return RedirectResponse(f"/families/{row.family}", status_code=303)


__all__ = ["add_admin_routes"]
