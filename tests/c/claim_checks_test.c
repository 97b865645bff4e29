/* Checking what clients claim, from C, in the demo world: a run is
 * accepted, a 10 m teleport is too fast and forced back, a run through the
 * free-standing wall is stopped short of it, a batch answers as one check
 * each, a crowd's still creature stops a fall through it, and bad calls are
 * refused with messages naming what was wrong. */

#include <math.h>
#include <string.h>

#include "check.h"

/* A point of the demo village (landblock A9B4), as a global point. */
static tr_Position pad(float x, float y, float z) { return tr_MakePosition(0, demo_global(x, y, z), 0.0f); }

static tr_Claim run_claim(double t, tr_Position position) {
  tr_Claim claim = tr_DefaultClaim();
  claim.t = t;
  claim.position = position;
  claim.motion.forward = tr_forwardRun;
  return claim;
}

static int near(float a, float b) { return fabsf(a - b) < 1e-3f; }

static int reason_has(tr_ClaimStateId state, const char* text) {
  char reason[512];
  int32_t length = -1;
  if (tr_ClaimState_GetReason(state, reason, (int32_t)sizeof reason, &length) != tr_ok) return 0;
  return length == (int32_t)strlen(reason) && strstr(reason, text) != NULL;
}

static tr_ClaimStateId start(tr_CheckerId checker, tr_Position at) {
  const tr_Vec3 still = {0.0f, 0.0f, 0.0f};
  tr_ClaimStateId state;
  memset(&state, 0, sizeof state);
  CHECK_OK(tr_CreateClaimState(checker, at, 0.0, still, NULL, &state));
  return state;
}

static void test_run_and_teleport(tr_CheckerId checker) {
  tr_ClaimStateId state = start(checker, pad(103, 60, 20));
  tr_ClaimResult r;
  tr_Claim run = run_claim(0.5, pad(103, 64.5f, 20));
  CHECK_OK(tr_Checker_Check(checker, state, &run, &r));
  CHECK(r.verdict == tr_claimAccepted);
  CHECK(reason_has(state, ""));
  tr_AcceptedMovement m;
  CHECK_OK(tr_ClaimState_Get(state, &m));
  CHECK(m.t == 0.5 && near(m.position.origin.x, 103.0f) && near(m.position.origin.y, 64.5f));
  CHECK(near(m.velocity.y, 9.0f) && m.supported && !m.has_controls); /* 4.5 m in 0.5 s */

  /* 10 m east in 0.1 s: the budget allows 2.29 m (0.1 s at 9.97 m/s, and the burst). */
  tr_Claim teleport = run_claim(0.6, pad(113, 64.5f, 20));
  CHECK_OK(tr_Checker_Check(checker, state, &teleport, &r));
  CHECK(r.verdict == tr_claimTooFast);
  CHECK(strcmp(tr_ClaimVerdictName(r.verdict), "too_fast") == 0);
  CHECK(reason_has(state, "10.00 m in 0.100 s"));
  CHECK(r.forced.cell == 0xA9B40023u && near(r.forced.origin.x, 103.0f) && near(r.forced.origin.y, 64.5f) &&
        near(r.forced.origin.z, 20.0f));
  CHECK_OK(tr_ClaimState_Get(state, &m));
  CHECK(m.t == 0.6 && near(m.position.origin.x, 103.0f) && near(m.position.origin.y, 64.5f));
  CHECK_OK(tr_DestroyClaimState(state));
}

static void test_through_the_wall(tr_CheckerId checker) {
  /* The stone wall 7002 stands at local x 71..79, y 99.75..100.25. */
  tr_ClaimStateId state = start(checker, pad(75, 98, 20));
  tr_ClaimResult r;
  tr_Claim through = run_claim(0.3, pad(75, 100.5f, 20));
  CHECK_OK(tr_Checker_Check(checker, state, &through, &r));
  CHECK(r.verdict == tr_claimThroughWall);
  CHECK(reason_has(state, "short of"));
  /* Forced to where the run met the wall: the body's 0.48 m spheres touch
   * its face (y 99.75) at y 99.27, never inside it. */
  CHECK(r.forced.origin.y > 99.2f && r.forced.origin.y <= 99.27f + 1e-3f);
  /* Along it instead, farther: accepted. */
  tr_Claim along = run_claim(0.8, pad(71, r.forced.origin.y, 20));
  CHECK_OK(tr_Checker_Check(checker, state, &along, &r));
  CHECK(r.verdict == tr_claimAccepted);
  CHECK_OK(tr_DestroyClaimState(state));
}

