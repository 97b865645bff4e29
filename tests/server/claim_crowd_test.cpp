// Claims checked with the frame's other characters in the way: a body that
// bounced off another's head is accepted only with that other in the batch;
// what the other cannot explain (hovering above it) stays rejected; a body
// still in the air beside another, or beside the way another claim's
// character ran, may hang on there, one away from it not; a
// claim with no one near gets check()'s own answer; the claims' characters
// stand in each other's way; any thread count gives the same answers.
#include <algorithm>
#include <cmath>
#include <limits>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/test_scenes.hpp"
#include "transit/math/input_error.hpp"
#include "transit/server/claim_crowd.hpp"
#include "transit/sim/simulation.hpp"
#include "transit/world/land_defs.hpp"

namespace transit {
namespace {

using ::testing::HasSubstr;

CharacterDesc character_at(const std::string& name, const Vec3& local) {
  CharacterDesc c;
  c.name = name;
  c.position.global = test::kBlockOrigin + local;
  return c;
}

// A human creature (spheres of 0.48 m at 0.48 and 1.35 m: its head's top
// 1.83 m up) standing on flat ground at (60, 60), and a human player dropped
// from 5 m, 0.3 m off its axis: it lands on the creature's head at about
// 0.85 s and bounces off sideways at 2.37 m/s, 1.68 m up at 1 s; alone it
// would be on the ground by then (5 - 9.8 / 2 = 0.1 m).
class Drop : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    scene_ = new SceneDesc(test::two_by_two_flat());
    world_ = new World(World::from_scene(*scene_));
    CharacterDesc rock = character_at("rock", {60.0f, 60.0f, 0.0f});
    rock.flags = kFlagEdgeSlide | kFlagGravity | kFlagCreature;
    scene_->characters = {rock, character_at("faller", {60.0f, 60.3f, 5.0f})};
    Simulation sim(World::from_scene(*scene_), *scene_);
    rock_at_ = new Position(sim.character(0).body.position);
    dropped_at_ = new Position(sim.character(1).body.position);
    for (int i = 0; i < 30; ++i) sim.step(1.0 / 30.0);
    bounced_ = new Position(sim.character(1).body.position);
    rock_body_ = new ac::AcBody(body_of(rock));
  }
  static void TearDownTestSuite() {
    delete rock_body_;
    delete bounced_;
    delete dropped_at_;
    delete rock_at_;
    delete world_;
    delete scene_;
  }
  static MovementChecker checker(std::size_t character) {
    return MovementChecker(*world_, CharacterSettings::from_desc(scene_->characters[character]));
  }
  // The faller's claim at 1 s, checked with the creature standing at `rock`
  // (the server holding it there all along if `still`).
  static ClaimCheck with_rock(const MovementChecker& c, const Position& claimed,
                              const Position& rock, bool still = false) {
    ClaimCrowd crowd(*world_);
    const CrowdClaim claim{&c, c.start(*dropped_at_, 0.0), {1.0, claimed, {}}};
    const CrowdBystander bystander{rock_body_, rock, still};
    std::vector<ClaimCheck> out(1);
    check_claims(crowd, {&claim, 1}, {&bystander, 1}, out);
    return out[0];
  }
  static Position shifted(const Position& p, const Vec3& by) {
    Position out = p;
    out.frame.origin += by;
    return out;
  }
  static SceneDesc* scene_;
  static World* world_;
  static Position* rock_at_;
  static Position* dropped_at_;
  static Position* bounced_;
  static ac::AcBody* rock_body_;
};
SceneDesc* Drop::scene_ = nullptr;
World* Drop::world_ = nullptr;
Position* Drop::rock_at_ = nullptr;
Position* Drop::dropped_at_ = nullptr;
Position* Drop::bounced_ = nullptr;
ac::AcBody* Drop::rock_body_ = nullptr;

