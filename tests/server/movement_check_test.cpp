// A server checking a client's claims: every tick of the demo tour (stairs,
// a balcony jump, a wall slide, a steep slope, water) is accepted, also when
// claims arrive late or jittered; each cheat is rejected with its reason and
// the position to force, beside a legitimate move of the same kind.
#include <cmath>
#include <optional>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "transit/server/movement_check.hpp"
#include "transit/sim/demo_script.hpp"
#include "transit/sim/simulation.hpp"
#include "transit/world/demo_world.hpp"
#include "transit/world/land_defs.hpp"

namespace transit {
namespace {

using ::testing::HasSubstr;

// The demo's player as a client would report it: after every tick, where it
// is, what it holds and whether it jumped.
struct Report {
  double t = 0.0;
  Position position;
  ClaimedMotion motion;
  bool on_ground = false;
  std::optional<Vec3> sliding_normal;
};

std::vector<Report> demo_reports(double seconds) {
  const SceneDesc scene = make_demo_world();
  Simulation sim(World::from_scene(scene), scene);
  const ScriptDesc script = make_demo_script();
  const std::size_t player = *sim.find("player");
  const std::vector<ScriptInput>& inputs = script.inputs.at("player");
  std::size_t next = 0;
  ClaimedMotion held;
  std::vector<Report> out{{0.0, sim.character(player).body.position, held, true, std::nullopt}};
  const long long ticks = static_cast<long long>(seconds / script.dt);
  for (long long tick = 0; tick < ticks; ++tick) {
    const double now = static_cast<double>(tick) * script.dt;
    for (; next < inputs.size() && inputs[next].t <= now + script.dt * 1e-6; ++next) {
      if (inputs[next].forward) held.forward = *inputs[next].forward;
      if (inputs[next].strafe) held.strafe = *inputs[next].strafe;
      sim.apply(player, inputs[next]);
    }
    sim.step(script.dt);
    bool jumped = false;
    for (const SimEvent& e : sim.take_events())
      jumped |= e.character == player && e.kind == SimEventKind::Jumped;
    ClaimedMotion m = held;
    m.jumped = jumped;
    const PhysicsBody& body = sim.character(player).body;
    out.push_back({(tick + 1) * script.dt, body.position, m, body.contact && body.on_walkable, body.sliding_normal});
  }
  return out;
}

struct Checked {
  int accepted = 0;
  std::vector<std::string> rejections;
};

int rank(ForwardInput f) {
  switch (f) {
    case ForwardInput::Run:
      return 3;
    case ForwardInput::Back:
      return 2;
    case ForwardInput::Walk:
      return 1;
    default:
      return 0;
  }
}

// Claims of every `every`-th report, times moved by `jitter(i)` seconds;
// each claim's motion the fastest held since the last claim, as a client
// reports it.
template <typename Jitter>
Checked check_reports(const MovementChecker& checker, const std::vector<Report>& reports, int every, Jitter jitter) {
  Checked out;
  AcceptedMovement state = checker.start(reports[0].position, 0.0);
  ClaimedMotion since;  // what the reports left out held
  for (std::size_t i = 1; i < reports.size(); ++i) {
    const ClaimedMotion& r = reports[i].motion;
    since.jumped |= r.jumped;
    if (rank(r.forward) > rank(since.forward)) since.forward = r.forward;
    if (r.strafe != StrafeInput::Stop) since.strafe = r.strafe;
    if (i % every != 0) continue;
    const ClaimedMotion m = since;
    since = r;
    since.jumped = false;
    const ClaimCheck c = checker.check(state, {reports[i].t + jitter(i), reports[i].position, m});
    if (c.accepted())
      ++out.accepted;
    else
      out.rejections.push_back(fmt::format("t {:.3f}: {} {}", reports[i].t, to_string(c.verdict), c.reason));
    state = c.next;
  }
  return out;
}

class DemoClaims : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    scene_ = new SceneDesc(make_demo_world());
    world_ = new World(World::from_scene(*scene_));
    reports_ = new std::vector<Report>(demo_reports(145.0));
  }
  static void TearDownTestSuite() {
    delete reports_;
    delete world_;
    delete scene_;
  }
  static MovementChecker checker() {
    return MovementChecker(*world_, CharacterSettings::from_desc(scene_->characters[0]));
  }
  // The last report at or before t, as the state a server accepted.
  static AcceptedMovement accepted_at(double t) {
    const MovementChecker c = checker();
    AcceptedMovement s = c.start((*reports_)[0].position, 0.0);
    for (std::size_t i = 1; i < reports_->size() && (*reports_)[i].t <= t + 1e-9; ++i)
      s = c.check(s, {(*reports_)[i].t, (*reports_)[i].position, (*reports_)[i].motion}).next;
    return s;
  }
  // `p` moved by `by` metres, in the cell that holds it then.
  static Position shifted(const Position& p, const Vec3& by) {
    const auto moved = world_->resolve_global(local_to_global(p.objcell_id, p.frame.origin + by));
    EXPECT_TRUE(moved.has_value());
    Position out = *moved;
    out.frame.orientation = p.frame.orientation;
    return out;
  }
  static const Report& report_at(double t) {
    return (*reports_)[static_cast<std::size_t>(std::lround(t * 30.0))];
  }
  static SceneDesc* scene_;
  static World* world_;
  static std::vector<Report>* reports_;
};
SceneDesc* DemoClaims::scene_ = nullptr;
World* DemoClaims::world_ = nullptr;
std::vector<Report>* DemoClaims::reports_ = nullptr;

