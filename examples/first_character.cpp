#include <cstdio>
#include <optional>

#include <transit/io.hpp>

int main(int argc, char** argv) try {
  // A scene file (docs/scene-format.md), or the built-in demo world.
  const transit::SceneDesc scene =
      argc > 1 ? transit::read_scene_file(argv[1]) : transit::make_demo_world();
  const transit::World world = transit::World::from_scene(scene);

  // The scene's first character: its shape and skills, placed where it stands.
  const transit::CharacterDesc& player = scene.characters.at(0);
  const std::optional<transit::Position> start =
      world.resolve(player.position, player.orientation);
  if (!start) {
    std::fprintf(stderr, "%s: the position is in no loaded cell\n", player.name.c_str());
    return 1;
  }
  transit::Character hero(transit::CharacterSettings::from_desc(player), *start);
  hero.place(world);

  // Run forward, turning 20 degrees a second, for three seconds at 30 fps.
  hero.set_controls({transit::ForwardInput::Run, transit::StrafeInput::Stop, 20.0f});
  for (int frame = 0; frame < 90; ++frame) hero.update(world, 1.0 / 30.0);

  const transit::Vec3& at = hero.position().frame.origin;
  std::printf("%s: cell 0x%08X, (%.2f, %.2f, %.2f), %s, last update %s\n", player.name.c_str(),
              hero.cell(), at.x, at.y, at.z, transit::to_string(hero.ground_state()),
              transit::to_string(hero.status()));
  return 0;
} catch (const transit::InputError& e) {
  std::fprintf(stderr, "%s\n", e.what());
  return 1;
}
