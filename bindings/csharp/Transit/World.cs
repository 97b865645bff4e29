// A world characters move through: owns its native world and, with it, its
// characters and objects (disposing the world makes their handles stale).
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace Transit
{
    public sealed class World : IDisposable
    {
        internal WorldId Id;
        private bool disposed;
        private CharacterId[] batchIds = new CharacterId[0];

        private World(WorldId id) { Id = id; }

        /// <summary>The built-in demo world (village, house with a stair hall, ramps).</summary>
        public static World Demo()
        {
            WorldId id;
            Native.Check(Native.CreateDemoWorld(out id));
            return new World(id);
        }

        /// <summary>Builds a scene file's world once and writes it, BSP trees
        /// included, to outPath: a baked world FromFile loads without building
        /// (docs/baked-worlds.md).</summary>
        public static void Bake(string scenePath, string outPath)
        {
            Native.Check(Native.BakeSceneFile(scenePath, outPath));
        }

        /// <summary>A world from a scene file (docs/scene-format.md) or a baked world.</summary>
        public static World FromFile(string path)
        {
            WorldId id;
            Native.Check(Native.CreateWorldFromFile(path, out id));
            return new World(id);
        }

        /// <summary>A world of retail landblocks (ids 0xXXYY) read from a data
        /// directory holding client_cell_1.dat and client_portal.dat: terrain,
        /// indoor cells, static objects and doorways, colliding through retail's
        /// own BSP trees (docs/retail-data.md).</summary>
        public static World FromDat(string datDir, params ushort[] landblocks)
        {
            WorldId id;
            Native.Check(Native.CreateWorldFromDat(datDir, landblocks, landblocks == null ? 0 : landblocks.Length, out id));
            return new World(id);
        }

        /// <summary>A world from scene JSON text; OBJ paths relative to baseDir.</summary>
        public static World FromJson(string json, string baseDir = null)
        {
            WorldId id;
            Native.Check(Native.CreateWorldFromJson(json, baseDir, out id));
            return new World(id);
        }

        /// <summary>A world from a scene built in code (checked as a scene file is).</summary>
        public static World FromScene(Scene scene)
        {
            WorldId id;
            Native.Check(Native.CreateWorld(scene.Id, out id));
            return new World(id);
        }

        public static string Version { get { return Marshal.PtrToStringAnsi(Native.GetVersionString()); } }

        /// <summary>Object slots in use or free: bounded by the most objects ever present at once.</summary>
        public int ObjectSlots
        {
            get { int n; Native.Check(Native.GetObjectCount(Id, out n)); return n; }
        }

        /// <summary>The cell holding a global point.</summary>
        public Position Resolve(Vec3 global)
        {
            Position p;
            Native.Check(Native.ResolveGlobal(Id, global, out p));
            return p;
        }

        public Vec3 ToGlobal(Position position)
        {
            Vec3 g;
            Native.Check(Native.ToGlobal(Id, position, out g));
            return g;
        }

        /// <summary>A character of this world at position, not yet placed.</summary>
        public Character CreateCharacter(Position position) { return CreateCharacter(CharacterDef.Default, position); }

        public Character CreateCharacter(CharacterDef def, Position position)
        {
            CharacterId id;
            Native.Check(Native.CreateCharacter(Id, ref def, position, out id));
            return new Character(this, id);
        }

        public ObjectHandle AddObject(ObjectDef def)
        {
            ObjectId id = default(ObjectId);
            using (var native = new NativeObject(def))
            {
                var n = native.Def;
                Native.Check(Native.AddObject(Id, ref n, out id));
            }
            return new ObjectHandle(id);
        }

        public TraceResult TraceSphere(uint frameCell, Vec3 start, Vec3 end, float radius)
        {
            TraceResult r;
            Native.Check(Native.TraceSphere(Id, frameCell, start, end, radius, out r));
            return r;
        }

        public TraceResult TraceBox(uint frameCell, Vec3 start, Vec3 end, Vec3 mins, Vec3 maxs)
        {
            TraceResult r;
            Native.Check(Native.TraceBox(Id, frameCell, start, end, mins, maxs, out r));
            return r;
        }

        /// <summary>Updates many characters of this world by dt in one native call, on
        /// `threads` threads (bit-identical to one). controls (one per character) may be
        /// null; states and statuses, when given, receive each character's.</summary>
        public void UpdateCharacters(IList<Character> characters, double dt, Controls[] controls = null,
                                     int threads = 1, CharacterState[] states = null, MoveStatus[] statuses = null)
        {
            int n = characters.Count;
            CheckLength(controls, n, "controls");
            CheckLength(states, n, "states");
            CheckLength(statuses, n, "statuses");
            var ids = IdsOf(characters);
            using (var pinned = new Pinned(ids, controls, states, statuses))
                Native.Check(Native.UpdateCharacters(Id, pinned[0], pinned[1], n, dt, threads, pinned[2], pinned[3]));
        }

        /// <summary>One transition per character, each to its target.</summary>
        public void MoveCharacters(IList<Character> characters, Position[] targets, int threads = 1,
                                   CharacterState[] states = null, MoveStatus[] statuses = null)
        {
            int n = characters.Count;
            CheckLength(targets, n, "targets");
            if (targets == null && n > 0) throw new ArgumentNullException("targets");
            CheckLength(states, n, "states");
            CheckLength(statuses, n, "statuses");
            var ids = IdsOf(characters);
            using (var pinned = new Pinned(ids, targets, states, statuses))
                Native.Check(Native.MoveCharacters(Id, pinned[0], pinned[1], n, threads, pinned[2], pinned[3]));
        }

        private static void CheckLength(Array array, int count, string name)
        {
            if (array != null && array.Length < count)
                throw new ArgumentException(name + " holds " + array.Length + " entries for " + count + " characters", name);
        }

        /// <summary>Arrays pinned for one native call (null ones pass as null).</summary>
        private struct Pinned : IDisposable
        {
            private readonly GCHandle[] handles;
            public Pinned(params Array[] arrays)
            {
                handles = new GCHandle[arrays.Length];
                for (int i = 0; i < arrays.Length; ++i)
                    if (arrays[i] != null) handles[i] = GCHandle.Alloc(arrays[i], GCHandleType.Pinned);
            }
            public IntPtr this[int i] { get { return handles[i].IsAllocated ? handles[i].AddrOfPinnedObject() : IntPtr.Zero; } }
            public void Dispose() { foreach (var h in handles) if (h.IsAllocated) h.Free(); }
        }

        private CharacterId[] IdsOf(IList<Character> characters)
        {
            if (batchIds.Length < characters.Count) batchIds = new CharacterId[characters.Count];
            for (int i = 0; i < characters.Count; ++i) batchIds[i] = characters[i].Id;
            return batchIds;
        }

        public void Dispose()
        {
            if (disposed) return;
            disposed = true;
            Native.DestroyWorld(Id);
            GC.SuppressFinalize(this);
        }

        ~World() { if (!disposed) Native.DestroyWorld(Id); }
    }
}