TEST_F(DemoClaims, EveryTickOfTheTourIsAccepted) {
  const Checked c = check_reports(checker(), *reports_, 1, [](std::size_t) { return 0.0; });
  EXPECT_EQ(c.accepted, static_cast<int>(reports_->size()) - 1);
  EXPECT_THAT(c.rejections, ::testing::IsEmpty());
}

TEST_F(DemoClaims, LatePacketsCoveringSeveralFramesAreAccepted) {
  for (int every : {2, 3, 7, 15}) {
    const Checked c = check_reports(checker(), *reports_, every, [](std::size_t) { return 0.0; });
    EXPECT_THAT(c.rejections, ::testing::IsEmpty()) << "every " << every << " ticks";
    EXPECT_GT(c.accepted, 250);
  }
}

TEST_F(DemoClaims, ArrivalTimesJitteredByNetworkDelayAreAccepted) {
  // Each claim arrives up to 40 ms late (a fixed pattern), so some gaps look
  // short and some long; the distance budget evens them out.
  const Checked c = check_reports(checker(), *reports_, 3, [](std::size_t i) { return 0.004 * (i * 7 % 11); });
  EXPECT_THAT(c.rejections, ::testing::IsEmpty());
}

TEST_F(DemoClaims, ATeleportIsTooFastAndTheServerForcesTheLastPosition) {
  const AcceptedMovement s = accepted_at(10.0);  // running east over the village pad
  const MovementClaim step{10.1, shifted(s.position, {0.9f, 0.0f, 0.0f}), s.motion};  // 0.1 s at 9.4 m/s
  EXPECT_TRUE(checker().check(s, step).accepted()) << checker().check(s, step).reason;
  const MovementClaim jump{10.1, shifted(s.position, {10.9f, 0.0f, 0.0f}), s.motion};
  const ClaimCheck c = checker().check(s, jump);
  EXPECT_EQ(c.verdict, ClaimVerdict::TooFast);
  EXPECT_THAT(c.reason, HasSubstr("10.90 m in 0.100 s"));
  EXPECT_EQ(c.forced, s.position);
  EXPECT_EQ(c.next.position, s.position);
}

