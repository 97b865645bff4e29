"""transit: Asheron's Call's retail character movement (and Quake 2's and
Tribes 1's) for Python, over transit's C API (docs/python.md)."""

from ._native import ffi, lib
from .claims import (AcceptedMovement, Bystander, Claim, ClaimCheckOptions, ClaimCrowd, ClaimResult, ClaimState,
                     ClaimVerdict, MotionChange, MovementChecker)
from .errors import CapacityError, InputError, InvalidArgument, InvalidId, TransitError
from .scene import Scene, Scheduling, Simulation
from .shapes import CellDef, Mesh, ObjectDef, Shape
from .values import (STATE_DTYPE, CharacterDef, CharacterState, Controls, CycleSpeeds, EventKind, Flag, Forward,
                     GiveUpPolicy, GroundState, MovementKind, MovementProgress, MoveStatus, MoverKind,
                     MoveToParams, Position, Strafe, TraceHit)
from .world import Character, ObjectHandle, World

__version__ = ffi.string(lib.tr_GetVersionString()).decode()

__all__ = [
    "AcceptedMovement", "Bystander", "Claim", "ClaimCheckOptions", "ClaimCrowd", "ClaimResult", "ClaimState",
    "ClaimVerdict", "MotionChange", "MovementChecker",
    "CapacityError", "CellDef", "Character", "CharacterDef", "CharacterState", "Controls", "CycleSpeeds",
    "EventKind", "Flag", "Forward", "GiveUpPolicy", "GroundState", "MovementKind", "MovementProgress",
    "MoveToParams", "InputError", "InvalidArgument", "InvalidId",
    "Mesh", "MoveStatus", "MoverKind", "ObjectDef", "ObjectHandle", "Position", "STATE_DTYPE",
    "Scene", "Scheduling", "Shape", "Simulation", "Strafe", "TraceHit", "TransitError", "World",
]
