"""The Python binding, tested as the C# one is: the demo world's wall and
stairs, the C++ API's bits, objects and characters without leaking, errors
with the native message, stale handles, batches with NumPy, simulations."""

import json
import math
import resource
import struct

import numpy as np
import pytest

import transit
from transit import Controls, Forward, MoveStatus, Position, Shape
from conftest import SOURCE_ROOT

LB_X, LB_Y = 32448.0, 34560.0  # the demo landblock A9B4's global origin
DT = 1.0 / 30.0


def bits(value):
    return struct.unpack("<I", struct.pack("<f", value))[0]


def run(character, frames, controls):
    character.set_controls(controls)
    status = MoveStatus.MOVED
    for _ in range(frames):
        status = character.update(DT)
    return status


def test_runs_into_the_wall_and_stops_before_it():
    with transit.World.demo() as world:
        hero = world.create_character(Position.global_point(LB_X + 75, LB_Y + 95, 20))
        assert hero.place() == MoveStatus.MOVED
        assert run(hero, 60, Controls(forward=Forward.RUN)) == MoveStatus.BLOCKED
        s = hero.state
        assert 99.27 - 0.32 < s.position.origin[1] <= 99.27  # wall face y 99.75, radius 0.48
        assert s.ground == transit.GroundState.ON_GROUND
        assert s.ground_plane[0][2] > 0.99


def test_runs_up_the_stairs_to_the_landing():
    with transit.World.demo() as world:
        hero = world.create_character(Position.at(0xA9B40101, (112.5, 71.25, 20.0)))
        hero.place()
        run(hero, 75, Controls(forward=Forward.RUN))
        s = hero.state
        assert s.position.cell == 0xA9B40101
        assert s.position.origin[2] == pytest.approx(23.0, abs=0.01)


def test_reference_runs_end_on_the_cpp_apis_bits():
    reference = json.loads((SOURCE_ROOT / "tests/data/binding_reference.json").read_text())
    assert len(reference["runs"]) >= 3
    for r in reference["runs"]:
        with transit.World.demo() as world:
            hero = world.create_character(Position.at(r["start_cell"], r["start"], r["heading_deg"]))
            hero.place()
            forward = {"run": Forward.RUN, "walk": Forward.WALK, "back": Forward.BACK}.get(r["forward"], Forward.STOP)
            hero.set_controls(Controls(forward=forward, turn_deg_per_s=r["turn_deg_per_s"]))
            for _ in range(r["frames"]):
                hero.update(reference["dt"])
            s = hero.state
            final = r["final"]
            assert s.position.cell == final["cell"], r["name"]
            assert [bits(v) for v in s.position.origin] == final["origin_bits"], r["name"]
            assert [bits(v) for v in s.position.orientation] == final["orientation_bits"], r["name"]
            assert s.status.label == final["status"], r["name"]


def boulder(position):
    return transit.ObjectDef(id=9001, name="boulder", position=position,
                             shapes=[Shape.sphere((0, 0, 1), 1.0)])


def resident_kib():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * resource.getpagesize() // 1024


def test_thousands_of_objects_and_characters_leave_nothing_behind():
    with transit.World.demo() as world:
        slots = world.object_slots
        definition = boulder(Position.global_point(LB_X + 90, LB_Y + 40, 20))
        for _ in range(5000):
            world.add_object(definition).remove()
        assert world.object_slots == slots + 1
        before = resident_kib()
        for _ in range(20000):
            world.add_object(definition).remove()
            with world.create_character(Position.global_point(LB_X + 103, LB_Y + 60, 20)) as c:
                c.place()
        assert resident_kib() - before < 16 * 1024


def test_traces_and_object_moves():
    with transit.World.demo() as world:
        rock = world.add_object(boulder(Position.global_point(LB_X + 90, LB_Y + 40, 20)))
        hit = world.trace_sphere(0xA9B40013, (80, 40, 21), (100, 40, 21), 0.5)
        assert hit["hit"] == transit.TraceHit.OBJECT and hit["object_id"] == 9001
        assert hit["end_position"][0] == pytest.approx(88.5, abs=0.01)
        rock.move(Position.global_point(LB_X + 90, LB_Y + 30, 20))
        assert world.trace_sphere(0xA9B40013, (80, 40, 21), (100, 40, 21), 0.5)["hit"] == transit.TraceHit.NONE
        assert rock.position.origin[1] == pytest.approx(30.0)
        rock.remove()
        with pytest.raises(transit.InvalidId, match="object"):
            rock.remove()