TEST_F(DemoClaims, WalkingThroughTheWallIsStoppedAtTheWall) {
  // Just after t = 118 s the player runs into the free-standing wall (7002)
  // and slides along its face.
  double t = 118.0;
  while (!report_at(t).sliding_normal) t += 1.0 / 30.0;
  ASSERT_LT(t, 119.0);
  const AcceptedMovement s = accepted_at(t);
  const Vec3 n = *report_at(t).sliding_normal;
  const Vec3 along(-n.y, n.x, 0.0f);
  const MovementClaim slide{t + 0.2, shifted(s.position, along * 1.5f), s.motion};
  EXPECT_TRUE(checker().check(s, slide).accepted()) << checker().check(s, slide).reason;
  const MovementClaim through{t + 0.2, shifted(s.position, n * -1.6f), s.motion};  // past the wall
  const ClaimCheck c = checker().check(s, through);
  EXPECT_EQ(c.verdict, ClaimVerdict::ThroughWall) << c.reason;
  EXPECT_THAT(c.reason, HasSubstr("short of"));
  // Forced back on the near side: no farther into the wall than the body's radius.
  EXPECT_LT(glm::dot(get_offset(s.position, c.forced), -n), 0.1f);
}

TEST_F(DemoClaims, FlyingUpOrHoveringIsRefused) {
  // A runner's 9.4 m/s turned upwards by a slope lifts it 4.5 m at most
  // (v^2 / 2g): 6 m up is flying.
  const AcceptedMovement s = accepted_at(10.0);
  const MovementClaim up{11.0, shifted(s.position, {0.0f, 0.0f, 6.0f}), s.motion};
  const ClaimCheck c = checker().check(s, up);
  EXPECT_EQ(c.verdict, ClaimVerdict::Flying) << c.reason;
  EXPECT_EQ(c.forced, s.position);
  // A jump 1 m up is accepted; staying up there, drifting along, is not,
  // once the arc from the ground has come down (about 2.5 s for a runner)
  // and a replay of the fall from there ends more than 0.75 m below (0.2 s on).
  MovementClaim jump{10.3, shifted(s.position, {0.0f, 0.0f, 1.0f}), s.motion};
  jump.motion.jumped = true;
  const ClaimCheck jumped = checker().check(s, jump);
  ASSERT_TRUE(jumped.accepted()) << jumped.reason;
  AcceptedMovement hovering = jumped.next;
  ClaimVerdict last = ClaimVerdict::Accepted;
  double t = 10.3;
  while (last == ClaimVerdict::Accepted && t < 20.0) {
    t += 0.1;
    const Position drift = shifted(jump.position, {0.05f * static_cast<float>((t - 10.3) * 10.0), 0.0f, 0.0f});
    const ClaimCheck h = checker().check(hovering, {t, drift, s.motion});
    last = h.verdict;
    hovering = h.next;
  }
  EXPECT_EQ(last, ClaimVerdict::Flying);
  EXPECT_LT(t, 13.3);
}

TEST_F(DemoClaims, ARunnerRisesNoHigherThanTheGroundItClimbs) {
  // Without a jump a runner leaves the ground with no speed upwards: in the
  // air it is no higher than ground near its path, a step up or a radius
  // below. 1.5 m above where the tour's runner is 0.3 s on, over ground
  // that rises nowhere near that, is flying (its 9.4 m/s turned upwards
  // lifted it 2.8 m until this was checked); where it is, is accepted.
  const AcceptedMovement s = accepted_at(10.0);
  const Position there = report_at(10.3).position;
  const ClaimCheck up = checker().check(s, {10.3, shifted(there, {0.0f, 0.0f, 1.5f}), s.motion});
  EXPECT_EQ(up.verdict, ClaimVerdict::Flying) << up.reason;
  EXPECT_EQ(up.forced, s.position);
  const ClaimCheck honest = checker().check(s, {10.3, there, s.motion});
  EXPECT_TRUE(honest.accepted()) << honest.reason;
}

