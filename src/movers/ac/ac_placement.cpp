#include "transit/movers/ac/ac_placement.hpp"

namespace transit::ac {

AcPlacement place_body(const World& world, const AcBody& body, const Position& at) {
  TransitionMemo memo;
  Transition t(world, memo);
  // The same flags as a move's (PK, ethereal, ignore creatures, player ...),
  // without contact: a body being placed stands nowhere yet.
  t.init_object(object_info_for(body, AcContact{}));
  t.init_sphere(body.spheres, body.scale);
  t.init_path(world.has_cell(at.objcell_id) ? at.objcell_id : 0, std::nullopt, at);

  AcPlacement placed;
  placed.ok = t.find_valid_position();
  placed.position = placed.ok ? t.sphere_path.cur_pos : at;
  const CollisionInfo& ci = t.collision_info;
  if (placed.ok && ci.contact_plane_valid)
    placed.contact_plane =
        CellPlane{ci.contact_plane, ci.contact_plane_cell_id, ci.contact_plane_is_water};
  return placed;
}

}  // namespace transit::ac
