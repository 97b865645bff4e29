// Characters drawn as what they collide with (their spheres, or the Quake /
// Tribes box), their paths, the marker of the selected one, its velocity,
// contact plane and sliding normal, and a marker for every event.
import {
  ArrowHelper, BoxGeometry, IcosahedronGeometry, BufferAttribute, BufferGeometry, Color, Group, InstancedMesh, Line,
  LineBasicMaterial, Matrix4, MeshLambertMaterial, OctahedronGeometry, Points, PointsMaterial,
  Quaternion, SphereGeometry, Vector3, MeshBasicMaterial, Mesh, CircleGeometry, DoubleSide,
} from 'three';

export const PALETTE = ['#d7191c', '#2c7bb6', '#7b3294', '#1a9641', '#e66101', '#404040', '#0aa3a3', '#b8860b'];
export const AIR_COLOUR = '#ff9f1c';
// Seen nowhere else on the page, so a screenshot can find the marker.
export const MARKER_COLOUR = '#ff00ff';
export const EVENT_COLOURS = {
  collided_object: '#c51b7d',
  collided_environment: '#8c6d31',
  blocked: '#e31a1c',
  landed: '#33a02c',
  left_ground: '#ff7f00',
  entered_cell: '#1f78b4',
  jumped: '#6a3d9a',
  jump_refused: '#999999',
  move_arrived: '#00a651',
  move_blocked: '#b2182b',
  move_timed_out: '#8073ac',
  move_too_far: '#e08214',
  move_cancelled: '#bababa',
  target_gone: '#542788',
  stick_ended: '#4d4d4d',
  gave_up: '#d6604d',
  teleported_home: '#2166ac',
};
const MAX_PATHS = 32;

// An arrow drawn over everything: normals start inside the body's spheres.
export function overlayArrow(direction, origin, length, colour, head = 0.3, width = 0.18) {
  const arrow = new ArrowHelper(direction, origin, length, colour, head, width);
  arrow.traverse((part) => {
    if (!part.material) return;
    part.material.depthTest = false;
    part.material.transparent = true;
    part.renderOrder = 900;
  });
  return arrow;
}

export function characterColour(index) {
  return new Color(PALETTE[index % PALETTE.length]);
}

// Shapes of every character, one instanced mesh for spheres and one for boxes.
class Bodies {
  constructor(characters) {
    this.characters = characters;
    this.sphereSlots = [];
    this.boxSlots = [];
    characters.forEach((c, i) => {
      if (c.box) this.boxSlots.push(i);
      else c.spheres.forEach((s) => this.sphereSlots.push([i, s]));
    });
    this.group = new Group();
    this.group.name = 'characters';
    const material = new MeshLambertMaterial({ color: 0xffffff });
    if (this.sphereSlots.length) {
      // Crowds get 20-face spheres: 10,000 characters are 20,000 instances.
      const coarse = this.sphereSlots.length > 2000;
      const geometry = coarse ? new IcosahedronGeometry(1, 0) : new SphereGeometry(1, 18, 12);
      this.spheres = new InstancedMesh(geometry, material, this.sphereSlots.length);
      this.sphereSlots.forEach(([i], k) => this.spheres.setColorAt(k, characterColour(i)));
      this.group.add(this.spheres);
    }
    if (this.boxSlots.length) {
      this.boxes = new InstancedMesh(new BoxGeometry(1, 1, 1).translate(0.5, 0.5, 0.5), material, this.boxSlots.length);
      this.boxSlots.forEach((i, k) => this.boxes.setColorAt(k, characterColour(i)));
      this.group.add(this.boxes);
    }
  }

  // position(i) gives a character's feet in scene coordinates, heading(i) degrees.
  update(position, heading) {
    const m = new Matrix4();
    const q = new Quaternion();
    const z = new Vector3(0, 0, 1);
    const at = new Vector3();
    const scale = new Vector3();
    if (this.spheres) {
      this.sphereSlots.forEach(([i, s], k) => {
        q.setFromAxisAngle(z, (-heading(i) * Math.PI) / 180);
        at.set(s[0], s[1], s[2]).applyQuaternion(q).add(position(i));
        this.spheres.setMatrixAt(k, m.compose(at, q, scale.set(s[3], s[3], s[3])));
      });
      this.spheres.instanceMatrix.needsUpdate = true;
      this.spheres.computeBoundingSphere();
    }
    if (this.boxes) {
      this.boxSlots.forEach((i, k) => {
        const { mins, maxs } = this.characters[i].box;
        at.set(mins[0], mins[1], mins[2]).add(position(i));
        scale.set(maxs[0] - mins[0], maxs[1] - mins[1], maxs[2] - mins[2]);
        this.boxes.setMatrixAt(k, m.compose(at, q.identity(), scale));
      });
      this.boxes.instanceMatrix.needsUpdate = true;
      this.boxes.computeBoundingSphere();
    }
  }
}

