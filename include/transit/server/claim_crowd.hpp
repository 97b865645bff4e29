#pragma once
// Checking a frame's claims of many characters together, with each other
// in the way: a claim the checks reject in the world alone (a character
// stopped short against another, or deflected by it) is checked again with
// the other characters standing where the server has them, as objects of
// the world the way Simulation puts its characters there.
//
//   transit::ClaimCrowd crowd(world);  // once: a copy of the checkers' world
//   std::vector<transit::CrowdClaim> claims = ...;  // this frame's, one per character
//   transit::check_claims(crowd, claims, bystanders, out, &pool);

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <vector>

#include "transit/server/movement_check.hpp"

namespace transit {

/// One claim of a batch: its character's checker (shape and skills), what
/// the server last accepted for it, and what it claims now.
struct CrowdClaim {
  const MovementChecker* checker = nullptr;
  AcceptedMovement last;
  MovementClaim claim;
};

/// A character that claims nothing in this batch but may stand in the way
/// of those that do: its body (spheres, scale, flags) and where the server
/// has it.
struct CrowdBystander {
  const ac::AcBody* body = nullptr;
  Position position;
  /// The server knows it stood there, unmoving, since the last accepted
  /// time of every claim of the batch (a creature the server holds still):
  /// then it is in the way of every check of a claim near it, so that no
  /// claim passes through it.
  bool still = false;
  /// Metres it may have gone since the server had it at `position` (its
  /// speed then times the time since, say; 0 for one held still): a claim
  /// still in the air within that and a metre of it may have been held
  /// there by it, which has since moved on. Finite and not negative.
  float roamed = 0.0f;
  /// Metres of `roamed` it may have gone upwards (its upward speed, its
  /// speed across that a slope may turn upwards, and a bounce off what it
  /// fell onto, times the time since); infinity: any of it. Not negative.
  float rose = std::numeric_limits<float>::infinity();
};

/// A character the server last accepted as `last` (of body `body`), as a
/// bystander at time `now`: where it was accepted, having roamed since at
/// the speed it had then, upwards only as that speed may lift it.
CrowdBystander bystander_since(const ac::AcBody& body, const AcceptedMovement& last, double now);

/// The world a batch's characters meet each other in: a copy of the
/// checkers' world, made once, into which each batch puts its characters.
/// Not thread-safe itself (one batch at a time); the checks of a batch run
/// on a pool.
class ClaimCrowd {
 public:
  explicit ClaimCrowd(const World& world);
  ClaimCrowd(const ClaimCrowd&) = delete;
  ClaimCrowd& operator=(const ClaimCrowd&) = delete;

  /// The checkers' world (the one copied).
  const World& world() const { return *plain_; }
  /// The copy with the last batch's characters in it.
  const World& crowd_world() const { return world_; }