TEST_F(DemoClaims, ABodySlidingDownASteepSlopeIsNotLiftedByItsRun) {
  // At 52.6 s the running player, having jumped onto the tour's steep
  // slope, bounces down it, falling at 6 m/s (the check carries 3.6). Off
  // walkable ground retail's motion moves it not at all, and only a bounce
  // off the slope lifts it: 0.4 s later it is 1.9 m lower, and 2.5 m higher
  // than it was is flying (the run's speed turned upwards lifted it 4 m
  // until this was checked).
  const AcceptedMovement s = accepted_at(52.6);
  ASSERT_TRUE(s.supported && !s.on_walkable);
  ASSERT_LT(s.velocity_now.z, -3.0f);
  const Report& r = report_at(53.0);
  const ClaimCheck honest = checker().check(s, {r.t, r.position, r.motion});
  EXPECT_TRUE(honest.accepted()) << honest.reason;
  const float up = s.position.frame.origin.z + 2.5f - r.position.frame.origin.z;
  const ClaimCheck c = checker().check(s, {r.t, shifted(r.position, {0.0f, 0.0f, up}), r.motion});
  EXPECT_EQ(c.verdict, ClaimVerdict::Flying);
  EXPECT_THAT(c.reason, HasSubstr("is in the air"));
  EXPECT_EQ(c.forced, s.position);
}

TEST_F(DemoClaims, AHoverInPlaceIsRefusedOnceTheArcOfTheJumpHasComeDown) {
  // Up 1 m with a runner's jump, then the same position claimed again and
  // again, or one 1 cm off every other claim: nothing holds it there (no
  // wall, ground or world's edge within reach), so it is held to the arc of
  // its jump, which has come back down below it about 2.5 s on, whatever
  // the claims' rate (a replay over a frame shorter than retail's least
  // quantum moves nothing, and must not explain the hover claim after
  // claim). Then it stays refused while it hovers.
  const AcceptedMovement s = accepted_at(10.0);
  for (const float jiggle : {0.0f, 0.01f})
    for (const double every : {1.0 / 30.0, 0.1, 0.25}) {
      MovementClaim jump{10.0 + every, shifted(s.position, {0.0f, 0.0f, 1.0f}), s.motion};
      jump.motion.jumped = true;
      const ClaimCheck jumped = checker().check(s, jump);
      ASSERT_TRUE(jumped.accepted()) << jumped.reason;
      AcceptedMovement state = jumped.next;
      double first_refused = 0.0;
      double last_accepted = jump.t;
      int n = 0;
      for (double t = jump.t + every; t < jump.t + 6.0; t += every) {
        const Position at = shifted(jump.position, {jiggle * static_cast<float>(++n % 2), 0.0f, 0.0f});
        const ClaimCheck c = checker().check(state, {t, at, s.motion});
        if (c.accepted()) {
          last_accepted = t;
        } else {
          EXPECT_EQ(c.verdict, ClaimVerdict::Flying) << every << ": " << c.reason;
          if (first_refused == 0.0) first_refused = t;
        }
        state = c.next;
      }
      const std::string what = fmt::format("{} m jiggle, a claim every {:.3f} s", jiggle, every);
      EXPECT_GT(first_refused, jump.t + 0.4) << what;
      // (About 3 s: its arc may lag by retail's least quantum, 1/30 s.)
      EXPECT_LT(first_refused, jump.t + 3.1) << what;
      EXPECT_LT(last_accepted, jump.t + (jiggle > 0.0f ? 3.5 : first_refused - jump.t)) << what;
    }
}

TEST_F(DemoClaims, AServerStartInTheAirHoldsTheBodyToTheArcOfItsVelocity) {
  // Put 10 m up over open ground moving 12 m/s level, it falls: 0.2 s on
  // it is 2.4 m along and 0.2 m lower, not 1.5 m higher (its speed may
  // turn upwards only where it meets something).
  const AcceptedMovement ground = accepted_at(10.0);
  const Position up = shifted(ground.position, {0.0f, 0.0f, 10.0f});
  const AcceptedMovement s = checker().start(up, 10.0, Vec3(12.0f, 0.0f, 0.0f));
  const ClaimCheck fell = checker().check(s, {10.2, shifted(up, {2.4f, 0.0f, -0.2f}), ground.motion});
  EXPECT_TRUE(fell.accepted()) << fell.reason;
  const ClaimCheck rose = checker().check(s, {10.2, shifted(up, {2.4f, 0.0f, 1.5f}), ground.motion});
  EXPECT_EQ(rose.verdict, ClaimVerdict::Flying) << rose.reason;
}

