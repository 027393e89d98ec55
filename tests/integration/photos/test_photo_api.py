"""Photo evidence through the API: idempotent uploads, provenance, checks, byte-exact originals, fixity."""
from __future__ import annotations

import base64
import datetime as dt
import hashlib
import io
import uuid

import pytest

from tests.unit.media.factory import ExifSpec, camera_tiff, make_heic, make_jpeg, with_app1

BOG = (41.8790, -70.7480)  # the demo Federici bog site's point


@pytest.fixture
def agent(world):
    return world.headers("carver", "agent")


@pytest.fixture
def inspection(world, client, agent):
    site = client.get("/api/v1/sites?q=bog", headers=agent).json[0]
    body = {"id": str(uuid.uuid4()), "site_id": site["id"], "entry_basis": "permit_on_file",
            "started_at": "2026-04-06T09:30:00-04:00"}
    assert client.post("/api/v1/inspections", json=body, headers=agent).status_code == 201
    return body["id"]


def jpeg_at(lat: float, lon: float, **over) -> bytes:
    spec = ExifSpec(latitude=lat, longitude=lon, h_error_m=5.0, taken_at=dt.datetime(2026, 4, 6, 9, 40),  # noqa: DTZ001
                    offset="-04:00", orientation=6, make="Apple", model="iPhone 15", **over)
    return make_jpeg(spec, size=(320, 240))


def post(client, headers, inspection, data: bytes, photo_id=None, filename="IMG_0001.JPG", **form):
    fields = {"photo_id": str(photo_id or uuid.uuid4()), "file": (io.BytesIO(data), filename)} | form
    return client.post(f"/api/v1/inspections/{inspection}/photos", headers=headers, data=fields,
                       content_type="multipart/form-data")


def test_an_upload_keeps_exif_position_time_and_provenance(client, agent, inspection):
    resp = post(client, agent, inspection, jpeg_at(*BOG))
    assert resp.status_code == 201, resp.json
    photo = resp.json
    assert (round(photo["lat"], 6), round(photo["lon"], 6)) == BOG
    assert photo["provenance"] == "exif" and photo["taken_at"] == "2026-04-06T13:40:00+00:00"
    assert photo["checks"]["site_distance_ft"] == 0.0 and photo["checks"]["taken_vs_inspection_s"] == 600
    assert (photo["width"], photo["height"]) == (240, 320)  # orientation 6: shown upright
    assert photo["derivatives"] == "ready"


def test_the_same_id_and_bytes_is_the_stored_record_other_bytes_409(client, agent, inspection):
    photo_id, data = uuid.uuid4(), jpeg_at(*BOG)
    first = post(client, agent, inspection, data, photo_id)
    again = post(client, agent, inspection, data, photo_id)
    assert (first.status_code, again.status_code) == (201, 200) and first.json == again.json
    other = post(client, agent, inspection, jpeg_at(41.88, -70.75), photo_id)
    assert other.status_code == 409 and "other bytes" in other.json["message"]
    assert len(client.get(f"/api/v1/inspections/{inspection}/photos", headers=agent).json) == 1


def test_raw_put_with_the_device_fix(client, agent, inspection):
    data = make_jpeg(None, size=(64, 48))  # no EXIF at all, as browsers send it
    url = (f"/api/v1/inspections/{inspection}/photos/{uuid.uuid4()}?lat={BOG[0]}&lon={BOG[1]}&accuracy_m=8"
           "&captured_at=2026-04-06T13:41:00Z")
    resp = client.put(url, headers=agent | {"Content-Type": "image/jpeg"}, data=data)
    assert resp.status_code == 201, resp.json
    assert resp.json["provenance"] == "device" and resp.json["accuracy_m"] == 8.0


def test_exif_and_device_disagreeing_are_both_kept_and_flagged(client, agent, inspection):
    resp = post(client, agent, inspection, jpeg_at(*BOG), lat="41.8900", lon="-70.7480", accuracy_m="5")
    assert resp.status_code == 201
    assert "location_disagreement" in resp.json["flags"]
    meta = resp.json["meta"]
    assert meta["exif_position"]["lat"] == pytest.approx(BOG[0]) and meta["device_position"]["lat"] == 41.89


