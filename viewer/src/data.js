// The page's data ("transit-view/1", docs/viewer.md): the JSON header and
// the binary block its arrays point into.

function decodeBase64(text) {
  if (Uint8Array.fromBase64) return Uint8Array.fromBase64(text);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const ARRAY_TYPES = { f32: Float32Array, u32: Uint32Array, u8: Uint8Array };

export function readData(doc = document) {
  const header = JSON.parse(doc.getElementById('transit-header').textContent);
  if (header.format !== 'transit-view/1') throw new Error(`unknown page data format ${header.format}`);
  const bytes = decodeBase64(doc.getElementById('transit-blob').textContent.trim());
  const array = (ref) => {
    if (!ref || ref.count === 0) return new (ARRAY_TYPES[ref ? ref.type : 'f32'])(0);
    return new ARRAY_TYPES[ref.type](bytes.buffer, bytes.byteOffset + ref.offset, ref.count);
  };
  return { header, array };
}

export const hex = (id) => '0x' + (id >>> 0).toString(16).toUpperCase().padStart(8, '0');

// Landblock-local points of cell `cell` as global coordinates minus the page
// origin (what the scene is drawn in).
export function toScene(header, cell, x, y, z, out, at) {
  const block = header.block_length;
  out[at] = (cell >>> 24) * block + x - header.origin[0];
  out[at + 1] = ((cell >>> 16) & 0xff) * block + y - header.origin[1];
  out[at + 2] = z - header.origin[2];
}

// The trajectory as typed arrays, sample index = character * samples + tick;
// `scene` holds every sample's position in scene coordinates.
export function readTrajectory(header, array) {
  const t = header.trajectory;
  if (!t) return null;
  const track = {
    dt: t.dt,
    samples: t.samples,
    characters: t.characters,
    local: array(t.local),
    heading: array(t.heading),
    velocity: array(t.velocity),
    cell: array(t.cell),
    flags: array(t.flags),
    status: array(t.status),
    statusNames: t.status_names,
    plane: array(t.plane),
    planeCells: array(t.plane_cells),
    sliding: array(t.sliding),
    planes: array(t.planes),
    normals: array(t.normals),
    events: t.events,
  };
  const n = track.cell.length;
  track.scene = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) {
    toScene(header, track.cell[i], track.local[3 * i], track.local[3 * i + 1], track.local[3 * i + 2],
      track.scene, 3 * i);
  }
  return track;
}

// Everything the inspector shows of one character at one tick.
export function sampleAt(track, header, character, tick) {
  const i = character * track.samples + tick;
  const v3 = (a, k) => [a[3 * k], a[3 * k + 1], a[3 * k + 2]];
  const local = v3(track.local, i);
  const cell = track.cell[i];
  const block = header.block_length;
  // In float, as transit computes and writes it.
  const global = [Math.fround((cell >>> 24) * block + local[0]), Math.fround(((cell >>> 16) & 0xff) * block + local[1]),
    local[2]];
  const p = track.plane[i];
  const s = track.sliding[i];
  const flags = track.flags[i];
  return {
    tick,
    t: tick * track.dt,
    cell,
    local,
    global,
    scene: v3(track.scene, i),
    heading: track.heading[i],
    velocity: v3(track.velocity, i),
    contact: (flags & 1) !== 0,
    onWalkable: (flags & 2) !== 0,
    water: (flags & 4) !== 0,
    plane: p ? { normal: v3(track.planes.subarray(4 * (p - 1)), 0), d: track.planes[4 * (p - 1) + 3],
      cell: track.planeCells[p - 1] } : null,
    sliding: s ? v3(track.normals, s - 1) : null,
    status: track.statusNames[track.status[i]] || String(track.status[i]),
  };
}
