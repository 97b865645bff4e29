// The world drawn from the page data: terrain shaded by what a character can
// do on it, indoor cells seen from outside, portals, objects and buildings.
import {
  BufferGeometry, BufferAttribute, Color, CylinderGeometry, DoubleSide, FrontSide, Group,
  InstancedMesh, LineBasicMaterial, LineSegments, Matrix4, Mesh, MeshBasicMaterial,
  MeshLambertMaterial, SphereGeometry, Vector3, Box3,
} from 'three';

export const COLOURS = {
  walkable: new Color('#7fae62'),
  walkableHigh: new Color('#e4dcc0'),
  steep: new Color('#a0522d'),
  water: new Color('#3d8fd1'),
  room: new Color('#d9cdb8'),
  portal: new Color('#ffd23f'),
  building: new Color('#8a8f99'),
  creature: new Color('#c51b7d'),
  static: new Color('#5b6270'),
  object: new Color('#7a6a58'),
};

function triangles(positions) {
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(positions, 3));
  g.computeVertexNormals();
  return g;
}

function terrainMesh(header, array) {
  const positions = array(header.world.terrain.triangles);
  const classes = array(header.world.terrain.classes);
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 2; i < positions.length; i += 3) {
    lo = Math.min(lo, positions[i]);
    hi = Math.max(hi, positions[i]);
  }
  const colours = new Float32Array(positions.length);
  const c = new Color();
  for (let t = 0; t < classes.length; t++) {
    for (let k = 0; k < 3; k++) {
      const at = 9 * t + 3 * k;
      if (classes[t] === 2) c.copy(COLOURS.water);
      else if (classes[t] === 1) c.copy(COLOURS.steep);
      else c.copy(COLOURS.walkable).lerp(COLOURS.walkableHigh, hi > lo ? (positions[at + 2] - lo) / (hi - lo) : 0.3);
      colours.set([c.r, c.g, c.b], at);
    }
  }
  const g = triangles(positions);
  g.setAttribute('color', new BufferAttribute(colours, 3));
  const mesh = new Mesh(g, new MeshLambertMaterial({ vertexColors: true, side: DoubleSide }));
  mesh.name = 'terrain';
  return mesh;
}

// Land cell edges just above the ground.
function gridLines(header, array) {
  const positions = array(header.world.terrain.triangles);
  const lines = [];
  const cell = 24;
  const onGrid = (v) => Math.abs(v - Math.round(v / cell) * cell) < 1e-2;
  // Edges of terrain triangles that lie on cell lines (not the diagonals), lifted 5 cm.
  for (let t = 0; t < positions.length; t += 9) {
    for (let k = 0; k < 3; k++) {
      const a = t + 3 * k;
      const b = t + 3 * ((k + 1) % 3);
      const ax = positions[a] + header.origin[0];
      const ay = positions[a + 1] + header.origin[1];
      const bx = positions[b] + header.origin[0];
      const by = positions[b + 1] + header.origin[1];
      if ((Math.abs(ax - bx) < 1e-3 && onGrid(ax)) || (Math.abs(ay - by) < 1e-3 && onGrid(ay))) {
        lines.push(positions[a], positions[a + 1], positions[a + 2] + 0.05,
          positions[b], positions[b + 1], positions[b + 2] + 0.05);
      }
    }
  }
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(new Float32Array(lines), 3));
  const grid = new LineSegments(g, new LineBasicMaterial({ color: 0x4a5a3a, transparent: true, opacity: 0.25 }));
  grid.name = 'cell-lines';
  return grid;
}

function cellMeshes(header, array) {
  const group = new Group();
  group.name = 'cells';
  const walls = new MeshLambertMaterial({ color: COLOURS.room, side: FrontSide });
  const portals = new MeshBasicMaterial({ color: COLOURS.portal, transparent: true, opacity: 0.35,
    side: DoubleSide, depthWrite: false });
  for (const cell of header.world.cells) {
    const room = new Mesh(triangles(array(cell.triangles)), walls);
    room.name = `cell ${cell.id}`;
    group.add(room);
    if (cell.portals.count) group.add(new Mesh(triangles(array(cell.portals)), portals));
  }
  return group;
}