static void test_controls_and_defaults(tr_CheckerId checker) {
  const tr_Claim claim = tr_DefaultClaim();
  const tr_MotionChange change = tr_DefaultMotionChange();
  CHECK(claim.motion.forward == tr_forwardStop && claim.motion.strafe == tr_strafeStop &&
        claim.motion.jump_extent == 1.0f && claim.change_count == 0 && claim.changes == NULL);
  CHECK(change.forward == tr_forwardStop && change.strafe == tr_strafeStop && change.jump_extent == 1.0f);
  /* Controls known at the start are carried; a claim's changes replace them. */
  tr_MotionChange running = change;
  running.forward = tr_forwardRun;
  running.strafe = tr_strafeLeft;
  const tr_Vec3 still = {0.0f, 0.0f, 0.0f};
  tr_ClaimStateId state;
  CHECK_OK(tr_CreateClaimState(checker, pad(103, 60, 20), 0.0, still, &running, &state));
  tr_AcceptedMovement m;
  CHECK_OK(tr_ClaimState_Get(state, &m));
  CHECK(m.has_controls && m.controls.forward == tr_forwardRun && m.controls.strafe == tr_strafeLeft);
  tr_MotionChange walk = change;
  walk.t = 0.4;
  walk.forward = tr_forwardWalk;
  tr_Claim next = run_claim(0.5, pad(103, 64.5f, 20));
  next.changes = &walk;
  next.change_count = 1;
  tr_ClaimResult r;
  CHECK_OK(tr_Checker_Check(checker, state, &next, &r));
  CHECK(r.verdict == tr_claimAccepted);
  CHECK_OK(tr_ClaimState_Get(state, &m));
  CHECK(m.has_controls && m.controls.t == 0.4 && m.controls.forward == tr_forwardWalk &&
        m.controls.strafe == tr_strafeStop);
  CHECK_OK(tr_DestroyClaimState(state));
}

enum { kBatch = 4 };

static void batch_claims(tr_Claim claims[kBatch], tr_Position starts[kBatch]) {
  starts[0] = pad(103, 60, 20);
  claims[0] = run_claim(0.5, pad(103, 64.5f, 20));
  starts[1] = pad(103, 60, 20);
  claims[1] = run_claim(0.1, pad(113, 60, 20));
  starts[2] = pad(75, 98, 20);
  claims[2] = run_claim(0.3, pad(75, 100.5f, 20));
  starts[3] = pad(120, 40, 20);
  claims[3] = run_claim(0.5, pad(118, 43, 20));
}

static void test_batch_is_one_by_one(tr_CheckerId checker) {
  tr_Claim claims[kBatch];
  tr_Position starts[kBatch];
  batch_claims(claims, starts);
  for (int threads = 1; threads <= 2; ++threads) {
    tr_ClaimStateId batch[kBatch], single[kBatch];
    tr_ClaimResult batch_results[kBatch], single_results[kBatch];
    for (int i = 0; i < kBatch; ++i) {
      batch[i] = start(checker, starts[i]);
      single[i] = start(checker, starts[i]);
      CHECK_OK(tr_Checker_Check(checker, single[i], &claims[i], &single_results[i]));
    }
    CHECK_OK(tr_Checker_CheckBatch(checker, batch, claims, kBatch, threads, batch_results));
    CHECK(memcmp(batch_results, single_results, sizeof batch_results) == 0);
    CHECK(batch_results[0].verdict == tr_claimAccepted && batch_results[1].verdict == tr_claimTooFast &&
          batch_results[2].verdict == tr_claimThroughWall && batch_results[3].verdict == tr_claimAccepted);
    for (int i = 0; i < kBatch; ++i) {
      tr_AcceptedMovement a, b;
      CHECK_OK(tr_ClaimState_Get(batch[i], &a));
      CHECK_OK(tr_ClaimState_Get(single[i], &b));
      CHECK(memcmp(&a, &b, sizeof a) == 0);
      char ra[256], rb[256];
      CHECK_OK(tr_ClaimState_GetReason(batch[i], ra, (int32_t)sizeof ra, NULL));
      CHECK_OK(tr_ClaimState_GetReason(single[i], rb, (int32_t)sizeof rb, NULL));
      CHECK(strcmp(ra, rb) == 0);
      CHECK_OK(tr_DestroyClaimState(batch[i]));
      CHECK_OK(tr_DestroyClaimState(single[i]));
    }
  }
}