TEST_F(Drop, BouncingOffAnotherCharactersHeadIsAcceptedWithItInTheBatch) {
  const Vec3& at = bounced_->frame.origin;
  EXPECT_NEAR(at.z, 1.68f, 0.05f);
  EXPECT_NEAR(at.y, 60.7f, 0.05f);
  const MovementChecker c = checker(1);
  const ClaimCheck alone = c.check(c.start(*dropped_at_, 0.0), {1.0, *bounced_, {}});
  // Alone: 1.68 m up where its arc is 0.1 m, 0.25 m slack: 1.33 m too high.
  EXPECT_EQ(alone.verdict, ClaimVerdict::Flying);
  EXPECT_THAT(alone.reason, HasSubstr("1.33 m above the highest it can be"));
  // With the creature: it fell onto something (its head) that may have
  // stopped or turned it, and is no higher than that.
  const ClaimCheck among = with_rock(c, *bounced_, *rock_at_);
  EXPECT_TRUE(among.accepted()) << among.reason;
  EXPECT_EQ(among.next.position, *bounced_);
  // Off the ground it carries a replay's velocity (the bounce's 2.37 m/s
  // sideways), not the claims' average (0.395 m sideways in 1 s).
  EXPECT_NEAR(among.next.velocity_now.y, 2.37f, 0.05f);
  EXPECT_NEAR(among.next.velocity.y, 0.395f, 0.01f);
}

TEST_F(Drop, HoveringAboveTheOtherCharacterIsStillFlying) {
  const ClaimCheck c = with_rock(checker(1), shifted(*bounced_, {0.0f, 0.0f, 2.0f}), *rock_at_);
  EXPECT_EQ(c.verdict, ClaimVerdict::Flying) << c.reason;
  EXPECT_EQ(c.forced, *dropped_at_);
}

TEST_F(Drop, AHoverBesideAnotherCharacterHangsOnAndOneAwayFromItFalls) {
  // Claims still in the air 2 m up, every 0.1 s for 3 s, the creature
  // standing by for the first 0.5 s. Beside it (0.7 m between their
  // spheres) the body may have been stuck against it, which retail stands
  // on a floor of its own after three refused frames, and it hangs on once
  // the creature has gone. 2.2 m from it nothing holds it: held to its fall
  // from rest, it is refused within half a second.
  const MovementChecker c = checker(1);
  const Position beside = *world_->resolve_global(test::kBlockOrigin + Vec3(60.0f, 61.2f, 2.0f));
  const Position away = *world_->resolve_global(test::kBlockOrigin + Vec3(60.0f, 63.0f, 2.0f));
  for (const Position* at : {&beside, &away}) {
    ClaimCrowd crowd(*world_);
    AcceptedMovement state = c.start(*at, 0.0);
    double refused = 0.0;
    for (int k = 1; k <= 30; ++k) {
      const double t = 0.1 * k;
      const CrowdClaim claim{&c, state, {t, *at, {}}};
      const CrowdBystander bystander{rock_body_, *rock_at_, false};
      std::vector<ClaimCheck> out(1);
      check_claims(crowd, {&claim, 1}, {&bystander, t <= 0.5 ? 1u : 0u}, out);
      if (!out[0].accepted() && refused == 0.0) refused = t;
      state = out[0].next;
    }
    if (at == &beside) {
      EXPECT_EQ(refused, 0.0);
      EXPECT_TRUE(state.hanging);
    } else {
      EXPECT_GT(refused, 0.0);
      EXPECT_LT(refused, 0.55);
    }
  }
}

TEST_F(Drop, ABodyHangingInTheAirMayJumpFromThereAndNoHigher) {
  // Hanging on 2 m up beside where the creature stood (as above), it
  // stands on retail's floor of its own, which allows a jump: 0.6 m higher
  // 0.3 s later is accepted, its jump's arc holding it from there on; 6 m
  // higher is not. Not hanging, the same jump finds no ground to leave.
  const MovementChecker c = checker(1);
  const Position beside = *world_->resolve_global(test::kBlockOrigin + Vec3(60.0f, 61.2f, 2.0f));
  ClaimCrowd crowd(*world_);
  AcceptedMovement state = c.start(beside, 0.0);
  for (int k = 1; k <= 30; ++k) {
    const double t = 0.1 * k;
    const CrowdClaim claim{&c, state, {t, beside, {}}};
    const CrowdBystander bystander{rock_body_, *rock_at_, false};
    std::vector<ClaimCheck> out(1);
    check_claims(crowd, {&claim, 1}, {&bystander, t <= 0.5 ? 1u : 0u}, out);
    state = out[0].next;
  }
  ASSERT_TRUE(state.hanging);
  ClaimedMotion jump;
  jump.jumped = true;
  const ClaimCheck up = c.check(state, {3.3, shifted(beside, {0.0f, 0.0f, 0.6f}), jump});
  EXPECT_TRUE(up.accepted()) << up.reason;
  EXPECT_TRUE(up.next.motion.jumped);
  const ClaimCheck high = c.check(state, {3.3, shifted(beside, {0.0f, 0.0f, 6.0f}), jump});
  EXPECT_EQ(high.verdict, ClaimVerdict::Flying) << high.reason;
  AcceptedMovement falling = state;
  falling.hanging = false;
  const ClaimCheck unheld = c.check(falling, {3.3, shifted(beside, {0.0f, 0.0f, 0.6f}), jump});
  EXPECT_EQ(unheld.verdict, ClaimVerdict::Flying) << unheld.reason;
}