function kindColour(kind) {
  return COLOURS[kind] || COLOURS.object;
}

// Spheres and cylinders of every object, one instanced mesh each.
function shapeInstances(header, array) {
  const spheres = [];
  const cylinders = [];
  for (const o of header.world.objects) {
    const s = array(o.spheres);
    for (let i = 0; i < s.length; i += 4) spheres.push([s[i], s[i + 1], s[i + 2], s[i + 3], o.kind]);
    const c = array(o.cylspheres);
    for (let i = 0; i < c.length; i += 5) cylinders.push([c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], o.kind]);
  }
  const group = new Group();
  const m = new Matrix4();
  const material = new MeshLambertMaterial({ color: 0xffffff });
  if (spheres.length) {
    const mesh = new InstancedMesh(new SphereGeometry(1, 20, 14), material, spheres.length);
    spheres.forEach(([x, y, z, r, kind], i) => {
      mesh.setMatrixAt(i, m.makeScale(r, r, r).setPosition(x, y, z));
      mesh.setColorAt(i, kindColour(kind));
    });
    mesh.name = 'object-spheres';
    group.add(mesh);
  }
  if (cylinders.length) {
    const geometry = new CylinderGeometry(1, 1, 1, 20).rotateX(Math.PI / 2).translate(0, 0, 0.5);
    const mesh = new InstancedMesh(geometry, material, cylinders.length);
    cylinders.forEach(([x, y, z, r, h, kind], i) => {
      mesh.setMatrixAt(i, m.makeScale(r, r, h).setPosition(x, y, z));
      mesh.setColorAt(i, kindColour(kind));
    });
    mesh.name = 'object-cylspheres';
    group.add(mesh);
  }
  return group;
}

function objectMeshes(header, array) {
  const solid = new Group();
  const buildings = new Group();
  const ghost = new MeshLambertMaterial({ color: COLOURS.building, transparent: true, opacity: 0.28,
    side: DoubleSide, depthWrite: false });
  const portal = new MeshBasicMaterial({ color: COLOURS.portal, transparent: true, opacity: 0.35,
    side: DoubleSide, depthWrite: false });
  const materials = new Map();
  for (const o of header.world.objects) {
    if (o.triangles.count) {
      const building = o.kind === 'building';
      if (!materials.has(o.kind)) {
        materials.set(o.kind, new MeshLambertMaterial({ color: kindColour(o.kind), side: DoubleSide }));
      }
      const mesh = new Mesh(triangles(array(o.triangles)), building ? ghost : materials.get(o.kind));
      mesh.name = `object ${o.id} ${o.name}`;
      (building ? buildings : solid).add(mesh);
    }
    if (o.portals.count) buildings.add(new Mesh(triangles(array(o.portals)), portal));
  }
  return { solid, buildings, ghost };
}

export function buildWorld(header, array) {
  const world = new Group();
  world.add(terrainMesh(header, array));
  world.add(gridLines(header, array));
  world.add(cellMeshes(header, array));
  world.add(shapeInstances(header, array));
  const objects = objectMeshes(header, array);
  world.add(objects.solid);
  world.add(objects.buildings);
  const bounds = new Box3().setFromObject(world);
  if (bounds.isEmpty()) bounds.set(new Vector3(-10, -10, -1), new Vector3(10, 10, 5));
  return {
    group: world,
    bounds,
    setBuildings(mode) {
      objects.buildings.visible = mode !== 'hidden';
      objects.ghost.transparent = mode === 'ghost';
      objects.ghost.opacity = mode === 'ghost' ? 0.28 : 1;
      objects.ghost.depthWrite = mode !== 'ghost';
      objects.ghost.needsUpdate = true;
    },
  };
}