TEST_F(DemoClaims, AFlightMayMakeUpTheClientsPhysicsLagOnce) {
  // 10 m up, on its arc at 12 m/s across with no budget to spare. The
  // client's physics may lag its claim by up to 1/30 s (retail's least
  // quantum): 0.1 s on it may be 12 x 0.1333 = 1.6 m along, 0.34 m past
  // 0.1 s at 12 m/s and 5 %, beyond the 25 cm slack. Only once: 0.1 s
  // later it is 1.2 m farther on, not 1.6 m again.
  const AcceptedMovement ground = accepted_at(10.0);
  const Position up = shifted(ground.position, {0.0f, 0.0f, 10.0f});
  AcceptedMovement s = checker().start(up, 10.0, Vec3(12.0f, 0.0f, 0.0f));
  s.air_across = 12.0f;
  s.budget = 0.0f;
  const ClaimCheck lagged = checker().check(s, {10.1, shifted(up, {1.6f, 0.0f, -0.087f}), {}});
  ASSERT_TRUE(lagged.accepted()) << lagged.reason;
  EXPECT_TRUE(checker().check(lagged.next, {10.2, shifted(up, {2.8f, 0.0f, -0.196f}), {}}).accepted());
  const ClaimCheck again = checker().check(lagged.next, {10.2, shifted(up, {3.2f, 0.0f, -0.196f}), {}});
  EXPECT_EQ(again.verdict, ClaimVerdict::TooFast) << again.reason;
}

TEST_F(DemoClaims, BelowTheTerrainIsRefused) {
  const AcceptedMovement s = accepted_at(10.0);
  const MovementClaim down{10.1, shifted(s.position, {0.0f, 0.0f, -1.0f}), s.motion};
  const ClaimCheck c = checker().check(s, down);
  EXPECT_EQ(c.verdict, ClaimVerdict::UnderTerrain);
  EXPECT_THAT(c.reason, HasSubstr("1.00 m under the terrain"));
  // Wading into the pond's deep part is not: the body sinks below the surface.
  EXPECT_LT(report_at(140.0).position.frame.origin.z, 18.0f);
}

TEST_F(DemoClaims, AnIndoorCellBehindAWallIsUnreachable) {
  // At 92 s the player is outside the front door; at 102.5 s it is in the
  // upper room (0xA9B40102), 3 m up, behind the house's walls.
  const AcceptedMovement s = accepted_at(92.0);
  const Position upstairs = report_at(102.5).position;
  ASSERT_EQ(upstairs.objcell_id, 0xA9B40102u);
  const ClaimCheck c = checker().check(s, {97.0, upstairs, s.motion});
  EXPECT_EQ(c.verdict, ClaimVerdict::UnreachableCell) << c.reason;
  EXPECT_THAT(c.reason, HasSubstr("not in 0xA9B40102"));
  // Going in through the door, as the tour does, is accepted claim by claim.
  EXPECT_TRUE(is_indoor(accepted_at(102.5).position.objcell_id));
}

TEST_F(DemoClaims, ClaimsThatAreNotPositionsAreInvalid) {
  const AcceptedMovement s = accepted_at(10.0);
  EXPECT_EQ(checker().check(s, {10.0, s.position, s.motion}).verdict, ClaimVerdict::Invalid);
  MovementClaim nan{10.1, s.position, s.motion};
  nan.position.frame.origin.x = std::nanf("");
  EXPECT_EQ(checker().check(s, nan).verdict, ClaimVerdict::Invalid);
  MovementClaim far{10.1, s.position, s.motion};
  far.position.frame.origin.z = 1e30f;
  EXPECT_THAT(checker().check(s, far).reason, HasSubstr("is a teleport"));
  MovementClaim wrong_cell{10.1, s.position, s.motion};
  wrong_cell.position.objcell_id = 0xA9B40100;
  EXPECT_THAT(checker().check(s, wrong_cell).reason, HasSubstr("holds neither the claimed point nor the body"));
}

