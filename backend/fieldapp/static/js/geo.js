// The phone's position (browsers strip GPS from photos, so the app measures it at capture) and distances.
const EARTH_M = 6371008.8;
const FT_PER_M = 3.28084;
let last = null;

// Resolves {lat, lon, accuracy_m, captured_at} or null (no permission, no fix within the timeout).
export function position({ maxAgeMs = 30000, timeoutMs = 10000 } = {}) {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) => {
        last = { lat: p.coords.latitude, lon: p.coords.longitude, accuracy_m: p.coords.accuracy,
          captured_at: new Date(p.timestamp || Date.now()).toISOString() };
        resolve(last);
      },
      () => resolve(null),
      { enableHighAccuracy: true, maximumAge: maxAgeMs, timeout: timeoutMs },
    );
  });
}

// The position if it comes within `waitMs` (a pending permission prompt must not hold a page), else the last one.
export function positionSoon(waitMs = 4000) {
  return Promise.race([position(), new Promise((resolve) => setTimeout(() => resolve(last), waitMs))]);
}

export function haversineM(lat1, lon1, lat2, lon2) {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_M * Math.asin(Math.sqrt(a));
}

// Distance in feet from a point to a GeoJSON geometry (0 inside a polygon), on a local flat projection:
// good to a foot or so over a site; the server's zone check (EPSG:26986) is the one of record.
export function distanceFt(lat, lon, geometry) {
  if (!geometry) return null;
  const project = ([x, y]) => [
    (x - lon) * (Math.PI / 180) * EARTH_M * Math.cos(lat * Math.PI / 180) * FT_PER_M,
    (y - lat) * (Math.PI / 180) * EARTH_M * FT_PER_M,
  ];
  const lines = linesOf(geometry).map((line) => line.map(project));
  if (!lines.length) return null;
  if (geometry.type.endsWith('Polygon') && polygonsOf(geometry).some((rings) => inside(rings.map((r) => r.map(project))))) return 0;
  return Math.min(...lines.map(distanceToLine));
}

function linesOf(g) {
  switch (g.type) {
    case 'Point': return [[g.coordinates]];
    case 'MultiPoint': return g.coordinates.map((c) => [c]);
    case 'LineString': return [g.coordinates];
    case 'MultiLineString': case 'Polygon': return g.coordinates;
    case 'MultiPolygon': return g.coordinates.flat();
    default: return [];
  }
}

const polygonsOf = (g) => (g.type === 'Polygon' ? [g.coordinates] : g.coordinates);

function inside(rings) {
  const crossings = (ring) => {
    let hit = false;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if ((yi > 0) !== (yj > 0) && 0 < ((xj - xi) * (0 - yi)) / (yj - yi) + xi) hit = !hit;
    }
    return hit;
  };
  return crossings(rings[0]) && !rings.slice(1).some(crossings);
}

function distanceToLine(points) {
  if (points.length === 1) return Math.hypot(...points[0]);
  let best = Infinity;
  for (let i = 1; i < points.length; i++) best = Math.min(best, toSegment(points[i - 1], points[i]));
  return best;
}

function toSegment([ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const len = dx * dx + dy * dy;
  const t = len ? Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len)) : 0;
  return Math.hypot(ax + t * dx, ay + t * dy);
}
