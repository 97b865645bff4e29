// The C API (include/transit/transit.h) as P/Invoke declarations and
// blittable structs laid out exactly as the C structs are. C's `bool` is one
// byte: such fields are `byte` here, with bool properties on the public types.
using System;
using System.Runtime.InteropServices;

namespace Transit
{
    [StructLayout(LayoutKind.Sequential)]
    internal struct WorldId { public ushort Index1; public ushort Generation; }

    [StructLayout(LayoutKind.Sequential)]
    internal struct SceneId { public ushort Index1; public ushort Generation; }

    [StructLayout(LayoutKind.Sequential)]
    internal struct SimulationId { public ushort Index1; public ushort Generation; }

    [StructLayout(LayoutKind.Sequential)]
    internal struct CharacterId { public uint Index1; public uint Generation; public WorldId World; }

    [StructLayout(LayoutKind.Sequential)]
    internal struct ObjectId { public uint Index1; public uint Generation; public WorldId World; }

    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeMeshDef
    {
        public IntPtr Vertices; public int VertexCount; public IntPtr Indices; public IntPtr PolygonSizes; public int PolygonCount;
    }

    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeShapeDef
    {
        public int Type; public Vec3 Center; public Vec3 LowPoint; public float Radius; public float Height;
        public NativeMeshDef Mesh; public IntPtr ObjPath;
    }

    [StructLayout(LayoutKind.Sequential)]
    internal struct NativePortalDef { public uint Polygon; public uint To; }

    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeObjectDef
    {
        public uint Id; public IntPtr Name; public Position Position; public float Scale;
        public IntPtr Shapes; public int ShapeCount; public uint Flags;
        public IntPtr BuildingPortals; public int BuildingPortalCount;
    }

    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeCellDef
    {
        public uint Id; public Vec3 Origin; public float HeadingDeg; public NativeMeshDef Mesh;
        public IntPtr Portals; public int PortalCount; public byte SeenOutside;
    }

    [StructLayout(LayoutKind.Sequential)]
    internal struct CheckerId { public uint Index1; public uint Generation; public WorldId World; }

    [StructLayout(LayoutKind.Sequential)]
    internal struct ClaimStateId { public uint Index1; public uint Generation; public WorldId World; }

    [StructLayout(LayoutKind.Sequential)]
    internal struct ClaimCrowdId { public uint Index1; public uint Generation; public WorldId World; }

    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeClaimedMotion { public Forward Forward; public Strafe Strafe; public byte Jumped; public float JumpExtent; }

    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeClaim
    {
        public double T; public Position Position; public NativeClaimedMotion Motion; public IntPtr Changes; public int ChangeCount;
    }

    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeClaimResult { public ClaimVerdict Verdict; public Position Forced; }

    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeCrowdClaim { public CheckerId Checker; public ClaimStateId State; public NativeClaim Claim; }

    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeCrowdBystander { public CheckerId Shape; public Position Position; public byte Still; public float Roamed; public float Rose; }

    internal static class Native
    {
        private const string Lib = "transit_c";

        [DllImport(Lib, EntryPoint = "tr_GetLastError")] private static extern IntPtr GetLastErrorPtr();
        internal static string LastError() { return Marshal.PtrToStringAnsi(GetLastErrorPtr()) ?? ""; }
        [DllImport(Lib, EntryPoint = "tr_GetVersionString")] internal static extern IntPtr GetVersionString();
        [DllImport(Lib, EntryPoint = "tr_MoveStatusName")] internal static extern IntPtr MoveStatusName(MoveStatus status);
        [DllImport(Lib, EntryPoint = "tr_EventKindName")] internal static extern IntPtr EventKindName(EventKind kind);
        [DllImport(Lib, EntryPoint = "tr_MakePosition")] internal static extern Position MakePosition(uint cell, Vec3 origin, float headingDeg);
        [DllImport(Lib, EntryPoint = "tr_Heading")] internal static extern float Heading(Position position);
        [DllImport(Lib, EntryPoint = "tr_DefaultCharacterDef")] internal static extern CharacterDef DefaultCharacterDef();
        [DllImport(Lib, EntryPoint = "tr_DefaultControls")] internal static extern Controls DefaultControls();

