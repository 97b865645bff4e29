// The C# binding's tests, run under Mono by bindings/csharp/run-tests:
// prints "N passed, N failed" and exits non-zero when a test failed.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Runtime.Serialization;
using System.Runtime.Serialization.Json;
using Transit;

[DataContract]
class ReferenceFile
{
    [DataMember(Name = "dt")] public double Dt;
    [DataMember(Name = "runs")] public ReferenceRun[] Runs;
}

[DataContract]
class ReferenceRun
{
    [DataMember(Name = "name")] public string Name;
    [DataMember(Name = "start_cell")] public uint StartCell;
    [DataMember(Name = "start")] public float[] Start;
    [DataMember(Name = "heading_deg")] public float HeadingDeg;
    [DataMember(Name = "forward")] public string Forward;
    [DataMember(Name = "turn_deg_per_s")] public float TurnDegPerS;
    [DataMember(Name = "frames")] public int Frames;
    [DataMember(Name = "final")] public ReferenceFinal Final;
}

[DataContract]
class ReferenceFinal
{
    [DataMember(Name = "cell")] public uint Cell;
    [DataMember(Name = "origin_bits")] public uint[] OriginBits;
    [DataMember(Name = "orientation_bits")] public uint[] OrientationBits;
    [DataMember(Name = "status")] public string Status;
}

static partial class Tests
{
    static string sourceDir;
    const float LandblockX = 32448f, LandblockY = 34560f;  // demo landblock A9B4's global origin

    static void Check(bool condition, string what)
    {
        if (!condition) throw new Exception("check failed: " + what);
    }

    static uint Bits(float f) { return BitConverter.ToUInt32(BitConverter.GetBytes(f), 0); }

    static void RunIntoWall()
    {
        using (var world = World.Demo())
        {
            var hero = world.CreateCharacter(Position.Global(LandblockX + 75, LandblockY + 95, 20));
            Check(hero.Place() == MoveStatus.Moved, "placed");
            hero.Controls = Controls.Run();
            MoveStatus last = MoveStatus.Moved;
            for (int i = 0; i < 60; ++i) last = hero.Update(1.0 / 30.0);
            var s = hero.State;
            Check(last == MoveStatus.Blocked, "blocked by the wall, got " + last);
            Check(s.Position.Origin.Y > 99.27f - 0.32f && s.Position.Origin.Y <= 99.27f, "stopped before the wall at y 99.75: " + s.Position.Origin);
            Check(s.Ground == GroundState.OnGround && s.HasGroundPlane && s.GroundPlane.Normal.Z > 0.99f, "stands on flat ground");
        }
    }

    static void UpTheStairs()
    {
        using (var world = World.Demo())
        {
            var hero = world.CreateCharacter(Position.At(0xA9B40101u, new Vec3(112.5f, 71.25f, 20f)));
            hero.Place();
            hero.Controls = Controls.Run();
            for (int i = 0; i < 75; ++i) hero.Update(1.0 / 30.0);
            var s = hero.State;
            Check(s.Position.Cell == 0xA9B40101u, "still in the stair hall");
            Check(Math.Abs(s.Position.Origin.Z - 23f) < 0.01f, "on the landing 3 m up: " + s.Position.Origin);
        }
    }

    static void SameBitsAsTheCppApi()
    {
        var path = Path.Combine(sourceDir, "tests/data/binding_reference.json");
        ReferenceFile reference;
        using (var stream = File.OpenRead(path))
            reference = (ReferenceFile)new DataContractJsonSerializer(typeof(ReferenceFile)).ReadObject(stream);
        Check(reference.Runs.Length >= 3, "reference runs read");
        foreach (var run in reference.Runs)
        {
            using (var world = World.Demo())
            {
                var start = new Vec3(run.Start[0], run.Start[1], run.Start[2]);
                var hero = world.CreateCharacter(Position.At(run.StartCell, start, run.HeadingDeg));
                hero.Place();
                var controls = Controls.Default;
                controls.Forward = run.Forward == "run" ? Forward.Run : run.Forward == "walk" ? Forward.Walk : run.Forward == "back" ? Forward.Back : Forward.Stop;
                controls.TurnDegPerS = run.TurnDegPerS;
                hero.Controls = controls;
                for (int i = 0; i < run.Frames; ++i) hero.Update(reference.Dt);
                var s = hero.State;
                var o = s.Position.Origin;
                var q = s.Position.Orientation;
                Check(s.Position.Cell == run.Final.Cell, run.Name + ": cell");
                Check(Bits(o.X) == run.Final.OriginBits[0] && Bits(o.Y) == run.Final.OriginBits[1] && Bits(o.Z) == run.Final.OriginBits[2], run.Name + ": origin bits " + o);
                Check(Bits(q.W) == run.Final.OrientationBits[0] && Bits(q.X) == run.Final.OrientationBits[1] &&
                      Bits(q.Y) == run.Final.OrientationBits[2] && Bits(q.Z) == run.Final.OrientationBits[3], run.Name + ": orientation bits");
                Check(s.Status.Name() == run.Final.Status, run.Name + ": status " + s.Status.Name());
            }
        }
    }