def test_a_bad_scene_file_raises_naming_the_file():
    with pytest.raises(transit.InputError, match="/nonexistent/scene.json"):
        transit.World.from_file("/nonexistent/scene.json")
    with pytest.raises(transit.InputError, match="terrain"):
        transit.World.from_json('{"format": "transit-scene/1", "terrain": 3}')


def _run_on(path):
    world = transit.World.from_file(path)
    hero = world.create_character(Position.global_point(LB_X + 103, LB_Y + 60, 20))
    hero.place()
    hero.set_controls(Controls(forward=Forward.RUN, turn_deg_per_s=20.0))
    for _ in range(90):
        hero.update(1.0 / 30.0)
    end = hero.position.origin
    world.close()
    return end


def test_a_baked_world_loads_into_the_same_world(tmp_path):
    scene = SOURCE_ROOT / "tests/scenarios/demo-world.scene.json"
    baked = tmp_path / "demo.trbake"
    transit.World.bake(scene, baked)
    assert tuple(_run_on(baked)) == tuple(_run_on(scene))
    data = bytearray(baked.read_bytes())
    data[100] ^= 0x10
    baked.write_bytes(bytes(data))
    with pytest.raises(transit.InputError, match="checksum"):
        transit.World.from_file(baked)


def test_closed_handles_raise_instead_of_crashing():
    world = transit.World.demo()
    hero = world.create_character(Position.global_point(LB_X + 103, LB_Y + 60, 20))
    hero.place()
    world.close()
    with pytest.raises(transit.InvalidId, match="stale"):
        hero.state
    with pytest.raises(transit.InvalidId):
        hero.update(0.1)
    with transit.World.demo() as world:
        c = world.create_character(Position.global_point(LB_X + 103, LB_Y + 60, 20))
        c.close()
        with pytest.raises(transit.InvalidId):
            c.place()
        bad = world.create_character(Position.global_point(LB_X + 103, LB_Y + 60, 20))
        with pytest.raises(transit.InvalidArgument, match="dt"):
            bad.update(-1.0)
        with pytest.raises(transit.InvalidArgument, match="target"):
            bad.move_to(Position.at(bad.position.cell, (math.nan, 0, 0)))


