// Checking what clients claim their characters did, as a game server does
// (docs/server.md): a MovementChecker per character shape, a ClaimState per
// character (what the server last accepted), each claim accepted or
// rejected with its reason and the position to force.
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using System.Text;

namespace Transit
{
    public enum ClaimVerdict { Accepted = 0, TooFast, ThroughWall, UnreachableCell, Flying, UnderTerrain, Invalid }

    /// <summary>How much a claim may exceed the physics (docs/server.md). Start from ClaimCheckOptions.Default.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct ClaimCheckOptions
    {
        public float SpeedMargin, BurstSeconds, DistanceSlack, ReachTolerance, HeightSlack, BelowTerrain,
                     FallSlackPerSecond, ReplayTolerance, ReplayTolerancePerSecond, ReplayRiseTolerance,
                     ChangeJitter;
        public static ClaimCheckOptions Default { get { return Native.DefaultClaimCheckOptions(); } }
    }

    /// <summary>A change of the client's controls (retail's MoveToState, and a Jump) received
    /// at T (the server's clock); each holds until the next.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct MotionChange
    {
        public double T;
        public Forward Forward;
        public Strafe Strafe;
        /// <summary>Degrees a second, positive clockwise, -3600..3600.</summary>
        public float TurnDegPerS;
        private byte jumped;
        public float JumpExtent;
        public bool Jumped { get { return jumped != 0; } set { jumped = (byte)(value ? 1 : 0); } }
        public static MotionChange At(double t, Forward forward = Forward.Stop, Strafe strafe = Strafe.Stop)
        {
            var c = Native.DefaultMotionChange();
            c.T = t; c.Forward = forward; c.Strafe = strafe;
            return c;
        }
    }

    /// <summary>Where a client says its character is at T (seconds, the server's clock, when
    /// the claim arrived), the fastest motion it held since its last claim, and optionally the
    /// changes of controls received since.</summary>
    public sealed class Claim
    {
        public double T;
        public Position Position;
        public Forward Forward;
        public Strafe Strafe;
        public bool Jumped;
        public float JumpExtent = 1f;
        public MotionChange[] Changes;

        public Claim(double t, Position position, Forward forward = Forward.Stop)
        {
            T = t; Position = position; Forward = forward;
        }

        internal NativeClaim ToNative(List<GCHandle> pins)
        {
            var c = Native.DefaultClaim();
            c.T = T; c.Position = Position;
            c.Motion.Forward = Forward; c.Motion.Strafe = Strafe;
            c.Motion.Jumped = (byte)(Jumped ? 1 : 0); c.Motion.JumpExtent = JumpExtent;
            if (Changes != null && Changes.Length > 0)
            {
                var pin = GCHandle.Alloc(Changes, GCHandleType.Pinned);
                pins.Add(pin);
                c.Changes = pin.AddrOfPinnedObject();
                c.ChangeCount = Changes.Length;
            }
            return c;
        }
    }

    /// <summary>The answer to a claim: its verdict, where the server should put the
    /// character (the claim, when accepted) and, rejected, why.</summary>
    public struct ClaimResult
    {
        public ClaimVerdict Verdict;
        public Position Forced;
        public string Reason;
        public bool Accepted { get { return Verdict == ClaimVerdict.Accepted; } }
    }

    /// <summary>What the server last accepted (or forced) for a character.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct AcceptedMovement
    {
        public double T;
        public Position Position;
        /// <summary>The last accepted step's displacement over its time, m/s.</summary>
        public Vec3 Velocity;
        private byte supported, hasControls;
        private MotionChange controls;
        public bool Supported { get { return supported != 0; } }
        /// <summary>The controls held at T, when the claims carry their changes; null otherwise.</summary>
        public MotionChange? Controls { get { return hasControls != 0 ? controls : (MotionChange?)null; } }
    }

    /// <summary>Checks claims of characters shaped and skilled as a CharacterDef (AC mover) in
    /// a world. Belongs to the world: disposing the world makes it and its states stale.</summary>
    public sealed class MovementChecker : IDisposable
    {
        internal CheckerId Id;
        private bool disposed;