def test_the_original_is_served_byte_for_byte_as_evidence(client, agent, inspection):
    data = jpeg_at(*BOG)
    photo = post(client, agent, inspection, data).json
    resp = client.get(f"/api/v1/photos/{photo['id']}/original", headers=agent)
    assert resp.status_code == 200 and resp.data == data
    digest = hashlib.sha256(data)
    assert resp.headers["ETag"] == f'"{digest.hexdigest()}"'
    assert resp.headers["Repr-Digest"] == f"sha-256=:{base64.b64encode(digest.digest()).decode()}:"
    assert resp.headers["X-Content-Type-Options"] == "nosniff"
    assert resp.headers["Content-Disposition"].startswith("attachment;")
    assert "sandbox" in resp.headers["Content-Security-Policy"]
    cached = client.get(f"/api/v1/photos/{photo['id']}/original",
                        headers=agent | {"If-None-Match": resp.headers["ETag"]})
    assert cached.status_code == 304
    assert client.get(f"/api/v1/photos/{photo['id']}/original",
                      headers=client.application and {}).status_code == 401


def test_derivatives_carry_no_exif(client, agent, inspection):
    from PIL import Image
    photo = post(client, agent, inspection, jpeg_at(*BOG)).json
    thumb = client.get(f"/api/v1/photos/{photo['id']}/thumb", headers=agent)
    assert thumb.status_code == 200 and thumb.mimetype == "image/jpeg"
    img = Image.open(io.BytesIO(thumb.data))
    assert not img.getexif() and img.size[1] > img.size[0]  # rotated upright, EXIF gone


def test_a_heic_is_durable_at_once_and_derived_by_the_worker(client, agent, inspection):
    data = make_heic(ExifSpec(latitude=BOG[0], longitude=BOG[1]))
    resp = post(client, agent, inspection, data, filename="IMG_0002.HEIC")
    assert resp.status_code == 201, resp.json
    assert resp.json["mime"] in ("image/heic", "image/heif")
    # huey runs immediately in tests, so the worker step has already happened:
    assert client.get(f"/api/v1/photos/{resp.json['id']}", headers=agent).json["derivatives"] == "ready"


@pytest.mark.parametrize("data,status,code", [
    pytest.param(b"<html><script>alert(1)</script></html>", 422, "not_an_image", id="markup"),
    pytest.param(jpeg_at(*BOG)[:300], 422, "truncated", id="truncated"),
    pytest.param(b"", 422, None, id="empty"),
])
def test_bad_files_are_refused_and_nothing_is_stored(client, agent, inspection, data, status, code):
    resp = post(client, agent, inspection, data)
    assert resp.status_code == status, resp.json
    if code:
        assert resp.json["detail"]["code"] == code
    assert client.get(f"/api/v1/inspections/{inspection}/photos", headers=agent).json == []


def test_an_image_declared_as_another_image_type_is_accepted_by_its_content_and_flagged(client, agent,
                                                                                       inspection):
    """An iPhone's HEIC shared as IMG_0003.JPG (image/jpeg) is the HEIC it is; the claim is kept, flagged."""
    resp = post(client, agent, inspection, make_heic(ExifSpec()), filename="IMG_0003.JPG")
    assert resp.status_code == 201, resp.json
    assert resp.json["mime"] == "image/heic" and "declared_type_mismatch" in resp.json["flags"]
    assert resp.json["meta"]["declared_type"] == "image/jpeg"