TEST_F(Drop, AClaimInsideAnotherCharacterIsReachedUnlessTheServerHeldItStill) {
  // The faller claims to be 0.5 m into the creature's head at 1 s: the
  // creature may have walked into it since the server saw it (the soak's
  // characters end so, 0.75 m deep). The replay that lands it on the head
  // ends 0.5 m above the claim, which it reaches through the characters.
  // Alone its arc is at 0.1 m: 1.3 m is flying. Held still by the server,
  // the creature walked into nothing: the claim stays rejected.
  const MovementChecker c = checker(1);
  const Position inside = shifted(*dropped_at_, {0.0f, 0.0f, 1.3f - 5.0f});
  EXPECT_EQ(c.check(c.start(*dropped_at_, 0.0), {1.0, inside, {}}).verdict, ClaimVerdict::Flying);
  const ClaimCheck among = with_rock(c, inside, *rock_at_);
  EXPECT_TRUE(among.accepted()) << among.reason;
  EXPECT_EQ(among.next.position, inside);
  const ClaimCheck held = with_rock(c, inside, *rock_at_, true);
  EXPECT_FALSE(held.accepted());
  EXPECT_GE(held.forced.frame.origin.z, 1.7f) << held.reason;
}

TEST_F(Drop, AJumpBesideAnotherCharacterMayBeTurnedAcrossByIt) {
  // Jumping straight up from standing beside the creature (0.24 m between
  // their spheres), then 0.8 m across in the next 0.3 s: alone nothing
  // turned it, so it flies across as it left the ground (not at all);
  // beside the creature, which may have sent it sideways, it may.
  const MovementChecker c = checker(1);
  const Position standing = *world_->resolve_global(test::kBlockOrigin + Vec3(60.0f, 61.2f, 0.0f));
  const Position up = shifted(standing, {0.0f, 0.0f, 0.8f});
  const Position across = shifted(standing, {0.0f, 0.8f, 1.2f});
  ClaimedMotion jump;
  jump.jumped = true;
  for (const bool with_creature : {false, true}) {
    ClaimCrowd crowd(*world_);
    const CrowdBystander bystander{rock_body_, *rock_at_, false};
    const CrowdClaim first{&c, c.start(standing, 0.0), {0.2, up, jump}};
    std::vector<ClaimCheck> out(1);
    check_claims(crowd, {&first, 1}, {&bystander, with_creature ? 1u : 0u}, out);
    ASSERT_TRUE(out[0].accepted()) << out[0].reason;
    if (with_creature) {
      // All of its speed, and no more, may go across: its replays still
      // fly it as fast as it flew.
      const AcceptedMovement& turned = out[0].next;
      const AcceptedMovement alone = c.check(first.last, first.claim).next;
      EXPECT_TRUE(turned.turned);
      EXPECT_EQ(turned.air_across, std::max({alone.air_across, glm::length(turned.velocity_now),
                                             glm::length(turned.velocity)}));
      EXPECT_TRUE(std::isfinite(turned.air_across));
    }
    const CrowdClaim second{&c, out[0].next, {0.5, across, {}}};
    check_claims(crowd, {&second, 1}, {}, out);
    if (with_creature) {
      EXPECT_TRUE(out[0].accepted()) << out[0].reason;
    } else {
      EXPECT_EQ(out[0].verdict, ClaimVerdict::TooFast) << out[0].reason;
    }
  }
}

TEST_F(Drop, AFallStoppedBesideAnotherCharacterIsHeldThere) {
  // Dropped from rest 3 m up beside the creature, claimed 1 m lower 0.8 s
  // later (0.7 m between their spheres): its arc is on the ground by then,
  // so alone it is flying; beside the creature, which may have held it
  // there, it is accepted, and falls on from there at its arc's speed. With
  // the creature 3 m away nothing holds it.
  const MovementChecker c = checker(1);
  const Position from = *world_->resolve_global(test::kBlockOrigin + Vec3(60.0f, 61.2f, 3.0f));
  const Position stopped = shifted(from, {0.0f, 0.0f, -1.0f});
  const AcceptedMovement start = c.start(from, 0.0);
  EXPECT_EQ(c.check(start, {0.8, stopped, {}}).verdict, ClaimVerdict::Flying);
  for (const float away : {0.0f, 3.0f}) {
    ClaimCrowd crowd(*world_);
    const CrowdBystander bystander{rock_body_, shifted(*rock_at_, {-away, 0.0f, 0.0f}), false};
    const CrowdClaim claim{&c, start, {0.8, stopped, {}}};
    std::vector<ClaimCheck> out(1);
    check_claims(crowd, {&claim, 1}, {&bystander, 1}, out);
    if (away == 0.0f) {
      EXPECT_TRUE(out[0].accepted()) << out[0].reason;
      EXPECT_NEAR(out[0].next.air_vz, -9.8f * 0.8f, 0.05f);
    } else {
      EXPECT_EQ(out[0].verdict, ClaimVerdict::Flying) << out[0].reason;
    }
  }
}

