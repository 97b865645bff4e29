"""Worlds, the objects in them, and their characters."""

import numpy as np

from ._native import check, ffi, lib
from .values import (STATE_DTYPE, CharacterDef, CharacterState, Controls, MoveStatus, Position,
                     TraceHit)
from .shapes import object_def


class _Owner:
    """A native thing freed by close(), by leaving a `with` block, or when
    collected. After close() its id is stale: calls raise InvalidId."""

    _destroy = None
    _closed = False

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        if not self._closed:
            self._closed = True
            type(self)._destroy(self._id[0])

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    @property
    def _native(self):
        return self._id[0]


class World(_Owner):
    """A world characters move through. Closing it destroys its characters
    and objects: their handles then raise InvalidId."""

    _destroy = lib.tr_DestroyWorld

    def __init__(self, world_id):
        self._id = world_id
        self._batch = {}

    @staticmethod
    def demo():
        """The built-in demo world (a village, a house with a stair hall, ramps)."""
        out = ffi.new("tr_WorldId*")
        check(lib.tr_CreateDemoWorld(out))
        return World(out)

    @staticmethod
    def bake(scene_path, out_path):
        """Builds a scene file's world once and writes it, BSP trees included,
        to out_path: a baked world from_file loads without building
        (docs/baked-worlds.md)."""
        check(lib.tr_BakeSceneFile(str(scene_path).encode(), str(out_path).encode()))

    @staticmethod
    def from_file(path):
        """A world from a scene file or a baked world."""
        out = ffi.new("tr_WorldId*")
        check(lib.tr_CreateWorldFromFile(str(path).encode(), out))
        return World(out)

    @staticmethod
    def from_dat(dat_dir, landblocks):
        """A world of retail landblocks (ids 0xXXYY) read from a data directory
        holding client_cell_1.dat and client_portal.dat: terrain, indoor cells,
        static objects and doorways, colliding through retail's own BSP trees
        (docs/retail-data.md)."""
        ids = list(landblocks)
        out = ffi.new("tr_WorldId*")
        check(lib.tr_CreateWorldFromDat(str(dat_dir).encode(), ffi.new("uint16_t[]", ids) if ids else ffi.NULL,
                                        len(ids), out))
        return World(out)

    @staticmethod
    def from_json(text, base_dir=None):
        out = ffi.new("tr_WorldId*")
        check(lib.tr_CreateWorldFromJson(text.encode(), base_dir.encode() if base_dir else ffi.NULL, out))
        return World(out)

    @staticmethod
    def from_scene(scene):
        out = ffi.new("tr_WorldId*")
        check(lib.tr_CreateWorld(scene._native, out))
        return World(out)

    @property
    def object_slots(self):
        """Object slots in use or free: bounded by the most objects ever present at once."""
        n = ffi.new("int32_t*")
        check(lib.tr_World_GetObjectCount(self._native, n))
        return n[0]

    def resolve(self, global_point):
        out = ffi.new("tr_Position*")
        check(lib.tr_World_ResolveGlobal(self._native, tuple(global_point), out))
        return Position.from_c(out)

    def to_global(self, position):
        out = ffi.new("tr_Vec3*")
        check(lib.tr_World_ToGlobal(self._native, position.to_c()[0], out))
        return (out.x, out.y, out.z)

    def create_character(self, position, definition=None):
        """A character of this world at `position`, not yet placed."""
        d = (definition or CharacterDef()).to_c()
        out = ffi.new("tr_CharacterId*")
        check(lib.tr_CreateCharacter(self._native, d, position.to_c()[0], out))
        return Character(self, out)

    def add_object(self, definition):
        """Adds an ObjectDef; returns its ObjectHandle."""
        native, _keep = object_def(definition)
        out = ffi.new("tr_ObjectId*")
        check(lib.tr_World_AddObject(self._native, native, out))
        return ObjectHandle(out)

    def trace_sphere(self, frame_cell, start, end, radius):
        out = ffi.new("tr_TraceResult*")
        check(lib.tr_World_TraceSphere(self._native, frame_cell, tuple(start), tuple(end), radius, out))
        return _trace(out)

    def trace_box(self, frame_cell, start, end, mins, maxs):
        out = ffi.new("tr_TraceResult*")
        check(lib.tr_World_TraceBox(self._native, frame_cell, tuple(start), tuple(end), tuple(mins),
                                    tuple(maxs), out))
        return _trace(out)

    def update_characters(self, characters, dt, controls=None, threads=1):
        """Updates many characters of this world by dt in one native call, on
        `threads` threads (bit-identical to one). `controls` may be one
        Controls for all, a list (one each), or None (keep theirs). Returns
        their states as a NumPy structured array (STATE_DTYPE: "origin" is
        (N, 3) float32, "cell", "status" ...)."""
        ids, states = self._batch_buffers(characters)
        check(lib.tr_World_UpdateCharacters(self._native, ids, _controls(controls, len(characters)),
                                            len(characters), dt, threads, states, ffi.NULL))
        return np.frombuffer(bytearray(ffi.buffer(states, len(characters) * STATE_DTYPE.itemsize)), STATE_DTYPE)

    def move_characters(self, characters, targets, threads=1):
        """One transition per character, each to its target Position."""
        ids, states = self._batch_buffers(characters)
        native_targets = ffi.new("tr_Position[]", [t.to_c()[0] for t in targets])
        check(lib.tr_World_MoveCharacters(self._native, ids, native_targets, len(characters), threads,
                                          states, ffi.NULL))
        return np.frombuffer(bytearray(ffi.buffer(states, len(characters) * STATE_DTYPE.itemsize)), STATE_DTYPE)

    def _batch_buffers(self, characters):
        key = tuple(id(c) for c in characters)
        cached = self._batch.get("ids")
        if cached is None or cached[0] != key:
            ids = ffi.new("tr_CharacterId[]", [c._native for c in characters])
            self._batch["ids"] = (key, ids, ffi.new("tr_CharacterState[]", max(1, len(characters))))
        _, ids, states = self._batch["ids"]
        return ids, states


