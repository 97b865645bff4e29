// Objects, shapes, meshes and indoor cells as managed definitions, and their
// conversion to the C structs for the one call that copies them.
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace Transit
{
    /// <summary>A polygon mesh: vertices (metres) and polygons as vertex indices,
    /// counter-clockwise seen from the front.</summary>
    public sealed class Mesh
    {
        public Vec3[] Vertices = new Vec3[0];
        public int[][] Polygons = new int[0][];
    }

    /// <summary>One collision shape of an object, in its frame.</summary>
    public sealed class ShapeDef
    {
        public ShapeType Type;
        public Vec3 Center;
        public Vec3 LowPoint;
        public float Radius;
        public float Height;
        public Mesh Mesh;
        public string ObjPath;

        public static ShapeDef Sphere(Vec3 center, float radius) { return new ShapeDef { Type = ShapeType.Sphere, Center = center, Radius = radius }; }
        public static ShapeDef CylSphere(Vec3 lowPoint, float radius, float height) { return new ShapeDef { Type = ShapeType.CylSphere, LowPoint = lowPoint, Radius = radius, Height = height }; }
        public static ShapeDef FromMesh(Mesh mesh) { return new ShapeDef { Type = ShapeType.Mesh, Mesh = mesh }; }
        public static ShapeDef FromObj(string path) { return new ShapeDef { Type = ShapeType.ObjFile, ObjPath = path }; }
    }

    /// <summary>An object: id (reported in collisions), name, position (cell 0:
    /// global), scale, shapes, flags and, for a building, its portals (polygon
    /// index across its meshes, and the cell it leads to).</summary>
    public sealed class ObjectDef
    {
        public uint Id;
        public string Name = "";
        public Position Position = Position.Global(0, 0, 0);
        public float Scale = 1f;
        public List<ShapeDef> Shapes = new List<ShapeDef>();
        public EntityFlags Flags = EntityFlags.Static;
        public List<KeyValuePair<uint, uint>> BuildingPortals = new List<KeyValuePair<uint, uint>>();
    }

    /// <summary>An indoor cell: id (0xXXYY0100 and up), frame in its landblock,
    /// mesh, portals (polygon index and the cell it leads to, 0 = outside).</summary>
    public sealed class CellDef
    {
        public uint Id;
        public Vec3 Origin;
        public float HeadingDeg;
        public Mesh Mesh = new Mesh();
        public List<KeyValuePair<uint, uint>> Portals = new List<KeyValuePair<uint, uint>>();
        public bool SeenOutside;
    }

    /// <summary>Unmanaged copies of a definition's arrays and strings, freed on Dispose.</summary>
    internal class NativeMemory : IDisposable
    {
        private readonly List<IntPtr> blocks = new List<IntPtr>();

        protected IntPtr Array<T>(T[] items) where T : struct
        {
            if (items == null || items.Length == 0) return IntPtr.Zero;
            int size = Marshal.SizeOf(typeof(T));
            IntPtr p = Marshal.AllocHGlobal(size * items.Length);
            blocks.Add(p);
            for (int i = 0; i < items.Length; ++i) Marshal.StructureToPtr(items[i], p + i * size, false);
            return p;
        }

        protected IntPtr Text(string s)
        {
            if (s == null) return IntPtr.Zero;
            IntPtr p = Marshal.StringToHGlobalAnsi(s);
            blocks.Add(p);
            return p;
        }

        protected NativeMeshDef MeshOf(Mesh mesh)
        {
            var m = new NativeMeshDef();
            if (mesh == null) return m;
            var sizes = new int[mesh.Polygons.Length];
            var indices = new List<uint>();
            for (int i = 0; i < mesh.Polygons.Length; ++i)
            {
                sizes[i] = mesh.Polygons[i].Length;
                foreach (var k in mesh.Polygons[i]) indices.Add((uint)k);
            }
            m.Vertices = Array(mesh.Vertices);
            m.VertexCount = mesh.Vertices.Length;
            m.Indices = Array(indices.ToArray());
            m.PolygonSizes = Array(sizes);
            m.PolygonCount = sizes.Length;
            return m;
        }

        protected NativePortalDef[] PortalsOf(List<KeyValuePair<uint, uint>> portals)
        {
            var list = new NativePortalDef[portals.Count];
            for (int i = 0; i < portals.Count; ++i) list[i] = new NativePortalDef { Polygon = portals[i].Key, To = portals[i].Value };
            return list;
        }

        public void Dispose()
        {
            foreach (var p in blocks) Marshal.FreeHGlobal(p);
            blocks.Clear();
        }
    }

    internal sealed class NativeObject : NativeMemory
    {
        public NativeObjectDef Def;

        public NativeObject(ObjectDef def)
        {
            var shapes = new NativeShapeDef[def.Shapes.Count];
            for (int i = 0; i < shapes.Length; ++i)
            {
                var s = def.Shapes[i];
                shapes[i] = new NativeShapeDef
                {
                    Type = (int)s.Type, Center = s.Center, LowPoint = s.LowPoint, Radius = s.Radius,
                    Height = s.Height, Mesh = MeshOf(s.Mesh), ObjPath = Text(s.ObjPath),
                };
            }
            var portals = PortalsOf(def.BuildingPortals);
            Def = new NativeObjectDef
            {
                Id = def.Id, Name = Text(def.Name ?? ""), Position = def.Position, Scale = def.Scale,
                Shapes = Array(shapes), ShapeCount = shapes.Length, Flags = (uint)def.Flags,
                BuildingPortals = Array(portals), BuildingPortalCount = portals.Length,
            };
        }
    }

    internal sealed class NativeCell : NativeMemory
    {
        public NativeCellDef Def;

        public NativeCell(CellDef def)
        {
            var portals = PortalsOf(def.Portals);
            Def = new NativeCellDef
            {
                Id = def.Id, Origin = def.Origin, HeadingDeg = def.HeadingDeg, Mesh = MeshOf(def.Mesh),
                Portals = Array(portals), PortalCount = portals.Length, SeenOutside = (byte)(def.SeenOutside ? 1 : 0),
            };
        }
    }
}
