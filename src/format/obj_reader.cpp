#include "transit/format/obj_reader.hpp"

#include <cmath>

#include <fmt/format.h>
#include <tiny_obj_loader.h>

#include "format/json_cursor.hpp"
#include "transit/math/input_error.hpp"

namespace transit {

namespace {

[[noreturn]] void fail(const std::string& source, const std::string& what) {
  throw InputError(fmt::format("{}: {}", source, what));
}

std::vector<Vec3> obj_vertices(const tinyobj::attrib_t& attrib, const std::string& source) {
  std::vector<Vec3> out;
  out.reserve(attrib.vertices.size() / 3);
  for (std::size_t i = 0; i + 2 < attrib.vertices.size(); i += 3) {
    const Vec3 v(attrib.vertices[i], attrib.vertices[i + 1], attrib.vertices[i + 2]);
    if (!is_finite(v)) fail(source, fmt::format("vertex {} is not finite", out.size() + 1));
    out.push_back(v);
  }
  return out;
}

void append_faces(const tinyobj::mesh_t& mesh, std::size_t vertex_count, const std::string& source,
                  MeshDesc& out) {
  std::size_t next = 0;
  for (unsigned char face_size : mesh.num_face_vertices) {
    if (next + face_size > mesh.indices.size()) break;
    std::vector<std::uint32_t> polygon;
    polygon.reserve(face_size);
    for (std::size_t k = 0; k < face_size; ++k, ++next) {
      const int index = mesh.indices[next].vertex_index;
      if (index < 0 || static_cast<std::size_t>(index) >= vertex_count) {
        fail(source, fmt::format("face {} names vertex {}, but the file has {} vertices",
                                 out.polygons.size() + 1, index + 1, vertex_count));
      }
      polygon.push_back(static_cast<std::uint32_t>(index));
    }
    out.polygons.push_back(std::move(polygon));
  }
  // tinyobjloader counts face sizes in a byte; longer faces desynchronise.
  if (next != mesh.indices.size()) fail(source, "a face has more than 255 vertices");
}

MeshDesc mesh_from_reader(const tinyobj::ObjReader& reader, const std::string& source) {
  if (!reader.Valid()) {
    std::string error = reader.Error();
    while (!error.empty() && (error.back() == '\n' || error.back() == '\r')) error.pop_back();
    fail(source, "not a readable OBJ file: " + error);
  }
  MeshDesc out;
  out.vertices = obj_vertices(reader.GetAttrib(), source);
  for (const tinyobj::shape_t& shape : reader.GetShapes())
    append_faces(shape.mesh, out.vertices.size(), source, out);
  if (out.polygons.empty()) fail(source, "the OBJ file has no faces");
  return out;
}

tinyobj::ObjReaderConfig polygon_config() {
  tinyobj::ObjReaderConfig config;
  config.triangulate = false;
  config.vertex_color = false;
  return config;
}

}  // namespace

MeshDesc read_obj_mesh(const std::filesystem::path& file) {
  const std::string source = file.string();
  const std::string text = read_text_file(file);
  return parse_obj_mesh(text, source);
}

MeshDesc parse_obj_mesh(const std::string& obj_text, const std::string& source) {
  tinyobj::ObjReader reader;
  reader.ParseFromString(obj_text, "", polygon_config());
  return mesh_from_reader(reader, source);
}

}  // namespace transit