        [DllImport(Lib, EntryPoint = "tr_CreateScene")] internal static extern Status CreateScene(out SceneId scene);
        [DllImport(Lib, EntryPoint = "tr_LoadScene")] internal static extern Status LoadScene([MarshalAs(UnmanagedType.LPStr)] string path, out SceneId scene);
        [DllImport(Lib, EntryPoint = "tr_ParseScene")] internal static extern Status ParseScene([MarshalAs(UnmanagedType.LPStr)] string json, [MarshalAs(UnmanagedType.LPStr)] string baseDir, out SceneId scene);
        [DllImport(Lib, EntryPoint = "tr_DestroyScene")] internal static extern Status DestroyScene(SceneId scene);
        [DllImport(Lib, EntryPoint = "tr_Scene_AddLandblock")] internal static extern Status SceneAddLandblock(SceneId scene, int x, int y, float[] heights81, float flat);
        [DllImport(Lib, EntryPoint = "tr_Scene_AddCell")] internal static extern Status SceneAddCell(SceneId scene, ref NativeCellDef def);
        [DllImport(Lib, EntryPoint = "tr_Scene_AddObject")] internal static extern Status SceneAddObject(SceneId scene, ref NativeObjectDef def);
        [DllImport(Lib, EntryPoint = "tr_Scene_AddCharacter")] internal static extern Status SceneAddCharacter(SceneId scene, ref CharacterDef def, [MarshalAs(UnmanagedType.LPStr)] string name, Position position);

        [DllImport(Lib, EntryPoint = "tr_CreateWorld")] internal static extern Status CreateWorld(SceneId scene, out WorldId world);
        [DllImport(Lib, EntryPoint = "tr_CreateWorldFromDat")] internal static extern Status CreateWorldFromDat([MarshalAs(UnmanagedType.LPStr)] string datDir, ushort[] landblocks, int count, out WorldId world);
        [DllImport(Lib, EntryPoint = "tr_DefaultCycleSpeeds")] internal static extern CycleSpeeds DefaultCycleSpeeds();
        [DllImport(Lib, EntryPoint = "tr_CycleSpeedsFromSetup")] internal static extern Status CycleSpeedsFromSetup([MarshalAs(UnmanagedType.LPStr)] string datDir, uint setupId, out CycleSpeeds speeds);
        [DllImport(Lib, EntryPoint = "tr_TurnRateFromSetup")] internal static extern Status TurnRateFromSetup([MarshalAs(UnmanagedType.LPStr)] string datDir, uint setupId, out float turnRateDeg);
        [DllImport(Lib, EntryPoint = "tr_CharacterDefFromSetup")] internal static extern Status CharacterDefFromSetup([MarshalAs(UnmanagedType.LPStr)] string datDir, uint setupId, ref CharacterDef def);
        [DllImport(Lib, EntryPoint = "tr_CreateWorldFromFile")] internal static extern Status CreateWorldFromFile([MarshalAs(UnmanagedType.LPStr)] string path, out WorldId world);
        [DllImport(Lib, EntryPoint = "tr_BakeSceneFile")] internal static extern Status BakeSceneFile([MarshalAs(UnmanagedType.LPStr)] string scenePath, [MarshalAs(UnmanagedType.LPStr)] string outPath);
        [DllImport(Lib, EntryPoint = "tr_CreateWorldFromJson")] internal static extern Status CreateWorldFromJson([MarshalAs(UnmanagedType.LPStr)] string json, [MarshalAs(UnmanagedType.LPStr)] string baseDir, out WorldId world);
        [DllImport(Lib, EntryPoint = "tr_CreateDemoWorld")] internal static extern Status CreateDemoWorld(out WorldId world);
        [DllImport(Lib, EntryPoint = "tr_DestroyWorld")] internal static extern Status DestroyWorld(WorldId world);
        [DllImport(Lib, EntryPoint = "tr_World_ResolveGlobal")] internal static extern Status ResolveGlobal(WorldId world, Vec3 global, out Position position);
        [DllImport(Lib, EntryPoint = "tr_World_ToGlobal")] internal static extern Status ToGlobal(WorldId world, Position position, out Vec3 global);
        [DllImport(Lib, EntryPoint = "tr_World_AddObject")] internal static extern Status AddObject(WorldId world, ref NativeObjectDef def, out ObjectId id);
        [DllImport(Lib, EntryPoint = "tr_World_MoveObject")] internal static extern Status MoveObject(ObjectId id, Position position);
        [DllImport(Lib, EntryPoint = "tr_World_RemoveObject")] internal static extern Status RemoveObject(ObjectId id);
        [DllImport(Lib, EntryPoint = "tr_World_GetObjectPosition")] internal static extern Status GetObjectPosition(ObjectId id, out Position position);
        [DllImport(Lib, EntryPoint = "tr_World_GetObjectCount")] internal static extern Status GetObjectCount(WorldId world, out int count);
        [DllImport(Lib, EntryPoint = "tr_World_TraceSphere")] internal static extern Status TraceSphere(WorldId world, uint frameCell, Vec3 start, Vec3 end, float radius, out TraceResult result);
        [DllImport(Lib, EntryPoint = "tr_World_TraceBox")] internal static extern Status TraceBox(WorldId world, uint frameCell, Vec3 start, Vec3 end, Vec3 mins, Vec3 maxs, out TraceResult result);