static void test_bad_claims_are_rejected_as_invalid(tr_CheckerId checker) {
  /* A claim's own values come from the client: rejected, never a failed call. */
  tr_ClaimStateId state = start(checker, pad(103, 60, 20));
  tr_ClaimResult r;
  tr_Claim nan_claim = run_claim(0.5, pad(103, 60, 20));
  nan_claim.position.origin.x = NAN;
  CHECK_OK(tr_Checker_Check(checker, state, &nan_claim, &r));
  CHECK(r.verdict == tr_claimInvalid && reason_has(state, "not finite"));
  CHECK(near(r.forced.origin.x, 103.0f) && near(r.forced.origin.y, 60.0f));
  tr_Claim earlier = run_claim(0.25, pad(103, 60.5f, 20));
  CHECK_OK(tr_Checker_Check(checker, state, &earlier, &r));
  CHECK(r.verdict == tr_claimInvalid && reason_has(state, "is not after the last accepted, 0.5 s"));
  tr_MotionChange changes[2] = {tr_DefaultMotionChange(), tr_DefaultMotionChange()};
  changes[0].t = 0.9;
  changes[1].t = 0.8;
  tr_Claim out_of_order = run_claim(1.0, pad(103, 61, 20));
  out_of_order.changes = changes;
  out_of_order.change_count = 2;
  CHECK_OK(tr_Checker_Check(checker, state, &out_of_order, &r));
  CHECK(r.verdict == tr_claimInvalid && reason_has(state, "before the one before it"));
  CHECK_OK(tr_DestroyClaimState(state));
}

