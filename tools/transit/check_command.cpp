#include "check_command.hpp"

#include <fstream>
#include <iostream>
#include <map>

#include <fmt/format.h>

#include "dat_commands.hpp"
#include "reporting_errors.hpp"
#include "transit/format/baked_world.hpp"
#include "transit/format/claims_file.hpp"
#include "transit/format/trajectory_reader.hpp"
#include "transit/math/input_error.hpp"
#include "transit/sim/character.hpp"

namespace transit::cli {

namespace {

struct CheckArgs {
  std::string scene;
  std::string claims;
  std::string trajectory;
  std::string claims_out;
  std::string out;
  std::string dat;
};

// Claims made of a trajectory's samples after the first: each where the run
// put the character, running, with the jumps the run recorded.
ClaimsDesc claims_of(const Trajectory& t) {
  ClaimsDesc out;
  for (const CharacterTrack& track : t.characters) {
    std::vector<ClaimDesc>& claims = out.claims[track.name];
    std::size_t e = 0;
    for (std::size_t i = 1; i < track.samples.size(); ++i) {
      const TrajectorySample& s = track.samples[i];
      ClaimDesc c;
      c.t = s.t;
      c.position.cell = s.position.objcell_id;
      c.position.local = s.position.frame.origin;
      c.motion.forward = ForwardInput::Run;
      for (; e < track.events.size() && track.events[e].t <= s.t + 1e-9; ++e)
        c.motion.jumped |= track.events[e].kind == SimEventKind::Jumped;
      claims.push_back(c);
    }
  }
  return out;
}

const CharacterDesc& scene_character(const SceneDesc& scene, const std::string& name, const std::string& source) {
  for (const CharacterDesc& c : scene.characters)
    if (c.name == name) return c;
  throw InputError(fmt::format("{}: /claims/{}: names no character of the scene", source, name));
}

// Where the server starts each character: its first trajectory sample, or
// the scene's position settled by retail placement.
AcceptedMovement start_of(const MovementChecker& checker, const World& world, const CharacterDesc& c,
                          const Trajectory* trajectory, const std::optional<MotionChange>& controls) {
  if (trajectory)
    for (const CharacterTrack& track : trajectory->characters)
      if (track.name == c.name) return checker.start(track.samples[0].position, 0.0, track.samples[0].velocity);
  const auto at = world.resolve(c.position, c.orientation);
  if (!at) throw InputError(fmt::format("character '{}': its position is in no loaded cell", c.name));
  Character placed(checker.settings(), *at);
  placed.place(world);
  return checker.start(placed.position(), 0.0, Vec3(0.0f), controls);
}

std::vector<ClaimOutcome> check_one(const MovementChecker& checker, const World& world, AcceptedMovement state,
                                    const std::vector<ClaimDesc>& claims) {
  std::vector<ClaimOutcome> out;
  for (const ClaimDesc& d : claims) {
    const auto at = world.resolve(d.position, {});
    ClaimCheck c;
    if (at) {
      c = checker.check(state, {d.t, *at, d.motion, d.changes});
    } else {
      c.verdict = ClaimVerdict::Invalid;
      c.reason = "the claimed position is in no loaded cell";
      c.forced = state.position;
      c.next = state;
      c.next.t = d.t;
    }
    out.push_back({d.t, c.verdict, c.reason, c.forced});
    state = c.next;
  }
  return out;
}

void write_text(const std::string& path, const std::string& text) {
  std::ofstream file(path);
  if (!(file << text)) throw std::runtime_error(fmt::format("cannot write {}", path));
}

void run_check(const CheckArgs& args) {
  if (args.claims.empty() == args.trajectory.empty())
    throw InputError("give a claims file or --from-trajectory TRAJ (one of them)");
  SceneInput input = read_scene_input(args.scene);
  if (!args.dat.empty()) input.trees = retail_trees_for(input.scene, args.dat);
  std::vector<std::string> warnings;
  const World world = input.build_world(&warnings);
  for (const std::string& w : warnings) fmt::print(stderr, "transit check: warning: {}\n", w);
  std::optional<Trajectory> trajectory;
  if (!args.trajectory.empty()) trajectory = read_trajectory_file(args.trajectory);
  const ClaimsDesc claims = trajectory ? claims_of(*trajectory) : read_claims_file(args.claims);
  if (!args.claims_out.empty()) write_text(args.claims_out, write_claims(claims));
  const std::string source = trajectory ? args.trajectory : args.claims;

  std::map<std::string, std::vector<ClaimOutcome>> results;
  long total = 0, accepted = 0;
  for (const auto& [name, list] : claims.claims) {
    const CharacterDesc& c = scene_character(input.scene, name, source);
    const MovementChecker checker(world, CharacterSettings::from_desc(c));
    // Claims that carry changes of controls start from none held.
    std::optional<MotionChange> controls;
    for (const ClaimDesc& d : list)
      if (!d.changes.empty()) controls = MotionChange{};
    results[name] =
        check_one(checker, world, start_of(checker, world, c, trajectory ? &*trajectory : nullptr, controls), list);
    for (const ClaimOutcome& o : results[name]) {
      ++total;
      accepted += o.verdict == ClaimVerdict::Accepted;
    }
  }
  const std::string text = write_claim_results(results);
  if (args.out.empty())
    std::cout << text;
  else
    write_text(args.out, text);
  fmt::print(stderr, "transit check: {} claims, {} accepted, {} rejected{}\n", total, accepted, total - accepted,
             args.out.empty() ? "" : fmt::format("; results written to {}", args.out));
}

}  // namespace

void add_check_command(CLI::App& app) {
  auto args = std::make_shared<CheckArgs>();
  auto* cmd = app.add_subcommand("check", "Check clients' claimed positions as a server does (docs/server.md)");
  cmd->add_option("scene", args->scene, "scene file (transit-scene/1) or baked world")->required();
  cmd->add_option("claims", args->claims, "claims file (transit-claims/1)");
  cmd->add_option("--from-trajectory", args->trajectory,
                  "make the claims from a trajectory (transit simulate --out): each sample a claim");
  cmd->add_option("--claims-out", args->claims_out, "also write the claims checked (transit-claims/1) here");
  cmd->add_option("--out", args->out, "write the results (transit-claim-results/1) here instead of standard output");
  cmd->add_option("--dat", args->dat, "retail data directory the scene was exported from (transit dat export)");
  cmd->callback([args]() { reporting_errors("check", [&] { run_check(*args); }); });
}

}  // namespace transit::cli
