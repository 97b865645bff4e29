// The page's controls: character choice, follow, playback, the timeline
// with its event markers, and the inspector.
import { hex } from './data.js';
import { EVENT_COLOURS, PALETTE } from './characters.js';

const $ = (id) => document.getElementById(id);
export const num = (x, digits = 3) => (Number.isFinite(x) ? x.toFixed(digits) : String(x));
export const vec = (v, digits = 3) => (v ? `(${v.map((x) => num(x, digits)).join(', ')})` : '—');
const yes = (b) => (b ? 'yes' : 'no');

function row(table, key, label, value) {
  const tr = document.createElement('tr');
  tr.dataset.key = key;
  const th = document.createElement('th');
  th.textContent = label;
  const td = document.createElement('td');
  td.textContent = value;
  tr.append(th, td);
  table.append(tr);
}

function eventText(e, names) {
  let text = `${names[e.character]}: ${e.event.replace(/_/g, ' ')}`;
  if (e.object !== undefined) text += ` ${e.object}`;
  if (e.cell !== undefined) text += ` ${e.cell}`;
  return text;
}

export class Ui {
  constructor(viewer) {
    this.viewer = viewer;
    const { header, track } = viewer;
    $('title').textContent = header.title || 'transit';
    this.legend();
    this.eventsByTick = new Map();
    if (track) {
      this.names = track.characters.map((c) => c.name);
      track.characters.forEach((c, i) => {
        const option = new Option(c.name + (c.mover !== 'ac' ? ` (${c.mover})` : ''), String(i));
        option.style.color = PALETTE[i % PALETTE.length];
        $('character').append(option);
      });
      for (const e of track.events) {
        if (!this.eventsByTick.has(e.tick)) this.eventsByTick.set(e.tick, []);
        this.eventsByTick.get(e.tick).push(e);
      }
      $('scrub').max = String(track.samples - 1);
    } else {
      for (const id of ['bar', 'tick-events', 'character-choice', 'follow-choice']) $(id).hidden = true;
    }
    if (viewer.moves) this.moveList();
    this.wire();
    if (track) this.showCharacter();
  }

  legend() {
    const items = [['walkable', '#7fae62'], ['too steep', '#a0522d'], ['water', '#3d8fd1'], ['room', '#d9cdb8'],
      ['portal', '#ffd23f'], ['in the air', '#ff9f1c']];
    if (this.viewer.track) {
      items.push(['velocity', '#1f4fff'], ['contact plane', '#18a030'], ['sliding normal', '#e0102a']);
      for (const [k, c] of Object.entries(EVENT_COLOURS)) items.push([k.replace(/_/g, ' '), c]);
    }
    if (this.viewer.moves) items.push(['collision normal', '#ff7f00'], ['sliding normal', '#e0102a']);
    $('legend').innerHTML = '';
    for (const [label, colour] of items) {
      const swatch = document.createElement('span');
      swatch.style.background = colour;
      $('legend').append(swatch, document.createTextNode(label));
    }
  }

  wire() {
    const v = this.viewer;
    $('scrub').addEventListener('input', () => v.setTick(Number($('scrub').value)));
    $('character').addEventListener('change', () => v.select(Number($('character').value)));
    $('follow').addEventListener('change', () => v.setFollow($('follow').checked));
    $('buildings').addEventListener('change', () => this.setBuildings($('buildings').value));
    $('play').addEventListener('click', () => v.play());
    $('back').addEventListener('click', () => v.setTick(v.tick - 1));
    $('forward').addEventListener('click', () => v.setTick(v.tick + 1));
    $('speed').addEventListener('change', () => { v.speed = Number($('speed').value); });
    window.addEventListener('keydown', (e) => {
      if (e.target instanceof HTMLSelectElement || e.target instanceof HTMLInputElement && e.target.type !== 'range') return;
      if (e.key === ' ') { v.play(); e.preventDefault(); }
      if (e.key === 'ArrowLeft') { v.setTick(v.tick - 1); e.preventDefault(); }
      if (e.key === 'ArrowRight') { v.setTick(v.tick + 1); e.preventDefault(); }
      if (e.key === 'f') v.setFollow(!v.follow);
    });
  }

  setBuildings(mode) {
    $('buildings').value = mode;
    this.viewer.world.setBuildings(mode);
    this.viewer.requestRender();
  }