@pytest.mark.parametrize("declared,data,code", [
    pytest.param("text/html", jpeg_at(*BOG), "type_mismatch", id="a JPEG declared as a web page"),
    pytest.param("image/svg+xml", jpeg_at(*BOG), "type_mismatch", id="a JPEG declared as SVG"),
    pytest.param("image/jpeg", b"<svg onload=alert(1)></svg>", "not_an_image", id="markup declared as JPEG"),
])
def test_a_declared_type_that_is_not_a_supported_image_or_content_that_is_not_one_is_refused(
        client, agent, inspection, declared, data, code):
    url = f"/api/v1/inspections/{inspection}/photos/{uuid.uuid4()}"
    resp = client.put(url, headers=agent | {"Content-Type": declared}, data=data)
    assert (resp.status_code, resp.json["detail"]["code"]) == (422, code)
    assert client.get(f"/api/v1/inspections/{inspection}/photos", headers=agent).json == []


def sha256_field(data: bytes, algorithm: str = "sha-256") -> str:
    digest = hashlib.new(algorithm.replace("-", ""), data).digest()
    return f"{algorithm}=:{base64.b64encode(digest).decode()}:"


def test_a_raw_body_with_the_phones_digest_is_stored_and_says_it_was_verified(client, agent, inspection):
    data = jpeg_at(*BOG)
    url = f"/api/v1/inspections/{inspection}/photos/{uuid.uuid4()}"
    resp = client.put(url, headers=agent | {"Content-Type": "image/jpeg", "Repr-Digest": sha256_field(data),
                                            "Content-Digest": sha256_field(data, "sha-512")}, data=data)
    assert resp.status_code == 201, resp.json
    assert resp.json["meta"]["received"] == {"bytes": len(data), "digests_verified": ["sha-256", "sha-512"]}


@pytest.mark.parametrize("header,value,status,code", [
    pytest.param("Repr-Digest", sha256_field(b"other bytes"), 400, "digest_mismatch", id="another digest"),
    pytest.param("Content-Digest", "sha-256=abc", 400, "digest_field", id="not a byte sequence"),
    pytest.param("Content-Digest", "sha-256=:AAAA:", 400, "digest_field", id="too short for sha-256"),
    pytest.param("Content-Encoding", "gzip", 415, "content_encoding", id="encoded body"),
])
def test_a_body_that_is_not_what_the_client_announced_is_refused_and_nothing_is_stored(
        client, agent, inspection, header, value, status, code):
    data, photo_id = jpeg_at(*BOG), uuid.uuid4()
    url = f"/api/v1/inspections/{inspection}/photos/{photo_id}"
    resp = client.put(url, headers=agent | {"Content-Type": "image/jpeg", header: value}, data=data)
    assert (resp.status_code, resp.json["detail"]["code"]) == (status, code), resp.json
    assert client.get(f"/api/v1/inspections/{inspection}/photos", headers=agent).json == []
    again = client.put(url, headers=agent | {"Content-Type": "image/jpeg", "Repr-Digest": sha256_field(data)},
                       data=data)
    assert again.status_code == 201, again.json


def multipart(photo_id: uuid.UUID, data: bytes) -> tuple[bytes, str]:
    boundary = "b0undary"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"photo_id\"\r\n\r\n{photo_id}\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"pit.jpg\"\r\n"
            "Content-Type: image/jpeg\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


def test_a_multipart_form_is_checked_against_its_content_digest(client, agent, inspection):
    body, content_type = multipart(uuid.uuid4(), jpeg_at(*BOG))
    url = f"/api/v1/inspections/{inspection}/photos"
    wrong = client.post(url, headers=agent | {"Content-Digest": sha256_field(body[:-1])}, data=body,
                        content_type=content_type)
    assert (wrong.status_code, wrong.json["detail"]["code"]) == (400, "digest_mismatch")
    right = client.post(url, headers=agent | {"Content-Digest": sha256_field(body)}, data=body,
                        content_type=content_type)
    assert right.status_code == 201 and right.json["meta"]["received"]["digests_verified"] == ["sha-256"]


def test_a_jpeg_with_trailing_data_is_accepted_and_flagged(client, agent, inspection):
    resp = post(client, agent, inspection, jpeg_at(*BOG) + b"MotionPhoto_Data" + b"\0" * 64)
    assert resp.status_code == 201 and "trailing_data" in resp.json["flags"]


