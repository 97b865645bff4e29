// Single transitions (transit move's results): where each began, where it
// was sent, where it ended, and the normal it collided with and slid along.
import {
  BufferAttribute, BufferGeometry, Group, Line, LineBasicMaterial, LineDashedMaterial,
  Mesh, MeshLambertMaterial, SphereGeometry, Vector3,
} from 'three';
import { characterColour, overlayArrow } from './characters.js';

const sphere = new SphereGeometry(1, 18, 12);

function toScene(header, position) {
  const g = position.global;
  return new Vector3(g[0] - header.origin[0], g[1] - header.origin[1], g[2] - header.origin[2]);
}

function body(character, at, material) {
  const group = new Group();
  for (const [x, y, z, r] of character.spheres) {
    const m = new Mesh(sphere, material);
    m.position.set(at.x + x, at.y + y, at.z + z);
    m.scale.setScalar(r);
    group.add(m);
  }
  return group;
}

function line(a, b, material) {
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(new Float32Array([...a.toArray(), ...b.toArray()]), 3));
  const l = new Line(g, material);
  l.computeLineDistances();
  return l;
}

export class Moves {
  constructor(header, scene) {
    this.header = header;
    this.list = header.moves;
    this.index = 0;
    this.group = new Group();
    this.group.name = 'moves';
    scene.add(this.group);
    this.drawn = this.list.map((m, i) => this.draw(m, i));
  }

  draw(m, i) {
    const group = new Group();
    const colour = characterColour(i);
    const end = toScene(this.header, m.end);
    const ghost = new MeshLambertMaterial({ color: 0x9aa3b0, transparent: true, opacity: 0.35, depthWrite: false });
    const solid = new MeshLambertMaterial({ color: colour, transparent: true, opacity: 0.85 });
    group.add(body(m.character, end, solid));
    const lift = new Vector3(0, 0, 0.5);
    if (m.from) {
      const from = toScene(this.header, m.from);
      group.add(body(m.character, from, ghost));
      group.add(line(from.clone().add(lift), end.clone().add(lift), new LineBasicMaterial({ color: colour })));
    }
    if (m.to) {
      const to = toScene(this.header, m.to);
      group.add(line(end.clone().add(lift), to.clone().add(lift),
        new LineDashedMaterial({ color: 0x555555, dashSize: 0.2, gapSize: 0.15 })));
    }
    const centre = end.clone().add(new Vector3(0, 0, 0.9));
    if (m.collision_normal) {
      group.add(overlayArrow(new Vector3(...m.collision_normal).normalize(), centre, 1.2, 0xff7f00));
    }
    if (m.sliding_normal) {
      group.add(overlayArrow(new Vector3(...m.sliding_normal).normalize(), centre, 1.0, 0xe0102a));
    }
    this.group.add(group);
    return { group, end, solid };
  }

  select(index) {
    this.index = Math.max(0, Math.min(this.list.length - 1, index));
    this.drawn.forEach((d, i) => { d.solid.opacity = i === this.index ? 0.95 : 0.35; });
  }

  current() {
    return this.list[this.index];
  }

  focusPoint() {
    const d = this.drawn[this.index];
    return d ? d.end.clone().add(new Vector3(0, 0, 0.9)) : null;
  }
}