TEST_F(Drop, AFallStoppedWhereAnotherCharacterRanPastIsHeldThere) {
  // As above, but the creature claims too, running from 2 m on one side of
  // where it stood to 2 m on the other in the same 0.8 s: 1.37 m between
  // their spheres at either end, beyond a hold's metre, 0.69 m as it
  // passed. Its way may have bent up to a metre off the straight line: a
  // metre farther off (1.5 m between them as it passed, 2.2 m at either
  // end) it still held the fall; 2.1 m off (2.5 m), not. Running away from
  // where it was 1.37 m off, it held it too: the two characters' claims
  // need not fall at the same times, so its way bends as much at its ends
  // (a soak's human stopped in the air by one last claimed 1.5 m away, as
  // that one ran off).
  const MovementChecker faller = checker(1), rock = checker(0);
  const Position from = *world_->resolve_global(test::kBlockOrigin + Vec3(60.0f, 61.2f, 3.0f));
  const Position stopped = shifted(from, {0.0f, 0.0f, -1.0f});
  ClaimedMotion run;
  run.forward = ForwardInput::Run;
  struct Pass {
    float way, off;
    bool held;
  };
  for (const Pass pass : {Pass{4.0f, 0.0f, true}, Pass{4.0f, 1.0f, true}, Pass{4.0f, 2.1f, false},
                          Pass{-4.0f, 0.0f, true}}) {
    const Position rock_from = shifted(*rock_at_, {-2.0f, -pass.off, 0.0f});
    const Position rock_to = shifted(rock_from, {pass.way, 0.0f, 0.0f});
    const std::vector<CrowdClaim> claims{{&faller, faller.start(from, 0.0), {0.8, stopped, {}}},
                                         {&rock, rock.start(rock_from, 0.0), {0.8, rock_to, run}}};
    ClaimCrowd crowd(*world_);
    std::vector<ClaimCheck> out(2);
    check_claims(crowd, claims, {}, out);
    ASSERT_TRUE(out[1].accepted()) << out[1].reason;
    if (pass.held) {
      EXPECT_TRUE(out[0].accepted()) << pass.way << ", " << pass.off << ": " << out[0].reason;
      EXPECT_NEAR(out[0].next.air_vz, -9.8f * 0.8f, 0.05f);
    } else {
      EXPECT_EQ(out[0].verdict, ClaimVerdict::Flying) << pass.way << ", " << pass.off << ": " << out[0].reason;
    }
  }
}

TEST_F(Drop, AFallStoppedWhereABystanderMayHaveRoamedIsHeldThere) {
  // As above, the creature a bystander 3 m away where the server last had
  // it (2.46 m between their spheres): it may since have roamed 2.5 m at
  // 5 m/s for 0.5 s, past the fall, which may have stopped on it; having
  // roamed 1 m, it was never near enough to hold it. Last had 6 m away, it
  // may have roamed 6 m at 12 m/s, as far as the hold reaches.
  const MovementChecker c = checker(1);
  const Position from = *world_->resolve_global(test::kBlockOrigin + Vec3(60.0f, 61.2f, 3.0f));
  const Position stopped = shifted(from, {0.0f, 0.0f, -1.0f});
  struct Roam {
    float away, speed;
    bool held;
  };
  for (const Roam roam : {Roam{3.0f, 5.0f, true}, Roam{3.0f, 2.0f, false}, Roam{6.0f, 12.0f, true}}) {
    AcceptedMovement rock_last = checker(0).start(shifted(*rock_at_, {-roam.away, 0.0f, 0.0f}), 0.3);
    rock_last.velocity_now = {roam.speed, 0.0f, 0.0f};
    const CrowdBystander bystander = bystander_since(*rock_body_, rock_last, 0.8);
    EXPECT_FLOAT_EQ(bystander.roamed, roam.speed * 0.5f);
    ClaimCrowd crowd(*world_);
    const CrowdClaim claim{&c, c.start(from, 0.0), {0.8, stopped, {}}};
    std::vector<ClaimCheck> out(1);
    check_claims(crowd, {&claim, 1}, {&bystander, 1}, out);
    if (roam.held)
      EXPECT_TRUE(out[0].accepted()) << roam.away << ", " << roam.speed << ": " << out[0].reason;
    else
      EXPECT_EQ(out[0].verdict, ClaimVerdict::Flying) << roam.away << ", " << roam.speed << ": " << out[0].reason;
  }
}