    static void ThousandsOfObjectsWithoutLeaking()
    {
        using (var world = World.Demo())
        {
            int slots = world.ObjectSlots;
            var def = new ObjectDef { Id = 9001, Name = "boulder", Position = Position.Global(LandblockX + 90, LandblockY + 40, 20) };
            def.Shapes.Add(ShapeDef.Sphere(new Vec3(0, 0, 1), 1f));
            for (int round = 0; round < 5000; ++round)
            {
                var handle = world.AddObject(def);
                handle.Remove();
            }
            Check(world.ObjectSlots == slots + 1, "one slot reused 5000 times, got " + world.ObjectSlots);
            long before = Process.GetCurrentProcess().WorkingSet64;
            for (int round = 0; round < 20000; ++round)
            {
                world.AddObject(def).Remove();
                using (var c = world.CreateCharacter(Position.Global(LandblockX + 103, LandblockY + 60, 20))) c.Place();
            }
            GC.Collect();
            GC.WaitForPendingFinalizers();
            long growth = Process.GetCurrentProcess().WorkingSet64 - before;
            Check(growth < 16L * 1024 * 1024, "resident memory grew by " + growth / 1024 + " KiB over 20000 objects and characters");
            var boulder = world.AddObject(def);
            var hit = world.TraceSphere(0xA9B40013u, new Vec3(80, 40, 21), new Vec3(100, 40, 21), 0.5f);
            Check(hit.Hit == TraceHit.Object && hit.ObjectId == 9001u && Math.Abs(hit.EndPosition.X - 88.5f) < 0.01f, "trace stops at the boulder");
            boulder.Move(Position.Global(LandblockX + 90, LandblockY + 30, 20));
            Check(world.TraceSphere(0xA9B40013u, new Vec3(80, 40, 21), new Vec3(100, 40, 21), 0.5f).Hit == TraceHit.None, "moved away");
            boulder.Remove();
            Expect<StaleHandleException>(() => boulder.Remove(), "object");
        }
    }

    // A baked world loads into the same world as its scene: a runner ends at
    // the very same bits; a corrupted file throws naming the checksum.
    static Vec3 RunOn(string file)
    {
        using (var world = World.FromFile(file))
        {
            var hero = world.CreateCharacter(Position.Global(LandblockX + 103, LandblockY + 60, 20));
            hero.Place();
            hero.Controls = Controls.Run(20);
            for (int i = 0; i < 90; ++i) hero.Update(1.0 / 30.0);
            return hero.State.Position.Origin;
        }
    }

    static void BakedWorldLoadsTheSame()
    {
        var scene = Path.Combine(sourceDir, "tests/scenarios/demo-world.scene.json");
        var baked = Path.Combine(Path.GetTempPath(), "transit-csharp-test.trbake");
        World.Bake(scene, baked);
        var a = RunOn(scene);
        var b = RunOn(baked);
        Check(Bits(a.X) == Bits(b.X) && Bits(a.Y) == Bits(b.Y) && Bits(a.Z) == Bits(b.Z), "same end: " + a + " " + b);
        var bytes = File.ReadAllBytes(baked);
        bytes[100] ^= 0x10;
        File.WriteAllBytes(baked, bytes);
        Expect<TransitException>(() => World.FromFile(baked), "checksum");
        File.Delete(baked);
    }

