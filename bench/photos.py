"""Photo pipeline benchmark: ``python -m bench.photos [--n 6] [--rounds 3] [--strict]``.

Generates phone-like 12 MP JPEGs (4032x3024, textured so they weigh ~3-5 MB, full EXIF with GPS and
orientation 6) and 12/24 MP HEICs in a temp dir, then, in one process, times per photo:

  pipeline  the real request path: stream+hash, sniff, EXIF, both derivatives, atomic store to a
            LocalPhotoStore (fsync), one sqlite insert standing in for the database row
  floor     Pillow alone: draft decode at preview scale, resize to both sizes, encode both
  naive     full decode, exif_transpose at full size, resize, encode

and for HEIC the request (durable) step and the worker (derive) step separately.  Peak memory is
measured per phase in a fresh child process: VmHWM (reset through /proc/self/clear_refs after the
imports) minus VmRSS after the imports.  The last line is machine readable.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pillow_heif
from PIL import Image, ImageChops, ImageOps
from PIL.TiffImagePlugin import IFDRational

from media.derivatives import JPEG_QUALITY, PREVIEW_LONG_SIDE, RESAMPLE, THUMB_LONG_SIDE, fitted_box
from media.ingest import ingest_upload, make_derivatives
from media.kinds import Kind
from media.storage import LocalPhotoStore

pillow_heif.register_heif_opener()
JPEG_SIZE, HEIC_SIZES = (4032, 3024), {"12mp": (4032, 3024), "24mp": (6000, 4000)}
TARGETS = {"ratio_floor": 1.25, "speedup_naive": 2.0, "jpeg_peak_mb": 80, "heic_peak_mb": 180}


# --- test photos ------------------------------------------------------------------------------------
def phone_exif(index: int) -> bytes:
    exif = Image.Exif()
    exif[0x0112], exif[0x010F], exif[0x0110] = 6, "Apple", "iPhone 15 Pro"
    ifd = exif.get_ifd(0x8769)
    ifd[0x9003], ifd[0x9011] = f"2024:06:01 09:{index % 60:02d}:05", "-04:00"
    gps = exif.get_ifd(0x8825)
    gps[1], gps[2] = "N", (IFDRational(42, 1), IFDRational(34, 1), IFDRational(4512, 100))
    gps[3], gps[4] = "W", (IFDRational(71, 1), IFDRational(48, 1), IFDRational(812, 100))
    gps[5], gps[6], gps[31] = b"\x00", IFDRational(3251, 10), IFDRational(475, 100)
    gps[29], gps[7] = "2024:06:01", (IFDRational(13, 1), IFDRational(index % 60, 1), IFDRational(5, 1))
    return exif.tobytes()


def textures(size: tuple[int, int]) -> tuple[Image.Image, Image.Image]:
    """A smooth 'scene' and sensor-like noise; photos differ by shifting and mixing them."""
    scene = Image.merge("RGB", [Image.linear_gradient("L").rotate(a).resize(size) for a in (0, 70, 200)])
    noise = Image.merge("RGB", [Image.effect_noise(size, 48) for _ in range(3)])
    return scene, noise


def photo(scene: Image.Image, noise: Image.Image, index: int) -> Image.Image:
    shifted = ImageChops.offset(noise, 97 * index, 53 * index)
    return Image.blend(scene.rotate(180) if index % 2 else scene, shifted, 0.2)


def make_photos(folder: Path, n: int) -> tuple[list[Path], dict[str, Path]]:
    scene, noise = textures(JPEG_SIZE)
    jpegs = []
    for i in range(n):
        path = folder / f"IMG_{i:04d}.jpg"
        photo(scene, noise, i).save(path, "JPEG", quality=92, exif=phone_exif(i))
        jpegs.append(path)
    heics = {}
    for label, size in HEIC_SIZES.items():
        big_scene, big_noise = (scene, noise) if size == JPEG_SIZE else textures(size)
        path = folder / f"IMG_{label}.heic"
        photo(big_scene, big_noise, 1).save(
            path, quality=60, exif=phone_exif(99), enc_params={"preset": "ultrafast"}
        )
        heics[label] = path
    return jpegs, heics


# --- the three ways to make derivatives ---------------------------------------------------------------
class Pipeline:
    def __init__(self, folder: Path) -> None:
        self.store = LocalPhotoStore(Path(tempfile.mkdtemp(dir=folder, prefix="store-")))
        self.db = sqlite3.connect(folder / "bench.sqlite3")
        self.db.execute("pragma journal_mode=wal")
        self.db.execute("pragma synchronous=full")
        self.db.execute(
            "create table if not exists photo (key text primary key, lat real, lon real, taken text)"
        )

    def __call__(self, path: Path) -> None:
        with path.open("rb") as body:
            result = ingest_upload(body, town="gardner", store=self.store, declared_type="image/jpeg")
        meta = result.metadata
        with self.db:
            self.db.execute(
                "insert or replace into photo values (?, ?, ?, ?)",
                (
                    result.key,
                    meta.latitude,
                    meta.longitude,
                    meta.taken_at.isoformat() if meta.taken_at else None,
                ),
            )


def encode(img: Image.Image) -> bytes:
    out = io.BytesIO()
    img.save(out, "JPEG", quality=JPEG_QUALITY)
    return out.getvalue()


def floor(path: Path) -> None:
    with Image.open(path) as im:
        box = fitted_box(im.size, PREVIEW_LONG_SIDE)
        im.draft("RGB", box)
        im.load()
        assert im.size == (JPEG_SIZE[0] // 2, JPEG_SIZE[1] // 2), f"draft did not reduce: {im.size}"
        preview = im.resize(box, RESAMPLE)
    thumb = preview.resize(fitted_box(preview.size, THUMB_LONG_SIDE), RESAMPLE)
    encode(preview), encode(thumb)


def naive(path: Path) -> None:
    with Image.open(path) as im:
        upright = ImageOps.exif_transpose(im)
    preview = upright.resize(fitted_box(upright.size, PREVIEW_LONG_SIDE), RESAMPLE)
    thumb = upright.resize(fitted_box(upright.size, THUMB_LONG_SIDE), RESAMPLE)
    encode(preview), encode(thumb)


def heic_request(store: LocalPhotoStore, path: Path) -> str:
    with path.open("rb") as body:
        return ingest_upload(body, town="gardner", store=store).key


# --- measurement --------------------------------------------------------------------------------------
def time_jpeg(folder: Path, jpegs: list[Path], rounds: int) -> dict[str, float]:
    """Median seconds per photo.  Pipeline and floor alternate photo by photo, so background noise hits
    both alike; naive runs in a block of its own so its memory churn stays out of the other two.  Each
    round uses a fresh store, so every round really writes."""
    samples: dict[str, list[float]] = {"pipeline": [], "floor": [], "naive": []}
    for warm_up in (Pipeline(folder), floor, naive):  # imports, codecs, page cache
        warm_up(jpegs[0])
    for _ in range(rounds):
        pipeline = Pipeline(folder)
        for path in jpegs:
            samples["pipeline"].append(seconds(pipeline, path))
            samples["floor"].append(seconds(floor, path))
        samples["naive"].extend(seconds(naive, path) for path in jpegs)
    return {name: statistics.median(values) for name, values in samples.items()}


def seconds(fn: Callable[[Path], object], path: Path) -> float:
    start = time.perf_counter()
    fn(path)
    return time.perf_counter() - start


def time_heic(folder: Path, path: Path, rounds: int) -> tuple[float, float]:
    """Median seconds of the request (durable) step and of the worker (derive) step."""
    request, worker = [], []
    for _ in range(rounds):
        store = LocalPhotoStore(Path(tempfile.mkdtemp(dir=folder, prefix="heic-")))
        start = time.perf_counter()
        key = heic_request(store, path)
        middle = time.perf_counter()
        make_derivatives(store, key, Kind.HEIC)
        request.append(middle - start)
        worker.append(time.perf_counter() - middle)
    return statistics.median(request), statistics.median(worker)


def _status(field: str) -> int:
    with open("/proc/self/status") as status:
        line = next(line for line in status if line.startswith(field + ":"))
    return int(line.split()[1]) * 1024


def child(phase: str, path: Path, folder: Path) -> None:
    """Run one phase once in this fresh process and print its peak RSS above the post-import RSS."""
    store = LocalPhotoStore(Path(tempfile.mkdtemp(dir=folder, prefix="mem-")))
    key = heic_request(store, path) if phase == "heic-worker" else ""
    try:
        Path("/proc/self/clear_refs").write_text("5")  # reset VmHWM to the current RSS
        baseline = _status("VmRSS")
    except OSError:
        baseline = _status("VmHWM")
    run: dict[str, Callable[[], object]] = {
        "jpeg-pipeline": lambda: Pipeline(folder)(path),
        "jpeg-floor": lambda: floor(path),
        "jpeg-naive": lambda: naive(path),
        "heic-request": lambda: heic_request(store, path),
        "heic-worker": lambda: make_derivatives(store, key, Kind.HEIC),
    }
    run[phase]()
    print(json.dumps({"peak_mb": (_status("VmHWM") - baseline) / 2**20}))


def peak_mb(phase: str, path: Path, folder: Path) -> float:
    out = subprocess.run(
        [sys.executable, "-m", "bench.photos", "--child", phase, str(path), str(folder)],
        check=True,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONWARNINGS": "error"},
    )
    return float(json.loads(out.stdout.strip().splitlines()[-1])["peak_mb"])


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--n", type=int, default=6, help="number of 12 MP JPEGs (default 6)")
    parser.add_argument("--rounds", type=int, default=3, help="timing rounds (default 3)")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument("--child", nargs=3, metavar=("PHASE", "PATH", "DIR"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], Path(args.child[1]), Path(args.child[2]))
        return 0
    with tempfile.TemporaryDirectory(prefix="bench-photos-") as tmp:
        return report(Path(tmp), max(1, args.n), max(1, args.rounds), args.strict)


def report(folder: Path, n: int, rounds: int, strict: bool) -> int:
    started = time.perf_counter()
    jpegs, heics = make_photos(folder, n)
    jpeg = time_jpeg(folder, jpegs, rounds)
    heic = {label: time_heic(folder, path, rounds) for label, path in heics.items()}
    peaks = {
        f"jpeg {name}": peak_mb(f"jpeg-{name}", jpegs[0], folder) for name in ("pipeline", "floor", "naive")
    }
    for label, path in heics.items():
        for step in ("request", "worker"):
            peaks[f"heic {step} {label}"] = peak_mb(f"heic-{step}", path, folder)
    print_table(jpegs, heics, jpeg, heic, peaks)
    result = {
        "ratio_floor": jpeg["pipeline"] / jpeg["floor"],
        "speedup_naive": jpeg["naive"] / jpeg["pipeline"],
        "jpeg_peak_mb": peaks["jpeg pipeline"],
        "heic_peak_mb": max(v for k, v in peaks.items() if k.startswith("heic")),
    }
    missed = [
        k
        for k, limit in TARGETS.items()
        if (result[k] < limit if k == "speedup_naive" else result[k] > limit)
    ]
    print(
        f"targets: {', '.join(f'{k} {result[k]:.2f} vs {v}' for k, v in TARGETS.items())}; "
        f"{'missed: ' + ', '.join(missed) if missed else 'all met'}; "
        f"total {time.perf_counter() - started:.0f} s"
    )
    print(
        f"photos: pipeline={jpeg['pipeline']:.3f} floor={jpeg['floor']:.3f} naive={jpeg['naive']:.3f} "
        f"ratio_floor={result['ratio_floor']:.2f} speedup_naive={result['speedup_naive']:.2f} "
        f"heic_worker_s={heic['12mp'][1]:.3f} jpeg_peak_mb={result['jpeg_peak_mb']:.0f} "
        f"heic_peak_mb={result['heic_peak_mb']:.0f}"
    )
    return 1 if strict and missed else 0


def print_table(
    jpegs: list[Path],
    heics: dict[str, Path],
    jpeg: dict[str, float],
    heic: dict[str, tuple[float, float]],
    peaks: dict[str, float],
) -> None:
    sizes = [p.stat().st_size / 1e6 for p in jpegs]
    heic_sizes = ", ".join(f"{label} {path.stat().st_size / 1e6:.1f} MB" for label, path in heics.items())
    size_range = f"{min(sizes):.1f}-{max(sizes):.1f} MB"
    print(f"{len(jpegs)} JPEGs {JPEG_SIZE[0]}x{JPEG_SIZE[1]}, {size_range}; HEIC {heic_sizes}")
    rows = [(f"jpeg {name}", jpeg[name]) for name in ("pipeline", "floor", "naive")]
    for label, (request, worker) in heic.items():
        rows += [(f"heic request {label}", request), (f"heic worker {label}", worker)]
    print(f"{'phase (median per photo)':<26}{'seconds':>9}{'peak MB':>9}")
    for name, seconds in rows:
        print(f"{name:<26}{seconds:>9.3f}{peaks[name]:>9.1f}")


if __name__ == "__main__":
    sys.exit(main())