  // The timeline's markers: every event of the selected character.
  showCharacter() {
    const { track, selected } = this.viewer;
    $('character').value = String(selected);
    const markers = $('markers');
    markers.innerHTML = '';
    const last = Math.max(1, track.samples - 1);
    for (const e of track.events) {
      if (e.character !== selected) continue;
      const m = document.createElement('div');
      m.className = `event-marker event-${e.event}`;
      m.dataset.tick = String(e.tick);
      m.dataset.event = e.event;
      m.style.left = `${(100 * Math.min(e.tick, last)) / last}%`;
      m.style.background = EVENT_COLOURS[e.event] || '#000';
      m.title = `${num(e.t, 2)} s: ${eventText(e, this.names)}`;
      m.addEventListener('click', () => this.viewer.setTick(e.tick));
      markers.append(m);
    }
  }

  showFollow() {
    $('follow').checked = this.viewer.follow;
  }

  showPlaying() {
    $('play').innerHTML = this.viewer.playing ? '&#10074;&#10074;' : '&#9654;';
  }

  showTick() {
    const v = this.viewer;
    const s = v.sample();
    $('scrub').value = String(v.tick);
    $('clock').textContent = `tick ${v.tick} / ${v.track.samples - 1} · ${num(s.t, 2)} s`;
    const table = $('inspector');
    table.innerHTML = '';
    row(table, 'character', 'character', this.names[v.selected]);
    row(table, 'tick', 'tick', String(v.tick));
    row(table, 't', 'time (s)', num(s.t, 4));
    row(table, 'cell', 'cell', hex(s.cell) + ((s.cell & 0xffff) >= 0x100 ? ' (indoor)' : ' (outdoor)'));
    row(table, 'local', 'local (m)', vec(s.local));
    row(table, 'global', 'global (m)', vec(s.global));
    row(table, 'heading', 'heading (°)', num(s.heading, 1));
    row(table, 'velocity', 'velocity (m/s)', vec(s.velocity));
    row(table, 'speed', 'speed (m/s)', num(Math.hypot(...s.velocity), 3));
    row(table, 'contact', 'contact', yes(s.contact));
    row(table, 'on_walkable', 'on walkable', yes(s.onWalkable));
    row(table, 'contact_plane', 'contact plane',
      s.plane ? `n ${vec(s.plane.normal, 4)} d ${num(s.plane.d, 3)} in ${hex(s.plane.cell)}${s.water ? ' (water)' : ''}` : '—');
    row(table, 'sliding_normal', 'sliding normal', vec(s.sliding, 4));
    row(table, 'status', 'last step', s.status);
    const list = $('events-now');
    list.innerHTML = '';
    for (const e of this.eventsByTick.get(v.tick) || []) {
      const li = document.createElement('li');
      li.textContent = eventText(e, this.names);
      li.style.color = EVENT_COLOURS[e.event] || '#000';
      list.append(li);
    }
    if (!list.children.length) list.innerHTML = '<li>none</li>';
  }

  moveList() {
    $('move-list').hidden = false;
    const list = $('moves');
    this.viewer.moves.list.forEach((m, i) => {
      const li = document.createElement('li');
      li.textContent = `${m.name} — ${m.status || m.state}`;
      li.addEventListener('click', () => this.viewer.selectMove(i));
      list.append(li);
    });
  }

  showMove(m) {
    const items = $('moves').children;
    for (let i = 0; i < items.length; i++) items[i].classList.toggle('selected', i === this.viewer.moves.index);
    const table = $('inspector');
    table.innerHTML = '';
    if (!m) return;
    const position = (p) => (p ? `${p.cell} ${vec(p.local)}` : '—');
    row(table, 'move', 'move', m.name);
    row(table, 'character', 'character', m.character.name);
    row(table, 'from', 'from', position(m.from));
    row(table, 'to', 'to', position(m.to));
    row(table, 'end', 'end', position(m.end));
    row(table, 'global', 'end global (m)', vec(m.end.global));
    row(table, 'state', 'state', m.state);
    row(table, 'status', 'status', m.status || '—');
    row(table, 'contact', 'contact', yes(m.contact));
    row(table, 'on_walkable', 'on walkable', yes(m.on_walkable));
    row(table, 'contact_plane', 'contact plane',
      m.contact_plane ? `n ${vec(m.contact_plane.normal, 4)} d ${num(m.contact_plane.d, 3)} in ${m.contact_plane.cell}` : '—');
    row(table, 'collision_normal', 'collision normal', vec(m.collision_normal, 4));
    row(table, 'sliding_normal', 'sliding normal', vec(m.sliding_normal, 4));
    row(table, 'steps', 'sub-steps', String(m.steps));
  }
}