        public MovementChecker(World world) : this(world, CharacterDef.Default) { }

        public MovementChecker(World world, CharacterDef def, ClaimCheckOptions? options = null)
        {
            if (options.HasValue)
            {
                var o = options.Value;
                Native.Check(Native.CreateChecker(world.Id, ref def, ref o, out Id));
            }
            else Native.Check(Native.CreateChecker(world.Id, ref def, IntPtr.Zero, out Id));
        }

        /// <summary>The state of a character the server has just put at position at time t (the
        /// server's clock, seconds), moving at velocity, holding controls if known.</summary>
        public ClaimState Start(Position position, double t, Vec3 velocity = default(Vec3), MotionChange? controls = null)
        {
            ClaimStateId state;
            if (controls.HasValue)
            {
                var c = controls.Value;
                Native.Check(Native.CreateClaimState(Id, position, t, velocity, ref c, out state));
            }
            else Native.Check(Native.CreateClaimState(Id, position, t, velocity, IntPtr.Zero, out state));
            return new ClaimState(state);
        }

        /// <summary>Accepts the claim or rejects it; the state becomes the claim or the forced position.</summary>
        public ClaimResult Check(ClaimState state, Claim claim)
        {
            var pins = new List<GCHandle>();
            try
            {
                var c = claim.ToNative(pins);
                NativeClaimResult r;
                Native.Check(Native.CheckClaim(Id, state.Id, ref c, out r));
                return state.Result(r);
            }
            finally { foreach (var p in pins) p.Free(); }
        }

        /// <summary>Checks claims[i] against states[i] in one native call on `threads` threads:
        /// the same answers as one Check each.</summary>
        public ClaimResult[] CheckBatch(IList<ClaimState> states, IList<Claim> claims, int threads = 1)
        {
            if (states.Count != claims.Count)
                throw new ArgumentException(states.Count + " states for " + claims.Count + " claims", "claims");
            int n = claims.Count;
            var ids = new ClaimStateId[n];
            var native = new NativeClaim[n];
            var results = new NativeClaimResult[n];
            var pins = new List<GCHandle>();
            try
            {
                for (int i = 0; i < n; ++i) { ids[i] = states[i].Id; native[i] = claims[i].ToNative(pins); }
                Native.Check(Native.CheckClaims(Id, ids, native, n, threads, results));
            }
            finally { foreach (var p in pins) p.Free(); }
            var answers = new ClaimResult[n];
            for (int i = 0; i < n; ++i) answers[i] = states[i].Result(results[i]);
            return answers;
        }

        public void Dispose()
        {
            if (disposed) return;
            disposed = true;
            Native.DestroyChecker(Id);  // stale once its world is gone: nothing to free then
        }
    }

    /// <summary>What the server last accepted for one character, changed by each check.</summary>
    public sealed class ClaimState : IDisposable
    {
        internal ClaimStateId Id;
        private bool disposed;

        internal ClaimState(ClaimStateId id) { Id = id; }

        public AcceptedMovement Movement
        {
            get { AcceptedMovement m; Native.Check(Native.GetClaimState(Id, out m)); return m; }
        }
        public double T { get { return Movement.T; } }
        public Position Position { get { return Movement.Position; } }

        /// <summary>Why the last check rejected its claim ("" when accepted).</summary>
        public string Reason
        {
            get
            {
                var buffer = new byte[256];
                int length;
                Native.Check(Native.GetClaimReason(Id, buffer, buffer.Length, out length));
                if (length >= buffer.Length)
                {
                    buffer = new byte[length + 1];
                    Native.Check(Native.GetClaimReason(Id, buffer, buffer.Length, out length));
                }
                return Encoding.UTF8.GetString(buffer, 0, length);
            }
        }

        /// <summary>Puts the state at position at time t, as checker.Start would.</summary>
        public void Restart(MovementChecker checker, Position position, double t, Vec3 velocity = default(Vec3), MotionChange? controls = null)
        {
            if (controls.HasValue)
            {
                var c = controls.Value;
                Native.Check(Native.RestartClaimState(Id, checker.Id, position, t, velocity, ref c));
            }
            else Native.Check(Native.RestartClaimState(Id, checker.Id, position, t, velocity, IntPtr.Zero));
        }

