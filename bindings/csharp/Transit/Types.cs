// The C API's values as blittable .NET structs and enums (same layout as
// include/transit/transit.h). Metres, seconds, degrees; positions are a cell
// id and a frame local to that cell's landblock.
using System;
using System.Runtime.InteropServices;

namespace Transit
{
    public enum Status { Ok = 0, InvalidArgument = 1, InvalidId = 2, Input = 3, Capacity = 4, Internal = 5 }

    public enum MoverKind { Ac = 0, Quake = 1, Tribes = 2 }

    public enum MoveStatus { Moved = 0, Slid, Blocked, BlockedByObject, StationaryFall, StepCapExceeded, NoCell, NoRoom, InvalidInput }

    public enum GroundState { OnGround = 0, OnSteepGround, InAir }

    public enum Forward { Stop = 0, Run, Walk, Back }

    public enum Strafe { Stop = 0, Left, Right }

    public enum TraceHit { None = 0, Terrain, Cell, Object }

    public enum EventKind
    {
        CollidedObject = 0, CollidedEnvironment, Blocked, Landed, LeftGround, EnteredCell, Jumped, JumpRefused,
        MoveArrived, MoveBlocked, MoveTimedOut, MoveTooFar, MoveCancelled, TargetGone, StickEnded, GaveUp, TeleportedHome,
    }

    public enum MovementKind { None = 0, MoveToPosition, MoveToCharacter, TurnToHeading, TurnToCharacter }

    /// <summary>How a move-to goes (retail's MovementParameters; docs/server.md). Start from MoveToParams.Default.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct MoveToParams
    {
        public float DistanceToObject;
        /// <summary>Moving away: end at least this far, metres (0).</summary>
        public float MinDistance;
        /// <summary>Metres from the start that end the move MoveTooFar; 0: never.</summary>
        public float FailDistance;
        public float WalkRunThreshold;
        public float FinalHeading;
        /// <summary>Walking turn rate, deg/s (running 1.5x); 0: the character's (Simulation.SetTurnRate, 90).</summary>
        public float TurnRateDeg;
        /// <summary>Speed factor of the forward motion and the turns, &gt; 0 (1).</summary>
        public float Speed;
        /// <summary>Seconds; 0: never.</summary>
        public float Timeout;
        public int FailProgressLimit;
        public int BlockedFrames;
        private byte canWalk, canRun, useSpheres, useFinalHeading, sticky, moveTowards, moveAway, turnAwayFirst;

        public static MoveToParams Default { get { return Native.DefaultMoveToParams(); } }
        public bool CanWalk { get { return canWalk != 0; } set { canWalk = (byte)(value ? 1 : 0); } }
        public bool CanRun { get { return canRun != 0; } set { canRun = (byte)(value ? 1 : 0); } }
        public bool UseSpheres { get { return useSpheres != 0; } set { useSpheres = (byte)(value ? 1 : 0); } }
        public bool UseFinalHeading { get { return useFinalHeading != 0; } set { useFinalHeading = (byte)(value ? 1 : 0); } }
        public bool Sticky { get { return sticky != 0; } set { sticky = (byte)(value ? 1 : 0); } }
        /// <summary>Retail's flags (true, false): toward only, away only (until MinDistance off), or both.</summary>
        public bool MoveTowards { get { return moveTowards != 0; } set { moveTowards = (byte)(value ? 1 : 0); } }
        public bool MoveAway { get { return moveAway != 0; } set { moveAway = (byte)(value ? 1 : 0); } }
        /// <summary>Moving away, turn the back to the target first (true; false: retail, which faces it first).</summary>
        public bool TurnAwayFirst { get { return turnAwayFirst != 0; } set { turnAwayFirst = (byte)(value ? 1 : 0); } }
    }

    /// <summary>When a chasing creature gives up and goes home. Start from GiveUpPolicy.Default.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct GiveUpPolicy
    {
        public float NoProgressSeconds;
        public float MinProgress;
        public float RetrySeconds;
        public MoveToParams Home;
        public static GiveUpPolicy Default { get { return Native.DefaultGiveUpPolicy(); } }
    }

