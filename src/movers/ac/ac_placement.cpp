#include "transit/movers/ac/ac_placement.hpp"

namespace transit::ac {

AcPlacement place_body(const World& world, const AcBody& body, const Position& at) {
  TransitionMemo memo;
  Transition t(world, memo);
  ObjectInfo info;
  if (body.flags & kFlagEdgeSlide) info.state |= kEdgeSlide;
  info.step_up_height = body.step_up_height * body.scale;
  info.step_down_height = body.step_down_height * body.scale;
  info.scale = body.scale;
  info.gravity = (body.flags & kFlagGravity) != 0;
  info.missile = (body.flags & kFlagMissile) != 0;
  info.step_down = !info.missile;
  t.init_object(info);
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
