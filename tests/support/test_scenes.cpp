#include "support/test_scenes.hpp"

#include "workload/flat_landblocks.hpp"

namespace transit::test {

MeshDesc room_with_door() {
  MeshDesc m;
  auto v = [&](float x, float y, float z) {
    m.vertices.emplace_back(x, y, z);
    return static_cast<std::uint32_t>(m.vertices.size() - 1);
  };
  auto poly = [&](std::initializer_list<Vec3> pts) {
    std::vector<std::uint32_t> idx;
    for (const Vec3& p : pts) idx.push_back(v(p.x, p.y, p.z));
    m.polygons.push_back(idx);
  };
  poly({{0, 0, 0}, {4, 0, 0}, {4, 4, 0}, {0, 4, 0}, {0, 2.5f, 0}, {0, 1.5f, 0}});  // 0 floor
  poly({{0, 1.5f, 3}, {0, 2.5f, 3}, {0, 4, 3}, {4, 4, 3}, {4, 0, 3}, {0, 0, 3}});  // 1 ceiling
  poly({{0, 0, 0}, {0, 0, 3}, {4, 0, 3}, {4, 0, 0}});                              // 2 y = 0
  poly({{4, 0, 0}, {4, 0, 3}, {4, 4, 3}, {4, 4, 0}});                              // 3 x = 4
  poly({{4, 4, 0}, {4, 4, 3}, {0, 4, 3}, {0, 4, 0}});                              // 4 y = 4
  poly({{0, 1.5f, 0}, {0, 1.5f, 2.2f}, {0, 1.5f, 3}, {0, 0, 3}, {0, 0, 0}});      // 5 left
  poly({{0, 2.5f, 2.2f}, {0, 2.5f, 3}, {0, 1.5f, 3}, {0, 1.5f, 2.2f}});           // 6 lintel
  poly({{0, 4, 0}, {0, 4, 3}, {0, 2.5f, 3}, {0, 2.5f, 2.2f}, {0, 2.5f, 0}});      // 7 right
  poly({{0, 2.5f, 0}, {0, 2.5f, 2.2f}, {0, 1.5f, 2.2f}, {0, 1.5f, 0}});  // 8 doorway
  return m;
}

SceneDesc two_by_two_flat() { return perf::flat_landblocks(169, 180, 2, 2); }

SceneDesc house_scene() {
  SceneDesc s = two_by_two_flat();
  CellDesc room;
  room.id = kRoom;
  room.origin = {40, 40, 0};
  room.mesh = room_with_door();
  room.portals = {{8, std::nullopt}};
  s.cells.push_back(room);
  ObjectDesc house;
  house.id = 1;
  house.name = "house";
  house.position.cell = kBlock | 0x0A;
  house.position.local = {42, 42, 0};
  house.shapes.push_back({ShapeDesc::Type::Sphere, {0, 0, 20}, {}, 4.0f, 0.0f, {}});
  house.building_portals = std::vector<PortalDesc>{{8, kRoom}};
  house.flags = kFlagStatic;
  s.objects.push_back(house);
  return s;
}

}  // namespace transit::test