TEST_F(Drop, AFallIsHeldOnlyAsHighAsABystanderMayHaveRisen) {
  // Dropped from rest 8 m up and claimed 1 m lower 0.8 s later (its arc
  // has it 3.1 m lower), the creature standing under it where the server
  // last had it 0.5 s before, 5.2 m below the faller's spheres. Falling at
  // 12 m/s it roamed 6 m, but upwards only as a bounce sends it (1.2 m/s,
  // 0.6 m): it never came near enough to hold the fall. Running across at
  // 12 m/s, a slope may have turned all of it upwards: held. Given only
  // how far it roamed, it may have risen all of that: held.
  const MovementChecker c = checker(1);
  const Position from = *world_->resolve_global(test::kBlockOrigin + Vec3(60.0f, 60.3f, 8.0f));
  const Position stopped = shifted(from, {0.0f, 0.0f, -1.0f});
  struct Roam {
    Vec3 velocity;
    float rose;
    bool held;
  };
  for (const Roam roam : {Roam{{0.0f, 0.0f, -12.0f}, 0.6f, false}, Roam{{12.0f, 0.0f, 0.0f}, 6.0f, true}}) {
    AcceptedMovement rock_last = checker(0).start(*rock_at_, 0.3);
    rock_last.velocity_now = roam.velocity;
    const CrowdBystander bystander = bystander_since(*rock_body_, rock_last, 0.8);
    EXPECT_FLOAT_EQ(bystander.roamed, 6.0f);
    EXPECT_FLOAT_EQ(bystander.rose, roam.rose);
    ClaimCrowd crowd(*world_);
    const CrowdClaim claim{&c, c.start(from, 0.0), {0.8, stopped, {}}};
    std::vector<ClaimCheck> out(1);
    check_claims(crowd, {&claim, 1}, {&bystander, 1}, out);
    if (roam.held)
      EXPECT_TRUE(out[0].accepted()) << roam.velocity.z << ": " << out[0].reason;
    else
      EXPECT_EQ(out[0].verdict, ClaimVerdict::Flying) << roam.velocity.z << ": " << out[0].reason;
  }
  ClaimCrowd crowd(*world_);
  const CrowdBystander roamed{rock_body_, *rock_at_, false, 6.0f};
  const CrowdClaim claim{&c, c.start(from, 0.0), {0.8, stopped, {}}};
  std::vector<ClaimCheck> out(1);
  check_claims(crowd, {&claim, 1}, {&roamed, 1}, out);
  EXPECT_TRUE(out[0].accepted()) << out[0].reason;
}

TEST_F(Drop, AFallIsHeldOnlyByOneThatMayHaveBeenBelowIt) {
  // As above (dropped from rest 3 m up, claimed 1 m lower 0.8 s later), the
  // creature beside the fall but higher: its origin 5 m up, its lower
  // sphere's centre at 5.48 m, 0.69 m from the faller's upper sphere where
  // the fall began (centre 4.35 m), within a hold's metre. The normal
  // between them points down, so it cannot stop the fall: even a metre
  // lower (the hold's margin) its centre is above 4.35 m. Having roamed
  // 0.5 m it may have been below (3.98 m): held. Origin 3.5 m up (centre
  // 3.98 m): held.
  const MovementChecker c = checker(1);
  const Position from = *world_->resolve_global(test::kBlockOrigin + Vec3(60.0f, 61.2f, 3.0f));
  const Position stopped = shifted(from, {0.0f, 0.0f, -1.0f});
  struct Above {
    float z, roamed;
    bool held;
  };
  for (const Above above : {Above{5.0f, 0.0f, false}, Above{5.0f, 0.5f, true}, Above{3.5f, 0.0f, true}}) {
    ClaimCrowd crowd(*world_);
    const CrowdBystander bystander{rock_body_, shifted(*rock_at_, {0.0f, 0.0f, above.z}), false, above.roamed};
    const CrowdClaim claim{&c, c.start(from, 0.0), {0.8, stopped, {}}};
    std::vector<ClaimCheck> out(1);
    check_claims(crowd, {&claim, 1}, {&bystander, 1}, out);
    if (above.held)
      EXPECT_TRUE(out[0].accepted()) << above.z << ", " << above.roamed << ": " << out[0].reason;
    else
      EXPECT_EQ(out[0].verdict, ClaimVerdict::Flying) << above.z << ", " << above.roamed << ": " << out[0].reason;
  }
}