def test_batch_update_gives_numpy_states_and_same_bits_on_two_threads():
    def crowd(world):
        characters = []
        for i in range(100):
            c = world.create_character(Position.global_point(LB_X + 50 + 4 * (i % 10), LB_Y + 24 + 4 * (i // 10), 20, 36 * i))
            c.place()
            characters.append(c)
        return characters

    controls = [Controls(forward=Forward.RUN, turn_deg_per_s=10.0 * (i % 5)) for i in range(100)]
    with transit.World.demo() as one, transit.World.demo() as two:
        a, b = crowd(one), crowd(two)
        for _ in range(30):
            states_a = one.update_characters(a, DT, controls, threads=1)
            states_b = two.update_characters(b, DT, controls, threads=2)
        assert states_a.dtype == transit.STATE_DTYPE and states_a["origin"].shape == (100, 3)
        assert states_a.tobytes() == states_b.tobytes()
        start = np.array([[50 + 4 * (i % 10), 24 + 4 * (i // 10)] for i in range(100)], dtype=np.float32)
        moved = np.count_nonzero(np.abs(states_a["origin"][:, :2] - start).max(axis=1) > 1.0)
        assert moved > 50
        assert states_a["cell"][7] == a[7].state.position.cell


def test_simulation_steps_and_reports_events():
    with transit.World.demo() as world, transit.Scene() as scene:
        scene.add_character("runner", Position.global_point(LB_X + 75, LB_Y + 95, 20))
        with transit.Simulation(world, scene) as sim:
            runner = sim.find("runner")
            sim.set_controls(runner, Controls(forward=Forward.RUN))
            for _ in range(60):
                sim.step(DT)
            events = sim.take_events()
            assert any(kind == transit.EventKind.BLOCKED and who == runner for _, who, kind, _ in events)
            assert sim.time == pytest.approx(2.0)
            assert sim.state(runner).position.origin[1] > 98.9


def test_a_creature_chases_follows_and_loses_its_target():
    wolf = transit.CharacterDef(flags=transit.Flag.EDGE_SLIDE | transit.Flag.GRAVITY | transit.Flag.CREATURE)
    with transit.World.demo() as world, transit.Scene() as scene:
        scene.add_character("player", Position.global_point(LB_X + 70, LB_Y + 50, 20))
        scene.add_character("wolf", Position.global_point(LB_X + 70, LB_Y + 30, 20), wolf)
        with transit.Simulation(world, scene) as sim:
            sim.move_to_character(1, 0, transit.MoveToParams(can_walk=False))
            progress = sim.movement(1)
            assert progress.kind == transit.MovementKind.MOVE_TO_CHARACTER and progress.target == 0
            arrived = False
            for _ in range(150):
                sim.step(DT)
                if any(k == transit.EventKind.MOVE_ARRIVED and who == 1 for _, who, k, _ in sim.take_events()):
                    arrived = True
                    break
            assert arrived
            # Within 0.6 m of the player's cylinder (radii 0.48 each).
            assert 50 - 0.96 - 0.95 < sim.state(1).position.origin[1] < 50 - 0.96
            sim.stick_to(1, 0, 2.0)
            assert sim.movement(1).stuck_to == 0
            sim.remove(0)
            sim.step(DT)
            assert any(k == transit.EventKind.TARGET_GONE for _, _, k, _ in sim.take_events())
            assert sim.transitions(1) == 0
            sim.restore(0, Position.global_point(LB_X + 70, LB_Y + 60, 20))
            sim.set_give_up(1, transit.GiveUpPolicy(no_progress_seconds=5.0))
            sim.set_give_up(1, None)
            with pytest.raises(transit.InputError, match="itself"):
                sim.move_to_character(1, 1)


def test_a_creature_moves_away_at_its_speed_and_turn_rate():
    wolf = transit.CharacterDef(flags=transit.Flag.EDGE_SLIDE | transit.Flag.GRAVITY | transit.Flag.CREATURE)
    with transit.World.demo() as world, transit.Scene() as scene:
        # On the village pad (flat, z 20): the wolf 3 m north of the player,
        # 2.04 m between their cylinders, facing east.
        scene.add_character("player", Position.global_point(LB_X + 70, LB_Y + 50, 20))
        scene.add_character("wolf", Position.global_point(LB_X + 70, LB_Y + 53, 20, 90.0), wolf)
        with transit.Simulation(world, scene) as sim:
            defaults = transit.MoveToParams().to_c()
            assert defaults.move_towards and not defaults.move_away and defaults.turn_away_first
            assert defaults.speed == 1.0 and defaults.turn_rate_deg == 0.0
            sim.move_to_character(1, 0, transit.MoveToParams(move_towards=False, move_away=True, min_distance=8.0))
            closest, away, arrived_at = 3.0, 0, None
            for _ in range(150):
                sim.step(DT)
                closest = min(closest, sim.state(1).position.origin[1] - 50)
                away += sim.movement(1).moving_away
                if any(k == transit.EventKind.MOVE_ARRIVED for _, _, k, _ in sim.take_events()):
                    arrived_at = sim.time
                    break
            # It turned its back first (never nearer), walked 5.96 m at 3.12 m/s.
            assert arrived_at == pytest.approx(0.667 + 5.96 / 3.12, abs=0.1)
            assert closest > 3.0 - 1e-3 and away > 30
            assert 8.0 <= sim.state(1).position.origin[1] - 50 - 0.96 < 8.11

            # Twice the speed: once turned round (180 degrees at 270 deg/s),
            # the walk back toward the player covers 6.24 m a second.
            sim.move_to_character(1, 0, transit.MoveToParams(speed=2.0))
            for _ in range(30):
                sim.step(DT)
            y = sim.state(1).position.origin[1]
            for _ in range(15):
                sim.step(DT)
            assert y - sim.state(1).position.origin[1] == pytest.approx(0.5 * 2 * 3.12, abs=0.01)

            # A slow body: 90 degrees at 45 deg/s x 1.5 running, 1.333 s.
            sim.cancel_movement(1)
            sim.set_turn_rate(1, 45.0)
            start = sim.time
            sim.turn_to(1, sim.state(1).heading_deg + 90.0)
            turned = None
            for _ in range(90):
                sim.step(DT)
                if any(k == transit.EventKind.MOVE_ARRIVED for _, _, k, _ in sim.take_events()):
                    turned = sim.time - start
                    break
            assert turned == pytest.approx(1.333 + DT, abs=0.04)
            with pytest.raises(transit.InvalidArgument, match="speed"):
                sim.move_to(1, sim.state(0).position, transit.MoveToParams(speed=0.0))
            with pytest.raises(transit.InvalidArgument):
                sim.set_turn_rate(1, -5.0)


def test_a_creature_runs_at_its_run_cycles_speed():
    # 2 s north on the village pad toward a standing player: its 2.5 m/s run
    # cycle x run rate 2.375 covers 11.875 m (a human's 4 m/s one, 19 m).
    with transit.World.demo() as world, transit.Scene() as scene:
        scene.add_character("player", Position.global_point(LB_X + 70, LB_Y + 50, 20))
        scene.add_character("creature", Position.global_point(LB_X + 70, LB_Y + 30, 20))
        with transit.Simulation(world, scene) as sim:
            sim.set_cycle_speeds(1, transit.CycleSpeeds(walk=1.2, run=2.5, sidestep=0.8))
            start = sim.state(1).position.origin[1]
            sim.set_controls(1, Controls(forward=Forward.RUN))
            for _ in range(60):
                sim.step(DT)
            assert sim.state(1).position.origin[1] - start == pytest.approx(11.875, abs=1e-3)
            with pytest.raises(transit.InvalidArgument, match="run"):
                sim.set_cycle_speeds(1, transit.CycleSpeeds(run=-1.0))


def test_landblock_groups_step_to_the_same_bits_as_blocks():
    # Eight runners 6 m around the corner where the demo's four landblocks
    # meet (flat ground, z 20), running across it: one thread in blocks, two
    # by landblock group.
    corner = (LB_X + 192, LB_Y + 192)
    with transit.World.demo() as world, transit.Scene() as scene:
        for i in range(8):
            a = math.radians(45 * i)
            at = Position.global_point(corner[0] + 6 * math.sin(a), corner[1] + 6 * math.cos(a), 20, 45 * i + 190)
            scene.add_character(f"runner{i}", at)
        with transit.Simulation(world, scene) as blocks, \
                transit.Simulation(world, scene, threads=2, scheduling=transit.Scheduling.LANDBLOCK_GROUPS,
                                   landblock_group_span=1) as groups:
            for sim in (blocks, groups):
                for i in range(8):
                    sim.set_controls(i, Controls(forward=Forward.RUN))
            seen, handovers, last = set(), 0, None
            for _ in range(45):
                blocks.step(DT)
                groups.step(DT)
                for i in range(8):
                    a, b = blocks.state(i), groups.state(i)
                    assert [bits(v) for v in (*a.position.origin, a.heading_deg, *a.velocity)] == \
                        [bits(v) for v in (*b.position.origin, b.heading_deg, *b.velocity)]
                    assert a.position.cell == b.position.cell
                now = [groups.group_of(i) for i in range(8)]
                seen.update(now)
                handovers += 0 if last is None else sum(x != y for x, y in zip(now, last))
                last = now
            assert len(seen) == 4 and handovers >= 4
            assert blocks.group_of(0) == 0
            with pytest.raises(transit.InvalidArgument, match="span"):
                groups.set_scheduling(transit.Scheduling.LANDBLOCK_GROUPS, 0)


def two_second_run(definition):
    """How far a standalone character made from `definition` runs north in 2 s
    on a flat landblock."""
    with transit.Scene() as scene:
        scene.add_landblock(10, 20, flat=5.0)
        with transit.World.from_scene(scene) as world:
            at = Position.global_point(10 * 192 + 100, 20 * 192 + 50, 5)
            runner = world.create_character(at, definition)
            runner.place()
            run(runner, 60, Controls(forward=Forward.RUN))
            return runner.state.global_position[1] - at.origin[1]


def test_a_creatures_def_carries_its_turn_rate_and_cycle_speeds():
    # The synthetic creature's MotionTable turns 60 deg/s and runs 2.5 m/s: a
    # standalone creature covers 2.5 x run rate 2.375 x 2 s = 11.875 m where a
    # human covers 19 m; the rock (no MotionTable) keeps the human's.
    dat = SOURCE_ROOT / "tests" / "data" / "retail-synthetic"
    human = transit.CharacterDef()
    assert human.turn_rate_deg == 90.0 and human.cycle_speeds == transit.CycleSpeeds(3.12, 4.0, 1.25)
    creature = transit.CharacterDef.from_setup(dat, 0x02000001)
    assert creature.turn_rate_deg == pytest.approx(60.0, abs=1e-3)
    s = creature.cycle_speeds
    assert (s.walk, s.run, s.sidestep) == pytest.approx((1.2, 2.5, 0.8))
    rock = transit.CharacterDef.from_setup(dat, 0x02000C02)
    r = rock.cycle_speeds
    assert rock.turn_rate_deg == 90.0 and (r.walk, r.run, r.sidestep) == pytest.approx((3.12, 4.0, 1.25))
    assert two_second_run(creature) == pytest.approx(11.875, abs=1e-3)
    assert two_second_run(human) == pytest.approx(19.0, abs=1e-3)
    with transit.World.demo() as world:
        at = Position.global_point(LB_X + 103, LB_Y + 60, 20)
        with pytest.raises(transit.InvalidArgument, match=r"cycle_speeds\.walk must be a finite number >= 0"):
            world.create_character(at, transit.CharacterDef(cycle_speeds=transit.CycleSpeeds(walk=math.nan)))
        with pytest.raises(transit.InvalidArgument, match="turn_rate_deg must be a finite number > 0"):
            world.create_character(at, transit.CharacterDef(turn_rate_deg=-1.0))


def test_a_world_built_in_code():
    with transit.Scene() as scene:
        scene.add_landblock(10, 20, flat=5.0)
        box = Shape.from_mesh([(-1, -1, 0), (1, -1, 0), (1, 1, 0), (-1, 1, 0),
                               (-1, -1, 2), (1, -1, 2), (1, 1, 2), (-1, 1, 2)],
                              [(0, 3, 2, 1), (4, 5, 6, 7), (0, 1, 5, 4), (1, 2, 6, 5), (2, 3, 7, 6), (3, 0, 4, 7)])
        scene.add_object(transit.ObjectDef(id=1, name="crate", position=Position.at(0x0A140025, (100, 100, 5)), shapes=[box]))
        with transit.World.from_scene(scene) as world:
            hero = world.create_character(Position.at(0x0A140024, (100, 90, 5)))
            hero.place()
            assert run(hero, 90, Controls(forward=Forward.RUN)) == MoveStatus.BLOCKED
            assert 98.52 - 0.32 < hero.position.origin[1] <= 98.52


def test_docs_example_is_the_example_file_and_runs(tmp_path):
    import subprocess
    import sys
    example = SOURCE_ROOT / "bindings/python/examples/first_character.py"
    doc = (SOURCE_ROOT / "docs/python.md").read_text()
    block = doc.split("```python\n", 1)[1].split("```", 1)[0]
    assert block == example.read_text()
    out = subprocess.run([sys.executable, str(example)], capture_output=True, text=True, check=True)
    assert "player: cell 0x" in out.stdout
    bad = subprocess.run([sys.executable, str(example), "/nonexistent/scene.json"], capture_output=True, text=True)
    assert bad.returncode != 0 and "nonexistent" in bad.stderr


def test_a_world_from_retail_data_files():
    """The synthetic retail data directory (tests/data/retail-synthetic): a
    runner walks east through the hut's doorway into its indoor cell; a
    character shaped as a Setup; a missing directory refused."""
    dat = SOURCE_ROOT / "tests" / "data" / "retail-synthetic"
    with transit.World.from_dat(dat, [0x0101]) as world:
        walker = world.create_character(Position.at(0x0101001D, (92.0, 100.0, 0.05), 90.0))
        walker.place()
        run(walker, 60, Controls(forward=Forward.RUN))
        s = walker.state
        assert s.position.cell == 0x01010102  # inside the hut
        assert 101.0 < s.position.origin[0] < 102.6
    creature = transit.CharacterDef.from_setup(dat, 0x02000001)
    assert len(creature.spheres) == 2 and creature.spheres[1][1] == pytest.approx(0.6)
    assert creature.step_down_height == 1.0 and creature.free_heading
    assert transit.CharacterDef.turn_rate_from_setup(dat, 0x02000001) == pytest.approx(60.0, abs=1e-3)
    with pytest.raises(transit.TransitError, match="has no MotionTable"):
        transit.CharacterDef.turn_rate_from_setup(dat, 0x02000C02)
    assert transit.CycleSpeeds() == transit.CycleSpeeds(3.12, 4.0, 1.25)
    speeds = transit.CharacterDef.cycle_speeds_from_setup(dat, 0x02000001)
    assert (speeds.walk, speeds.run, speeds.sidestep) == pytest.approx((1.2, 2.5, 0.8))
    with pytest.raises(transit.TransitError, match="has no MotionTable"):
        transit.CharacterDef.cycle_speeds_from_setup(dat, 0x02000C02)
    with pytest.raises(transit.TransitError, match="client_cell_1.dat"):
        transit.World.from_dat("/nonexistent", [0x0101])