 private:
  friend void check_claims(ClaimCrowd& crowd, std::span<const CrowdClaim> claims,
                           std::span<const CrowdBystander> bystanders, std::span<ClaimCheck> out,
                           ParallelFor* pool);
  struct Member {
    const ac::AcBody* body;
    Position position;
    // Where it was at its last claim, for a claim's character this batch put
    // at its claim: it went the way between.
    std::optional<Position> from = std::nullopt;
    // Metres it may have gone from `position` since (a bystander's roamed),
    // and upwards (its rose).
    float roamed = 0.0f;
    float rose = std::numeric_limits<float>::infinity();
  };
  // Puts the members in the world, the i-th as object slots_[i], each re-registered
  // in member order whatever the batches before did.
  void place(std::span<const Member> members);
  // Whether a member other than `self` stands near enough to the path from
  // `last` to `claim` of a character of body `body` to have changed it, or
  // may have come so near on its way (kWayBend) or roaming.
  bool someone_near(const ac::AcBody& body, std::optional<std::size_t> self,
                    const AcceptedMovement& last, const MovementClaim& claim) const;
  // Whether a sphere of a member other than `self` comes within `margin` of
  // one of a body of `body` at `at`, or anywhere on its straight `path` on
  // from there; `on_the_way`: anywhere along the member's way to where it
  // stands (from `from`, where it has one, within kWayBend more), or
  // anywhere it may have roamed to; `holding`: only where its sphere's
  // centre may have been lower than one of the body's, which alone can
  // stop a fall (the normal between them must point up), and, roaming, no
  // higher than its rose took it.
  bool someone_within(const ac::AcBody& body, std::optional<std::size_t> self, const Position& at, float margin,
                      bool on_the_way = false, const Vec3& path = Vec3(0.0f), bool holding = false) const;
  // The claim checked as `checker` would, in the world with the members in
  // it, as member `self` (if it is one); `inside_reachable`: a replay's end
  // near the claim reaches it through the members; `beside`: a member came
  // within kHoldMargin of its way to the claim, and may have held it in the
  // air anywhere along it; `near`: one came within kTurnReach of that way,
  // and may have turned its fall.
  ClaimCheck check_among(const MovementChecker& checker, std::optional<std::size_t> self,
                         const AcceptedMovement& last, const MovementClaim& claim,
                         bool inside_reachable = false, bool beside = false, bool near = true) const;

  const World* plain_;
  World world_;
  std::vector<std::size_t> slots_;
  std::vector<World::ObjectMove> moves_;
  std::vector<Member> members_;
  std::vector<std::size_t> retry_;
  std::vector<std::uint8_t> among_still_;
  std::vector<std::uint8_t> still_in_way_;
};

/// Checks claims[i] as claims[i].checker->check() does, writing out[i]; a
/// claim that check rejects as too fast, through a wall, into an
/// unreachable cell or flying, or accepts in the air with nothing of the
/// world holding it up, and that passes near another character of
/// the batch (the claims' characters at their last accepted positions, or
/// along the way each went to its claim; the bystanders where given, or
/// where they may have roamed to), is checked again with every other character
/// standing there as an object (retail's collisions with creatures: players
/// pass through players), then with those of the claims where this batch
/// put them (the claim, or the forced position), and accepted if either
/// accepts it (one accepted in the air takes the crowd's answer where a
/// character holds it up, or where it met one that the world alone has it
/// miss, so that its arc starts again there, as for a ball riding on a
/// large body's head or a body a character stopped as it fell; or where
/// the crowd credits a jump, off another's head, that the world alone
/// finds no ground for). A claim lying inside another character (none
/// held still) is reached through the characters from a replay's end
/// near it, or from where the straight path stopped on another: the
/// other may have walked into the body since. One accepted in
/// the air with another within 1 m of it (at the claim or the last) may
/// have been turned by it: its flight across is no longer held to what it
/// left the ground with, but to all the speed it had. One still in the air no higher than the last
/// claim may have been held there, as a body held by the sub-step cap is,
/// by another that came within 1 m of it anywhere on its straight way from
/// the last claim: one of the claims' characters anywhere on its own
/// straight way from its last accepted position to this batch's, within a
/// metre more (its way may have bent off the line), or a bystander
/// anywhere within its `roamed`. One in the air that another came within
/// 1 m of on its straight way, lower, may have bounced up off it: as high
/// as such a bounce lifts it, and its arc starts again there unless it
/// fell faster than the bounce turns up (AcceptedMovement::met_character). So
/// without still bystanders a claim is never rejected where check()
/// accepts it, and the answers of claims with no other character near are
/// check()'s. A claim near a still bystander is checked with the still
/// bystanders in the world from the start: one through them is rejected.
/// Every checker must check in `crowd.world()` (InputError otherwise). The
/// same answers on any pool or none.
void check_claims(ClaimCrowd& crowd, std::span<const CrowdClaim> claims,
                  std::span<const CrowdBystander> bystanders, std::span<ClaimCheck> out,
                  ParallelFor* pool = nullptr);

}  // namespace transit