    /// <summary>How a character's movement order is going.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct MovementProgress
    {
        public MovementKind Kind;
        /// <summary>The character moved to or turned to, -1 none.</summary>
        public int Target;
        public float Distance;
        public int FailProgressCount;
        public int BlockedFrames;
        /// <summary>The character followed, -1 none.</summary>
        public int StuckTo;
        private byte movingAway;
        /// <summary>The move under way goes away from the target.</summary>
        public bool MovingAway { get { return movingAway != 0; } }
    }

    /// <summary>How a step hands characters to its threads (the same bits either way).</summary>
    public enum Scheduling { Blocks = 0, LandblockGroups = 1 }

    public enum ShapeType { Sphere = 0, CylSphere, Mesh, ObjFile }

    [Flags]
    public enum EntityFlags : uint
    {
        None = 0, Ethereal = 1u << 0, Static = 1u << 1, Creature = 1u << 2, Player = 1u << 3, Pk = 1u << 4,
        Impenetrable = 1u << 5, IgnoreCreatures = 1u << 6, Missile = 1u << 7, EdgeSlide = 1u << 8,
        Gravity = 1u << 9, PerfectClip = 1u << 10, PathClipped = 1u << 11, FreeRotate = 1u << 12,
        Viewer = 1u << 13, IgnoreCollisions = 1u << 14,
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct Vec3
    {
        public float X, Y, Z;
        public Vec3(float x, float y, float z) { X = x; Y = y; Z = z; }
        public override string ToString() { return string.Format("({0}, {1}, {2})", X, Y, Z); }
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct Quat
    {
        public float W, X, Y, Z;
    }

    /// <summary>A cell id (0xXXYYCCCC) and a frame local to that cell's landblock.
    /// With Cell 0, Origin is a global point and the calls that take it find the cell.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Position
    {
        public uint Cell;
        public Vec3 Origin;
        public Quat Orientation;

        /// <summary>A position facing headingDeg (0 = north, clockwise).</summary>
        public static Position At(uint cell, Vec3 origin, float headingDeg = 0f) { return Native.MakePosition(cell, origin, headingDeg); }
        /// <summary>A global point (the cell is found by the call that takes it).</summary>
        public static Position Global(float x, float y, float z, float headingDeg = 0f) { return At(0, new Vec3(x, y, z), headingDeg); }
        public float HeadingDeg { get { return Native.Heading(this); } }
    }

    /// <summary>A plane n . p + d = 0 in the coordinates of Cell's landblock.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Plane
    {
        public Vec3 Normal;
        public float D;
        public uint Cell;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct Sphere
    {
        public Vec3 Center;
        public float Radius;
        public Sphere(Vec3 center, float radius) { Center = center; Radius = radius; }
    }

    /// <summary>The controls a player holds; JumpExtent in 0..1 starts a jump, negative none.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Controls
    {
        public Forward Forward;
        public Strafe Strafe;
        public float TurnDegPerS;
        public float JumpExtent;
        public static Controls Default { get { return Native.DefaultControls(); } }
        public static Controls Run(float turnDegPerS = 0f) { var c = Default; c.Forward = Forward.Run; c.TurnDegPerS = turnDegPerS; return c; }
    }

    /// <summary>How fast a body's walk, run and sidestep cycles move it on the ground at
    /// speed 1 (m/s, its MotionTable's); CycleSpeeds.Default is the human table's.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct CycleSpeeds
    {
        public float Walk;
        public float Run;
        public float Sidestep;
        public CycleSpeeds(float walk, float run, float sidestep) { Walk = walk; Run = run; Sidestep = sidestep; }
        public static CycleSpeeds Default { get { return Native.DefaultCycleSpeeds(); } }
    }

    /// <summary>A character: mover, AC spheres (1 or 2, foot first), step heights, flags,
    /// skills; Quake and Tribes box; turn rate and cycle speeds. CharacterDef.Default is
    /// retail's human; CharacterDef.FromSetup a retail creature.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct CharacterDef
    {
        public MoverKind Mover;
        public Sphere Sphere0;
        public Sphere Sphere1;
        public int SphereCount;
        public float StepUpHeight;
        public float StepDownHeight;
        public EntityFlags Flags;
        public float RunSkill;
        public float JumpSkill;
        public Vec3 BoxMins;
        public Vec3 BoxMaxs;
        public float QuakeStepSize;
        private byte freeHeading;
        /// <summary>The heading follows the controls even when blocked (retail's humans).</summary>
        public bool FreeHeading { get { return freeHeading != 0; } set { freeHeading = (byte)(value ? 1 : 0); } }
        /// <summary>Turn rate at speed 1 (deg/s, finite and > 0; a human's 90): movement orders turn at it.</summary>
        public float TurnRateDeg;
        /// <summary>How fast its walk, run and sidestep cycles move it on the ground at speed 1
        /// (m/s, each finite and >= 0; the human table's by default).</summary>
        public CycleSpeeds CycleSpeeds;
        public static CharacterDef Default { get { return Native.DefaultCharacterDef(); } }
        /// <summary>The default character shaped as retail Setup setupId (0x02......) of a
        /// data directory: its spheres, step heights and free heading, and when the Setup has a
        /// MotionTable, its turn rate and cycle speeds.</summary>
        public static CharacterDef FromSetup(string datDir, uint setupId)
        {
            var def = Native.DefaultCharacterDef();
            Native.Check(Native.CharacterDefFromSetup(datDir, setupId, ref def));
            return def;
        }
        /// <summary>The turn rate (deg/s at speed 1) of retail Setup setupId's MotionTable:
        /// its TurnRight motion in its default style (for Simulation.SetTurnRate).</summary>
        public static float TurnRateFromSetup(string datDir, uint setupId)
        {
            float rate;
            Native.Check(Native.TurnRateFromSetup(datDir, setupId, out rate));
            return rate;
        }
        /// <summary>The cycle speeds of retail Setup setupId's MotionTable in its default style,
        /// the human's for a cycle it lacks (for Simulation.SetCycleSpeeds).</summary>
        public static CycleSpeeds CycleSpeedsFromSetup(string datDir, uint setupId)
        {
            CycleSpeeds speeds;
            Native.Check(Native.CycleSpeedsFromSetup(datDir, setupId, out speeds));
            return speeds;
        }
    }

    /// <summary>Everything a caller reads of a character after a call.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct CharacterState
    {
        public Position Position;
        public Vec3 GlobalPosition;
        public Vec3 Velocity;
        public float HeadingDeg;
        public GroundState Ground;
        private byte hasGroundPlane;
        public Plane GroundPlane;
        private byte hasSlidingNormal;
        public Vec3 SlidingNormal;
        public MoveStatus Status;
        public int CollidedObjectCount;
        private uint collided0, collided1, collided2, collided3;

        public bool HasGroundPlane { get { return hasGroundPlane != 0; } }
        public bool HasSlidingNormal { get { return hasSlidingNormal != 0; } }
        /// <summary>The first (up to four) ids of the objects the last call collided with.</summary>
        public uint[] CollidedObjects
        {
            get
            {
                var all = new[] { collided0, collided1, collided2, collided3 };
                var n = Math.Min(CollidedObjectCount, all.Length);
                var ids = new uint[n];
                Array.Copy(all, ids, n);
                return ids;
            }
        }
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct TraceResult
    {
        public float Fraction;
        public Vec3 EndPosition;
        public Vec3 Normal;
        private byte startSolid;
        private byte allSolid;
        public TraceHit Hit;
        public uint Cell;
        public uint ObjectId;
        public bool StartSolid { get { return startSolid != 0; } }
        public bool AllSolid { get { return allSolid != 0; } }
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct Event
    {
        public double Time;
        public int Character;
        public EventKind Kind;
        public uint Id;
        public override string ToString() { return string.Format("{0:F3}s #{1} {2} {3}", Time, Character, Kind, Id); }
    }
}

namespace Transit
{
    /// <summary>The names the JSON formats and the CLI use ("blocked", "landed" ...).</summary>
    public static class Names
    {
        public static string Name(this MoveStatus status) { return System.Runtime.InteropServices.Marshal.PtrToStringAnsi(Native.MoveStatusName(status)); }
        public static string Name(this EventKind kind) { return System.Runtime.InteropServices.Marshal.PtrToStringAnsi(Native.EventKindName(kind)); }
        public static string Name(this ClaimVerdict verdict) { return System.Runtime.InteropServices.Marshal.PtrToStringAnsi(Native.ClaimVerdictName(verdict)); }
    }
}