static void test_bad_calls_are_refused(tr_WorldId world, tr_CheckerId checker) {
  tr_CharacterDef def = tr_DefaultCharacterDef();
  tr_CheckerId other;
  def.mover = tr_moverQuake;
  CHECK(tr_CreateChecker(world, &def, NULL, &other) == tr_errorInvalidArgument);
  CHECK(strstr(tr_GetLastError(), "def.mover: movement checks take AC characters only") != NULL);
  def = tr_DefaultCharacterDef();
  tr_ClaimCheckOptions options = tr_DefaultClaimCheckOptions();
  CHECK(near(options.speed_margin, 0.05f) && near(options.replay_tolerance, 2.0f));
  CHECK(near(options.replay_tolerance_per_second, 0.5f) && near(options.replay_rise_tolerance, 0.75f) &&
        near(options.change_jitter, 0.05f));
  options.burst_seconds = NAN;
  CHECK(tr_CreateChecker(world, &def, &options, &other) == tr_errorInvalidArgument);
  CHECK(strstr(tr_GetLastError(), "options.burst_seconds") != NULL);
  CHECK(tr_CreateChecker(world, NULL, NULL, &other) == tr_errorInvalidArgument);
  CHECK(strstr(tr_GetLastError(), "def: must not be null") != NULL);

  const tr_Vec3 still = {0.0f, 0.0f, 0.0f};
  tr_ClaimStateId state;
  tr_Position nowhere = pad(NAN, 60, 20);
  CHECK(tr_CreateClaimState(checker, nowhere, 0.0, still, NULL, &state) == tr_errorInvalidArgument);
  CHECK(strstr(tr_GetLastError(), "position: origin and orientation must be finite") != NULL);
  tr_CheckerId unknown;
  memset(&unknown, 0, sizeof unknown);
  unknown.world = world;
  CHECK(tr_CreateClaimState(unknown, pad(103, 60, 20), 0.0, still, NULL, &state) == tr_errorInvalidId);
  CHECK(strstr(tr_GetLastError(), "checker: null or unknown id") != NULL);

  state = start(checker, pad(103, 60, 20));
  tr_ClaimResult r;
  CHECK(tr_Checker_Check(checker, state, NULL, &r) == tr_errorInvalidArgument);
  CHECK(strstr(tr_GetLastError(), "claim: must not be null") != NULL);
  tr_Claim claim = run_claim(0.5, pad(103, 64.5f, 20));
  claim.motion.forward = (tr_Forward)7;
  CHECK(tr_Checker_Check(checker, state, &claim, &r) == tr_errorInvalidArgument);
  CHECK(strstr(tr_GetLastError(), "claim.motion: unknown forward value 7") != NULL);
  claim = run_claim(0.5, pad(103, 64.5f, 20));
  claim.change_count = 2;
  CHECK(tr_Checker_Check(checker, state, &claim, &r) == tr_errorInvalidArgument);
  CHECK(strstr(tr_GetLastError(), "claim.changes: null with a change_count of 2") != NULL);

  /* A refused batch changes no state. */
  tr_ClaimStateId twice[2] = {state, state};
  tr_Claim claims[2] = {run_claim(0.5, pad(103, 64.5f, 20)), run_claim(0.6, pad(103, 65.5f, 20))};
  tr_ClaimResult results[2];
  CHECK(tr_Checker_CheckBatch(checker, twice, claims, 2, 1, results) == tr_errorInvalidArgument);
  CHECK(strstr(tr_GetLastError(), "states[1]: the same state as an earlier claim's") != NULL);
  CHECK(tr_Checker_CheckBatch(checker, twice, claims, 1, 0, results) == tr_errorInvalidArgument);
  CHECK(strstr(tr_GetLastError(), "threads: must be 1..256, got 0") != NULL);
  tr_AcceptedMovement m;
  CHECK_OK(tr_ClaimState_Get(state, &m));
  CHECK(m.t == 0.0);

  CHECK_OK(tr_DestroyClaimState(state));
  CHECK(tr_Checker_Check(checker, state, &claims[0], &r) == tr_errorInvalidId);
  CHECK(strstr(tr_GetLastError(), "state: stale id (it was destroyed)") != NULL);
  CHECK(tr_ClaimState_GetReason(state, NULL, 0, NULL) == tr_errorInvalidId);
}