def _controls(controls, count):
    if controls is None:
        return ffi.NULL
    if isinstance(controls, Controls):
        controls = [controls] * count
    return ffi.new("tr_Controls[]", [c.to_c()[0] for c in controls])


def _trace(r):
    return {"fraction": r.fraction, "end_position": (r.end_position.x, r.end_position.y, r.end_position.z),
            "normal": (r.normal.x, r.normal.y, r.normal.z), "start_solid": bool(r.start_solid),
            "all_solid": bool(r.all_solid), "hit": TraceHit(r.hit), "cell": r.cell, "object_id": r.object_id}


class ObjectHandle:
    """An object added to a world; stale once removed or its world closed."""

    def __init__(self, object_id):
        self._id = object_id

    def move(self, position):
        check(lib.tr_World_MoveObject(self._id[0], position.to_c()[0]))

    def remove(self):
        check(lib.tr_World_RemoveObject(self._id[0]))

    @property
    def position(self):
        out = ffi.new("tr_Position*")
        check(lib.tr_World_GetObjectPosition(self._id[0], out))
        return Position.from_c(out)


class Character(_Owner):
    """A character of a world (the C++ transit::Character)."""

    _destroy = lib.tr_DestroyCharacter

    def __init__(self, world, character_id):
        self.world = world
        self._id = character_id

    def place(self):
        """Retail placement at the current position."""
        status = ffi.new("tr_MoveStatus*")
        check(lib.tr_Character_Place(self._native, status))
        return MoveStatus(status[0])

    def move_to(self, target):
        status = ffi.new("tr_MoveStatus*")
        check(lib.tr_Character_MoveTo(self._native, target.to_c()[0], status))
        return MoveStatus(status[0])

    def update(self, dt):
        """Advances the character by dt seconds under its controls."""
        status = ffi.new("tr_MoveStatus*")
        check(lib.tr_Character_Update(self._native, dt, status))
        return MoveStatus(status[0])

    def set_controls(self, controls):
        check(lib.tr_Character_SetControls(self._native, controls.to_c()))

    def jump(self, extent):
        started = ffi.new("bool*")
        check(lib.tr_Character_Jump(self._native, extent, started))
        return bool(started[0])

    def teleport(self, position):
        check(lib.tr_Character_Teleport(self._native, position.to_c()[0]))

    def set_velocity(self, velocity):
        check(lib.tr_Character_SetVelocity(self._native, tuple(velocity)))

    @property
    def state(self):
        out = ffi.new("tr_CharacterState*")
        check(lib.tr_Character_GetState(self._native, out))
        return CharacterState.from_c(out)

    @property
    def position(self):
        return self.state.position

    def __del__(self):
        pass  # its world owns it: freed with the world unless closed before
