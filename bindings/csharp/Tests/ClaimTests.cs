// Checking what clients claim, from C#, as the C tests do
// (tests/c/claim_checks_test.c): a run accepted, a 10 m teleport too fast
// and forced back, a run through the free-standing wall stopped short of
// it, a batch equal to one check each, a still creature in a crowd stopping
// a fall through it, and errors naming what was wrong.
using System;
using Transit;

static partial class Tests
{
    static Position Pad(float x, float y, float z) { return Position.Global(LandblockX + x, LandblockY + y, z); }

    static Claim RunClaim(double t, Position at) { return new Claim(t, at, Forward.Run); }

    static bool Near(float a, float b, float tolerance = 1e-3f) { return Math.Abs(a - b) < tolerance; }

    static void RunAcceptedTeleportForcedBack()
    {
        using (var world = World.Demo())
        {
            var checker = new MovementChecker(world);
            var state = checker.Start(Pad(103, 60, 20), 0.0);
            var r = checker.Check(state, RunClaim(0.5, Pad(103, 64.5f, 20)));
            Check(r.Accepted && r.Reason == "", "a run of 4.5 m in 0.5 s is accepted: " + r.Reason);
            var m = state.Movement;
            Check(m.T == 0.5 && Near(m.Position.Origin.Y, 64.5f) && Near(m.Velocity.Y, 9f) && m.Supported && m.Controls == null,
                  "the state is the claim: " + m.Position.Origin);

            r = checker.Check(state, RunClaim(0.6, Pad(113, 64.5f, 20)));
            Check(r.Verdict == ClaimVerdict.TooFast && r.Verdict.Name() == "too_fast", "a 10 m teleport is too fast: " + r.Verdict);
            Check(r.Reason.Contains("10.00 m in 0.100 s") && state.Reason == r.Reason, "the reason says how far: " + r.Reason);
            Check(r.Forced.Cell == 0xA9B40023u && Near(r.Forced.Origin.X, 103f) && Near(r.Forced.Origin.Y, 64.5f),
                  "forced to the last accepted position: " + r.Forced.Origin);
            Check(state.T == 0.6 && Near(state.Position.Origin.Y, 64.5f), "the state is the forced position");
        }
    }

    static void RunThroughTheWallStoppedShort()
    {
        using (var world = World.Demo())
        {
            var checker = new MovementChecker(world);
            var state = checker.Start(Pad(75, 98, 20), 0.0);
            var r = checker.Check(state, RunClaim(0.3, Pad(75, 100.5f, 20)));
            Check(r.Verdict == ClaimVerdict.ThroughWall && r.Reason.Contains("short of"), "through the wall: " + r.Reason);
            // The wall's face at y 99.75, the body's 0.48 m spheres: touching at 99.27, never inside.
            Check(r.Forced.Origin.Y > 99.2f && r.Forced.Origin.Y <= 99.27f + 1e-3f, "forced against the wall: " + r.Forced.Origin);
            Check(checker.Check(state, RunClaim(0.8, Pad(71, r.Forced.Origin.Y, 20))).Accepted, "along the wall is accepted");
        }
    }

