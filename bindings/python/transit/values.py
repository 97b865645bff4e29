"""Positions, controls, character definitions and states as Python values,
and their C structs."""

import enum
from dataclasses import dataclass, field

import numpy as np

from ._native import check, ffi, lib


class MoverKind(enum.IntEnum):
    AC = lib.tr_moverAc
    QUAKE = lib.tr_moverQuake
    TRIBES = lib.tr_moverTribes


class MoveStatus(enum.IntEnum):
    MOVED = lib.tr_moved
    SLID = lib.tr_slid
    BLOCKED = lib.tr_blocked
    BLOCKED_BY_OBJECT = lib.tr_blockedByObject
    STATIONARY_FALL = lib.tr_stationaryFall
    STEP_CAP_EXCEEDED = lib.tr_stepCapExceeded
    NO_CELL = lib.tr_noCell
    NO_ROOM = lib.tr_noRoom
    INVALID_INPUT = lib.tr_invalidInput

    @property
    def label(self):
        """The name the JSON formats use ("blocked", "step_cap_exceeded" ...)."""
        return ffi.string(lib.tr_MoveStatusName(self.value)).decode()


class GroundState(enum.IntEnum):
    ON_GROUND = lib.tr_onGround
    ON_STEEP_GROUND = lib.tr_onSteepGround
    IN_AIR = lib.tr_inAir


class Forward(enum.IntEnum):
    STOP = lib.tr_forwardStop
    RUN = lib.tr_forwardRun
    WALK = lib.tr_forwardWalk
    BACK = lib.tr_forwardBack


class Strafe(enum.IntEnum):
    STOP = lib.tr_strafeStop
    LEFT = lib.tr_strafeLeft
    RIGHT = lib.tr_strafeRight


class TraceHit(enum.IntEnum):
    NONE = lib.tr_hitNone
    TERRAIN = lib.tr_hitTerrain
    CELL = lib.tr_hitCell
    OBJECT = lib.tr_hitObject


class EventKind(enum.IntEnum):
    COLLIDED_OBJECT = lib.tr_eventCollidedObject
    COLLIDED_ENVIRONMENT = lib.tr_eventCollidedEnvironment
    BLOCKED = lib.tr_eventBlocked
    LANDED = lib.tr_eventLanded
    LEFT_GROUND = lib.tr_eventLeftGround
    ENTERED_CELL = lib.tr_eventEnteredCell
    JUMPED = lib.tr_eventJumped
    JUMP_REFUSED = lib.tr_eventJumpRefused
    MOVE_ARRIVED = lib.tr_eventMoveArrived
    MOVE_BLOCKED = lib.tr_eventMoveBlocked
    MOVE_TIMED_OUT = lib.tr_eventMoveTimedOut
    MOVE_TOO_FAR = lib.tr_eventMoveTooFar
    MOVE_CANCELLED = lib.tr_eventMoveCancelled
    TARGET_GONE = lib.tr_eventTargetGone
    STICK_ENDED = lib.tr_eventStickEnded
    GAVE_UP = lib.tr_eventGaveUp
    TELEPORTED_HOME = lib.tr_eventTeleportedHome


class MovementKind(enum.IntEnum):
    NONE = lib.tr_movementNone
    MOVE_TO_POSITION = lib.tr_movementMoveToPosition
    MOVE_TO_CHARACTER = lib.tr_movementMoveToCharacter
    TURN_TO_HEADING = lib.tr_movementTurnToHeading
    TURN_TO_CHARACTER = lib.tr_movementTurnToCharacter


_MOVE_TO_FIELDS = ("distance_to_object", "min_distance", "fail_distance", "walk_run_threshold",
                   "turn_rate_deg", "speed", "timeout", "fail_progress_limit", "blocked_frames",
                   "can_walk", "can_run", "use_spheres", "sticky", "move_towards", "move_away",
                   "turn_away_first")


@dataclass
class MoveToParams:
    """How a move-to goes (retail's MovementParameters, docs/server.md); None
    keeps retail's default (distance_to_object 0.6 m, min_distance 0,
    walk_run_threshold 15 m, speed 1, fail_progress_limit 5, move_towards
    True, move_away False; turn_rate_deg 0: the character's rate
    (Simulation.set_turn_rate, 90); fail_distance, timeout and
    blocked_frames 0: never). move_away alone walks away until at least
    min_distance off; turn_away_first (transit, True) turns the back to the
    target before walking off, where retail (False) first faces it."""

    distance_to_object: float = None
    min_distance: float = None
    fail_distance: float = None
    walk_run_threshold: float = None
    final_heading: float = None
    turn_rate_deg: float = None
    speed: float = None
    timeout: float = None
    fail_progress_limit: int = None
    blocked_frames: int = None
    can_walk: bool = None
    can_run: bool = None
    use_spheres: bool = None
    sticky: bool = None
    move_towards: bool = None
    move_away: bool = None
    turn_away_first: bool = None

    def fill(self, c):
        for name in _MOVE_TO_FIELDS:
            value = getattr(self, name)
            if value is not None:
                setattr(c, name, value)
        if self.final_heading is not None:
            c.use_final_heading = True
            c.final_heading = self.final_heading
        return c

    def to_c(self):
        return self.fill(ffi.new("tr_MoveToParams*", lib.tr_DefaultMoveToParams()))