        [DllImport(Lib, EntryPoint = "tr_CreateCharacter")] internal static extern Status CreateCharacter(WorldId world, ref CharacterDef def, Position position, out CharacterId id);
        [DllImport(Lib, EntryPoint = "tr_DestroyCharacter")] internal static extern Status DestroyCharacter(CharacterId id);
        [DllImport(Lib, EntryPoint = "tr_Character_Place")] internal static extern Status Place(CharacterId id, out MoveStatus status);
        [DllImport(Lib, EntryPoint = "tr_Character_MoveTo")] internal static extern Status MoveTo(CharacterId id, Position target, out MoveStatus status);
        [DllImport(Lib, EntryPoint = "tr_Character_SetControls")] internal static extern Status SetControls(CharacterId id, ref Controls controls);
        [DllImport(Lib, EntryPoint = "tr_Character_Update")] internal static extern Status Update(CharacterId id, double dt, out MoveStatus status);
        [DllImport(Lib, EntryPoint = "tr_Character_Jump")] internal static extern Status Jump(CharacterId id, float extent, out byte started);
        [DllImport(Lib, EntryPoint = "tr_Character_Teleport")] internal static extern Status Teleport(CharacterId id, Position position);
        [DllImport(Lib, EntryPoint = "tr_Character_SetVelocity")] internal static extern Status SetVelocity(CharacterId id, Vec3 velocity);
        [DllImport(Lib, EntryPoint = "tr_Character_GetState")] internal static extern Status GetState(CharacterId id, out CharacterState state);
        // Batch arrays go as pinned pointers (World.Pinned): Mono's array
        // marshaling of [Out] struct arrays costs more than the update itself.
        [DllImport(Lib, EntryPoint = "tr_World_UpdateCharacters")] internal static extern Status UpdateCharacters(WorldId world, IntPtr ids, IntPtr controls, int count, double dt, int threads, IntPtr states, IntPtr statuses);
        [DllImport(Lib, EntryPoint = "tr_World_MoveCharacters")] internal static extern Status MoveCharacters(WorldId world, IntPtr ids, IntPtr targets, int count, int threads, IntPtr states, IntPtr statuses);