    static void BatchAnswersAsOneCheckEach()
    {
        using (var world = World.Demo())
        {
            var checker = new MovementChecker(world);
            var starts = new[] { Pad(103, 60, 20), Pad(103, 60, 20), Pad(75, 98, 20), Pad(120, 40, 20) };
            var claims = new[] { RunClaim(0.5, Pad(103, 64.5f, 20)), RunClaim(0.1, Pad(113, 60, 20)),
                                 RunClaim(0.3, Pad(75, 100.5f, 20)), RunClaim(0.5, Pad(118, 43, 20)) };
            var expected = new[] { ClaimVerdict.Accepted, ClaimVerdict.TooFast, ClaimVerdict.ThroughWall, ClaimVerdict.Accepted };
            for (int threads = 1; threads <= 2; ++threads)
            {
                var states = new ClaimState[starts.Length];
                for (int i = 0; i < starts.Length; ++i) states[i] = checker.Start(starts[i], 0.0);
                var batch = checker.CheckBatch(states, claims, threads);
                for (int i = 0; i < starts.Length; ++i)
                {
                    var single = checker.Check(checker.Start(starts[i], 0.0), claims[i]);
                    Check(batch[i].Verdict == expected[i] && single.Verdict == expected[i], "claim " + i + ": " + batch[i].Verdict);
                    Check(batch[i].Reason == single.Reason && batch[i].Forced.Origin.Equals(single.Forced.Origin),
                          "claim " + i + " answered as one check: " + batch[i].Reason);
                    Check(states[i].Position.Origin.Equals(batch[i].Forced.Origin), "state " + i + " moved on");
                }
            }
        }
    }

    static void ClaimsOwnBadValuesAreInvalid()
    {
        using (var world = World.Demo())
        {
            var checker = new MovementChecker(world);
            var state = checker.Start(Pad(103, 60, 20), 0.0);
            var r = checker.Check(state, RunClaim(0.5, Pad(float.NaN, 60, 20)));
            Check(r.Verdict == ClaimVerdict.Invalid && r.Reason.Contains("not finite"), "a NaN claim is invalid: " + r.Reason);
            Check(Near(r.Forced.Origin.X, 103f) && Near(r.Forced.Origin.Y, 60f), "forced to the start");
            r = checker.Check(state, RunClaim(0.25, Pad(103, 60.5f, 20)));
            Check(r.Verdict == ClaimVerdict.Invalid && r.Reason.Contains("is not after the last accepted, 0.5 s"), "an earlier claim is invalid: " + r.Reason);
            var claim = new Claim(1.0, Pad(103, 61, 20)) { Changes = new[] { MotionChange.At(0.9), MotionChange.At(0.8) } };
            r = checker.Check(state, claim);
            Check(r.Verdict == ClaimVerdict.Invalid && r.Reason.Contains("before the one before it"), "changes out of order: " + r.Reason);
        }
    }

    static void ControlsAreCarried()
    {
        using (var world = World.Demo())
        {
            var checker = new MovementChecker(world);
            var state = checker.Start(Pad(103, 60, 20), 0.0, default(Vec3), MotionChange.At(0.0, Forward.Run, Strafe.Left));
            var held = state.Movement.Controls;
            Check(held.HasValue && held.Value.Forward == Forward.Run && held.Value.Strafe == Strafe.Left, "the start's controls");
            var claim = new Claim(0.5, Pad(103, 64.5f, 20)) { Changes = new[] { MotionChange.At(0.4, Forward.Walk) } };
            var r = checker.Check(state, claim);
            Check(r.Accepted, "running then walking: " + r.Reason);
            held = state.Movement.Controls;
            Check(held.HasValue && held.Value.T == 0.4 && held.Value.Forward == Forward.Walk && held.Value.Strafe == Strafe.Stop, "the last change");
        }
    }

