#include "transit/sim/character_settings.hpp"

#include "transit/movers/quake/quake_mover.hpp"
#include "transit/movers/tribes/tribes_mover.hpp"

namespace transit {

ac::AcBody body_of(const CharacterDesc& character) {
  ac::AcBody body;
  body.spheres = character.spheres;
  body.step_up_height = character.step_up_height;
  body.step_down_height = character.step_down_height;
  body.flags = character.flags | (character.free_heading ? kFlagFreeRotate : 0u);
  return body;
}

CharacterSettings CharacterSettings::from_desc(const CharacterDesc& desc) {
  CharacterSettings s;
  s.mover = desc.mover;
  s.body = body_of(desc);
  s.skills.run_skill = desc.run_skill;
  s.skills.jump_skill = desc.jump_skill;
  if (desc.turn_rate_deg) s.turn_rate_deg = *desc.turn_rate_deg;
  if (const auto& c = desc.cycle_speeds) s.cycle_speeds = {c->walk, c->run, c->sidestep};
  const std::optional<BoxMoverDesc>& box = desc.mover == MoverKind::Quake ? desc.quake : desc.tribes;
  if (box) {
    s.box = BoxShape{box->mins, box->maxs};
    if (desc.mover == MoverKind::Quake) s.quake_step_size = box->step_size;
  } else if (desc.mover == MoverKind::Quake) {
    s.box = quake::QuakeMover().shape();  // Quake 2's player hull
  }
  return s;
}

// Quake's settings are in Quake units, which the mover converts back with
// units_per_metre.
std::shared_ptr<const BoxMover> make_box_mover(const CharacterSettings& settings) {
  if (settings.mover == MoverKind::Quake) {
    quake::QuakeSettings q;
    q.mins = settings.box.mins * q.units_per_metre;
    q.maxs = settings.box.maxs * q.units_per_metre;
    if (settings.quake_step_size) q.step_size = *settings.quake_step_size * q.units_per_metre;
    return std::make_shared<quake::QuakeMover>(q);
  }
  if (settings.mover == MoverKind::Tribes) {
    tribes::TribesSettings t;
    t.box = settings.box;
    return std::make_shared<tribes::TribesMover>(t);
  }
  return nullptr;
}

CycleSpeeds cycle_speeds_of(const dat::MotionTable& table, CycleSpeeds base) {
  base.walk = table.cycle_speed(dat::kMotionWalkForward).value_or(base.walk);
  base.run = table.cycle_speed(dat::kMotionRunForward).value_or(base.run);
  base.sidestep = table.cycle_speed(dat::kMotionSideStepRight).value_or(base.sidestep);
  return base;
}

CharacterSettings settings_from_setup(const dat::Setup& setup, CharacterSettings base,
                                      const dat::MotionTable* motions) {
  if (motions) {
    if (const std::optional<float> rate = motions->turn_rate_deg()) base.turn_rate_deg = *rate;
    base.cycle_speeds = cycle_speeds_of(*motions, base.cycle_speeds);
  }
  if (!setup.spheres.empty()) base.body.spheres = setup.spheres;
  base.body.step_up_height = setup.step_up_height;
  base.body.step_down_height = setup.step_down_height;
  if (setup.allow_free_heading())
    base.body.flags |= kFlagFreeRotate;
  else
    base.body.flags &= ~kFlagFreeRotate;
  return base;
}

}  // namespace transit