        internal ClaimResult Result(NativeClaimResult r)
        {
            return new ClaimResult { Verdict = r.Verdict, Forced = r.Forced, Reason = r.Verdict == ClaimVerdict.Accepted ? "" : Reason };
        }

        public void Dispose()
        {
            if (disposed) return;
            disposed = true;
            Native.DestroyClaimState(Id);
        }
    }

    /// <summary>One claim of a crowd batch: its character's checker, state and claim.</summary>
    public struct CrowdClaim
    {
        public MovementChecker Checker;
        public ClaimState State;
        public Claim Claim;
        public CrowdClaim(MovementChecker checker, ClaimState state, Claim claim) { Checker = checker; State = state; Claim = claim; }
    }

    /// <summary>A character that claims nothing this frame but may be in the way: shaped as
    /// Shape's characters, where the server has it, whether it stood there unmoving since
    /// every claim's last accepted time (then no claim passes through it), and the metres it
    /// may have gone since the server had it there (Roamed: its speed then times the time
    /// since, say): a claim in the air within that and 1 m of it may have been held there.
    /// Rose: the metres of Roamed it may have gone upwards (infinity: any of it). Since makes
    /// one from a character's claim state.</summary>
    public struct Bystander
    {
        public MovementChecker Shape;
        public Position Position;
        public bool Still;
        public float Roamed;
        public float Rose;
        public Bystander(MovementChecker shape, Position position, bool still = false, float roamed = 0f,
                         float rose = float.PositiveInfinity)
        {
            Shape = shape; Position = position; Still = still; Roamed = roamed; Rose = rose;
        }

        /// <summary>The character of `state` (shaped as `shape`'s) at server time `now`: where the
        /// state has it, having roamed since at the speed it had then, upwards only as that speed
        /// may lift it.</summary>
        public static Bystander Since(ClaimState state, MovementChecker shape, double now)
        {
            NativeCrowdBystander b;
            Native.Check(Native.ClaimStateBystander(state.Id, shape.Id, now, out b));
            return new Bystander(shape, b.Position, b.Still != 0, b.Roamed, b.Rose);
        }
    }

    /// <summary>A copy of a world in which a frame's claims are checked with the characters in
    /// each other's way (docs/server.md).</summary>
    public sealed class ClaimCrowd : IDisposable
    {
        private ClaimCrowdId id;
        private bool disposed;

        public ClaimCrowd(World world) { Native.Check(Native.CreateClaimCrowd(world.Id, out id)); }

        public ClaimResult[] Check(IList<CrowdClaim> claims, IList<Bystander> bystanders = null, int threads = 1)
        {
            int n = claims.Count, m = bystanders == null ? 0 : bystanders.Count;
            var native = new NativeCrowdClaim[n];
            var others = new NativeCrowdBystander[m];
            var results = new NativeClaimResult[n];
            var pins = new List<GCHandle>();
            try
            {
                for (int i = 0; i < n; ++i)
                    native[i] = new NativeCrowdClaim { Checker = claims[i].Checker.Id, State = claims[i].State.Id, Claim = claims[i].Claim.ToNative(pins) };
                for (int i = 0; i < m; ++i)
                    others[i] = new NativeCrowdBystander { Shape = bystanders[i].Shape.Id, Position = bystanders[i].Position, Still = (byte)(bystanders[i].Still ? 1 : 0), Roamed = bystanders[i].Roamed, Rose = bystanders[i].Rose };
                Native.Check(Native.CheckCrowd(id, native, n, others, m, threads, results));
            }
            finally { foreach (var p in pins) p.Free(); }
            var answers = new ClaimResult[n];
            for (int i = 0; i < n; ++i) answers[i] = claims[i].State.Result(results[i]);
            return answers;
        }

        public void Dispose()
        {
            if (disposed) return;
            disposed = true;
            Native.DestroyClaimCrowd(id);
        }
    }
}