@dataclass
class GiveUpPolicy:
    """When a chasing creature gives up and goes home (None: the default,
    10 s without getting 0.25 m closer; 2 s waits after a blocked chase; a
    walk home with a 30 s timeout)."""

    no_progress_seconds: float = None
    min_progress: float = None
    retry_seconds: float = None
    home: MoveToParams = None

    def to_c(self):
        c = ffi.new("tr_GiveUpPolicy*", lib.tr_DefaultGiveUpPolicy())
        for name in ("no_progress_seconds", "min_progress", "retry_seconds"):
            if getattr(self, name) is not None:
                setattr(c, name, getattr(self, name))
        if self.home is not None:
            self.home.fill(c.home)
        return c


@dataclass
class MovementProgress:
    """How a character's movement order is going (target, stuck_to: a
    character index or None)."""

    kind: MovementKind
    target: int
    distance: float
    fail_progress_count: int
    blocked_frames: int
    stuck_to: int
    moving_away: bool = False


class Flag(enum.IntFlag):
    ETHEREAL = lib.tr_flagEthereal
    STATIC = lib.tr_flagStatic
    CREATURE = lib.tr_flagCreature
    PLAYER = lib.tr_flagPlayer
    PK = lib.tr_flagPk
    IMPENETRABLE = lib.tr_flagImpenetrable
    IGNORE_CREATURES = lib.tr_flagIgnoreCreatures
    MISSILE = lib.tr_flagMissile
    EDGE_SLIDE = lib.tr_flagEdgeSlide
    GRAVITY = lib.tr_flagGravity
    PERFECT_CLIP = lib.tr_flagPerfectClip
    PATH_CLIPPED = lib.tr_flagPathClipped
    FREE_ROTATE = lib.tr_flagFreeRotate
    VIEWER = lib.tr_flagViewer
    IGNORE_COLLISIONS = lib.tr_flagIgnoreCollisions


@dataclass(frozen=True)
class Position:
    """A cell id (0xXXYYCCCC) and a frame local to that cell's landblock:
    origin (x east, y north, z up, metres) and orientation (w, x, y, z).
    With cell 0 the origin is a global point and the call that takes the
    position finds its cell."""

    cell: int
    origin: tuple
    orientation: tuple = (1.0, 0.0, 0.0, 0.0)

    @staticmethod
    def at(cell, origin, heading_deg=0.0):
        """Facing heading_deg (0 = north, clockwise)."""
        return Position.from_c(lib.tr_MakePosition(cell, tuple(origin), heading_deg))

    @staticmethod
    def global_point(x, y, z, heading_deg=0.0):
        return Position.at(0, (x, y, z), heading_deg)

    @property
    def heading_deg(self):
        return lib.tr_Heading(self.to_c()[0])

    def to_c(self):
        p = ffi.new("tr_Position*")
        p.cell = self.cell
        p.origin = tuple(self.origin)
        p.orientation = tuple(self.orientation)
        return p

    @staticmethod
    def from_c(p):
        o, q = p.origin, p.orientation
        return Position(p.cell, (o.x, o.y, o.z), (q.w, q.x, q.y, q.z))


@dataclass
class Controls:
    """What a player holds; jump_extent 0..1 starts a jump, None starts none."""

    forward: Forward = Forward.STOP
    strafe: Strafe = Strafe.STOP
    turn_deg_per_s: float = 0.0
    jump_extent: float = None

    def to_c(self):
        c = ffi.new("tr_Controls*")
        c.forward = int(self.forward)
        c.strafe = int(self.strafe)
        c.turn_deg_per_s = self.turn_deg_per_s
        c.jump_extent = -1.0 if self.jump_extent is None else self.jump_extent
        return c


@dataclass
class CycleSpeeds:
    """How fast a body's walk, run and sidestep cycles move it on the ground
    at speed 1 (m/s, its MotionTable's); the defaults are the human table's."""

    walk: float = 3.12
    run: float = 4.0
    sidestep: float = 1.25

    def to_c(self):
        return ffi.new("tr_CycleSpeeds*", (self.walk, self.run, self.sidestep))