TEST_F(Drop, AFlightMetOnItsWayByAnotherCharacterMayHaveBeenStopped) {
  // Flying across at 5 m/s 3 m up, claimed 0.8 s on 4 m along and 0.1 m
  // lower: its arc is on the ground by then. The creature, last had 2 m
  // beside where the flight began (1.96 m between their spheres then), may
  // have roamed 1.5 m since: within that and a hold's metre of the flight,
  // it may have met it there and slowed it, and it fell on from there, no
  // higher: held. Roamed 0.5 m, it never came near enough: flying. Either
  // way the claim is 3.95 m from where the creature was, beyond its reach.
  const MovementChecker c = checker(1);
  const Position from = *world_->resolve_global(test::kBlockOrigin + Vec3(56.0f, 61.2f, 3.0f));
  const Position stopped = shifted(from, {4.0f, 0.0f, -0.1f});
  const AcceptedMovement flying = c.start(from, 0.0, {5.0f, 0.0f, 0.0f});
  EXPECT_EQ(c.check(flying, {0.8, stopped, {}}).verdict, ClaimVerdict::Flying);
  for (const float roamed : {1.5f, 0.5f}) {
    ClaimCrowd crowd(*world_);
    const CrowdBystander bystander{rock_body_, shifted(*rock_at_, {-4.0f, -0.8f, 0.0f}), false, roamed};
    const CrowdClaim claim{&c, flying, {0.8, stopped, {}}};
    std::vector<ClaimCheck> out(1);
    check_claims(crowd, {&claim, 1}, {&bystander, 1}, out);
    if (roamed > 1.0f)
      EXPECT_TRUE(out[0].accepted()) << out[0].reason;
    else
      EXPECT_EQ(out[0].verdict, ClaimVerdict::Flying) << out[0].reason;
  }
}

TEST_F(Drop, AFlightThatMayHaveMetAnotherCharacterMayHaveBouncedUpOffIt) {
  // Flying across at 8 m/s, level, from 2 m up beside the creature's head
  // (0.7 m between their spheres), claimed 0.4 s on, 3.2 m along and higher
  // than it flew from. Its arc has it 0.78 m lower by then, and alone it is
  // flying. Met by the creature on its way, it may have bounced up off it:
  // at most (1 + 0.05) / 2 of its 8 m/s sent upwards, 4.2 m/s, which lifts
  // it 0.90 m (4.2^2 / 2g; 4.2 m/s for 0.4 s is more), and the 0.25 m
  // slack: 0.6 m higher, it is accepted; 1.4 m higher, flying. With the
  // creature 3 m aside it met nobody: flying.
  const MovementChecker c = checker(1);
  const Position from = *world_->resolve_global(test::kBlockOrigin + Vec3(60.0f, 61.2f, 2.0f));
  const AcceptedMovement flying = c.start(from, 0.0, {8.0f, 0.0f, 0.0f});
  struct Bounce {
    float up, aside;
    bool accepted;
  };
  for (const Bounce bounce : {Bounce{0.6f, 0.0f, true}, Bounce{1.4f, 0.0f, false}, Bounce{0.6f, 3.0f, false}}) {
    const MovementClaim claimed{0.4, shifted(from, {3.2f, 0.0f, bounce.up}), {}};
    EXPECT_EQ(c.check(flying, claimed).verdict, ClaimVerdict::Flying) << bounce.up;
    ClaimCrowd crowd(*world_);
    const CrowdBystander bystander{rock_body_, shifted(*rock_at_, {0.0f, -bounce.aside, 0.0f}), false};
    const CrowdClaim claim{&c, flying, claimed};
    std::vector<ClaimCheck> out(1);
    check_claims(crowd, {&claim, 1}, {&bystander, 1}, out);
    if (bounce.accepted) {
      EXPECT_TRUE(out[0].accepted()) << bounce.up << ", " << bounce.aside << ": " << out[0].reason;
      EXPECT_FALSE(out[0].next.free_flight);
    } else {
      EXPECT_EQ(out[0].verdict, ClaimVerdict::Flying) << bounce.up << ", " << bounce.aside << ": " << out[0].reason;
    }
  }
}

