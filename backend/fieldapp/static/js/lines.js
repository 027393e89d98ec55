// "Measure to the line" on the phone, exactly as the engine does it (inspections/site_lines.py): the fix is
// projected to NAD83 / Massachusetts Mainland (EPSG:26986, Lambert conformal conic, GRS80) in US survey feet,
// measured to the plane rings the server sent for each bylaw line, and rounded by CONV-DIST on the number's
// decimal form (String(x), like Python's repr): half-even to 0.1 ft (50.15 -> 50.2, 30.05 -> 30.0); the
// accuracy radius rounded up (READ-DIST-ACCURACY). Indeterminate when the accuracy reaches the line.
const A = 6378137;
const F = 1 / 298.257222101;
const E = Math.sqrt(2 * F - F * F);
const RAD = Math.PI / 180;
const M_PER_FT = 1200 / 3937;
const [LAT0, LON0, LAT1, LAT2, X0, Y0] = [41 * RAD, -71.5 * RAD, (42 + 41 / 60) * RAD, (41 + 43 / 60) * RAD, 200000, 750000];
const msfn = (phi) => Math.cos(phi) / Math.sqrt(1 - E * E * Math.sin(phi) ** 2);
const tsfn = (phi) => Math.tan(Math.PI / 4 - phi / 2) / ((1 - E * Math.sin(phi)) / (1 + E * Math.sin(phi))) ** (E / 2);
const N = (Math.log(msfn(LAT1)) - Math.log(msfn(LAT2))) / (Math.log(tsfn(LAT1)) - Math.log(tsfn(LAT2)));
const AF = A * (msfn(LAT1) / (N * tsfn(LAT1) ** N));
const RHO0 = AF * tsfn(LAT0) ** N;

// WGS84 lon/lat -> [east, north] in US survey feet on EPSG:26986.
export function toPlaneFt(lon, lat) {
  const rho = AF * tsfn(lat * RAD) ** N;
  const theta = N * (lon * RAD - LON0);
  return [(X0 + rho * Math.sin(theta)) / M_PER_FT, (Y0 + RHO0 - rho * Math.cos(theta)) / M_PER_FT];
}

// Round a distance >= 0 to 0.1 on its decimal digits: 'half-even' (CONV-DIST) or 'ceiling' (accuracy).
export function roundTenth(x, mode = 'half-even') {
  const [int, frac] = plainDecimal(x);
  const tenths = BigInt(int + (frac[0] || '0'));
  const rest = frac.slice(1);
  let up = false;
  if (mode === 'ceiling') up = /[1-9]/.test(rest);
  else if (rest[0] > '5' || (rest[0] === '5' && /[1-9]/.test(rest.slice(1)))) up = true;
  else if (rest[0] === '5') up = tenths % 2n === 1n;
  const t = tenths + (up ? 1n : 0n);
  return `${t / 10n}.${t % 10n}`;
}

// String(x) without an exponent: ['50', '15'] for 50.15, ['0', '0000001'] for 1e-7.
function plainDecimal(x) {
  if (!(x >= 0) || !Number.isFinite(x)) throw new RangeError(`not a distance: ${x}`);
  const [mantissa, exp = '0'] = String(x).split('e');
  const [i, f = ''] = mantissa.split('.');
  const shift = Number(exp);
  const digits = i + f;
  const point = i.length + shift;
  if (point <= 0) return ['0', '0'.repeat(-point) + digits];
  if (point >= digits.length) return [digits + '0'.repeat(point - digits.length), ''];
  return [digits.slice(0, point), digits.slice(point)];
}

export const feetFromMetres = (metres) => metres / M_PER_FT;

function toSegment([px, py], [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const len = dx * dx + dy * dy;
  const t = len ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len)) : 0;
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function toRings(p, rings) {
  let best = Infinity;
  for (const ring of rings) for (let i = 1; i < ring.length; i++) best = Math.min(best, toSegment(p, ring[i - 1], ring[i]));
  return best;
}

function inside([px, py], rings) {
  let hit = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if ((yi > py) !== (yj > py) && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) hit = !hit;
    }
  }
  return hit;
}

// lines: [{key, label, plane_rings_ft}]; -> {line, distance_ft, accuracy_ft, inside, indeterminate, words}
export function measure(lon, lat, accuracyM, lines) {
  const accuracy = roundTenth(feetFromMetres(accuracyM), 'ceiling');
  if (!lines.length) return { line: null, distance_ft: null, accuracy_ft: accuracy, inside: null, indeterminate: false, words: 'No bylaw line on this site.' };
  const p = toPlaneFt(lon, lat);
  const ranked = lines.map((l) => [toRings(p, l.plane_rings_ft), l]).sort((a, b) => a[0] - b[0] || (a[1].key < b[1].key ? -1 : 1));
  const [raw, line] = ranked[0];
  const distance = roundTenth(raw);
  const indeterminate = Number(accuracy) >= Number(distance);
  const isInside = indeterminate ? null : inside(p, line.plane_rings_ft);
  const words = indeterminate ? `Indeterminate within ±${accuracy} ft of the ${line.label}.`
    : `${distance} ft ${isInside ? 'inside' : 'outside'} the ${line.label}.`;
  return { line: line.label, distance_ft: distance, accuracy_ft: accuracy, inside: isInside, indeterminate, words };
}