@dataclass
class CharacterDef:
    """A character's shape and abilities; the defaults are retail's human
    (spheres are (centre, radius) pairs, metres, origin at the feet).
    turn_rate_deg: degrees a second at speed 1 (> 0), which movement orders
    turn at; cycle_speeds: how fast its cycles move it on the ground
    (CycleSpeeds, each >= 0); from_setup gives a retail creature's own."""

    mover: MoverKind = MoverKind.AC
    spheres: list = None
    step_up_height: float = None
    step_down_height: float = None
    flags: int = None
    run_skill: float = None
    jump_skill: float = None
    box_mins: tuple = None
    box_maxs: tuple = None
    quake_step_size: float = 0.0
    free_heading: bool = True  # the heading follows the controls even when blocked
    turn_rate_deg: float = 90.0
    cycle_speeds: CycleSpeeds = field(default_factory=CycleSpeeds)

    @staticmethod
    def from_setup(dat_dir, setup_id):
        """The default character shaped as retail Setup setup_id (0x02......) of a
        data directory: its spheres, step heights and free heading, and when the
        Setup has a MotionTable, its turn rate and cycle speeds."""
        d = ffi.new("tr_CharacterDef*", lib.tr_DefaultCharacterDef())
        check(lib.tr_CharacterDefFromSetup(str(dat_dir).encode(), setup_id, d))
        spheres = [((s.center.x, s.center.y, s.center.z), s.radius) for s in d.spheres[0:d.sphere_count]]
        return CharacterDef(spheres=spheres, step_up_height=d.step_up_height, step_down_height=d.step_down_height,
                            free_heading=bool(d.free_heading), turn_rate_deg=d.turn_rate_deg,
                            cycle_speeds=CycleSpeeds(d.cycle_speeds.walk, d.cycle_speeds.run, d.cycle_speeds.sidestep))

    @staticmethod
    def turn_rate_from_setup(dat_dir, setup_id):
        """The turn rate (degrees a second at speed 1) of retail Setup
        setup_id's MotionTable: its TurnRight motion in its default style
        (for Simulation.set_turn_rate)."""
        rate = ffi.new("float*")
        check(lib.tr_TurnRateFromSetup(str(dat_dir).encode(), setup_id, rate))
        return rate[0]

    @staticmethod
    def cycle_speeds_from_setup(dat_dir, setup_id):
        """The CycleSpeeds of retail Setup setup_id's MotionTable in its default
        style, the human's for a cycle it lacks (for Simulation.set_cycle_speeds)."""
        s = ffi.new("tr_CycleSpeeds*")
        check(lib.tr_CycleSpeedsFromSetup(str(dat_dir).encode(), setup_id, s))
        return CycleSpeeds(s.walk, s.run, s.sidestep)

    def to_c(self):
        d = ffi.new("tr_CharacterDef*", lib.tr_DefaultCharacterDef())
        d.mover = int(self.mover)
        if self.spheres is not None:
            d.sphere_count = len(self.spheres)
            for i, (center, radius) in enumerate(self.spheres[:2]):
                d.spheres[i].center = tuple(center)
                d.spheres[i].radius = radius
        for name in ("step_up_height", "step_down_height", "flags", "run_skill", "jump_skill",
                     "box_mins", "box_maxs", "quake_step_size", "free_heading", "turn_rate_deg"):
            value = getattr(self, name)
            if value is not None:
                setattr(d, name, int(value) if name == "flags" else value)
        s = self.cycle_speeds
        d.cycle_speeds = (s.walk, s.run, s.sidestep)
        return d


def _state_dtype():
    """NumPy's view of tr_CharacterState, at the C struct's own offsets."""
    off = lambda *path: ffi.offsetof("tr_CharacterState", *path)
    fields = {
        "cell": ("<u4", off("position", "cell")),
        "origin": (("<f4", 3), off("position", "origin")),
        "orientation": (("<f4", 4), off("position", "orientation")),
        "global_position": (("<f4", 3), off("global_position")),
        "velocity": (("<f4", 3), off("velocity")),
        "heading_deg": ("<f4", off("heading_deg")),
        "ground": ("<i4", off("ground")),
        "has_ground_plane": ("u1", off("has_ground_plane")),
        "ground_normal": (("<f4", 3), off("ground_plane", "normal")),
        "ground_d": ("<f4", off("ground_plane", "d")),
        "ground_cell": ("<u4", off("ground_plane", "cell")),
        "has_sliding_normal": ("u1", off("has_sliding_normal")),
        "sliding_normal": (("<f4", 3), off("sliding_normal")),
        "status": ("<i4", off("status")),
        "collided_object_count": ("<i4", off("collided_object_count")),
        "collided_objects": (("<u4", 4), off("collided_objects")),
    }
    return np.dtype({"names": list(fields), "formats": [f for f, _ in fields.values()],
                     "offsets": [o for _, o in fields.values()],
                     "itemsize": ffi.sizeof("tr_CharacterState")})


STATE_DTYPE = _state_dtype()


@dataclass(frozen=True)
class CharacterState:
    """Everything a caller reads of a character after a call."""

    position: Position
    global_position: tuple
    velocity: tuple
    heading_deg: float
    ground: GroundState
    ground_plane: tuple  # (normal, d, cell), or None in the air
    sliding_normal: tuple  # or None
    status: MoveStatus
    collided_objects: tuple = field(default=())

    @staticmethod
    def from_c(s):
        v3 = lambda v: (v.x, v.y, v.z)
        plane = None
        if s.has_ground_plane:
            plane = (v3(s.ground_plane.normal), s.ground_plane.d, s.ground_plane.cell)
        collided = tuple(s.collided_objects[i] for i in range(min(s.collided_object_count, 4)))
        return CharacterState(Position.from_c(s.position), v3(s.global_position), v3(s.velocity),
                              s.heading_deg, GroundState(s.ground), plane,
                              v3(s.sliding_normal) if s.has_sliding_normal else None,
                              MoveStatus(s.status), collided)
