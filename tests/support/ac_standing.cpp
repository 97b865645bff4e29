#include "support/ac_standing.hpp"

namespace transit::test {

ac::AcContact standing_on(const World& world, const Position& at) {
  ac::AcContact c;
  c.contact_plane = ac::surface_under(world, at.objcell_id, at.frame.origin);
  c.contact = c.contact_plane.has_value();
  c.on_walkable = c.contact && c.contact_plane->plane.normal.z >= kFloorZ;
  return c;
}

}  // namespace transit::test
