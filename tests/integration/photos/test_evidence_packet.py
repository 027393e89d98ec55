"""The evidence packet for a seeded case renders, and its manifest matches the stored originals."""
from __future__ import annotations

import datetime as dt
import hashlib
import io
import json
import uuid
import zipfile

from backend.services.photo_files import key_of, photo_store
from tests.integration.enforcement.test_order_pdf import pdf_lines
from tests.unit.media.factory import ExifSpec, camera_tiff, make_jpeg, with_app1


def seeded_case(world, client, extra: tuple[bytes, ...] = ()) -> tuple[dict, str, list[bytes]]:
    h = world.headers("carver", "agent")
    site = client.get("/api/v1/sites?q=gravel", headers=h).json[0]
    insp = str(uuid.uuid4())
    assert client.post("/api/v1/inspections", headers=h, json={
        "id": insp, "site_id": site["id"], "entry_basis": "permit_on_file",
        "started_at": "2026-04-06T09:30:00-04:00"}).status_code == 201
    originals = [make_jpeg(ExifSpec(latitude=41.902 + i / 1e4, longitude=-70.765), size=(80, 60))
                 for i in range(2)] + list(extra)
    for data in originals:
        resp = client.post(f"/api/v1/inspections/{insp}/photos", headers=h,
                           content_type="multipart/form-data",
                           data={"photo_id": str(uuid.uuid4()), "file": (io.BytesIO(data), "pit.jpg")})
        assert resp.status_code == 201, resp.json
    v = client.post("/api/v1/violations", headers=h, json={
        "site_id": site["id"], "inspection_id": insp, "chapter": "CARVER-136",
        "provision": "CARVER-136-BUFFER-50FT", "description": "Excavation 30 ft from the property line",
        "observed_at": "2026-04-06T10:00:00-04:00"}).json
    order = client.post("/api/v1/orders", headers=h, json={
        "site_id": site["id"], "kind": "cease_and_desist", "chapter": "CARVER-136",
        "violation_ids": [v["id"]]}).json
    return order, h, originals


def test_the_packet_zip_holds_the_originals_and_a_manifest_that_matches_the_store(world, client):
    order, h, originals = seeded_case(world, client)
    resp = client.get(f"/api/v1/orders/{order['id']}/evidence.zip", headers=h)
    assert resp.status_code == 200 and resp.mimetype == "application/zip"
    zf = zipfile.ZipFile(io.BytesIO(resp.data))
    sums = dict(reversed(line.split("  ", 1)) for line in zf.read("SHA256SUMS").decode().splitlines())
    originals_in_zip = {name: zf.read(name) for name in zf.namelist() if name.startswith("originals/")}
    assert sorted(originals_in_zip.values()) == sorted(originals)
    from backend.extensions import db
    from backend.models import Photo
    for name, data in originals_in_zip.items():
        assert sums[name] == hashlib.sha256(data).hexdigest()
        photo = db.session.get(Photo, uuid.UUID(name.split("/")[1].split(".")[0]))
        assert photo_store().get(key_of(photo)) == data and photo.sha256 == sums[name]
    manifest = json.loads(zf.read("manifest.json"))
    assert {f["sha256"] for f in manifest["files"]} == {hashlib.sha256(o).hexdigest() for o in originals}
    assert sums["evidence-packet.pdf"] == hashlib.sha256(zf.read("evidence-packet.pdf")).hexdigest()


def test_the_packet_pdf_renders_with_the_quoted_provision_and_the_chain_head(world, client):
    order, h, _ = seeded_case(world, client)
    resp = client.get(f"/api/v1/orders/{order['id']}/evidence.pdf", headers=h)
    assert resp.status_code == 200 and resp.data.startswith(b"%PDF")
    from backend.extensions import db
    from backend.models import AuditHead, Town
    carver = db.session.query(Town).filter_by(slug="carver").one()
    head = db.session.get(AuditHead, carver.id)
    assert head.hmac.encode() in resp.data  # uncompressed text: the chain head is printed
    assert b"CARVER-136-BUFFER-50FT" in resp.data


def test_another_town_cannot_get_the_packet(world, client):
    order, _, _ = seeded_case(world, client)
    upton = world.headers("upton", "agent")
    assert client.get(f"/api/v1/orders/{order['id']}/evidence.zip", headers=upton).status_code == 404


def test_the_packet_names_what_the_photo_record_does_not_vouch_for(world, client):
    """A malformed EXIF block's camera and time are printed as read and marked NOT TRUSTWORTHY; clocks that
    disagree and an invalid orientation tag are stated; a well-formed photo carries no such words."""
    malformed = with_app1(camera_tiff(make="Nikon", model="Forged Z9", exif_claims=0xFFFF),
                          make_jpeg(size=(64, 48)))
    camera_time = dt.datetime(2026, 4, 6, 9, 40)  # noqa: DTZ001 - EXIF wall-clock time
    skewed = make_jpeg(ExifSpec(latitude=41.9021, longitude=-70.765, taken_at=camera_time, offset="-04:00",
                                gps_time=dt.datetime(2026, 4, 6, 13, 50, tzinfo=dt.UTC), orientation=9),
                       size=(64, 48))
    order, h, _ = seeded_case(world, client, (malformed, skewed))
    text = " ".join(pdf_lines(client.get(f"/api/v1/orders/{order['id']}/evidence.pdf", headers=h).data))
    assert "camera Nikon Forged Z9 (NOT TRUSTWORTHY: malformed EXIF)" in text
    assert "The EXIF block of this file is malformed (Exif IFD claims 65535 entries" in text
    assert "by the camera's clock (EXIF, with its UTC offset) (NOT TRUSTWORTHY: malformed EXIF)" in text
    assert "The camera's clock and the GPS clock disagree by -600 s (more than the 120 s allowed)." in text
    assert "Orientation tag 9 is not a valid value (1-8)" in text
    assert text.count("NOT TRUSTWORTHY") == 3  # the malformed photo's camera, time and block: no other
