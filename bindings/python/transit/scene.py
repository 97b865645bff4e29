"""Scenes described in code (or read), and simulations of their characters."""

import enum

from ._native import check, ffi, lib
from .shapes import cell_def, object_def
from .values import (CharacterDef, CharacterState, EventKind, MovementKind, MovementProgress,
                     MoveToParams)
from .world import _Owner


class Scene(_Owner):
    """A world described before it is built, and a simulation's characters."""

    _destroy = lib.tr_DestroyScene

    def __init__(self, scene_id=None):
        if scene_id is None:
            scene_id = ffi.new("tr_SceneId*")
            check(lib.tr_CreateScene(scene_id))
        self._id = scene_id

    @staticmethod
    def from_file(path):
        out = ffi.new("tr_SceneId*")
        check(lib.tr_LoadScene(str(path).encode(), out))
        return Scene(out)

    @staticmethod
    def from_json(text, base_dir=None):
        out = ffi.new("tr_SceneId*")
        check(lib.tr_ParseScene(text.encode(), base_dir.encode() if base_dir else ffi.NULL, out))
        return Scene(out)

    def add_landblock(self, x, y, heights=None, flat=0.0):
        """A terrain landblock: 81 heights (index vx * 9 + vy), or flat."""
        native = ffi.NULL if heights is None else ffi.new("float[81]", list(heights))
        check(lib.tr_Scene_AddLandblock(self._native, x, y, native, flat))
        return self

    def add_cell(self, definition):
        native, _keep = cell_def(definition)
        check(lib.tr_Scene_AddCell(self._native, native))
        return self

    def add_object(self, definition):
        native, _keep = object_def(definition)
        check(lib.tr_Scene_AddObject(self._native, native))
        return self

    def add_character(self, name, position, definition=None):
        d = (definition or CharacterDef()).to_c()
        check(lib.tr_Scene_AddCharacter(self._native, d, name.encode(), position.to_c()[0]))
        return self


class Scheduling(enum.IntEnum):
    """How a step hands characters to its threads (the same bits either way)."""

    BLOCKS = lib.tr_schedulingBlocks
    LANDBLOCK_GROUPS = lib.tr_schedulingLandblockGroups


