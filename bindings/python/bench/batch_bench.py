"""Frames of 1,000 and 10,000 characters updated through the Python
binding's batch call (World.update_characters: one native call a frame,
states back as a NumPy array), set up as the C++ benchmark BM_Frame_* sets
them: running and turning over the demo village. Prints milliseconds per
frame; docs/performance.md compares them with the C++ API.

    TRANSIT_LIBRARY=build/release/libtransit_c.so /usr/bin/python3 bindings/python/bench/batch_bench.py
"""

import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import transit
from transit import Controls, Forward, Position


def ms_per_frame(count):
    with transit.World.demo() as world:
        side = 1 + int(math.sqrt(count))
        step = 44.0 / side
        characters = []
        for i in range(count):
            c = world.create_character(Position.global_point(32448 + 50 + step * (i % side),
                                                             34560 + 24 + step * (i // side), 20))
            c.place()
            c.set_controls(Controls(forward=Forward.RUN, turn_deg_per_s=30.0 + 10.0 * (i % 7)))  # circling: the same work every frame
            characters.append(c)
        for _ in range(10):
            world.update_characters(characters, 1 / 30)
        best = math.inf
        for _ in range(3):
            frames = max(5, 30000 // count)
            start = time.perf_counter()
            for _ in range(frames):
                world.update_characters(characters, 1 / 30)
            best = min(best, (time.perf_counter() - start) * 1000 / frames)
        return best


if __name__ == "__main__":
    for count in (1000, 10000):
        print(f"Python batch (states as NumPy), {count} characters: {ms_per_frame(count):.3f} ms per frame")
