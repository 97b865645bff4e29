"""Checking what clients claim, from Python, as the C tests do
(tests/c/claim_checks_test.c): a run accepted, a 10 m teleport too fast and
forced back, a run through the free-standing wall stopped short of it, a
batch equal to one check each, a still creature in a crowd stopping a fall
through it, and errors naming what was wrong."""

import math

import pytest

import transit
from transit import (Bystander, Claim, ClaimCheckOptions, ClaimCrowd, ClaimVerdict, Forward, MotionChange,
                     MovementChecker, Position)
from conftest import SOURCE_ROOT

LB_X, LB_Y = 32448.0, 34560.0  # the demo landblock A9B4's global origin


def pad(x, y, z):
    return Position.global_point(LB_X + x, LB_Y + y, z)


def run(t, position):
    return Claim(t, position, forward=Forward.RUN)


@pytest.fixture
def world():
    with transit.World.demo() as w:
        yield w


def test_a_run_is_accepted_and_a_teleport_forced_back(world):
    checker = MovementChecker(world)
    state = checker.start(pad(103, 60, 20), 0.0)
    r = checker.check(state, run(0.5, pad(103, 64.5, 20)))
    assert r.accepted and r.reason == ""
    m = state.movement
    assert m.t == 0.5 and m.position.origin == pytest.approx((103, 64.5, 20), abs=1e-3)
    assert m.velocity[1] == pytest.approx(9.0, abs=1e-3) and m.supported and m.controls is None

    r = checker.check(state, run(0.6, pad(113, 64.5, 20)))
    assert r.verdict == ClaimVerdict.TOO_FAST and r.verdict.label == "too_fast"
    assert "10.00 m in 0.100 s" in r.reason and state.reason == r.reason
    assert r.forced.cell == 0xA9B40023
    assert r.forced.origin == pytest.approx((103, 64.5, 20), abs=1e-3)
    assert state.t == 0.6 and state.position.origin == pytest.approx((103, 64.5, 20), abs=1e-3)


def test_a_run_through_the_wall_is_stopped_short_of_it(world):
    checker = MovementChecker(world)
    state = checker.start(pad(75, 98, 20), 0.0)
    r = checker.check(state, run(0.3, pad(75, 100.5, 20)))
    assert r.verdict == ClaimVerdict.THROUGH_WALL and "short of" in r.reason
    # The wall's face at y 99.75, the body's 0.48 m spheres: touching at 99.27, never inside.
    assert 99.2 < r.forced.origin[1] <= 99.27 + 1e-3
    assert checker.check(state, run(0.8, pad(71, r.forced.origin[1], 20))).accepted


def test_a_batch_answers_as_one_check_each(world):
    checker = MovementChecker(world)
    starts = [pad(103, 60, 20), pad(103, 60, 20), pad(75, 98, 20), pad(120, 40, 20)]
    claims = [run(0.5, pad(103, 64.5, 20)), run(0.1, pad(113, 60, 20)), run(0.3, pad(75, 100.5, 20)),
              run(0.5, pad(118, 43, 20))]
    for threads in (1, 2):
        single = [checker.check(checker.start(p, 0.0), c) for p, c in zip(starts, claims)]
        states = [checker.start(p, 0.0) for p in starts]
        assert checker.check_batch(states, claims, threads=threads) == single
        assert [r.verdict for r in single] == [ClaimVerdict.ACCEPTED, ClaimVerdict.TOO_FAST,
                                              ClaimVerdict.THROUGH_WALL, ClaimVerdict.ACCEPTED]
        assert [s.position for s in states] == [r.forced for r in single]


def test_a_claims_own_bad_values_are_rejected_as_invalid(world):
    checker = MovementChecker(world)
    state = checker.start(pad(103, 60, 20), 0.0)
    r = checker.check(state, run(0.5, pad(math.nan, 60, 20)))
    assert r.verdict == ClaimVerdict.INVALID and "not finite" in r.reason
    assert r.forced.origin == pytest.approx((103, 60, 20), abs=1e-3)
    r = checker.check(state, run(0.25, pad(103, 60.5, 20)))
    assert r.verdict == ClaimVerdict.INVALID and "is not after the last accepted, 0.5 s" in r.reason
    r = checker.check(state, Claim(1.0, pad(103, 61, 20), changes=[MotionChange(0.9), MotionChange(0.8)]))
    assert r.verdict == ClaimVerdict.INVALID and "before the one before it" in r.reason


