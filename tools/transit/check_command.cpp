#include "check_command.hpp"

#include <cmath>
#include <fstream>
#include <iostream>
#include <map>
#include <span>

#include <fmt/format.h>

#include "dat_commands.hpp"
#include "reporting_errors.hpp"
#include "transit/format/baked_world.hpp"
#include "format/run_validation.hpp"
#include "transit/format/claims_file.hpp"
#include "transit/format/run_reader.hpp"
#include "transit/format/trajectory_reader.hpp"
#include "transit/math/input_error.hpp"
#include "transit/server/claim_crowd.hpp"
#include "transit/sim/character.hpp"

namespace transit::cli {

namespace {

struct CheckArgs {
  std::string scene;
  std::string claims;
  std::string trajectory;
  std::string script;
  std::string claims_out;
  std::string out;
  std::string dat;
  bool crowd = false;
};

// The changes of controls a character's script inputs make, as its client
// would send them: at the tick each is applied (run_script applies an input
// at the first tick at or after its time), with the jump the run recorded.
// A tick's time is its sample's as the trajectory gives it: the claims'
// clock, which the file rounds (a change a hair before the claim before it
// would be taken as held before it, its jump lost).
class ScriptChanges {
 public:
  ScriptChanges(const std::vector<ScriptInput>* inputs, const CharacterTrack& track, double dt)
      : inputs_(inputs), track_(track), dt_(dt) {}

  // The changes not yet taken that were applied before sample `sample`
  // (at the ticks before it).
  std::vector<MotionChange> until(std::size_t sample) {
    std::vector<MotionChange> out;
    while (inputs_ && next_ < inputs_->size()) {
      const ScriptInput& in = (*inputs_)[next_];
      const double index = std::max(0.0, std::ceil(in.t / dt_ - 1e-6));
      if (index >= static_cast<double>(sample)) break;
      const double tick = track_.samples[static_cast<std::size_t>(index)].t;
      ++next_;
      if (out.empty() || out.back().t != tick) out.push_back(MotionChange{tick});
      MotionChange& c = out.back();
      if (in.forward) held_.forward = *in.forward;
      if (in.strafe) held_.strafe = *in.strafe;
      if (in.turn_deg_per_s) held_.turn_deg_per_s = *in.turn_deg_per_s;
      c.forward = held_.forward;
      c.strafe = held_.strafe;
      c.turn_deg_per_s = held_.turn_deg_per_s;
      if (in.jump && jumped_at(tick)) {
        c.jumped = true;
        c.jump_extent = *in.jump;
      }
    }
    return out;
  }

 private:
  bool jumped_at(double tick) const {
    for (const SimEvent& e : track_.events)
      if (e.kind == SimEventKind::Jumped && std::abs(e.t - tick) < 1e-6) return true;
    return false;
  }