@pytest.mark.parametrize("form,field", [
    pytest.param({"lat": "91", "lon": "0"}, "lat", id="latitude out of range"),
    pytest.param({"lat": "nan", "lon": "0"}, "lat", id="nan"),
    pytest.param({"lat": "41.8"}, "lat", id="lat without lon"),
    pytest.param({"lat": "41.8", "lon": "-70.7", "captured_at": "yesterday"}, "captured_at", id="bad time"),
    pytest.param({"photo_id": "not-a-uuid"}, "photo_id", id="bad photo id"),
])
def test_bad_capture_facts_name_the_field(client, agent, inspection, form, field):
    resp = post(client, agent, inspection, jpeg_at(*BOG), **form)
    assert resp.status_code == 422 and field in str(resp.json["detail"])


def test_another_towns_agent_cannot_see_or_add_photos(client, agent, inspection, world):
    photo = post(client, agent, inspection, jpeg_at(*BOG)).json
    upton = world.headers("upton", "agent")
    assert client.get(f"/api/v1/photos/{photo['id']}/original", headers=upton).status_code == 404
    assert post(client, upton, inspection, jpeg_at(*BOG)).status_code == 404


def test_media_verify_finds_deleted_modified_and_orphaned_files(client, agent, inspection, app):
    from backend.extensions import db
    from backend.models import Photo
    from backend.services.photo_files import key_of, photo_store
    ids = [post(client, agent, inspection, jpeg_at(41.879 + i / 10000, -70.748)).json["id"] for i in range(3)]
    runner = app.test_cli_runner()
    assert runner.invoke(args=["media", "verify"]).exit_code == 0
    store = photo_store()
    root = store.root if hasattr(store, "root") else None
    photos = [db.session.get(Photo, uuid.UUID(i)) for i in ids]
    path = lambda p: root / key_of(p)  # noqa: E731
    path(photos[0]).unlink()
    path(photos[1]).write_bytes(b"tampered")
    store.put_original("carver", hashlib.sha256(b"x").hexdigest(), io.BytesIO(b"x"))
    result = runner.invoke(args=["media", "verify"])
    assert result.exit_code == 1
    assert f"MISSING    {key_of(photos[0])}" in result.output
    assert f"MISMATCHED {key_of(photos[1])}" in result.output
    assert "ORPHANED   carver/" + hashlib.sha256(b"x").hexdigest() in result.output


def put(client, headers, inspection, data: bytes, query: str = ""):
    url = f"/api/v1/inspections/{inspection}/photos/{uuid.uuid4()}{query}"
    return client.put(url, headers=headers | {"Content-Type": "image/jpeg"}, data=data)


DEVICE_FIX = f"?lat={BOG[0]}&lon={BOG[1]}&accuracy_m=8&captured_at=2026-04-06T13:41:00Z"


@pytest.mark.parametrize("hostile", [{"exif_claims": 0xFFFF}, {"next_ifd": 8}, {"exif_at": 8}],
                         ids=["directory-overclaims-its-entries", "next-directory-loops", "exif-ifd-loops"])
def test_a_malformed_exif_block_is_kept_beside_its_flag_and_never_presented_as_trustworthy(
        client, agent, inspection, hostile):
    data = with_app1(camera_tiff(**hostile), make_jpeg(size=(64, 48)))
    resp = put(client, agent, inspection, data, DEVICE_FIX)
    assert resp.status_code == 201, resp.json
    photo = resp.json
    assert "exif_malformed" in photo["flags"]
    exif = photo["meta"]["exif"]
    assert (exif["make"], exif["model"], exif["trustworthy"]) == ("Apple", "iPhone 15", False)
    assert exif["problems"] and all(isinstance(p, str) for p in exif["problems"])
    assert photo["meta"]["capture_time"]["trustworthy"] is False
    assert photo["provenance"] == "device"


