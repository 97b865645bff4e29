#include "support/demo_sim.hpp"

#include "transit/world/demo_world.hpp"
#include "transit/world/land_defs.hpp"

namespace transit::test {

const World& demo_world() {
  static const World world = World::from_scene(make_demo_world());
  return world;
}

Vec3 global_of(const SimCharacter& c) {
  return local_to_global(c.body.position.objcell_id, c.body.position.frame.origin);
}

}  // namespace transit::test
