// A scene described in code (or read from a file) before a world is built
// from it; also where a simulation's characters come from.
using System;

namespace Transit
{
    public sealed class Scene : IDisposable
    {
        internal SceneId Id;
        private bool disposed;

        private Scene(SceneId id) { Id = id; }

        public Scene() { Native.Check(Native.CreateScene(out Id)); }

        public static Scene FromFile(string path)
        {
            SceneId id;
            Native.Check(Native.LoadScene(path, out id));
            return new Scene(id);
        }

        public static Scene FromJson(string json, string baseDir = null)
        {
            SceneId id;
            Native.Check(Native.ParseScene(json, baseDir, out id));
            return new Scene(id);
        }

        /// <summary>A terrain landblock (x, y in 0..254): 81 heights (index vx * 9 + vy) or flat.</summary>
        public Scene AddLandblock(int x, int y, float[] heights81 = null, float flat = 0f)
        {
            if (heights81 != null && heights81.Length != 81) throw new ArgumentException("heights81 must hold 81 heights");
            Native.Check(Native.SceneAddLandblock(Id, x, y, heights81, flat));
            return this;
        }

        public Scene AddCell(CellDef def)
        {
            using (var native = new NativeCell(def))
            {
                var n = native.Def;
                Native.Check(Native.SceneAddCell(Id, ref n));
            }
            return this;
        }

        public Scene AddObject(ObjectDef def)
        {
            using (var native = new NativeObject(def))
            {
                var n = native.Def;
                Native.Check(Native.SceneAddObject(Id, ref n));
            }
            return this;
        }

        public Scene AddCharacter(string name, Position position) { return AddCharacter(name, CharacterDef.Default, position); }

        public Scene AddCharacter(string name, CharacterDef def, Position position)
        {
            Native.Check(Native.SceneAddCharacter(Id, ref def, name, position));
            return this;
        }

        public void Dispose()
        {
            if (disposed) return;
            disposed = true;
            Native.DestroyScene(Id);
            GC.SuppressFinalize(this);
        }

        ~Scene() { if (!disposed) Native.DestroyScene(Id); }
    }
}