def test_controls_known_from_the_start_are_carried(world):
    checker = MovementChecker(world)
    running = MotionChange(0.0, Forward.RUN, transit.Strafe.LEFT)
    state = checker.start(pad(103, 60, 20), 0.0, controls=running)
    assert state.movement.controls == running
    r = checker.check(state, Claim(0.5, pad(103, 64.5, 20), changes=[MotionChange(0.4, Forward.WALK)]))
    assert r.accepted, r.reason
    assert state.movement.controls == MotionChange(0.4, Forward.WALK)


def test_default_options_are_the_libraries():
    c = ClaimCheckOptions().to_c()
    assert c.replay_tolerance == 2.0 and c.replay_tolerance_per_second == 0.5
    assert c.replay_rise_tolerance == 0.75 and abs(c.change_jitter - 0.05) < 1e-6
    assert ClaimCheckOptions(replay_rise_tolerance=0.5).to_c().replay_rise_tolerance == 0.5


def test_bad_calls_raise_naming_what_was_wrong(world):
    with pytest.raises(transit.InvalidArgument, match="def.mover: movement checks take AC characters only"):
        MovementChecker(world, transit.CharacterDef(mover=transit.MoverKind.QUAKE))
    with pytest.raises(transit.InvalidArgument, match="options.burst_seconds"):
        MovementChecker(world, options=ClaimCheckOptions(burst_seconds=-1.0))
    checker = MovementChecker(world)
    with pytest.raises(transit.InvalidArgument, match="position: origin and orientation must be finite"):
        checker.start(pad(math.nan, 60, 20), 0.0)
    state = checker.start(pad(103, 60, 20), 0.0)
    with pytest.raises(transit.InvalidArgument, match="claim.motion.jump_extent: must be 0..1"):
        checker.check(state, Claim(0.5, pad(103, 61, 20), jump_extent=2.0))
    with pytest.raises(transit.InvalidArgument, match=r"states\[1\]: the same state"):
        checker.check_batch([state, state], [run(0.5, pad(103, 61, 20)), run(0.5, pad(103, 61, 20))])
    assert state.t == 0.0  # a refused batch changes no state
    state.close()
    with pytest.raises(transit.InvalidId, match="state: stale id"):
        checker.check(state, run(0.5, pad(103, 61, 20)))
    other = checker.start(pad(103, 60, 20), 0.0)
    world.close()
    with pytest.raises(transit.InvalidId, match="state's world"):
        other.movement


def creature_checker(world):
    """A checker shaped as a creature (creatures block players)."""
    return MovementChecker(world, transit.CharacterDef(
        flags=transit.Flag.EDGE_SLIDE | transit.Flag.GRAVITY | transit.Flag.CREATURE))


def test_a_still_creature_stops_a_fall_through_it(world):
    player = MovementChecker(world)
    rock = creature_checker(world)
    with ClaimCrowd(world) as crowd:
        fall = Claim(1.0, pad(60, 60.3, 20))
        moved_away = crowd.check([(player, player.start(pad(60, 60.3, 25), 0.0), fall)],
                                 [Bystander(rock, pad(60, 60, 20))])
        assert moved_away[0].accepted
        for threads in (1, 2):
            r = crowd.check([(player, player.start(pad(60, 60.3, 25), 0.0), fall)],
                            [Bystander(rock, pad(60, 60, 20), still=True)], threads=threads)[0]
            assert r.verdict == ClaimVerdict.THROUGH_WALL
            # On its head: feet 1.35 + sqrt(0.96^2 - 0.3^2) - 0.48 = 1.782 m up.
            assert 20 + 1.782 - 0.005 <= r.forced.origin[2] < 21.85


