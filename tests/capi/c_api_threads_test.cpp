// The C API's threading contract (docs/c-api.md, "Threads"), run under
// ThreadSanitizer by the tsan preset: a batch on two threads gives one
// thread's bits, and calls on different characters of one world may run on
// different threads at once.
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