    static void BadSceneFileThrows()
    {
        var e = Expect<TransitException>(() => World.FromFile("/nonexistent/scene.json"), "/nonexistent/scene.json");
        Check(e.Status == Status.Input, "input error");
        Expect<TransitException>(() => World.FromJson("{\"format\": \"transit-scene/1\", \"terrain\": 3}"), "terrain");
    }

    static void StaleHandlesThrow()
    {
        Character hero;
        using (var world = World.Demo())
        {
            hero = world.CreateCharacter(Position.Global(LandblockX + 103, LandblockY + 60, 20));
            hero.Place();
        }
        Expect<StaleHandleException>(() => { var s = hero.State; }, "stale");
        Expect<StaleHandleException>(() => hero.Update(0.1), "stale");
        using (var world = World.Demo())
        {
            var c = world.CreateCharacter(Position.Global(LandblockX + 103, LandblockY + 60, 20));
            c.Dispose();
            Expect<StaleHandleException>(() => c.Place(), "stale");
            var bad = world.CreateCharacter(Position.Global(LandblockX + 103, LandblockY + 60, 20));
            Expect<TransitException>(() => bad.Update(-1), "dt");
        }
    }

    static void BatchAndSimulation()
    {
        using (var world = World.Demo())
        using (var scene = new Scene())
        {
            var characters = new List<Character>();
            for (int i = 0; i < 100; ++i)
            {
                var c = world.CreateCharacter(Position.Global(LandblockX + 50 + 4 * (i % 10), LandblockY + 24 + 4 * (i / 10), 20, 36 * i));
                c.Place();
                characters.Add(c);
            }
            var controls = new Controls[100];
            for (int i = 0; i < 100; ++i) controls[i] = Controls.Run(10 * (i % 5));
            var one = new CharacterState[100];
            var statuses = new MoveStatus[100];
            for (int f = 0; f < 30; ++f) world.UpdateCharacters(characters, 1.0 / 30.0, controls, 2, one, statuses);
            for (int i = 0; i < 100; ++i) Check(one[i].Position.Cell == characters[i].State.Position.Cell, "batch states");
            int moved = 0;
            for (int i = 0; i < 100; ++i) if (Math.Abs(one[i].Position.Origin.X - (50 + 4 * (i % 10))) > 1f || Math.Abs(one[i].Position.Origin.Y - (24 + 4 * (i / 10))) > 1f) ++moved;
            Check(moved > 50, "characters moved: " + moved);

            scene.AddCharacter("runner", Position.Global(LandblockX + 75, LandblockY + 95, 20));
            using (var sim = new Simulation(world, scene))
            {
                int runner = sim.Find("runner");
                sim.SetControls(runner, Controls.Run());
                for (int f = 0; f < 60; ++f) sim.Step(1.0 / 30.0);
                var events = sim.TakeEvents();
                Check(events.Exists(e => e.Kind == EventKind.Blocked && e.Character == runner), "the runner was blocked by the wall");
                Check(Math.Abs(sim.Time - 2.0) < 1e-9, "two seconds simulated");
                Check(sim.State(runner).Position.Origin.Y > 98.9f, "at the wall");
            }
        }
    }

    // The player (character 0) at the village pad's (70, 50) and a wolf (1) due
    // north or south of it at village-local y.
    static Scene WolfAndPlayer(float wolfY, float wolfHeading)
    {
        var wolf = CharacterDef.Default;
        wolf.Flags = EntityFlags.EdgeSlide | EntityFlags.Gravity | EntityFlags.Creature;
        var scene = new Scene();
        scene.AddCharacter("player", Position.Global(LandblockX + 70, LandblockY + 50, 20));
        scene.AddCharacter("wolf", wolf, Position.Global(LandblockX + 70, LandblockY + wolfY, 20, wolfHeading));
        return scene;
    }