TEST_F(Drop, ABounceOffAnotherCharacterRisesNoHigherThanGravityLetsItWithinTheStep) {
  // As above at 16 m/s, 6.4 m along 0.4 s on: such a bounce sends it up at
  // 8.4 m/s, which gravity slows to 4.5 m/s by then: 3.36 - 0.78 = 2.58 m
  // higher at most (not 8.4 m/s for 0.4 s, 3.36 m), and the 0.25 m slack.
  // 2.5 m higher is accepted, 3.0 m higher flying.
  const MovementChecker c = checker(1);
  const Position from = *world_->resolve_global(test::kBlockOrigin + Vec3(60.0f, 61.2f, 2.0f));
  const AcceptedMovement flying = c.start(from, 0.0, {16.0f, 0.0f, 0.0f});
  for (const float up : {2.5f, 3.0f}) {
    ClaimCrowd crowd(*world_);
    const CrowdBystander bystander{rock_body_, *rock_at_, false};
    const CrowdClaim claim{&c, flying, {0.4, shifted(from, {6.4f, 0.0f, up}), {}}};
    std::vector<ClaimCheck> out(1);
    check_claims(crowd, {&claim, 1}, {&bystander, 1}, out);
    if (up < 2.8f) {
      EXPECT_TRUE(out[0].accepted()) << up << ": " << out[0].reason;
    } else {
      EXPECT_EQ(out[0].verdict, ClaimVerdict::Flying) << up << ": " << out[0].reason;
    }
  }
}

TEST_F(Drop, AFlightThatMayHaveBouncedOffAnotherCharacterFliesOnFromThere) {
  // As above, claimed 0.3 m higher 0.4 s on beside the creature: it may
  // have bounced up off it, so its arc starts again there, rising at the
  // 4.2 m/s such a bounce sends it. 0.2 s later, 0.8 m higher still, with
  // no one near, it is accepted on that arc (0.64 m higher by then, and
  // 0.3 m of slack); after the same claim taken as a flight that met no
  // one, its arc has it 2.9 m lower, and a replay from the step's average
  // velocity 0.85 m lower: flying.
  const MovementChecker c = checker(1);
  const Position from = *world_->resolve_global(test::kBlockOrigin + Vec3(60.0f, 61.2f, 2.0f));
  const AcceptedMovement flying = c.start(from, 0.0, {8.0f, 0.0f, 0.0f});
  const Position first = shifted(from, {3.2f, 0.0f, 0.3f});
  const Position second = shifted(first, {1.6f, 0.0f, 0.8f});
  ClaimCrowd crowd(*world_);
  const CrowdBystander bystander{rock_body_, *rock_at_, false};
  const CrowdClaim claim{&c, flying, {0.4, first, {}}};
  std::vector<ClaimCheck> out(1);
  check_claims(crowd, {&claim, 1}, {&bystander, 1}, out);
  ASSERT_TRUE(out[0].accepted()) << out[0].reason;
  EXPECT_TRUE(out[0].next.met_character);
  EXPECT_DOUBLE_EQ(out[0].next.air_t, 0.4);
  EXPECT_NEAR(out[0].next.air_vz, 4.2f, 0.01f);
  const ClaimCheck on = c.check(out[0].next, {0.6, second, {}});
  EXPECT_TRUE(on.accepted()) << on.reason;
  EXPECT_FALSE(on.next.met_character);
  const ClaimCheck alone = c.check(flying, {0.4, first, {}});
  EXPECT_EQ(alone.verdict, ClaimVerdict::Flying) << alone.reason;
  AcceptedMovement unmet = out[0].next;
  unmet.met_character = false;
  unmet.air_t = 0.0;
  unmet.air_z = from.frame.origin.z;
  unmet.air_vz = 0.0f;
  const ClaimCheck u = c.check(unmet, {0.6, second, {}});
  EXPECT_EQ(u.verdict, ClaimVerdict::Flying) << u.reason;
}

TEST_F(Drop, ANearbyCharacterNeverTurnsAnAcceptanceIntoARejection) {
  // Falling straight through the creature: check() accepts it (its world
  // has no characters), so the batch does too; it only adds acceptances.
  const MovementChecker c = checker(1);
  const Position through = shifted(*dropped_at_, {0.0f, 0.0f, -5.0f});
  EXPECT_TRUE(c.check(c.start(*dropped_at_, 0.0), {1.0, through, {}}).accepted());
  EXPECT_TRUE(with_rock(c, through, *rock_at_).accepted());
}

