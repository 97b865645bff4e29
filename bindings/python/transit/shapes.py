"""Objects, shapes, meshes and indoor cells as definitions, and their C
structs (kept alive with every array they point to for the one call)."""

from dataclasses import dataclass, field

from ._native import ffi, lib
from .values import Flag, Position


@dataclass
class Mesh:
    """Vertices (metres) and polygons as vertex indices, counter-clockwise from the front."""

    vertices: list
    polygons: list


@dataclass
class Shape:
    kind: str  # "sphere", "cylsphere", "mesh" or "obj"
    center: tuple = (0.0, 0.0, 0.0)
    low_point: tuple = (0.0, 0.0, 0.0)
    radius: float = 0.0
    height: float = 0.0
    mesh: Mesh = None
    obj_path: str = None

    @staticmethod
    def sphere(center, radius):
        return Shape("sphere", center=tuple(center), radius=radius)

    @staticmethod
    def cylsphere(low_point, radius, height):
        return Shape("cylsphere", low_point=tuple(low_point), radius=radius, height=height)

    @staticmethod
    def from_mesh(vertices, polygons):
        return Shape("mesh", mesh=Mesh(list(vertices), list(polygons)))

    @staticmethod
    def from_obj(path):
        return Shape("obj", obj_path=str(path))


_SHAPE_TYPES = {"sphere": lib.tr_shapeSphere, "cylsphere": lib.tr_shapeCylSphere,
                "mesh": lib.tr_shapeMesh, "obj": lib.tr_shapeObjFile}


@dataclass
class ObjectDef:
    """An object: id (reported in collisions), name, position (cell 0:
    global), scale, shapes, flags, and a building's portals as
    (polygon index across its meshes, cell it leads to) pairs."""

    id: int
    position: Position
    shapes: list
    name: str = ""
    scale: float = 1.0
    flags: int = Flag.STATIC
    building_portals: list = field(default_factory=list)


@dataclass
class CellDef:
    """An indoor cell (0xXXYY0100 and up): frame in its landblock, mesh and
    portals as (polygon index, cell it leads to or 0 for outside)."""

    id: int
    origin: tuple
    mesh: Mesh
    portals: list = field(default_factory=list)
    heading_deg: float = 0.0
    seen_outside: bool = False


def _mesh(native, mesh, keep):
    if mesh is None:
        return
    vertices = ffi.new("tr_Vec3[]", [tuple(v) for v in mesh.vertices])
    indices = ffi.new("uint32_t[]", [i for polygon in mesh.polygons for i in polygon])
    sizes = ffi.new("int32_t[]", [len(polygon) for polygon in mesh.polygons])
    keep += [vertices, indices, sizes]
    native.vertices, native.vertex_count = vertices, len(mesh.vertices)
    native.indices, native.polygon_sizes, native.polygon_count = indices, sizes, len(mesh.polygons)


def _portals(pairs, keep):
    portals = ffi.new("tr_PortalDef[]", [(polygon, to) for polygon, to in pairs]) if pairs else ffi.NULL
    keep.append(portals)
    return portals, len(pairs)


def object_def(definition):
    """The tr_ObjectDef of an ObjectDef, and what must live as long as it."""
    keep = []
    shapes = ffi.new("tr_ShapeDef[]", max(1, len(definition.shapes)))
    for native, shape in zip(shapes, definition.shapes):
        native.type = _SHAPE_TYPES[shape.kind]
        native.center, native.low_point = shape.center, shape.low_point
        native.radius, native.height = shape.radius, shape.height
        _mesh(native.mesh, shape.mesh, keep)
        if shape.obj_path is not None:
            path = ffi.new("char[]", shape.obj_path.encode())
            keep.append(path)
            native.obj_path = path
    d = ffi.new("tr_ObjectDef*", lib.tr_DefaultObjectDef())
    name = ffi.new("char[]", definition.name.encode())
    keep += [shapes, name]
    d.id, d.name, d.position = definition.id, name, definition.position.to_c()[0]
    d.scale, d.shapes, d.shape_count, d.flags = definition.scale, shapes, len(definition.shapes), int(definition.flags)
    d.building_portals, d.building_portal_count = _portals(definition.building_portals, keep)
    return d, keep


def cell_def(definition):
    """The tr_CellDef of a CellDef, and what must live as long as it."""
    keep = []
    d = ffi.new("tr_CellDef*", lib.tr_DefaultCellDef())
    d.id, d.origin, d.heading_deg = definition.id, tuple(definition.origin), definition.heading_deg
    _mesh(d.mesh, definition.mesh, keep)
    d.portals, d.portal_count = _portals(definition.portals, keep)
    d.seen_outside = definition.seen_outside
    return d, keep