static void test_crowd(tr_WorldId world, tr_CheckerId player) {
  /* A creature stands at (60, 60); a player dropped from 5 m above it, 0.3 m
   * off its axis, claims the ground a second later: through the creature. */
  tr_CharacterDef rock_def = tr_DefaultCharacterDef();
  rock_def.flags = tr_flagEdgeSlide | tr_flagGravity | tr_flagCreature;
  tr_CheckerId rock;
  CHECK_OK(tr_CreateChecker(world, &rock_def, NULL, &rock));
  tr_ClaimCrowdId crowd;
  CHECK_OK(tr_CreateClaimCrowd(world, &crowd));
  tr_CrowdClaim claim;
  claim.checker = player;
  claim.claim = tr_DefaultClaim();
  claim.claim.t = 1.0;
  claim.claim.position = pad(60, 60.3f, 20);
  tr_CrowdBystander bystander;
  memset(&bystander, 0, sizeof bystander);
  bystander.shape = rock;
  bystander.position = pad(60, 60, 20);
  tr_ClaimResult r;

  claim.state = start(player, pad(60, 60.3f, 25));
  CHECK_OK(tr_ClaimCrowd_Check(crowd, &claim, 1, &bystander, 1, 1, &r));
  CHECK(r.verdict == tr_claimAccepted); /* it may have moved out of the way */
  CHECK_OK(tr_DestroyClaimState(claim.state));

  bystander.still = true;
  for (int threads = 1; threads <= 2; ++threads) {
    claim.state = start(player, pad(60, 60.3f, 25));
    CHECK_OK(tr_ClaimCrowd_Check(crowd, &claim, 1, &bystander, 1, threads, &r));
    CHECK(r.verdict == tr_claimThroughWall);
    /* Stopped on its head: the player's foot sphere (0.48 m, centre 0.48 m
     * up) meets the creature's head sphere (centre 1.35 m up) 0.3 m off
     * axis sqrt(0.96^2 - 0.3^2) = 0.912 m above it: feet at 21.782. */
    CHECK(r.forced.origin.z >= 20.0f + 1.35f + 0.912f - 0.48f - 0.005f && r.forced.origin.z < 21.85f);
    CHECK_OK(tr_DestroyClaimState(claim.state));
  }
  /* Stopped 1 m below where it was dropped 0.8 s before (its arc is on the
   * ground by then), 3 m from where the server last had the creature: held
   * there by it only if the creature may have roamed to it since. */
  bystander.still = false;
  bystander.position = pad(63, 60, 20);
  claim.claim.t = 0.8;
  claim.claim.position = pad(60, 61.2f, 22);
  const float roams[2] = {2.5f, 0.0f};
  for (int k = 0; k < 2; ++k) {
    bystander.roamed = roams[k];
    claim.state = start(player, pad(60, 61.2f, 23));
    CHECK_OK(tr_ClaimCrowd_Check(crowd, &claim, 1, &bystander, 1, 1, &r));
    CHECK(r.verdict == (k == 0 ? tr_claimAccepted : tr_claimFlying));
    CHECK_OK(tr_DestroyClaimState(claim.state));
  }
  /* Dropped from 8 m above the creature and claimed 1 m lower 0.8 s later
   * (its arc has it 3.1 m lower). The creature, last had falling at 12 m/s
   * 0.5 s before, roamed 6 m but rose only a bounce's 0.6 m: never near
   * enough to hold the fall (5.2 m between them). Given any of its roam
   * upwards, it may have been. */
  const tr_Vec3 falling = {0.0f, 0.0f, -12.0f};
  tr_ClaimStateId rock_state;
  CHECK_OK(tr_CreateClaimState(rock, pad(60, 60, 20), 0.3, falling, NULL, &rock_state));
  CHECK_OK(tr_ClaimState_Bystander(rock_state, rock, 0.8, &bystander));
  CHECK(!bystander.still && fabsf(bystander.roamed - 6.0f) < 1e-5f && fabsf(bystander.rose - 0.6f) < 1e-5f);
  claim.claim.position = pad(60, 60.3f, 27);
  for (int k = 0; k < 2; ++k) {
    if (k == 1) bystander.rose = -1.0f;
    claim.state = start(player, pad(60, 60.3f, 28));
    CHECK_OK(tr_ClaimCrowd_Check(crowd, &claim, 1, &bystander, 1, 1, &r));
    CHECK(r.verdict == (k == 0 ? tr_claimFlying : tr_claimAccepted));
    CHECK_OK(tr_DestroyClaimState(claim.state));
  }
  CHECK(tr_ClaimState_Bystander(rock_state, rock, 0.2, &bystander) == tr_errorInvalidArgument);
  CHECK(strstr(tr_GetLastError(), "now: 0.2 s") != NULL);
  CHECK_OK(tr_DestroyClaimState(rock_state));
  bystander.rose = NAN;
  CHECK(tr_ClaimCrowd_Check(crowd, &claim, 0, &bystander, 1, 1, &r) == tr_errorInvalidArgument);
  CHECK(strstr(tr_GetLastError(), "bystanders[0].rose: NaN") != NULL);
  bystander.rose = 0.0f;
  bystander.roamed = -1.0f;
  CHECK(tr_ClaimCrowd_Check(crowd, &claim, 0, &bystander, 1, 1, &r) == tr_errorInvalidArgument);
  CHECK(strstr(tr_GetLastError(), "bystanders[0].roamed: -1 m") != NULL);
  bystander.roamed = 0.0f;
  bystander.shape.generation += 1;
  CHECK(tr_ClaimCrowd_Check(crowd, &claim, 0, &bystander, 1, 1, &r) == tr_errorInvalidId);
  CHECK(strstr(tr_GetLastError(), "bystanders[0].shape: stale id") != NULL);
  CHECK_OK(tr_DestroyClaimCrowd(crowd));
  CHECK_OK(tr_DestroyChecker(rock));
}