    static void BadClaimCallsThrow()
    {
        var world = World.Demo();
        var quake = CharacterDef.Default;
        quake.Mover = MoverKind.Quake;
        Expect<TransitException>(() => new MovementChecker(world, quake), "def.mover: movement checks take AC characters only");
        var options = ClaimCheckOptions.Default;
        Check(Near(options.SpeedMargin, 0.05f) && Near(options.ReplayTolerance, 2f) && Near(options.ReplayRiseTolerance, 0.75f) && Near(options.ChangeJitter, 0.05f), "the C++ defaults");
        options.BurstSeconds = -1f;
        Expect<TransitException>(() => new MovementChecker(world, CharacterDef.Default, options), "options.burst_seconds");
        var checker = new MovementChecker(world);
        Expect<TransitException>(() => checker.Start(Pad(float.NaN, 60, 20), 0.0), "position: origin and orientation must be finite");
        var state = checker.Start(Pad(103, 60, 20), 0.0);
        Expect<TransitException>(() => checker.Check(state, new Claim(0.5, Pad(103, 61, 20)) { JumpExtent = 2f }),
                                 "claim.motion.jump_extent: must be 0..1");
        Expect<TransitException>(() => checker.CheckBatch(new[] { state, state }, new[] { RunClaim(0.5, Pad(103, 61, 20)), RunClaim(0.5, Pad(103, 61, 20)) }),
                                 "states[1]: the same state");
        Check(state.T == 0.0, "a refused batch changes no state");
        state.Dispose();
        Expect<StaleHandleException>(() => checker.Check(state, RunClaim(0.5, Pad(103, 61, 20))), "state: stale id");
        var other = checker.Start(Pad(103, 60, 20), 0.0);
        world.Dispose();
        Expect<StaleHandleException>(() => { var m = other.Movement; }, "state's world");
    }

    // A checker shaped as a creature (creatures block players).
    static MovementChecker CreatureChecker(World world)
    {
        var def = CharacterDef.Default;
        def.Flags = EntityFlags.EdgeSlide | EntityFlags.Gravity | EntityFlags.Creature;
        return new MovementChecker(world, def);
    }

    // Stopped 1 m below where it was dropped 0.8 s before (its arc is on the ground by then),
    // 3 m from where the server last had the creature: held there by it only if the creature
    // may have roamed to it since.
    static void FallHeldWhereACreatureMayHaveRoamed()
    {
        using (var world = World.Demo())
        using (var crowd = new ClaimCrowd(world))
        {
            var player = new MovementChecker(world);
            var rock = CreatureChecker(world);
            var stopped = new Claim(0.8, Pad(60, 61.2f, 22));
            foreach (var roamed in new[] { 2.5f, 0f })
            {
                var r = crowd.Check(new[] { new CrowdClaim(player, player.Start(Pad(60, 61.2f, 23), 0.0), stopped) },
                                    new[] { new Bystander(rock, Pad(63, 60, 20), false, roamed) })[0];
                var want = roamed > 0f ? ClaimVerdict.Accepted : ClaimVerdict.Flying;
                Check(r.Verdict == want, "roamed " + roamed + ": " + r.Verdict + " " + r.Reason);
            }
            Expect<TransitException>(() => crowd.Check(
                new[] { new CrowdClaim(player, player.Start(Pad(60, 61.2f, 23), 0.0), stopped) },
                new[] { new Bystander(rock, Pad(63, 60, 20), false, -1f) }), "bystanders[0].roamed");
        }
    }

    // Dropped from 8 m above the creature and claimed 1 m lower 0.8 s later: the creature, last
    // had falling at 12 m/s 0.5 s before, roamed 6 m but rose only a bounce's 0.6 m, never near
    // enough to hold the fall; given any of its roam upwards (the default), it may have been.
    static void FallHeldOnlyAsHighAsACreatureMayHaveRisen()
    {
        using (var world = World.Demo())
        using (var crowd = new ClaimCrowd(world))
        {
            var player = new MovementChecker(world);
            var rock = CreatureChecker(world);
            var rockState = rock.Start(Pad(60, 60, 20), 0.3, new Vec3(0f, 0f, -12f));
            var since = Bystander.Since(rockState, rock, 0.8);
            Check(Math.Abs(since.Roamed - 6f) < 1e-5f && Math.Abs(since.Rose - 0.6f) < 1e-5f,
                  "roamed " + since.Roamed + ", rose " + since.Rose);
            var stopped = new Claim(0.8, Pad(60, 60.3f, 27));
            foreach (var b in new[] { since, new Bystander(rock, since.Position, false, 6f) })
            {
                var r = crowd.Check(new[] { new CrowdClaim(player, player.Start(Pad(60, 60.3f, 28), 0.0), stopped) },
                                    new[] { b })[0];
                var want = float.IsInfinity(b.Rose) ? ClaimVerdict.Accepted : ClaimVerdict.Flying;
                Check(r.Verdict == want, "rose " + b.Rose + ": " + r.Verdict + " " + r.Reason);
            }
            Expect<TransitException>(() => Bystander.Since(rockState, rock, 0.2), "now: 0.2 s");
            rockState.Dispose();
        }
    }