    // A wolf chases a standing player over the village pad (west of the house) and arrives; it
    // follows; the player leaves the world and the follow ends TargetGone.
    static void CreatureChasesAndTargetLeaves()
    {
        using (var world = World.Demo())
        using (var scene = WolfAndPlayer(30f, 0f))
        {
            using (var sim = new Simulation(world, scene))
            {
                var chase = MoveToParams.Default;
                Check(Math.Abs(chase.DistanceToObject - 0.6f) < 1e-6f && chase.CanWalk, "retail's defaults");
                chase.CanWalk = false;
                sim.MoveToCharacter(1, 0, chase);
                Check(sim.Movement(1).Kind == MovementKind.MoveToCharacter && sim.Movement(1).Target == 0, "chasing");
                bool arrived = false;
                for (int f = 0; f < 150 && !arrived; ++f)
                {
                    sim.Step(1.0 / 30.0);
                    arrived = sim.TakeEvents().Exists(e => e.Kind == EventKind.MoveArrived && e.Character == 1);
                }
                Check(arrived, "the wolf arrived");
                float y = sim.State(1).Position.Origin.Y;
                Check(y > 50 - 0.96f - 0.95f && y < 50 - 0.96f, "beside the player: " + y);
                sim.StickTo(1, 0, 2f);
                sim.Remove(0);
                sim.Step(1.0 / 30.0);
                Check(sim.TakeEvents().Exists(e => e.Kind == EventKind.TargetGone && e.Character == 1), "target gone");
                Check(sim.Transitions(1) == 0, "at rest, no transitions");
                sim.Restore(0, Position.Global(LandblockX + 70, LandblockY + 60, 20));
                sim.SetGiveUp(1, GiveUpPolicy.Default);
                sim.ClearGiveUp(1);
                Expect<TransitException>(() => sim.MoveToCharacter(1, 1), "itself");
            }
        }
    }

    // The wolf 3 m north of the player (2.04 m between their cylinders) moves
    // away until 8 m off, turning its back first; then walks at twice the
    // speed; then turns at its own slow 45 deg/s.
    static void CreatureMovesAwayAtItsSpeedAndTurnRate()
    {
        using (var world = World.Demo())
        using (var scene = WolfAndPlayer(53f, 90f))
        {
            using (var sim = new Simulation(world, scene))
            {
                var away = MoveToParams.Default;
                Check(away.MoveTowards && !away.MoveAway && away.TurnAwayFirst && away.Speed == 1f && away.TurnRateDeg == 0f, "retail's defaults");
                away.MoveTowards = false;
                away.MoveAway = true;
                away.MinDistance = 8f;
                sim.MoveToCharacter(1, 0, away);
                float closest = 3f;
                int movingAway = 0;
                double arrivedAt = -1;
                for (int f = 0; f < 150 && arrivedAt < 0; ++f)
                {
                    sim.Step(1.0 / 30.0);
                    closest = Math.Min(closest, sim.State(1).Position.Origin.Y - 50);
                    if (sim.Movement(1).MovingAway) ++movingAway;
                    if (sim.TakeEvents().Exists(e => e.Kind == EventKind.MoveArrived)) arrivedAt = sim.Time;
                }
                Check(Math.Abs(arrivedAt - (0.667 + 5.96 / 3.12)) < 0.1, "arrived after the turn and a 5.96 m walk: " + arrivedAt);
                Check(closest > 3f - 1e-3f && movingAway > 30, "never nearer: " + closest);
                float gap = sim.State(1).Position.Origin.Y - 50 - 0.96f;
                Check(gap >= 8f && gap < 8.11f, "8 m off: " + gap);

                var fast = MoveToParams.Default;
                fast.Speed = 2f;
                sim.MoveToCharacter(1, 0, fast);
                for (int f = 0; f < 30; ++f) sim.Step(1.0 / 30.0);
                float y = sim.State(1).Position.Origin.Y;
                for (int f = 0; f < 15; ++f) sim.Step(1.0 / 30.0);
                float half = y - sim.State(1).Position.Origin.Y;
                Check(Math.Abs(half - 3.12f) < 0.01f, "half a second at twice 3.12 m/s: " + half);

                sim.CancelMovement(1);
                sim.SetTurnRate(1, 45f);
                double start = sim.Time, turned = -1;
                sim.TurnTo(1, sim.State(1).HeadingDeg + 90f);
                for (int f = 0; f < 90 && turned < 0; ++f)
                {
                    sim.Step(1.0 / 30.0);
                    if (sim.TakeEvents().Exists(e => e.Kind == EventKind.MoveArrived)) turned = sim.Time - start;
                }
                Check(Math.Abs(turned - (1.333 + 1.0 / 30.0)) < 0.04, "90 degrees at 67.5 deg/s: " + turned);
                fast.Speed = 0f;
                Expect<TransitException>(() => sim.MoveToCharacter(1, 0, fast), "speed");
            }
        }
    }