  const std::vector<ScriptInput>* inputs_;
  const CharacterTrack& track_;
  double dt_;
  std::size_t next_ = 0;
  MotionChange held_;  // the controls after the inputs taken
};

// Claims made of a trajectory's samples after the first: each where the run
// put the character, facing where it faced, running, with the jumps the run
// recorded; with the script the run was made from, carrying the changes of
// controls its inputs made.
ClaimsDesc claims_of(const Trajectory& t, const ScriptDesc* script) {
  ClaimsDesc out;
  for (const CharacterTrack& track : t.characters) {
    std::vector<ClaimDesc>& claims = out.claims[track.name];
    const std::vector<ScriptInput>* inputs = nullptr;
    if (script)
      if (auto it = script->inputs.find(track.name); it != script->inputs.end()) inputs = &it->second;
    ScriptChanges changes(inputs, track, t.dt);
    std::size_t e = 0;
    for (std::size_t i = 1; i < track.samples.size(); ++i) {
      const TrajectorySample& s = track.samples[i];
      ClaimDesc c;
      c.t = s.t;
      c.position.cell = s.position.objcell_id;
      c.position.local = s.position.frame.origin;
      c.position.orientation.heading_deg = s.heading;
      c.motion.forward = ForwardInput::Run;
      for (; e < track.events.size() && track.events[e].t < s.t - 1e-6; ++e)
        c.motion.jumped |= track.events[e].kind == SimEventKind::Jumped;
      if (script) c.changes = changes.until(i);
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

// The scene's position of a character settled by retail placement.
Position placed_position(const World& world, const CharacterDesc& c) {
  const auto at = world.resolve(c.position, c.orientation);
  if (!at) throw InputError(fmt::format("character '{}': its position is in no loaded cell", c.name));
  Character placed(CharacterSettings::from_desc(c), *at);
  placed.place(world);
  return placed.position();
}

// Where the server starts each character: its first trajectory sample, or
// the scene's position settled by retail placement.
AcceptedMovement start_of(const MovementChecker& checker, const World& world, const CharacterDesc& c,
                          const Trajectory* trajectory, const std::optional<MotionChange>& controls) {
  if (trajectory)
    for (const CharacterTrack& track : trajectory->characters)
      if (track.name == c.name)
        return checker.start(track.samples[0].position, 0.0, track.samples[0].velocity, controls);
  return checker.start(placed_position(world, c), 0.0, Vec3(0.0f), controls);
}

// One character's claims and what the server has accepted of them.
struct Claimant {
  const CharacterDesc* desc;
  MovementChecker checker;
  AcceptedMovement state;
  const std::vector<ClaimDesc>* claims;
  std::vector<ClaimOutcome> out;
  std::size_t next = 0;  // the first claim not yet checked
};

// The claim resolved in the world, or the Invalid answer when it is in no cell.
std::optional<MovementClaim> resolve_claim(const World& world, const ClaimDesc& d) {
  const auto at = world.resolve(d.position, {});
  if (!at) return std::nullopt;
  return MovementClaim{d.t, *at, d.motion, d.changes};
}

ClaimCheck in_no_cell(const AcceptedMovement& state, double t) {
  ClaimCheck c;
  c.verdict = ClaimVerdict::Invalid;
  c.reason = "the claimed position is in no loaded cell";
  c.forced = state.position;
  c.next = state;
  c.next.t = t;
  return c;
}

void record(Claimant& c, const ClaimCheck& check) {
  c.out.push_back({(*c.claims)[c.next].t, check.verdict, check.reason, check.forced});
  c.state = check.next;
  ++c.next;
}

void check_alone(const World& world, Claimant& c) {
  while (c.next < c.claims->size()) {
    const ClaimDesc& d = (*c.claims)[c.next];
    const auto claim = resolve_claim(world, d);
    record(c, claim ? c.checker.check(c.state, *claim) : in_no_cell(c.state, d.t));
  }
}

// The earliest time of a claim not yet checked, if any is left.
std::optional<double> next_claim_time(const std::vector<Claimant>& claimants) {
  std::optional<double> t;
  for (const Claimant& c : claimants)
    if (c.next < c.claims->size() && (!t || (*c.claims)[c.next].t < *t)) t = (*c.claims)[c.next].t;
  return t;
}

// --crowd: the claims of one time checked as one batch (check_claims with a
// ClaimCrowd), the claimants without a claim then standing where the server
// last accepted them (roamed since at the speed they had), and the scene's
// characters that claim nothing, which nothing moves, standing still where
// they were placed.
void check_together(const World& world, std::vector<Claimant>& claimants, std::span<const CrowdBystander> unmoved) {
  ClaimCrowd crowd(world);
  while (const auto t = next_claim_time(claimants)) {
    std::vector<CrowdClaim> batch;
    std::vector<Claimant*> batched;
    std::vector<CrowdBystander> bystanders(unmoved.begin(), unmoved.end());
    for (Claimant& c : claimants) {
      if (c.next == c.claims->size() || (*c.claims)[c.next].t != *t) {
        bystanders.push_back(bystander_since(c.checker.settings().body, c.state, *t));
      } else if (const auto claim = resolve_claim(world, (*c.claims)[c.next])) {
        batch.push_back({&c.checker, c.state, *claim});
        batched.push_back(&c);
      } else {
        bystanders.push_back(bystander_since(c.checker.settings().body, c.state, *t));
        record(c, in_no_cell(c.state, *t));
      }
    }
    std::vector<ClaimCheck> checks(batch.size());
    check_claims(crowd, batch, bystanders, checks);
    for (std::size_t i = 0; i < batch.size(); ++i) record(*batched[i], checks[i]);
  }
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
  std::optional<ScriptDesc> script;
  if (!args.script.empty()) {
    if (!trajectory) throw InputError("--script goes with --from-trajectory (the script the run was made from)");
    script = read_script_file(args.script);
    validate_script(*script, input.scene, args.script);
  }
  const ClaimsDesc claims =
      trajectory ? claims_of(*trajectory, script ? &*script : nullptr) : read_claims_file(args.claims);
  if (!args.claims_out.empty()) write_text(args.claims_out, write_claims(claims));
  const std::string source = trajectory ? args.trajectory : args.claims;

  std::vector<Claimant> claimants;
  claimants.reserve(claims.claims.size());
  for (const auto& [name, list] : claims.claims) {
    const CharacterDesc& c = scene_character(input.scene, name, source);
    MovementChecker checker(world, CharacterSettings::from_desc(c));
    // Claims that carry changes of controls start from none held.
    std::optional<MotionChange> controls;
    for (const ClaimDesc& d : list)
      if (!d.changes.empty()) controls = MotionChange{};
    const AcceptedMovement start = start_of(checker, world, c, trajectory ? &*trajectory : nullptr, controls);
    claimants.push_back({&c, std::move(checker), start, &list, {}});
  }
  if (args.crowd) {
    std::vector<ac::AcBody> bodies;
    std::vector<Position> positions;
    for (const CharacterDesc& c : input.scene.characters)
      if (!claims.claims.contains(c.name)) {
        bodies.push_back(body_of(c));
        positions.push_back(placed_position(world, c));
      }
    std::vector<CrowdBystander> unmoved;
    for (std::size_t i = 0; i < bodies.size(); ++i) unmoved.push_back({&bodies[i], positions[i], true});
    check_together(world, claimants, unmoved);
  } else {
    for (Claimant& c : claimants) check_alone(world, c);
  }
  std::map<std::string, std::vector<ClaimOutcome>> results;
  long total = 0, accepted = 0;
  for (Claimant& c : claimants) {
    for (const ClaimOutcome& o : c.out) {
      ++total;
      accepted += o.verdict == ClaimVerdict::Accepted;
    }
    results[c.desc->name] = std::move(c.out);
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
  cmd->add_option("--script", args->script,
                  "with --from-trajectory: the script the run was made from; its inputs become the claims' motion "
                  "changes");
  cmd->add_option("--claims-out", args->claims_out, "also write the claims checked (transit-claims/1) here");
  cmd->add_option("--out", args->out, "write the results (transit-claim-results/1) here instead of standard output");
  cmd->add_flag("--crowd", args->crowd,
               "check the claims of one time together, each character in the way of the others (ClaimCrowd)");
  cmd->add_option("--dat", args->dat, "retail data directory the scene was exported from (transit dat export)");
  cmd->callback([args]() { reporting_errors("check", [&] { run_check(*args); }); });
}

}  // namespace transit::cli