    static void StillCreatureStopsAFall()
    {
        using (var world = World.Demo())
        using (var crowd = new ClaimCrowd(world))
        {
            var player = new MovementChecker(world);
            var rock = CreatureChecker(world);
            var fall = new Claim(1.0, Pad(60, 60.3f, 20));
            var movedAway = crowd.Check(new[] { new CrowdClaim(player, player.Start(Pad(60, 60.3f, 25), 0.0), fall) },
                                        new[] { new Bystander(rock, Pad(60, 60, 20)) });
            Check(movedAway[0].Accepted, "it may have moved out of the way: " + movedAway[0].Reason);
            for (int threads = 1; threads <= 2; ++threads)
            {
                var r = crowd.Check(new[] { new CrowdClaim(player, player.Start(Pad(60, 60.3f, 25), 0.0), fall) },
                                    new[] { new Bystander(rock, Pad(60, 60, 20), true) }, threads)[0];
                Check(r.Verdict == ClaimVerdict.ThroughWall, "not through a creature held still: " + r.Verdict);
                // On its head: feet 1.35 + sqrt(0.96^2 - 0.3^2) - 0.48 = 1.782 m up.
                Check(r.Forced.Origin.Z >= 20f + 1.782f - 0.005f && r.Forced.Origin.Z < 21.85f, "stopped on its head: " + r.Forced.Origin);
            }
        }
    }

    // Four run claims 0.5 s apart, each step metres north of the one before on a flat
    // landblock (each must be accepted), then one last metres on: its result.
    static ClaimResult RunThenClaim(World world, CharacterDef def, float step, float last)
    {
        var checker = new MovementChecker(world, def);
        var at = Position.Global(10 * 192f + 100f, 20 * 192f + 50f, 5f);
        var state = checker.Start(at, 0.0);
        float y = at.Origin.Y;
        for (int i = 1; i <= 4; ++i)
        {
            y += step;
            var r = checker.Check(state, RunClaim(0.5 * i, Position.Global(at.Origin.X, y, 5f)));
            Check(r.Accepted, "its own run is accepted: " + r.Reason);
        }
        return checker.Check(state, RunClaim(2.5, Position.Global(at.Origin.X, y + last, 5f)));
    }

    // A checker made from the synthetic creature's def holds it to its own run: 2.5 x 2.375 x
    // 0.5 = 2.97 m a claim is accepted; then 6.5 m in 0.5 s, which a human's checker takes, is
    // too fast for it (its budget grows at 5.9375 x 1.05 = 6.23 m/s: 3.99 m for the claim).
    static void CreatureCheckerHoldsItToItsRun()
    {
        var creature = CharacterDef.FromSetup(System.IO.Path.Combine(sourceDir, "tests", "data", "retail-synthetic"), 0x02000001);
        using (var scene = new Scene().AddLandblock(10, 20, null, 5f))
        using (var world = World.FromScene(scene))
        {
            var human = RunThenClaim(world, CharacterDef.Default, 2.96875f, 6.5f);
            Check(human.Accepted, "a human's checker takes 6.5 m in 0.5 s: " + human.Reason);
            var r = RunThenClaim(world, creature, 2.96875f, 6.5f);
            Check(r.Verdict == ClaimVerdict.TooFast && r.Reason.Contains("6.50 m in 0.500 s; at most 3.99 m (speed 6.23 m/s)"),
                  "too fast for the creature: " + r.Reason);
        }
    }
}