class Simulation(_Owner):
    """A copy of a world with a scene's characters, which collide with each
    other by retail's rules, stepped together on `threads` threads, handed
    to them in blocks or by landblock group (`scheduling`, groups of
    `landblock_group_span` x `landblock_group_span` landblocks)."""

    _destroy = lib.tr_DestroySimulation

    def __init__(self, world, scene, threads=1, scheduling=Scheduling.BLOCKS, landblock_group_span=2):
        options = ffi.new("tr_SimulationDef*", lib.tr_DefaultSimulationDef())
        options.threads = threads
        self._id = ffi.new("tr_SimulationId*")
        check(lib.tr_CreateSimulation(world._native, scene._native, options, self._id))
        self._events = ffi.new("tr_Event[]", 256)
        if scheduling != Scheduling.BLOCKS:
            self.set_scheduling(scheduling, landblock_group_span)

    def set_scheduling(self, scheduling, landblock_group_span=2):
        """Scheduling.BLOCKS or LANDBLOCK_GROUPS from the next step on."""
        check(lib.tr_Simulation_SetScheduling(self._native, scheduling, landblock_group_span))

    def group_of(self, index):
        """With landblock groups, the character's group in the last step
        (landblock x // span << 16 | landblock y // span); 0 otherwise."""
        group = ffi.new("uint32_t*")
        check(lib.tr_Simulation_GetGroup(self._native, index, group))
        return group[0]

    def __len__(self):
        n = ffi.new("int32_t*")
        check(lib.tr_Simulation_GetCharacterCount(self._native, n))
        return n[0]

    def find(self, name):
        index = ffi.new("int32_t*")
        check(lib.tr_Simulation_FindCharacter(self._native, name.encode(), index))
        return index[0]

    def set_controls(self, index, controls):
        check(lib.tr_Simulation_SetControls(self._native, index, controls.to_c()))

    def step(self, dt):
        check(lib.tr_Simulation_Step(self._native, dt))

    @property
    def time(self):
        t = ffi.new("double*")
        check(lib.tr_Simulation_GetTime(self._native, t))
        return t[0]

    def state(self, index):
        out = ffi.new("tr_CharacterState*")
        check(lib.tr_Simulation_GetCharacterState(self._native, index, out))
        return CharacterState.from_c(out)

    def take_events(self):
        """The events since the last call: (time, character, EventKind, id) tuples."""
        events, count = [], ffi.new("int32_t*")
        while True:
            check(lib.tr_Simulation_TakeEvents(self._native, self._events, 256, count))
            events += [(e.t, e.character, EventKind(e.kind), e.id) for e in self._events[0:count[0]]]
            if count[0] < 256:
                return events

    # Movement orders (docs/server.md): retail's move-to and sticky follow;
    # each ends with an event (EventKind.MOVE_ARRIVED ...).
    def move_to(self, index, position, params=None):
        params = (params or MoveToParams()).to_c()
        check(lib.tr_Simulation_MoveTo(self._native, index, position.to_c()[0], params))

    def move_to_character(self, index, target, params=None):
        params = (params or MoveToParams()).to_c()
        check(lib.tr_Simulation_MoveToCharacter(self._native, index, target, params))

    def turn_to(self, index, heading_deg, params=None):
        params = (params or MoveToParams()).to_c()
        check(lib.tr_Simulation_TurnTo(self._native, index, heading_deg, params))

    def turn_to_character(self, index, target, params=None):
        params = (params or MoveToParams()).to_c()
        check(lib.tr_Simulation_TurnToCharacter(self._native, index, target, params))

    def stick_to(self, index, target, distance, timeout=0.0):
        """Follow `target` keeping `distance` metres; timeout seconds (retail 1), 0 never."""
        check(lib.tr_Simulation_StickTo(self._native, index, target, distance, timeout))

    def cancel_movement(self, index):
        check(lib.tr_Simulation_CancelMovement(self._native, index))

    def movement(self, index):
        p = ffi.new("tr_MovementProgress*")
        check(lib.tr_Simulation_GetMovement(self._native, index, p))
        none_if_negative = lambda i: None if i < 0 else i
        return MovementProgress(MovementKind(p.kind), none_if_negative(p.target), p.distance,
                                p.fail_progress_count, p.blocked_frames, none_if_negative(p.stuck_to),
                                bool(p.moving_away))

    def set_turn_rate(self, index, deg_per_s):
        """The character's turn rate at speed 1 (deg/s, 90 unless set), used by
        orders whose params give no turn_rate_deg, from the next order on."""
        check(lib.tr_Simulation_SetTurnRate(self._native, index, deg_per_s))

    def set_cycle_speeds(self, index, speeds):
        """How fast the character's cycles move it on the ground (CycleSpeeds,
        the human's unless set), from the next step on."""
        check(lib.tr_Simulation_SetCycleSpeeds(self._native, index, speeds.to_c()))

    def set_give_up(self, index, policy):
        """A GiveUpPolicy for the character (home where it stands now); None clears it."""
        check(lib.tr_Simulation_SetGiveUp(self._native, index, ffi.NULL if policy is None else policy.to_c()))

    def remove(self, index):
        """Takes the character out of the world; orders aimed at it end TARGET_GONE."""
        check(lib.tr_Simulation_RemoveCharacter(self._native, index))

    def restore(self, index, position):
        check(lib.tr_Simulation_RestoreCharacter(self._native, index, position.to_c()[0]))

    def transitions(self, index):
        """Transitions the character's last step ran (0 at rest)."""
        n = ffi.new("int32_t*")
        check(lib.tr_Simulation_GetTransitions(self._native, index, n))
        return n[0]