/* Four run claims 0.5 s apart, each `step` metres north of the one before on
 * a flat landblock, then one `last` metres on: the verdict of each, the
 * reason of the last. */
static tr_ClaimVerdict run_then_claim(tr_WorldId world, const tr_CharacterDef* def, float step, float last,
                                      tr_ClaimVerdict verdicts[4], char reason[256]) {
  tr_CheckerId checker;
  CHECK_OK(tr_CreateChecker(world, def, NULL, &checker));
  tr_Vec3 at = {10 * 192.0f + 100.0f, 20 * 192.0f + 50.0f, 5.0f};
  tr_ClaimStateId state = start(checker, tr_MakePosition(0, at, 0.0f));
  tr_ClaimResult r;
  for (int i = 1; i <= 5; ++i) {
    at.y += i <= 4 ? step : last;
    const tr_Claim claim = run_claim(0.5 * i, tr_MakePosition(0, at, 0.0f));
    CHECK_OK(tr_Checker_Check(checker, state, &claim, &r));
    if (i <= 4) verdicts[i - 1] = r.verdict;
  }
  CHECK_OK(tr_ClaimState_GetReason(state, reason, 256, NULL));
  CHECK_OK(tr_DestroyClaimState(state));
  CHECK_OK(tr_DestroyChecker(checker));
  return r.verdict;
}

static int all_accepted(const tr_ClaimVerdict v[4]) {
  return v[0] == tr_claimAccepted && v[1] == tr_claimAccepted && v[2] == tr_claimAccepted && v[3] == tr_claimAccepted;
}

/* A checker made from the synthetic creature's def holds it to its own run
 * (as CycleSpeeds.TheMovementCheckerHoldsTheCreatureToItsRun does in C++):
 * its run, 2.5 x 2.375 x 0.5 = 2.97 m a claim, is accepted; then 6.5 m in
 * 0.5 s, which a human def's checker takes, is too fast for it: its budget
 * grows at 5.9375 x 1.05 = 6.23 m/s, 3.99 m for the claim. */
static void test_creature_checker(void) {
  tr_CharacterDef creature = tr_DefaultCharacterDef();
  CHECK_OK(tr_CharacterDefFromSetup(TRANSIT_SOURCE_DIR "/tests/data/retail-synthetic", 0x02000001u, &creature));
  const tr_CharacterDef human = tr_DefaultCharacterDef();
  const tr_WorldId world = flat_world();
  tr_ClaimVerdict v[4];
  char reason[256];
  CHECK(run_then_claim(world, &human, 2.96875f, 6.5f, v, reason) == tr_claimAccepted);
  CHECK(all_accepted(v));
  CHECK(run_then_claim(world, &creature, 2.96875f, 6.5f, v, reason) == tr_claimTooFast);
  CHECK(all_accepted(v));
  CHECK(strstr(reason, "6.50 m in 0.500 s; at most 3.99 m (speed 6.23 m/s)") != NULL);
  CHECK_OK(tr_DestroyWorld(world));
}

void test_claim_checks(void) {
  tr_WorldId world;
  CHECK_OK(tr_CreateDemoWorld(&world));
  tr_CharacterDef def = tr_DefaultCharacterDef();
  tr_CheckerId checker;
  CHECK_OK(tr_CreateChecker(world, &def, NULL, &checker));
  test_run_and_teleport(checker);
  test_through_the_wall(checker);
  test_controls_and_defaults(checker);
  test_batch_is_one_by_one(checker);
  test_bad_claims_are_rejected_as_invalid(checker);
  test_bad_calls_are_refused(world, checker);
  test_crowd(world, checker);
  test_creature_checker();
  tr_ClaimStateId orphan = start(checker, pad(103, 60, 20));
  CHECK_OK(tr_DestroyWorld(world));
  tr_AcceptedMovement m;
  CHECK(tr_ClaimState_Get(orphan, &m) == tr_errorInvalidId);
  CHECK(strstr(tr_GetLastError(), "state's world") != NULL);
  CHECK(tr_DestroyChecker(checker) == tr_errorInvalidId);
}