    // The wolf runs north for 2 s at its own run cycle's 2.5 m/s x run rate 2.375
    // (run skill 200): 11.875 m, where a human's 4 m/s covers 19 m.
    static void CreatureRunsAtItsCycleSpeed()
    {
        using (var world = World.Demo())
        using (var scene = WolfAndPlayer(30f, 0f))
        using (var sim = new Simulation(world, scene))
        {
            sim.SetCycleSpeeds(1, new CycleSpeeds(1.2f, 2.5f, 0.8f));
            float start = sim.State(1).Position.Origin.Y;
            sim.SetControls(1, Controls.Run());
            for (int f = 0; f < 60; ++f) sim.Step(1.0 / 30.0);
            float ran = sim.State(1).Position.Origin.Y - start;
            Check(Math.Abs(ran - 11.875f) < 1e-3f, "2 s at 5.9375 m/s: " + ran);
            Expect<TransitException>(() => sim.SetCycleSpeeds(1, new CycleSpeeds(1f, -1f, 1f)), "run");
        }
    }

    // How far a standalone character made from def runs north in 2 s on a flat landblock.
    static float TwoSecondRun(CharacterDef def)
    {
        using (var scene = new Scene().AddLandblock(10, 20, null, 5f))
        using (var world = World.FromScene(scene))
        {
            var at = Position.Global(10 * 192f + 100f, 20 * 192f + 50f, 5f);
            var runner = world.CreateCharacter(def, at);
            runner.Place();
            runner.Controls = Controls.Run();
            for (int f = 0; f < 60; ++f) runner.Update(1.0 / 30.0);
            return runner.State.GlobalPosition.Y - at.Origin.Y;
        }
    }

    // The synthetic creature's def carries its MotionTable's 60 deg/s and cycle speeds: a
    // standalone creature runs 2.5 x 2.375 x 2 s = 11.875 m where a human runs 19 m; the rock
    // (no MotionTable) keeps the human's; bad speeds throw naming the field.
    static void CreatureDefCarriesItsSpeeds()
    {
        string dat = Path.Combine(sourceDir, "tests", "data", "retail-synthetic");
        var human = CharacterDef.Default;
        Check(human.TurnRateDeg == 90f && human.CycleSpeeds.Walk == 3.12f && human.CycleSpeeds.Run == 4f &&
              human.CycleSpeeds.Sidestep == 1.25f, "a human's turn rate and cycle speeds");
        var creature = CharacterDef.FromSetup(dat, 0x02000001);
        Check(Math.Abs(creature.TurnRateDeg - 60f) < 1e-3f, "its turn rate, got " + creature.TurnRateDeg);
        Check(creature.CycleSpeeds.Walk == 1.2f && creature.CycleSpeeds.Run == 2.5f && creature.CycleSpeeds.Sidestep == 0.8f,
              "its cycle speeds, got " + creature.CycleSpeeds.Run);
        var rock = CharacterDef.FromSetup(dat, 0x02000C02);
        Check(rock.TurnRateDeg == 90f && rock.CycleSpeeds.Run == 4f, "no MotionTable: the human's");
        float ran = TwoSecondRun(creature);
        Check(Math.Abs(ran - 11.875f) < 1e-3f, "2 s at 5.9375 m/s: " + ran);
        ran = TwoSecondRun(human);
        Check(Math.Abs(ran - 19f) < 1e-3f, "2 s at 9.5 m/s: " + ran);
        using (var world = World.Demo())
        {
            var bad = creature;
            bad.CycleSpeeds.Run = -1f;
            Expect<TransitException>(() => world.CreateCharacter(bad, Pad(103, 60, 20)), "cycle_speeds.run");
            bad = creature;
            bad.TurnRateDeg = float.NaN;
            Expect<TransitException>(() => new MovementChecker(world, bad), "turn_rate_deg");
        }
    }

