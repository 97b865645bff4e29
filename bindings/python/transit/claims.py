"""Checking what clients claim their characters did, as a game server does
(docs/server.md): a MovementChecker per character shape, a ClaimState per
character (what the server last accepted), each claim accepted or rejected
with its reason and the position to force."""

import enum
import math
from dataclasses import dataclass, field

from ._native import check, ffi, lib
from .values import CharacterDef, Forward, Position, Strafe
from .world import _Owner


class ClaimVerdict(enum.IntEnum):
    ACCEPTED = lib.tr_claimAccepted
    TOO_FAST = lib.tr_claimTooFast
    THROUGH_WALL = lib.tr_claimThroughWall
    UNREACHABLE_CELL = lib.tr_claimUnreachableCell
    FLYING = lib.tr_claimFlying
    UNDER_TERRAIN = lib.tr_claimUnderTerrain
    INVALID = lib.tr_claimInvalid

    @property
    def label(self):
        """The name the claims files use ("too_fast", "through_wall" ...)."""
        return ffi.string(lib.tr_ClaimVerdictName(self.value)).decode()


_OPTION_FIELDS = ("speed_margin", "burst_seconds", "distance_slack", "reach_tolerance", "height_slack",
                  "below_terrain", "fall_slack_per_second", "replay_tolerance", "replay_tolerance_per_second",
                  "replay_rise_tolerance", "change_jitter")


@dataclass
class ClaimCheckOptions:
    """How much a claim may exceed the physics (None: the default; 5 % over
    the fastest speed, 0.1 s of bunched-up travel, 0.25 m slack, a replay
    within 2 m ...; docs/server.md)."""

    speed_margin: float = None
    burst_seconds: float = None
    distance_slack: float = None
    reach_tolerance: float = None
    height_slack: float = None
    below_terrain: float = None
    fall_slack_per_second: float = None
    replay_tolerance: float = None
    replay_tolerance_per_second: float = None
    replay_rise_tolerance: float = None
    change_jitter: float = None

    def to_c(self):
        c = ffi.new("tr_ClaimCheckOptions*", lib.tr_DefaultClaimCheckOptions())
        for name in _OPTION_FIELDS:
            if getattr(self, name) is not None:
                setattr(c, name, getattr(self, name))
        return c


@dataclass
class MotionChange:
    """A change of the client's controls (retail's MoveToState, and a Jump)
    received at t (the server's clock): forward, strafe, a turn (degrees a
    second, positive clockwise) and a jump started then."""

    t: float
    forward: Forward = Forward.STOP
    strafe: Strafe = Strafe.STOP
    turn_deg_per_s: float = 0.0
    jumped: bool = False
    jump_extent: float = 1.0

    def fill(self, c):
        c.t, c.forward, c.strafe = self.t, int(self.forward), int(self.strafe)
        c.turn_deg_per_s, c.jumped, c.jump_extent = self.turn_deg_per_s, self.jumped, self.jump_extent
        return c

    @staticmethod
    def from_c(c):
        return MotionChange(c.t, Forward(c.forward), Strafe(c.strafe), c.turn_deg_per_s, bool(c.jumped),
                            c.jump_extent)


@dataclass
class Claim:
    """Where a client says its character is at t (seconds, the server's
    clock, when the claim arrived), the fastest motion it held since its
    last claim, and optionally the MotionChanges received since."""

    t: float
    position: Position
    forward: Forward = Forward.STOP
    strafe: Strafe = Strafe.STOP
    jumped: bool = False
    jump_extent: float = 1.0
    changes: list = field(default_factory=list)

    def fill(self, c, keep):
        """Writes the claim into a tr_Claim; `keep` holds its changes' array."""
        c.t = self.t
        c.position = self.position.to_c()[0]
        c.motion.forward, c.motion.strafe = int(self.forward), int(self.strafe)
        c.motion.jumped, c.motion.jump_extent = self.jumped, self.jump_extent
        if self.changes:
            changes = ffi.new("tr_MotionChange[]", len(self.changes))
            for native, change in zip(changes, self.changes):
                change.fill(native)
            keep.append(changes)
            c.changes, c.change_count = changes, len(self.changes)
        return c


@dataclass(frozen=True)
class ClaimResult:
    """The answer to a claim: its verdict, where the server should put the
    character (the claim, when accepted) and, rejected, why."""

    verdict: ClaimVerdict
    forced: Position
    reason: str

    @property
    def accepted(self):
        return self.verdict == ClaimVerdict.ACCEPTED


@dataclass(frozen=True)
class AcceptedMovement:
    """What the server last accepted (or forced) for a character: when,
    where, the last step's velocity (m/s), whether it stood on something,
    and the controls it held then when the claims carry changes (or None)."""

    t: float
    position: Position
    velocity: tuple
    supported: bool
    controls: MotionChange = None


