#include <cstdio>
#include <vector>

#include <transit/io.hpp>

// A server's tick loop over the demo village: a player runs round the house
// and in through its door; a drudge chases it (retail's move-to, going
// home if it stops getting closer); every position the player's client
// reports is checked against the player's own physics.
int main() try {
  transit::SceneDesc scene = transit::make_demo_world();
  transit::CharacterDesc player = scene.characters.at(0);  // at the village (103, 60)
  transit::CharacterDesc drudge = player;
  drudge.name = "drudge";
  drudge.flags = transit::kFlagEdgeSlide | transit::kFlagGravity | transit::kFlagCreature;
  drudge.position.local.y -= 8.0f;
  scene.characters = {player, drudge};
  transit::Simulation sim(transit::World::from_scene(scene), scene);
  const transit::World& world = sim.world();

  // The player: a route of positions (a client would send its own moves).
  auto village = [&](float x, float y) {
    return *world.resolve_global({32448.0f + x, 34560.0f + y, 20.0f});
  };
  const std::vector<transit::Position> route = {village(117, 65), village(117, 84),
                                                 village(97, 84), village(97, 65),
                                                 village(103, 65), village(103, 73)};
  transit::MoveToParams run;
  run.can_walk = false;  // run all the way, as ACE's creatures chase
  run.use_spheres = false;
  run.distance_to_object = 0.2f;
  std::size_t next = 0;
  sim.move_to(0, route[next++], run);

  // The drudge: chase the player; give up after 10 s without getting closer.
  transit::MoveToParams chase = run;
  chase.use_spheres = true;
  chase.distance_to_object = 1.0f;
  sim.set_give_up(1, transit::GiveUpPolicy{});
  sim.move_to_character(1, 0, chase);

  // The player's reported positions, checked as they arrive.
  const transit::MovementChecker checker(world, transit::CharacterSettings::from_desc(player));
  transit::AcceptedMovement accepted = checker.start(sim.character(0).body.position, 0.0);
  int claims = 0, rejected = 0;

  const double dt = 1.0 / 30.0;
  std::vector<transit::SimEvent> events;
  for (int tick = 0; tick < 30 * 20; ++tick) {
    sim.step(dt);
    sim.take_events(events);
    for (const transit::SimEvent& e : events) {
      if (e.kind == transit::SimEventKind::EnteredCell || e.kind >= transit::SimEventKind::MoveArrived)
        std::printf("%6.2f s  %-6s  %s\n", e.t, sim.character(e.character).name.c_str(),
                    transit::to_string(e.kind));
      if (e.character == 0 && e.kind == transit::SimEventKind::MoveArrived && next < route.size())
        sim.move_to(0, route[next++], run);
      if (e.character == 1 && e.kind == transit::SimEventKind::MoveArrived)
        sim.stick_to(1, 0, {1.0f, 0.0f});  // caught up: keep 1 m from it from now on
    }
    const transit::ClaimCheck c = checker.check(
        accepted, {sim.time(), sim.character(0).body.position, {transit::ForwardInput::Run}});
    ++claims;
    rejected += !c.accepted();
    accepted = c.next;
  }
  const transit::Vec3& at = sim.character(1).body.position.frame.origin;
  std::printf("drudge ends in cell 0x%08X at (%.1f, %.1f, %.1f); %d claims, %d rejected\n",
              sim.character(1).body.position.objcell_id, at.x, at.y, at.z, claims, rejected);
  return rejected == 0 ? 0 : 1;
} catch (const std::exception& e) {
  std::fprintf(stderr, "server_creatures: %s\n", e.what());
  return 1;
}
