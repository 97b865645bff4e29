// The C API's threading contract (docs/c-api.md, "Threads"), run under
// ThreadSanitizer by the tsan preset: a batch on two threads gives one
// thread's bits, and calls on different characters (and different claim
// states) of one world may run on different threads at once.
#include <cstring>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "transit/transit.h"

namespace {

constexpr int kCharacters = 300;
constexpr int kFrames = 20;

struct Crowd {
  tr_WorldId world{};
  std::vector<tr_CharacterId> ids;
  Crowd() {
    EXPECT_EQ(tr_CreateDemoWorld(&world), tr_ok);
    const tr_CharacterDef def = tr_DefaultCharacterDef();
    for (int i = 0; i < kCharacters; ++i) {
      const tr_Vec3 at{32448.0f + 50.0f + 3.0f * static_cast<float>(i % 18),
                       34560.0f + 24.0f + 3.0f * static_cast<float>(i / 18), 20.0f};
      tr_CharacterId id;
      EXPECT_EQ(tr_CreateCharacter(world, &def, tr_MakePosition(0, at, 17.0f * static_cast<float>(i)), &id), tr_ok);
      EXPECT_EQ(tr_Character_Place(id, nullptr), tr_ok);
      tr_Controls c = tr_DefaultControls();
      c.forward = i % 4 ? tr_forwardRun : tr_forwardBack;
      c.turn_deg_per_s = static_cast<float>(i % 9) * 15.0f - 60.0f;
      EXPECT_EQ(tr_Character_SetControls(id, &c), tr_ok);
      ids.push_back(id);
    }
  }
  ~Crowd() { tr_DestroyWorld(world); }
};

TEST(CApiThreads, BatchOnTwoThreadsGivesOneThreadsBits) {
  Crowd one, two;
  std::vector<tr_CharacterState> a(kCharacters), b(kCharacters);
  for (int f = 0; f < kFrames; ++f) {
    ASSERT_EQ(tr_World_UpdateCharacters(one.world, one.ids.data(), nullptr, kCharacters, 1.0 / 30.0, 1,
                                        a.data(), nullptr),
              tr_ok);
    ASSERT_EQ(tr_World_UpdateCharacters(two.world, two.ids.data(), nullptr, kCharacters, 1.0 / 30.0, 2,
                                        b.data(), nullptr),
              tr_ok);
  }
  EXPECT_EQ(std::memcmp(a.data(), b.data(), a.size() * sizeof(tr_CharacterState)), 0);
}

TEST(CApiThreads, CharactersOfOneWorldUpdateOnTheirOwnThreads) {
  Crowd serial, parallel;
  for (int f = 0; f < kFrames; ++f)
    for (const tr_CharacterId id : serial.ids) ASSERT_EQ(tr_Character_Update(id, 1.0 / 30.0, nullptr), tr_ok);
  std::vector<std::thread> threads;
  for (int t = 0; t < 2; ++t) {
    threads.emplace_back([&, t] {
      for (int f = 0; f < kFrames; ++f)
        for (int i = t; i < kCharacters; i += 2) tr_Character_Update(parallel.ids[i], 1.0 / 30.0, nullptr);
    });
  }
  for (std::thread& th : threads) th.join();
  for (int i = 0; i < kCharacters; ++i) {
    tr_CharacterState a, b;
    ASSERT_EQ(tr_Character_GetState(serial.ids[i], &a), tr_ok);
    ASSERT_EQ(tr_Character_GetState(parallel.ids[i], &b), tr_ok);
    EXPECT_EQ(std::memcmp(&a, &b, sizeof a), 0) << "character " << i;
  }
}

// Claims of 200 players spread over the village: each frame every one runs
// 0.3 m north in 1/30 s, and every seventh claims a 10 m jump east instead.
struct Claimants {
  tr_WorldId world{};
  tr_CheckerId checker{};
  std::vector<tr_ClaimStateId> states;
  static constexpr int kCount = 200;
  Claimants() {
    EXPECT_EQ(tr_CreateDemoWorld(&world), tr_ok);
    const tr_CharacterDef def = tr_DefaultCharacterDef();
    EXPECT_EQ(tr_CreateChecker(world, &def, nullptr, &checker), tr_ok);
    for (int i = 0; i < kCount; ++i) {
      tr_ClaimStateId id;
      EXPECT_EQ(tr_CreateClaimState(checker, tr_MakePosition(0, at(i, 0), 0.0f), 0.0, tr_Vec3{}, nullptr, &id), tr_ok);
      states.push_back(id);
    }
  }
  ~Claimants() { tr_DestroyWorld(world); }
  static tr_Vec3 at(int i, int frame) {
    return {32448.0f + 50.0f + 3.0f * static_cast<float>(i % 20), 34560.0f + 26.0f + 3.0f * static_cast<float>(i / 20) +
                                                                       0.3f * static_cast<float>(frame),
            20.0f};
  }
  static tr_Claim claim(int i, int frame) {
    tr_Claim c = tr_DefaultClaim();
    c.t = frame / 30.0;
    tr_Vec3 p = at(i, frame);
    if (i % 7 == 0) p.x += 10.0f;
    c.position = tr_MakePosition(0, p, 0.0f);
    c.motion.forward = tr_forwardRun;
    return c;
  }
};

TEST(CApiThreads, ClaimStatesOfOneWorldAreCheckedOnTheirOwnThreads) {
  Claimants serial, parallel, batched;
  std::vector<tr_ClaimResult> a(Claimants::kCount), b(Claimants::kCount), c(Claimants::kCount);
  for (int f = 1; f <= kFrames; ++f) {
    for (int i = 0; i < Claimants::kCount; ++i) {
      const tr_Claim claim = Claimants::claim(i, f);
      ASSERT_EQ(tr_Checker_Check(serial.checker, serial.states[i], &claim, &a[i]), tr_ok);
    }
    std::vector<std::thread> threads;
    for (int t = 0; t < 2; ++t)
      threads.emplace_back([&, t] {
        for (int i = t; i < Claimants::kCount; i += 2) {
          const tr_Claim claim = Claimants::claim(i, f);
          tr_Checker_Check(parallel.checker, parallel.states[i], &claim, &b[i]);
        }
      });
    for (std::thread& th : threads) th.join();
    std::vector<tr_Claim> claims;
    for (int i = 0; i < Claimants::kCount; ++i) claims.push_back(Claimants::claim(i, f));
    ASSERT_EQ(tr_Checker_CheckBatch(batched.checker, batched.states.data(), claims.data(), Claimants::kCount, 2,
                                    c.data()),
              tr_ok);
    EXPECT_EQ(std::memcmp(a.data(), b.data(), a.size() * sizeof(tr_ClaimResult)), 0) << "frame " << f;
    EXPECT_EQ(std::memcmp(a.data(), c.data(), a.size() * sizeof(tr_ClaimResult)), 0) << "frame " << f;
  }
  EXPECT_EQ(a[0].verdict, tr_claimTooFast);  // its 10 m jump east, forced back each frame
  EXPECT_EQ(a[1].verdict, tr_claimAccepted);
  for (int i = 0; i < Claimants::kCount; ++i) {
    tr_AcceptedMovement x, y;
    ASSERT_EQ(tr_ClaimState_Get(serial.states[i], &x), tr_ok);
    ASSERT_EQ(tr_ClaimState_Get(parallel.states[i], &y), tr_ok);
    EXPECT_EQ(std::memcmp(&x, &y, sizeof x), 0) << "state " << i;
  }
}

TEST(CApiThreads, EachThreadHasItsOwnLastError) {
  std::string other;
  std::thread([&] {
    tr_WorldId none{};
    tr_DestroyWorld(none);
    other = tr_GetLastError();
  }).join();
  tr_CharacterState s;
  tr_Character_GetState(tr_CharacterId{}, &s);
  EXPECT_NE(other, tr_GetLastError());
  EXPECT_NE(other.find("world"), std::string::npos);
}

}  // namespace