// Retail finds a body's cell by its first sphere's centre: a body may
// stand with its origin just below a room's floor (a soak's random body did,
// pressed into a dungeon's corner), and its claim names that room.
TEST_F(DemoClaims, AClaimWhoseOriginIsJustBelowARoomsFloorIsInThatRoom) {
  std::size_t i = 1;
  while (i < reports_->size() && !is_indoor((*reports_)[i].position.objcell_id)) ++i;
  ASSERT_LT(i, reports_->size());
  const AcceptedMovement s = accepted_at((*reports_)[i - 1].t);
  MovementClaim low{(*reports_)[i].t, (*reports_)[i].position, (*reports_)[i].motion};
  low.position.frame.origin.z -= 0.05f;
  ASSERT_FALSE(world_->point_in_cell(low.position.objcell_id, low.position.frame.origin));
  const ClaimCheck check = checker().check(s, low);
  EXPECT_NE(check.verdict, ClaimVerdict::Invalid) << check.reason;
}

TEST_F(DemoClaims, AClaimDaysAfterTheLastIsInvalidAndTheCheckGoesOnFromIt) {
  // 2,000,000 s (23 days) would overflow the arcs the check draws over it;
  // a jump reported in the air is checked against one before anything else.
  const AcceptedMovement s = accepted_at(10.0);
  const AcceptedMovement up = checker().start(shifted(s.position, {0.0f, 0.0f, 3.0f}), 10.0);
  ASSERT_FALSE(up.supported);
  MovementClaim jump{2.0e6, up.position, s.motion};
  jump.motion.jumped = true;
  const ClaimCheck in_air = checker().check(up, jump);
  EXPECT_EQ(in_air.verdict, ClaimVerdict::Invalid);
  EXPECT_THAT(in_air.reason, HasSubstr("is more than 1000000 s after the last accepted, 10 s"));
  // The server's body stays where it was, at the claim's time, so the
  // client's next claim from there is checked as any other.
  const ClaimCheck late = checker().check(s, {2.0e6, s.position, s.motion});
  EXPECT_EQ(late.verdict, ClaimVerdict::Invalid);
  EXPECT_EQ(late.forced.frame.origin, s.position.frame.origin);
  EXPECT_EQ(late.next.t, 2.0e6);
  EXPECT_EQ(checker().check(late.next, {2.0e6 + 0.05, s.position, s.motion}).verdict, ClaimVerdict::Accepted);
}

TEST_F(DemoClaims, ABatchGivesTheAnswersOfOneCheckEach) {
  const MovementChecker c = checker();
  std::vector<AcceptedMovement> last;
  std::vector<MovementClaim> claims;
  AcceptedMovement s = c.start((*reports_)[0].position, 0.0);
  for (std::size_t i = 1; i < 600; ++i) {
    MovementClaim claim{(*reports_)[i].t, (*reports_)[i].position, (*reports_)[i].motion};
    if (i % 50 == 0) claim.position.frame.origin.x += 12.0f;  // a few cheats among them
    last.push_back(s);
    claims.push_back(claim);
    s = c.check(s, {(*reports_)[i].t, (*reports_)[i].position, (*reports_)[i].motion}).next;
  }
  std::vector<ClaimCheck> one(claims.size()), two(claims.size());
  check_claims(c, last, claims, one);
  ParallelFor pool(2);
  check_claims(c, last, claims, two, &pool);
  int rejected = 0;
  for (std::size_t i = 0; i < claims.size(); ++i) {
    const ClaimCheck alone = c.check(last[i], claims[i]);
    EXPECT_EQ(one[i].verdict, alone.verdict);
    EXPECT_EQ(two[i].verdict, alone.verdict);
    EXPECT_EQ(two[i].forced, alone.forced);
    rejected += !alone.accepted();
  }
  EXPECT_EQ(rejected, 11);
}

}  // namespace
}  // namespace transit