        [DllImport(Lib, EntryPoint = "tr_CreateSimulation")] internal static extern Status CreateSimulation(WorldId world, SceneId scene, ref int threads, out SimulationId id);
        [DllImport(Lib, EntryPoint = "tr_DestroySimulation")] internal static extern Status DestroySimulation(SimulationId id);
        [DllImport(Lib, EntryPoint = "tr_Simulation_GetCharacterCount")] internal static extern Status SimulationCharacterCount(SimulationId id, out int count);
        [DllImport(Lib, EntryPoint = "tr_Simulation_FindCharacter")] internal static extern Status FindCharacter(SimulationId id, [MarshalAs(UnmanagedType.LPStr)] string name, out int index);
        [DllImport(Lib, EntryPoint = "tr_Simulation_SetControls")] internal static extern Status SimulationSetControls(SimulationId id, int index, ref Controls controls);
        [DllImport(Lib, EntryPoint = "tr_Simulation_SetThreads")] internal static extern Status SimulationSetThreads(SimulationId id, int threads);
        [DllImport(Lib, EntryPoint = "tr_Simulation_SetScheduling")] internal static extern Status SetScheduling(SimulationId id, Scheduling scheduling, int landblockGroupSpan);
        [DllImport(Lib, EntryPoint = "tr_Simulation_GetGroup")] internal static extern Status GetGroup(SimulationId id, int index, out uint group);
        [DllImport(Lib, EntryPoint = "tr_Simulation_SetTurnRate")] internal static extern Status SetTurnRate(SimulationId id, int index, float degPerS);
        [DllImport(Lib, EntryPoint = "tr_Simulation_SetCycleSpeeds")] internal static extern Status SetCycleSpeeds(SimulationId id, int index, ref CycleSpeeds speeds);
        [DllImport(Lib, EntryPoint = "tr_Simulation_Step")] internal static extern Status Step(SimulationId id, double dt);
        [DllImport(Lib, EntryPoint = "tr_Simulation_GetTime")] internal static extern Status SimulationTime(SimulationId id, out double seconds);
        [DllImport(Lib, EntryPoint = "tr_Simulation_GetCharacterState")] internal static extern Status SimulationCharacterState(SimulationId id, int index, out CharacterState state);
        [DllImport(Lib, EntryPoint = "tr_Simulation_TakeEvents")] internal static extern Status TakeEvents(SimulationId id, [Out] Event[] events, int capacity, out int count);
        [DllImport(Lib, EntryPoint = "tr_Simulation_GetPendingEventCount")] internal static extern Status PendingEventCount(SimulationId id, out int count);
        [DllImport(Lib, EntryPoint = "tr_DefaultMoveToParams")] internal static extern MoveToParams DefaultMoveToParams();
        [DllImport(Lib, EntryPoint = "tr_DefaultGiveUpPolicy")] internal static extern GiveUpPolicy DefaultGiveUpPolicy();
        [DllImport(Lib, EntryPoint = "tr_Simulation_MoveTo")] internal static extern Status MoveTo(SimulationId id, int index, Position target, ref MoveToParams p);
        [DllImport(Lib, EntryPoint = "tr_Simulation_MoveToCharacter")] internal static extern Status MoveToCharacter(SimulationId id, int index, int target, ref MoveToParams p);
        [DllImport(Lib, EntryPoint = "tr_Simulation_TurnTo")] internal static extern Status TurnTo(SimulationId id, int index, float headingDeg, ref MoveToParams p);
        [DllImport(Lib, EntryPoint = "tr_Simulation_TurnToCharacter")] internal static extern Status TurnToCharacter(SimulationId id, int index, int target, ref MoveToParams p);
        [DllImport(Lib, EntryPoint = "tr_Simulation_StickTo")] internal static extern Status StickTo(SimulationId id, int index, int target, float distance, float timeout);
        [DllImport(Lib, EntryPoint = "tr_Simulation_CancelMovement")] internal static extern Status CancelMovement(SimulationId id, int index);
        [DllImport(Lib, EntryPoint = "tr_Simulation_GetMovement")] internal static extern Status GetMovement(SimulationId id, int index, out MovementProgress progress);
        [DllImport(Lib, EntryPoint = "tr_Simulation_SetGiveUp")] internal static extern Status SetGiveUp(SimulationId id, int index, ref GiveUpPolicy policy);
        [DllImport(Lib, EntryPoint = "tr_Simulation_SetGiveUp")] internal static extern Status ClearGiveUp(SimulationId id, int index, IntPtr none);
        [DllImport(Lib, EntryPoint = "tr_Simulation_RemoveCharacter")] internal static extern Status RemoveCharacter(SimulationId id, int index);
        [DllImport(Lib, EntryPoint = "tr_Simulation_RestoreCharacter")] internal static extern Status RestoreCharacter(SimulationId id, int index, Position position);
        [DllImport(Lib, EntryPoint = "tr_Simulation_GetTransitions")] internal static extern Status GetTransitions(SimulationId id, int index, out int count);