TEST_F(Drop, NoClaimPassesThroughACharacterTheServerHeldStill) {
  const MovementChecker c = checker(1);
  const Position through = shifted(*dropped_at_, {0.0f, 0.0f, -5.0f});
  const ClaimCheck fell = with_rock(c, through, *rock_at_, true);
  EXPECT_EQ(fell.verdict, ClaimVerdict::ThroughWall) << fell.reason;
  // Forced onto the creature's head: the faller's lower sphere (0.48 m, its
  // centre 0.48 m up) touches the creature's upper one (centre 1.35 m up)
  // 0.3 m off its axis when it is sqrt(0.96^2 - 0.3^2) = 0.912 m above it,
  // the faller's feet at 1.782 m; the path stops on it, never inside.
  EXPECT_GE(fell.forced.frame.origin.z, 1.35f + 0.912f - 0.48f - 0.005f);
  EXPECT_LT(fell.forced.frame.origin.z, 1.85f);
  // The bounce off it is still accepted.
  EXPECT_TRUE(with_rock(c, *bounced_, *rock_at_, true).accepted());
}

TEST_F(Drop, WithNoOneNearAClaimGetsChecksOwnAnswer) {
  const MovementChecker c = checker(1);
  const ClaimCheck alone = c.check(c.start(*dropped_at_, 0.0), {1.0, *bounced_, {}});
  const ClaimCheck far = with_rock(c, *bounced_, shifted(*rock_at_, {30.0f, 0.0f, 0.0f}));
  EXPECT_EQ(far.verdict, alone.verdict);
  EXPECT_EQ(far.reason, alone.reason);
  EXPECT_EQ(far.forced, alone.forced);
}

TEST_F(Drop, TheClaimsCharactersStandInEachOthersWayOnAnyThreadCount) {
  // The creature claims to have stood still; no bystanders.
  const MovementChecker faller = checker(1), rock = checker(0);
  const std::vector<CrowdClaim> claims{
      {&faller, faller.start(*dropped_at_, 0.0), {1.0, *bounced_, {}}},
      {&rock, rock.start(*rock_at_, 0.0), {1.0, *rock_at_, {}}}};
  ClaimCrowd crowd(*world_);
  std::vector<ClaimCheck> one(2), two(2);
  check_claims(crowd, claims, {}, one);
  ParallelFor pool(2);
  check_claims(crowd, claims, {}, two, &pool);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_TRUE(one[i].accepted()) << i << ": " << one[i].reason;
    EXPECT_EQ(two[i].verdict, one[i].verdict);
    EXPECT_EQ(two[i].next.position, one[i].next.position);
    EXPECT_TRUE(same_bits(two[i].next.velocity_now, one[i].next.velocity_now));
  }
}

TEST_F(Drop, ClaimsOfAnotherWorldOrTooFewAnswersAreInputErrors) {
  const World other = World::from_scene(*scene_);
  const MovementChecker stranger(other, CharacterSettings::from_desc(scene_->characters[1]));
  const MovementChecker c = checker(1);
  ClaimCrowd crowd(*world_);
  std::vector<ClaimCheck> out(1);
  const CrowdClaim foreign{&stranger, stranger.start(*dropped_at_, 0.0), {1.0, *bounced_, {}}};
  EXPECT_THROW(check_claims(crowd, {&foreign, 1}, {}, out), InputError);
  const std::vector<CrowdClaim> two{{&c, c.start(*dropped_at_, 0.0), {1.0, *bounced_, {}}},
                                    {&c, c.start(*rock_at_, 0.0), {1.0, *rock_at_, {}}}};
  EXPECT_THROW(check_claims(crowd, two, {}, out), InputError);
  const CrowdClaim mine{&c, c.start(*dropped_at_, 0.0), {1.0, *bounced_, {}}};
  for (const float roamed : {-1.0f, std::numeric_limits<float>::quiet_NaN()}) {
    const CrowdBystander lost{rock_body_, *rock_at_, false, roamed};
    try {
      check_claims(crowd, {&mine, 1}, {&lost, 1}, out);
      ADD_FAILURE() << "roamed " << roamed << " was taken";
    } catch (const InputError& e) {
      EXPECT_THAT(e.what(), HasSubstr("bystanders[0].roamed"));
    }
  }
}

}  // namespace
}  // namespace transit