    // Eight runners 6 m around the corner where the demo's four landblocks meet
    // (flat ground, z 20), across it: by landblock group on two threads, the
    // same bits as blocks on one.
    static void LandblockGroupsGiveTheSameBits()
    {
        using (var world = World.Demo())
        using (var scene = new Scene())
        {
            for (int i = 0; i < 8; ++i)
            {
                double a = i * Math.PI / 4;
                scene.AddCharacter("runner" + i, Position.Global(LandblockX + 192 + 6 * (float)Math.Sin(a), LandblockY + 192 + 6 * (float)Math.Cos(a), 20f, 45 * i + 190));
            }
            using (var blocks = new Simulation(world, scene))
            using (var groups = new Simulation(world, scene, 2, Scheduling.LandblockGroups, 1))
            {
                for (int i = 0; i < 8; ++i)
                {
                    blocks.SetControls(i, Controls.Run());
                    groups.SetControls(i, Controls.Run());
                }
                var seen = new HashSet<uint>();
                var last = new uint[8];
                int handovers = 0;
                for (int f = 0; f < 45; ++f)
                {
                    blocks.Step(1.0 / 30.0);
                    groups.Step(1.0 / 30.0);
                    for (int i = 0; i < 8; ++i)
                    {
                        CharacterState a = blocks.State(i), b = groups.State(i);
                        Check(a.Position.Cell == b.Position.Cell && Bits(a.Position.Origin.X) == Bits(b.Position.Origin.X) &&
                              Bits(a.Position.Origin.Y) == Bits(b.Position.Origin.Y) && Bits(a.Position.Origin.Z) == Bits(b.Position.Origin.Z) &&
                              Bits(a.HeadingDeg) == Bits(b.HeadingDeg), "runner " + i + " frame " + f + ": the same bits");
                        uint g = groups.GroupOf(i);
                        seen.Add(g);
                        if (f > 0 && g != last[i]) ++handovers;
                        last[i] = g;
                    }
                }
                Check(seen.Count == 4, "the four landblocks' groups: " + seen.Count);
                Check(handovers >= 4, "runners handed over: " + handovers);
                Check(blocks.GroupOf(0) == 0, "no groups in blocks");
                Expect<TransitException>(() => groups.SetScheduling(Scheduling.LandblockGroups, 0), "span");
            }
        }
    }

    static T Expect<T>(Action action, string messagePart) where T : Exception
    {
        try { action(); }
        catch (T e)
        {
            Check(e.Message.Contains(messagePart), "message '" + e.Message + "' names " + messagePart);
            return e;
        }
        throw new Exception("expected " + typeof(T).Name);
    }

    // The synthetic retail data directory: a runner walks east through the
    // hut's doorway into its indoor cell; a character shaped as a Setup.
    static void WorldFromRetailData()
    {
        string dat = Path.Combine(sourceDir, "tests", "data", "retail-synthetic");
        using (var world = World.FromDat(dat, 0x0101))
        {
            var walker = world.CreateCharacter(Position.At(0x0101001D, new Vec3(92f, 100f, 0.05f), 90f));
            walker.Place();
            walker.Controls = Controls.Run();
            for (int i = 0; i < 60; ++i) walker.Update(1.0 / 30.0);
            var s = walker.State;
            Check(s.Position.Cell == 0x01010102u, "inside the hut, got cell " + s.Position.Cell.ToString("X8"));
            Check(s.Position.Origin.X > 101f && s.Position.Origin.X < 102.6f, "at the hut's east wall: " + s.Position.Origin);
        }
        var creature = CharacterDef.FromSetup(dat, 0x02000001);
        Check(creature.SphereCount == 2 && creature.StepDownHeight == 1.0f && creature.FreeHeading, "shaped as the Setup");
        float turnRate = CharacterDef.TurnRateFromSetup(dat, 0x02000001);
        Check(Math.Abs(turnRate - 60f) < 1e-3f, "its MotionTable turns at pi/3 rad/s, got " + turnRate);
        Expect<TransitException>(() => CharacterDef.TurnRateFromSetup(dat, 0x02000C02), "has no MotionTable");
        var human = CycleSpeeds.Default;
        Check(human.Walk == 3.12f && human.Run == 4f && human.Sidestep == 1.25f, "the human table's speeds");
        var speeds = CharacterDef.CycleSpeedsFromSetup(dat, 0x02000001);
        Check(speeds.Walk == 1.2f && speeds.Run == 2.5f && speeds.Sidestep == 0.8f, "its MotionTable's cycles, got " + speeds.Run);
        Expect<TransitException>(() => CharacterDef.CycleSpeedsFromSetup(dat, 0x02000C02), "has no MotionTable");
        Expect<TransitException>(() => World.FromDat("/nonexistent", 0x0101), "client_cell_1.dat");
    }