def test_a_fall_stopped_where_a_creature_may_have_roamed_is_held(world):
    # Stopped 1 m below where it was dropped 0.8 s before (its arc is on the
    # ground by then), 3 m from where the server last had the creature.
    player = MovementChecker(world)
    rock = creature_checker(world)
    with ClaimCrowd(world) as crowd:
        stopped = Claim(0.8, pad(60, 61.2, 22))
        verdicts = [crowd.check([(player, player.start(pad(60, 61.2, 23), 0.0), stopped)],
                                [Bystander(rock, pad(63, 60, 20), roamed=roamed)])[0].verdict
                    for roamed in (2.5, 0.0)]
        assert verdicts == [ClaimVerdict.ACCEPTED, ClaimVerdict.FLYING]
        with pytest.raises(transit.InvalidArgument, match=r"bystanders\[0\]\.roamed"):
            crowd.check([(player, player.start(pad(60, 61.2, 23), 0.0), stopped)],
                        [Bystander(rock, pad(63, 60, 20), roamed=-1.0)])


def test_a_fall_is_held_only_as_high_as_a_creature_may_have_risen(world):
    # Dropped from 8 m above the creature and claimed 1 m lower 0.8 s later:
    # the creature, last had falling at 12 m/s 0.5 s before, roamed 6 m but
    # rose only a bounce's 0.6 m, never near enough to hold the fall; given
    # any of its roam upwards (the default), it may have been.
    player = MovementChecker(world)
    rock = creature_checker(world)
    with ClaimCrowd(world) as crowd:
        bystander = Bystander.since(rock.start(pad(60, 60, 20), 0.3, (0.0, 0.0, -12.0)), rock, 0.8)
        assert bystander.roamed == pytest.approx(6.0) and bystander.rose == pytest.approx(0.6)
        stopped = Claim(0.8, pad(60, 60.3, 27))
        verdicts = [crowd.check([(player, player.start(pad(60, 60.3, 28), 0.0), stopped)], [b])[0].verdict
                    for b in (bystander, Bystander(rock, bystander.position, roamed=6.0))]
        assert verdicts == [ClaimVerdict.FLYING, ClaimVerdict.ACCEPTED]
        with pytest.raises(transit.InvalidArgument, match=r"now: 0\.2 s"):
            Bystander.since(rock.start(pad(60, 60, 20), 0.3), rock, 0.2)


def run_then_claim(world, definition, step, last):
    """Four run claims 0.5 s apart, each `step` metres north of the one before
    on a flat landblock (each must be accepted), then one `last` metres on:
    its result."""
    checker = MovementChecker(world, definition)
    x, y = 10 * 192 + 100, 20 * 192 + 50
    state = checker.start(Position.global_point(x, y, 5), 0.0)
    for i in range(1, 5):
        y += step
        r = checker.check(state, run(0.5 * i, Position.global_point(x, y, 5)))
        assert r.accepted, r.reason
    return checker.check(state, run(2.5, Position.global_point(x, y + last, 5)))


def test_a_creatures_checker_holds_it_to_its_own_run():
    # The synthetic creature's run, 2.5 x 2.375 x 0.5 = 2.97 m a claim, is
    # accepted; then 6.5 m in 0.5 s, which a human's checker takes, is too fast
    # for it: its budget grows at 5.9375 x 1.05 = 6.23 m/s, 3.99 m for the claim.
    creature = transit.CharacterDef.from_setup(SOURCE_ROOT / "tests" / "data" / "retail-synthetic", 0x02000001)
    with transit.Scene() as scene:
        scene.add_landblock(10, 20, flat=5.0)
        with transit.World.from_scene(scene) as world:
            assert run_then_claim(world, transit.CharacterDef(), 2.96875, 6.5).accepted
            r = run_then_claim(world, creature, 2.96875, 6.5)
            assert r.verdict == ClaimVerdict.TOO_FAST
            assert "6.50 m in 0.500 s; at most 3.99 m (speed 6.23 m/s)" in r.reason