def test_a_well_formed_block_is_trustworthy(client, agent, inspection):
    photo = put(client, agent, inspection, with_app1(camera_tiff(), make_jpeg(size=(64, 48)))).json
    assert "exif_malformed" not in photo["flags"] and photo["meta"]["exif"]["trustworthy"] is True
    assert photo["taken_at"] == "2026-04-06T13:40:00+00:00"
    assert photo["meta"]["capture_time"] == {"source": "exif", "why": None, "trustworthy": True}


SKEWED = {"gps_time": dt.datetime(2026, 4, 6, 13, 43, 30, tzinfo=dt.UTC)}  # camera 13:40:00 UTC


def test_camera_and_gps_clocks_more_than_two_minutes_apart_are_flagged_with_the_skew(client, agent,
                                                                                       inspection):
    photo = post(client, agent, inspection, jpeg_at(*BOG, **SKEWED)).json
    assert "capture_time_skew" in photo["flags"]
    assert (photo["checks"]["camera_vs_gps_s"], photo["checks"]["camera_vs_gps_max_s"]) == (-210.0, 120.0)
    assert photo["taken_at"] == "2026-04-06T13:40:00+00:00"  # the camera's clock, flagged
    close = post(client, agent, inspection,
                 jpeg_at(*BOG, gps_time=dt.datetime(2026, 4, 6, 13, 40, 20, tzinfo=dt.UTC))).json
    assert "capture_time_skew" not in close["flags"] and close["checks"]["camera_vs_gps_s"] == -20.0


def test_the_skew_bound_is_the_towns_setting(client, agent, inspection, world):
    admin = world.headers("carver", "town_admin")
    settings = client.get("/api/v1/admin/settings", headers=admin)
    resp = client.patch("/api/v1/admin/settings", headers=admin | {"If-Match": settings.headers["ETag"]},
                        json={"set": {"photo_clock_skew_max_seconds": 300}})
    assert resp.status_code == 200, resp.json
    photo = post(client, agent, inspection, jpeg_at(*BOG, **SKEWED)).json
    assert "capture_time_skew" not in photo["flags"] and photo["checks"]["camera_vs_gps_max_s"] == 300.0


def exif_with_camera_time(text: str, gps: dt.datetime) -> bytes:
    """A JPEG whose DateTimeOriginal is `text` as written (the zeros some cameras write), with GPS time."""
    from PIL import Image

    from tests.unit.media.factory import exif_bytes, scene
    exif = Image.Exif()
    exif.load(exif_bytes(ExifSpec(latitude=BOG[0], longitude=BOG[1], gps_time=gps)))
    exif.get_ifd(0x8769)[0x9003] = text
    out = io.BytesIO()
    scene((64, 48)).save(out, "JPEG", exif=exif.tobytes())
    return out.getvalue()


@pytest.mark.parametrize("camera_time,why", [("0000:00:00 00:00:00", "exif_time_invalid"),
                                             ("2026:04:06 09:40:00", "exif_offset_unknown")],
                         ids=["unusable-camera-time", "camera-time-without-offset"])
def test_a_time_taken_from_the_gps_clock_says_so_and_why(client, agent, inspection, camera_time, why):
    gps = dt.datetime(2026, 4, 6, 13, 41, 5, tzinfo=dt.UTC)
    photo = post(client, agent, inspection, exif_with_camera_time(camera_time, gps)).json
    assert photo["taken_at"] == "2026-04-06T13:41:05+00:00"
    assert photo["meta"]["capture_time"] == {"source": "gps", "why": why, "trustworthy": True}


def test_an_orientation_outside_1_to_8_keeps_its_raw_value_beside_the_flag(client, agent, inspection):
    data = make_jpeg(ExifSpec(latitude=BOG[0], longitude=BOG[1], orientation=9), size=(80, 60))
    photo = post(client, agent, inspection, data).json
    assert "orientation_invalid" in photo["flags"]
    assert (photo["meta"]["exif"]["orientation"], photo["meta"]["exif"]["orientation_raw"]) == (None, 9)
    assert (photo["width"], photo["height"]) == (80, 60)  # shown as stored