    static int Main(string[] args)
    {
        sourceDir = args.Length > 0 ? args[0] : ".";
        var tests = new List<KeyValuePair<string, Action>>
        {
            new KeyValuePair<string, Action>("RunIntoWall", RunIntoWall),
            new KeyValuePair<string, Action>("UpTheStairs", UpTheStairs),
            new KeyValuePair<string, Action>("SameBitsAsTheCppApi", SameBitsAsTheCppApi),
            new KeyValuePair<string, Action>("ThousandsOfObjectsWithoutLeaking", ThousandsOfObjectsWithoutLeaking),
            new KeyValuePair<string, Action>("BadSceneFileThrows", BadSceneFileThrows),
            new KeyValuePair<string, Action>("BakedWorldLoadsTheSame", BakedWorldLoadsTheSame),
            new KeyValuePair<string, Action>("StaleHandlesThrow", StaleHandlesThrow),
            new KeyValuePair<string, Action>("BatchAndSimulation", BatchAndSimulation),
            new KeyValuePair<string, Action>("WorldFromRetailData", WorldFromRetailData),
            new KeyValuePair<string, Action>("CreatureChasesAndTargetLeaves", CreatureChasesAndTargetLeaves),
            new KeyValuePair<string, Action>("CreatureMovesAwayAtItsSpeedAndTurnRate", CreatureMovesAwayAtItsSpeedAndTurnRate),
            new KeyValuePair<string, Action>("CreatureRunsAtItsCycleSpeed", CreatureRunsAtItsCycleSpeed),
            new KeyValuePair<string, Action>("CreatureDefCarriesItsSpeeds", CreatureDefCarriesItsSpeeds),
            new KeyValuePair<string, Action>("CreatureCheckerHoldsItToItsRun", CreatureCheckerHoldsItToItsRun),
            new KeyValuePair<string, Action>("LandblockGroupsGiveTheSameBits", LandblockGroupsGiveTheSameBits),
            new KeyValuePair<string, Action>("RunAcceptedTeleportForcedBack", RunAcceptedTeleportForcedBack),
            new KeyValuePair<string, Action>("RunThroughTheWallStoppedShort", RunThroughTheWallStoppedShort),
            new KeyValuePair<string, Action>("BatchAnswersAsOneCheckEach", BatchAnswersAsOneCheckEach),
            new KeyValuePair<string, Action>("ClaimsOwnBadValuesAreInvalid", ClaimsOwnBadValuesAreInvalid),
            new KeyValuePair<string, Action>("ControlsAreCarried", ControlsAreCarried),
            new KeyValuePair<string, Action>("BadClaimCallsThrow", BadClaimCallsThrow),
            new KeyValuePair<string, Action>("StillCreatureStopsAFall", StillCreatureStopsAFall),
            new KeyValuePair<string, Action>("FallHeldWhereACreatureMayHaveRoamed", FallHeldWhereACreatureMayHaveRoamed),
            new KeyValuePair<string, Action>("FallHeldOnlyAsHighAsACreatureMayHaveRisen", FallHeldOnlyAsHighAsACreatureMayHaveRisen),
        };
        int passed = 0, failed = 0;
        foreach (var t in tests)
        {
            try { t.Value(); ++passed; Console.WriteLine("[ OK ] " + t.Key); }
            catch (Exception e) { ++failed; Console.WriteLine("[FAIL] " + t.Key + ": " + e.Message); }
        }
        Console.WriteLine("{0} passed, {1} failed", passed, failed);
        return failed == 0 ? 0 : 1;
    }
}
