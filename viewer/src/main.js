// The replay page: reads the data transit wrote into the page, draws the
// world and the characters, and plays the trajectory (or shows single
// moves). window.transitViewer is the page's API for scripts and tests.
import {
  AmbientLight, Color, DirectionalLight, HemisphereLight, PerspectiveCamera, Scene, Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { hex, readData, readTrajectory, sampleAt } from './data.js';
import { buildWorld, COLOURS } from './world.js';
import { buildCharacters } from './characters.js';
import { Moves } from './moves.js';
import { Ui } from './ui.js';

class Viewer {
  constructor() {
    const { header, array } = readData();
    this.header = header;
    this.track = readTrajectory(header, array);
    this.canvas = document.getElementById('canvas');
    // A crowd is drawn without multisampling: on software WebGL it costs more than the crowd.
    const crowd = this.track && this.track.characters.length > 1000;
    this.renderer = new WebGLRenderer({ canvas: this.canvas, antialias: !crowd });
    this.renderer.setPixelRatio(window.devicePixelRatio || 1);
    this.scene = new Scene();
    this.scene.background = new Color('#b9d3e8');
    this.camera = new PerspectiveCamera(50, 1, 0.05, 50000);
    this.camera.up.set(0, 0, 1);
    this.addLights();
    this.world = buildWorld(header, array);
    this.scene.add(this.world.group);
    this.controls = new OrbitControls(this.camera, this.canvas);
    this.controls.enableDamping = false;
    this.controls.addEventListener('change', () => this.requestRender());
    this.tick = 0;
    this.selected = 0;
    this.follow = false;
    this.playing = false;
    this.speed = 1;
    if (this.track) {
      this.characters = buildCharacters(this.track);
      this.characters.events.show(this.selected);
      this.scene.add(this.characters.group);
    }
    this.moves = header.moves ? new Moves(header, this.scene) : null;
    this.ui = new Ui(this);
    this.overview();
    window.addEventListener('resize', () => this.resize());
    this.resize();
    this.setTick(0);
    if (this.moves) this.selectMove(0);
    requestAnimationFrame((t) => this.frame(t));
  }

  addLights() {
    this.scene.add(new HemisphereLight(0xffffff, 0x5a5040, 1.6));
    this.scene.add(new AmbientLight(0xffffff, 0.4));
    const sun = new DirectionalLight(0xffffff, 1.6);
    sun.position.set(0.4, -0.6, 1);
    this.scene.add(sun);
  }

  resize() {
    const { clientWidth: w, clientHeight: h } = this.canvas.parentElement;
    this.renderer.setSize(w, h, false);
    this.camera.aspect = w / Math.max(1, h);
    this.camera.updateProjectionMatrix();
    this.requestRender();
  }

  // The whole world from the south-west, above.
  overview() {
    const b = this.world.bounds;
    const centre = b.getCenter(new Vector3());
    const size = b.getSize(new Vector3());
    const reach = Math.max(size.x, size.y, 20);
    this.lookAt(centre.clone().add(new Vector3(-0.35 * reach, -0.75 * reach, 0.55 * reach)), centre);
  }

  // Camera at `eye` looking at `target`, both in scene coordinates.
  lookAt(eye, target) {
    this.camera.position.copy(eye);
    this.controls.target.copy(target);
    this.controls.update();
    this.requestRender();
  }

  characterCount() {
    return this.track ? this.track.characters.length : 0;
  }

  sample(character = this.selected, tick = this.tick) {
    return sampleAt(this.track, this.header, character, tick);
  }

  bodyHeight(character) {
    const c = this.track.characters[character];
    if (c.box) return c.box.maxs[2] - c.box.mins[2];
    return c.spheres.reduce((h, s) => Math.max(h, s[2] + s[3]), 0);
  }

  setTick(tick) {
    if (!this.track) return;
    const previous = this.follow ? this.bodyCentre() : null;
    this.tick = Math.max(0, Math.min(this.track.samples - 1, Math.round(tick)));
    const n = this.track.samples;
    const at = new Vector3();
    this.characters.bodies.update(
      (i) => at.fromArray(this.track.scene, 3 * (i * n + this.tick)),
      (i) => this.track.heading[i * n + this.tick]);
    this.characters.selection.update(this.sample(), this.bodyHeight(this.selected));
    if (previous) this.keepFollowing(previous);
    this.ui.showTick();
    this.requestRender();
  }

  select(character) {
    if (!this.track) return;
    this.selected = Math.max(0, Math.min(this.characterCount() - 1, character));
    this.characters.events.show(this.selected);
    this.ui.showCharacter();
    this.setTick(this.tick);
    if (this.follow) this.focus();
  }

  bodyCentre() {
    const s = this.sample();
    return new Vector3(...s.scene).add(new Vector3(0, 0, this.bodyHeight(this.selected) / 2));
  }

  // Moves the camera with the selected character, keeping its offset.
  keepFollowing(previous) {
    const now = this.bodyCentre();
    this.camera.position.add(now.clone().sub(previous));
    this.controls.target.copy(now);
    this.controls.update();
  }

  // Looks at the selected character from 9 m behind and above.
  focus() {
    const centre = this.bodyCentre();
    const h = (this.sample().heading * Math.PI) / 180;
    const back = new Vector3(-Math.sin(h), -Math.cos(h), 0).multiplyScalar(7);
    this.lookAt(centre.clone().add(back).add(new Vector3(0, 0, 5)), centre);
  }

  setFollow(on) {
    this.follow = Boolean(on);
    this.ui.showFollow();
    if (this.follow && this.track) this.focus();
  }

  selectMove(index) {
    if (!this.moves) return;
    this.moves.select(index);
    this.ui.showMove(this.moves.current());
    const focus = this.moves.focusPoint();
    if (focus) this.lookAt(focus.clone().add(new Vector3(-4, -7, 6)), focus);
    this.requestRender();
  }

  play(on = !this.playing) {
    if (!this.track) return;
    this.playing = Boolean(on);
    if (this.playing && this.tick >= this.track.samples - 1) this.setTick(0);
    this.lastTime = null;
    this.carry = 0;
    this.ui.showPlaying();
  }

  frame(time) {
    if (this.playing && this.track) {
      if (this.lastTime !== null) {
        this.carry += ((time - this.lastTime) / 1000) * this.speed;
        const ticks = Math.floor(this.carry / this.track.dt);
        if (ticks > 0) {
          this.carry -= ticks * this.track.dt;
          this.setTick(this.tick + ticks);
          if (this.tick >= this.track.samples - 1) this.play(false);
        }
      }
      this.lastTime = time;
    }
    if (this.dirty) this.render();
    requestAnimationFrame((t) => this.frame(t));
  }

  requestRender() {
    this.dirty = true;
  }

  render() {
    this.dirty = false;
    this.renderer.render(this.scene, this.camera);
  }
}

// The API tests and scripts use; positions are global metres.
function api(viewer) {
  const toScene = (g) => new Vector3(g[0] - viewer.header.origin[0], g[1] - viewer.header.origin[1],
    g[2] - viewer.header.origin[2]);
  return {
    ready: true,
    header: viewer.header,
    samples: () => (viewer.track ? viewer.track.samples : 0),
    characters: () => (viewer.track ? viewer.track.characters.map((c) => c.name) : []),
    tick: () => viewer.tick,
    setTick: (t) => viewer.setTick(t),
    select: (i) => viewer.select(i),
    setFollow: (on) => viewer.setFollow(on),
    play: (on) => viewer.play(on),
    selectMove: (i) => viewer.selectMove(i),
    lookAt: (eye, target) => viewer.lookAt(toScene(eye), toScene(target)),
    overview: () => viewer.overview(),
    setBuildings: (mode) => viewer.ui.setBuildings(mode),
    eventMarkerCount: () => (viewer.characters ? viewer.characters.events.count : 0),
    // Renders now; then the canvas size (CSS pixels) and the matrix taking
    // global points to clip space, column-major.
    render: () => {
      viewer.render();
      viewer.camera.updateMatrixWorld();
      const m = viewer.camera.projectionMatrix.clone().multiply(viewer.camera.matrixWorldInverse);
      const rect = viewer.canvas.getBoundingClientRect();
      return { matrix: m.elements.slice(), origin: viewer.header.origin, left: rect.left, top: rect.top,
        width: rect.width, height: rect.height };
    },
    sample: (c, t) => (viewer.track ? sampleAt(viewer.track, viewer.header, c, t) : null),
    hex,
    colours: COLOURS,
  };
}

try {
  const viewer = new Viewer();
  window.transitViewer = api(viewer);
} catch (e) {
  document.getElementById('title').textContent = `cannot show this page: ${e.message}`;
  throw e;
}