        [DllImport(Lib, EntryPoint = "tr_DefaultClaimCheckOptions")] internal static extern ClaimCheckOptions DefaultClaimCheckOptions();
        [DllImport(Lib, EntryPoint = "tr_DefaultMotionChange")] internal static extern MotionChange DefaultMotionChange();
        [DllImport(Lib, EntryPoint = "tr_DefaultClaim")] internal static extern NativeClaim DefaultClaim();
        [DllImport(Lib, EntryPoint = "tr_ClaimVerdictName")] internal static extern IntPtr ClaimVerdictName(ClaimVerdict verdict);
        [DllImport(Lib, EntryPoint = "tr_CreateChecker")] internal static extern Status CreateChecker(WorldId world, ref CharacterDef def, ref ClaimCheckOptions options, out CheckerId id);
        [DllImport(Lib, EntryPoint = "tr_CreateChecker")] internal static extern Status CreateChecker(WorldId world, ref CharacterDef def, IntPtr defaults, out CheckerId id);
        [DllImport(Lib, EntryPoint = "tr_DestroyChecker")] internal static extern Status DestroyChecker(CheckerId id);
        [DllImport(Lib, EntryPoint = "tr_CreateClaimState")] internal static extern Status CreateClaimState(CheckerId checker, Position position, double t, Vec3 velocity, ref MotionChange controls, out ClaimStateId id);
        [DllImport(Lib, EntryPoint = "tr_CreateClaimState")] internal static extern Status CreateClaimState(CheckerId checker, Position position, double t, Vec3 velocity, IntPtr noControls, out ClaimStateId id);
        [DllImport(Lib, EntryPoint = "tr_ClaimState_Restart")] internal static extern Status RestartClaimState(ClaimStateId state, CheckerId checker, Position position, double t, Vec3 velocity, ref MotionChange controls);
        [DllImport(Lib, EntryPoint = "tr_ClaimState_Restart")] internal static extern Status RestartClaimState(ClaimStateId state, CheckerId checker, Position position, double t, Vec3 velocity, IntPtr noControls);
        [DllImport(Lib, EntryPoint = "tr_DestroyClaimState")] internal static extern Status DestroyClaimState(ClaimStateId id);
        [DllImport(Lib, EntryPoint = "tr_ClaimState_Get")] internal static extern Status GetClaimState(ClaimStateId id, out AcceptedMovement movement);
        [DllImport(Lib, EntryPoint = "tr_ClaimState_GetReason")] internal static extern Status GetClaimReason(ClaimStateId id, [Out] byte[] buffer, int capacity, out int length);
        [DllImport(Lib, EntryPoint = "tr_Checker_Check")] internal static extern Status CheckClaim(CheckerId checker, ClaimStateId state, ref NativeClaim claim, out NativeClaimResult result);
        [DllImport(Lib, EntryPoint = "tr_Checker_CheckBatch")] internal static extern Status CheckClaims(CheckerId checker, ClaimStateId[] states, NativeClaim[] claims, int count, int threads, [Out] NativeClaimResult[] results);
        [DllImport(Lib, EntryPoint = "tr_CreateClaimCrowd")] internal static extern Status CreateClaimCrowd(WorldId world, out ClaimCrowdId id);
        [DllImport(Lib, EntryPoint = "tr_DestroyClaimCrowd")] internal static extern Status DestroyClaimCrowd(ClaimCrowdId id);
        [DllImport(Lib, EntryPoint = "tr_ClaimState_Bystander")] internal static extern Status ClaimStateBystander(ClaimStateId state, CheckerId shape, double now, out NativeCrowdBystander bystander);
        [DllImport(Lib, EntryPoint = "tr_ClaimCrowd_Check")] internal static extern Status CheckCrowd(ClaimCrowdId crowd, NativeCrowdClaim[] claims, int count, NativeCrowdBystander[] bystanders, int bystanderCount, int threads, [Out] NativeClaimResult[] results);

        /// <summary>Throws the native error when a call did not succeed.</summary>
        internal static void Check(Status status)
        {
            if (status != Status.Ok) throw TransitException.From(status, LastError());
        }
    }
}
