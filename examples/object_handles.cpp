// Objects come and go under generational handles: a removed object's handle
// goes stale (and is reported, never mistaken for the slot's next object),
// and slots are reused, so a server's spawn/despawn churn keeps memory flat.
#include <cstdio>

#include <transit/io.hpp>

int main() {
  transit::World world = transit::World::from_scene(transit::make_demo_world());
  transit::WorldObject crate;
  crate.id = 5001;
  crate.name = "crate";
  crate.flags = transit::kFlagStatic;
  crate.position = transit::Position{0xA9B40013, transit::Frame{{60, 60, 0}, {1, 0, 0, 0}}};
  crate.spheres.push_back({{0, 0, 0.5f}, 0.5f});  // bounds are computed from the shapes

  const std::size_t slots_before = world.object_slots();
  transit::ObjectId first = world.add_object(crate);
  for (int cycle = 0; cycle < 100000; ++cycle) {
    world.remove_object(first);
    first = world.add_object(crate);
  }
  const transit::ObjectId stale{first.index, first.generation - 1};
  std::printf("slots %zu -> %zu; stale handle valid: %s; remove(stale): %s\n", slots_before,
              world.object_slots(), world.is_valid(stale) ? "yes" : "no",
              world.remove_object(stale) ? "removed" : "refused");
  return world.object_slots() == slots_before + 1 && !world.is_valid(stale) ? 0 : 1;
}
