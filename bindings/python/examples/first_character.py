"""A character in the demo world from Python: created, placed, run north
for two seconds, then its state printed. Errors are transit.TransitError
subclasses carrying the native message."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the package beside this folder

import transit
from transit import Controls, Forward, Position

try:
    world = transit.World.from_file(sys.argv[1]) if len(sys.argv) > 1 else transit.World.demo()
except transit.TransitError as error:
    sys.exit(f"transit: {error}")

with world:
    # The demo player's spot, A9B4 (103, 60), z 20, as a global point
    # (landblock A9B4 starts at 32448, 34560).
    player = world.create_character(Position.global_point(32448 + 103, 34560 + 60, 20))
    player.place()
    player.set_controls(Controls(forward=Forward.RUN))
    for frame in range(60):
        last = player.update(1 / 30)

    s = player.state
    x, y, z = s.position.origin
    ground = "on the ground" if s.ground == transit.GroundState.ON_GROUND else "not on walkable ground"
    print(f"player: cell 0x{s.position.cell:08X} at ({x:.2f}, {y:.2f}, {z:.2f}), {ground}, last move {last.label}")