class MovementChecker(_Owner):
    """Checks claims of characters shaped and skilled as `definition` (an AC
    CharacterDef; retail's human by default) in `world`. Owned by the world:
    closing the world makes it and its states stale."""

    _destroy = lib.tr_DestroyChecker

    def __init__(self, world, definition=None, options=None):
        self.world = world
        self._id = ffi.new("tr_CheckerId*")
        check(lib.tr_CreateChecker(world._native, (definition or CharacterDef()).to_c(),
                                   options.to_c() if options else ffi.NULL, self._id))

    def start(self, position, t, velocity=(0.0, 0.0, 0.0), controls=None):
        """The ClaimState of a character the server has just put at
        `position` at time t, moving at `velocity`, holding `controls` (a
        MotionChange) if known."""
        out = ffi.new("tr_ClaimStateId*")
        check(lib.tr_CreateClaimState(self._native, position.to_c()[0], t, tuple(velocity),
                                      _controls(controls), out))
        return ClaimState(self.world, out)

    def check(self, state, claim):
        """Accepts the claim or rejects it; the state becomes the claim or the forced position."""
        keep = []
        native = claim.fill(ffi.new("tr_Claim*", lib.tr_DefaultClaim()), keep)
        out = ffi.new("tr_ClaimResult*")
        check(lib.tr_Checker_Check(self._native, state._native, native, out))
        return _result(out[0], state)

    def check_batch(self, states, claims, threads=1):
        """Checks claims[i] against states[i] in one native call on `threads`
        threads: the same answers as one check() each."""
        if len(states) != len(claims):
            raise ValueError(f"{len(states)} states for {len(claims)} claims")
        keep = []
        native = ffi.new("tr_Claim[]", [lib.tr_DefaultClaim()] * len(claims))
        for c, claim in zip(native, claims):
            claim.fill(c, keep)
        ids = ffi.new("tr_ClaimStateId[]", [s._native for s in states])
        out = ffi.new("tr_ClaimResult[]", max(1, len(claims)))
        check(lib.tr_Checker_CheckBatch(self._native, ids, native, len(claims), threads, out))
        return [_result(out[i], s) for i, s in enumerate(states)]


class ClaimState(_Owner):
    """What the server last accepted for one character, changed by each check."""

    _destroy = lib.tr_DestroyClaimState

    def __init__(self, world, state_id):
        self.world = world
        self._id = state_id

    @property
    def movement(self):
        out = ffi.new("tr_AcceptedMovement*")
        check(lib.tr_ClaimState_Get(self._native, out))
        v = out.velocity
        return AcceptedMovement(out.t, Position.from_c(out.position), (v.x, v.y, v.z), bool(out.supported),
                                MotionChange.from_c(out.controls) if out.has_controls else None)

    @property
    def t(self):
        return self.movement.t

    @property
    def position(self):
        return self.movement.position

    @property
    def reason(self):
        """Why the last check rejected its claim ("" when accepted)."""
        return _reason(self._native)

    def restart(self, checker, position, t, velocity=(0.0, 0.0, 0.0), controls=None):
        """Puts the state at `position` at time t, as checker.start() would."""
        check(lib.tr_ClaimState_Restart(self._native, checker._native, position.to_c()[0], t, tuple(velocity),
                                        _controls(controls)))


@dataclass
class Bystander:
    """A character that claims nothing this frame but may be in the way:
    shaped as `shape`'s (a MovementChecker) characters, where the server has
    it, whether it stood there unmoving since every claim's last accepted
    time (then no claim passes through it), and the metres it may have gone
    since the server had it there (`roamed`: its speed then times the time
    since, say): a claim in the air within that and 1 m of it may have been
    held there. `rose`: the metres of `roamed` it may have gone upwards
    (math.inf: any of it); `Bystander.since` makes one from a character's
    claim state."""

    shape: MovementChecker
    position: Position
    still: bool = False
    roamed: float = 0.0
    rose: float = math.inf

    @classmethod
    def since(cls, state, shape, now):
        """The character of `state` (a ClaimState, shaped as `shape`'s) at
        server time `now`: where the state has it, having roamed since at the
        speed it had then, upwards only as that speed may lift it."""
        out = ffi.new("tr_CrowdBystander*")
        check(lib.tr_ClaimState_Bystander(state._native, shape._native, now, out))
        return cls(shape, Position.from_c(out.position), bool(out.still), out.roamed, out.rose)


class ClaimCrowd(_Owner):
    """A copy of `world` in which a frame's claims are checked with the
    characters in each other's way (docs/server.md)."""

    _destroy = lib.tr_DestroyClaimCrowd

    def __init__(self, world):
        self.world = world
        self._id = ffi.new("tr_ClaimCrowdId*")
        check(lib.tr_CreateClaimCrowd(world._native, self._id))

    def check(self, claims, bystanders=(), threads=1):
        """claims: (checker, state, Claim) triples; bystanders: Bystanders.
        Returns a ClaimResult each, as the checker's check() does where no
        other character could explain a rejection."""
        keep = []
        native = ffi.new("tr_CrowdClaim[]", max(1, len(claims)))
        for c, (checker, state, claim) in zip(native, claims):
            c.checker, c.state = checker._native, state._native
            claim.fill(c.claim, keep)
        others = ffi.new("tr_CrowdBystander[]", max(1, len(bystanders)))
        for b, bystander in zip(others, bystanders):
            b.shape, b.position, b.still = bystander.shape._native, bystander.position.to_c()[0], bystander.still
            b.roamed, b.rose = bystander.roamed, bystander.rose
        out = ffi.new("tr_ClaimResult[]", max(1, len(claims)))
        check(lib.tr_ClaimCrowd_Check(self._native, native, len(claims), others, len(bystanders), threads, out))
        return [_result(out[i], state) for i, (_, state, _) in enumerate(claims)]


def _controls(controls):
    return controls.fill(ffi.new("tr_MotionChange*", lib.tr_DefaultMotionChange())) if controls else ffi.NULL


def _reason(state_id):
    buffer = ffi.new("char[]", 256)
    length = ffi.new("int32_t*")
    check(lib.tr_ClaimState_GetReason(state_id, buffer, 256, length))
    if length[0] >= 256:
        buffer = ffi.new("char[]", length[0] + 1)
        check(lib.tr_ClaimState_GetReason(state_id, buffer, length[0] + 1, length))
    return ffi.string(buffer).decode()


def _result(r, state):
    verdict = ClaimVerdict(r.verdict)
    reason = "" if verdict == ClaimVerdict.ACCEPTED else _reason(state._native)
    return ClaimResult(verdict, Position.from_c(r.forced), reason)