// Each character's path, in its colour on the ground and orange in the air.
function paths(track) {
  const group = new Group();
  group.name = 'paths';
  const count = Math.min(track.characters.length, MAX_PATHS);
  const air = new Color(AIR_COLOUR);
  for (let c = 0; c < count; c++) {
    const n = track.samples;
    const colours = new Float32Array(3 * n);
    const own = characterColour(c);
    for (let i = 0; i < n; i++) {
      const colour = track.flags[c * n + i] & 2 ? own : air;
      colours.set([colour.r, colour.g, colour.b], 3 * i);
    }
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(track.scene.subarray(3 * c * n, 3 * (c + 1) * n), 3));
    g.setAttribute('color', new BufferAttribute(colours, 3));
    const line = new Line(g, new LineBasicMaterial({ vertexColors: true }));
    line.name = `path ${track.characters[c].name}`;
    group.add(line);
  }
  return group;
}

// A small diamond over the spot of each event, coloured by kind: every
// character's events, or in a crowd (more characters than paths drawn) the
// selected character's.
class EventMarkers {
  constructor(track) {
    this.track = track;
    this.mesh = new InstancedMesh(new OctahedronGeometry(0.22), new MeshBasicMaterial({ color: 0xffffff }),
      Math.max(1, track.events.length));
    this.mesh.name = 'event-markers';
    this.show(null);
  }

  show(character) {
    const { track, mesh } = this;
    const crowd = track.characters.length > MAX_PATHS;
    const events = crowd ? track.events.filter((e) => e.character === character) : track.events;
    const m = new Matrix4();
    const colour = new Color();
    events.forEach((e, k) => {
      const i = 3 * (e.character * track.samples + Math.min(e.tick, track.samples - 1));
      mesh.setMatrixAt(k, m.makeTranslation(track.scene[i], track.scene[i + 1], track.scene[i + 2] + 2.1));
      mesh.setColorAt(k, colour.set(EVENT_COLOURS[e.event] || '#000000'));
    });
    mesh.count = events.length;
    mesh.instanceMatrix.needsUpdate = true;
    if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
    mesh.computeBoundingSphere();
  }

  get count() {
    return this.mesh.count;
  }
}

// The selected character's marker (a fixed-size square drawn over
// everything), its velocity, contact plane and sliding normal.
class Selection {
  constructor() {
    this.group = new Group();
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(new Float32Array(3), 3));
    // Transparent so that it is drawn after the see-through bodies and buildings, and so over them.
    this.marker = new Points(g, new PointsMaterial({ color: MARKER_COLOUR, size: 9, sizeAttenuation: false,
      depthTest: false, depthWrite: false, transparent: true }));
    this.marker.renderOrder = 1000;
    this.marker.frustumCulled = false;
    this.marker.name = 'selected-marker';
    const arrow = (colour) => {
      const a = overlayArrow(new Vector3(0, 0, 1), new Vector3(), 1, colour, 0.25, 0.15);
      a.visible = false;
      this.group.add(a);
      return a;
    };
    this.velocity = arrow(0x1f4fff);
    this.planeNormal = arrow(0x18a030);
    this.slidingNormal = arrow(0xe0102a);
    this.disc = new Mesh(new CircleGeometry(0.7, 24), new MeshBasicMaterial({ color: 0x18a030, transparent: true,
      opacity: 0.3, side: DoubleSide, depthWrite: false }));
    this.disc.visible = false;
    this.group.add(this.marker, this.disc);
  }

  update(sample, height) {
    const [x, y, z] = sample.scene;
    this.marker.geometry.attributes.position.array.set([x, y, z]);
    this.marker.geometry.attributes.position.needsUpdate = true;
    this.marker.geometry.computeBoundingSphere();
    const centre = new Vector3(x, y, z + height / 2);
    const v = new Vector3(...sample.velocity);
    this.show(this.velocity, centre, v, Math.min(v.length() * 0.3, 6));
    const plane = sample.plane ? new Vector3(...sample.plane.normal) : null;
    this.show(this.planeNormal, new Vector3(x, y, z), plane, 1.2);
    this.disc.visible = Boolean(plane);
    if (plane) {
      this.disc.position.set(x, y, z + 0.02);
      this.disc.quaternion.setFromUnitVectors(new Vector3(0, 0, 1), plane.clone().normalize());
    }
    this.show(this.slidingNormal, centre, sample.sliding ? new Vector3(...sample.sliding) : null, 1.2);
  }

  show(arrow, origin, direction, length) {
    arrow.visible = Boolean(direction) && direction.lengthSq() > 1e-8 && length > 1e-3;
    if (!arrow.visible) return;
    arrow.position.copy(origin);
    arrow.setDirection(direction.clone().normalize());
    arrow.setLength(length, Math.min(0.3, length * 0.4), Math.min(0.18, length * 0.3));
  }
}

export function buildCharacters(track) {
  const bodies = new Bodies(track.characters);
  const selection = new Selection();
  const events = new EventMarkers(track);
  const group = new Group();
  group.add(bodies.group, paths(track), events.mesh, selection.group);
  return { group, bodies, selection, events };
}

export { Bodies, Selection };
