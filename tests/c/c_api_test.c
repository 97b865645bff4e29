/* The C API from C: ids, errors, worlds, characters, objects, traces,
 * batches and simulations, on the demo world and on worlds built in code.
 * Prints "N passed, N failed" and exits non-zero when a check failed. */

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <transit/transit.h>

#include "check.h"

int passed = 0;
int failed = 0;

static const uint32_t kHouseStairHall = 0xA9B40101u;

static void test_version(void) {
  int major = -1, minor = -1, patch = -1;
  tr_GetVersion(&major, &minor, &patch);
  char text[64];
  snprintf(text, sizeof text, "%d.%d.%d", major, minor, patch);
  CHECK(strcmp(text, tr_GetVersionString()) == 0);
  CHECK(major == 0 && minor >= 2);
}

static void test_null_and_stale_ids(void) {
  tr_WorldId none = {0, 0};
  tr_CharacterId no_character;
  memset(&no_character, 0, sizeof no_character);
  tr_CharacterState state;
  CHECK(tr_DestroyWorld(none) == tr_errorInvalidId);
  CHECK(tr_Character_GetState(no_character, &state) == tr_errorInvalidId);
  CHECK(strstr(tr_GetLastError(), "world") != NULL);

  tr_WorldId world;
  CHECK_OK(tr_CreateDemoWorld(&world));
  tr_CharacterDef def = tr_DefaultCharacterDef();
  tr_CharacterId hero;
  CHECK_OK(tr_CreateCharacter(world, &def, tr_MakePosition(0, demo_global(103, 60, 20), 0), &hero));
  CHECK_OK(tr_DestroyCharacter(hero));
  CHECK(tr_Character_GetState(hero, &state) == tr_errorInvalidId);
  CHECK(strstr(tr_GetLastError(), "stale") != NULL);
  CHECK(tr_DestroyCharacter(hero) == tr_errorInvalidId);

  tr_CharacterId again;
  CHECK_OK(tr_CreateCharacter(world, &def, tr_MakePosition(0, demo_global(103, 60, 20), 0), &again));
  CHECK(again.index1 == hero.index1 && again.generation != hero.generation);
  CHECK_OK(tr_DestroyWorld(world));
  CHECK(tr_Character_GetState(again, &state) == tr_errorInvalidId);
  CHECK(tr_DestroyWorld(world) == tr_errorInvalidId);
  CHECK(tr_CreateDemoWorld(NULL) == tr_errorInvalidArgument);
  CHECK(strstr(tr_GetLastError(), "out") != NULL);
}

static void test_bad_scene_file(void) {
  tr_WorldId world;
  CHECK(tr_CreateWorldFromFile("/nonexistent/scene.json", &world) == tr_errorInput);
  CHECK(strstr(tr_GetLastError(), "/nonexistent/scene.json") != NULL);
  CHECK(tr_CreateWorldFromJson("{\"format\": \"transit-scene/1\", \"terrain\": 3}", NULL, &world) ==
        tr_errorInput);
  CHECK(strstr(tr_GetLastError(), "terrain") != NULL);
}

static void run(tr_CharacterId hero, tr_Forward forward, float turn, int frames) {
  tr_Controls controls = tr_DefaultControls();
  controls.forward = forward;
  controls.turn_deg_per_s = turn;
  CHECK_OK(tr_Character_SetControls(hero, &controls));
  for (int i = 0; i < frames; ++i) CHECK_OK(tr_Character_Update(hero, 1.0 / 30.0, NULL));
}

static void test_run_into_wall(void) {
  tr_WorldId world;
  CHECK_OK(tr_CreateDemoWorld(&world));
  tr_CharacterDef def = tr_DefaultCharacterDef();
  tr_CharacterId hero;
  /* South of the free-standing wall 7002 (y 99.75..100.25), facing north. */
  CHECK_OK(tr_CreateCharacter(world, &def, tr_MakePosition(0, demo_global(75, 95, 20), 0), &hero));
  tr_MoveStatus status = tr_invalidInput;
  CHECK_OK(tr_Character_Place(hero, &status));
  CHECK(status == tr_moved);
  run(hero, tr_forwardRun, 0.0f, 60);
  tr_CharacterState s;
  CHECK_OK(tr_Character_GetState(hero, &s));
  CHECK(s.ground == tr_onGround);
  CHECK(s.has_ground_plane && s.ground_plane.normal.z > 0.99f);
  CHECK(fabsf(s.position.origin.x - 75.0f) < 0.01f);
  /* Stopped short of the wall face (y 99.75 less the 0.48 m radius), no
   * further than one frame's run (0.32 m) from it, and told why. */
  CHECK(s.position.origin.y > 99.27f - 0.32f && s.position.origin.y <= 99.27f);
  CHECK(fabsf(s.global_position.y - (34560.0f + s.position.origin.y)) < 0.01f);
  CHECK(s.status == tr_blocked);
  uint32_t ids[8];
  int32_t count = -1;
  CHECK_OK(tr_Character_GetCollidedObjects(hero, ids, 8, &count));
  CHECK(count == s.collided_object_count);
  CHECK_OK(tr_DestroyWorld(world));
}

static void test_up_the_stairs(void) {
  tr_WorldId world;
  CHECK_OK(tr_CreateDemoWorld(&world));
  tr_CharacterDef def = tr_DefaultCharacterDef();
  tr_CharacterId hero;
  tr_Vec3 start = {112.5f, 71.25f, 20.0f};
  CHECK_OK(tr_CreateCharacter(world, &def, tr_MakePosition(kHouseStairHall, start, 0), &hero));
  CHECK_OK(tr_Character_Place(hero, NULL));
  run(hero, tr_forwardRun, 0.0f, 75);
  tr_CharacterState s;
  CHECK_OK(tr_Character_GetState(hero, &s));
  CHECK(s.position.cell == kHouseStairHall);
  CHECK(fabsf(s.position.origin.z - 23.0f) < 0.01f); /* on the landing, 3 m up */
  CHECK(s.ground == tr_onGround);
  CHECK_OK(tr_DestroyWorld(world));
}

static void test_bad_input_is_refused(void) {
  tr_WorldId world;
  CHECK_OK(tr_CreateDemoWorld(&world));
  tr_CharacterDef def = tr_DefaultCharacterDef();
  tr_CharacterId hero;
  tr_Position spawn = tr_MakePosition(0, demo_global(103, 60, 20), 0);
  CHECK_OK(tr_CreateCharacter(world, &def, spawn, &hero));
  CHECK_OK(tr_Character_Place(hero, NULL));
  tr_CharacterState before, after;
  CHECK_OK(tr_Character_GetState(hero, &before));
  tr_MoveStatus status = tr_moved;
  CHECK(tr_Character_Update(hero, -1.0, &status) == tr_errorInvalidArgument);
  CHECK(status == tr_invalidInput);
  CHECK(strstr(tr_GetLastError(), "dt") != NULL);
  tr_Position target = before.position;
  target.origin.x = NAN;
  CHECK(tr_Character_MoveTo(hero, target, &status) == tr_errorInvalidArgument);
  CHECK(strstr(tr_GetLastError(), "target") != NULL);
  tr_Vec3 huge = {1e30f, 0, 0};
  CHECK(tr_Character_Teleport(hero, tr_MakePosition(0, huge, 0)) == tr_errorInvalidArgument);
  tr_Vec3 nan_velocity = {NAN, 0, 0};
  CHECK(tr_Character_SetVelocity(hero, nan_velocity) == tr_errorInvalidArgument);
  CHECK_OK(tr_Character_GetState(hero, &after));
  CHECK(memcmp(&before.position, &after.position, sizeof before.position) == 0);

  def.sphere_count = 3;
  CHECK(tr_CreateCharacter(world, &def, spawn, &hero) == tr_errorInput);
  def = tr_DefaultCharacterDef();
  def.spheres[0].radius = -1.0f;
  CHECK(tr_CreateCharacter(world, &def, spawn, &hero) == tr_errorInput);
  CHECK(strstr(tr_GetLastError(), "radius") != NULL);
  CHECK_OK(tr_DestroyWorld(world));
}

static void test_objects(void) {
  tr_WorldId world;
  CHECK_OK(tr_CreateDemoWorld(&world));
  int32_t before = 0;
  CHECK_OK(tr_World_GetObjectCount(world, &before));
  tr_ShapeDef sphere;
  memset(&sphere, 0, sizeof sphere);
  sphere.type = tr_shapeSphere;
  sphere.center.z = 1.0f;
  sphere.radius = 1.0f;
  tr_ObjectDef def = tr_DefaultObjectDef();
  def.id = 9001;
  def.name = "boulder";
  def.shapes = &sphere;
  def.shape_count = 1;
  def.position = tr_MakePosition(0, demo_global(90, 40, 20), 0);
  for (int round = 0; round < 3000; ++round) {
    tr_ObjectId id;
    CHECK_OK(tr_World_AddObject(world, &def, &id));
    CHECK_OK(tr_World_RemoveObject(id));
    if (round == 2999) CHECK(tr_World_RemoveObject(id) == tr_errorInvalidId);
  }
  int32_t after = 0;
  CHECK_OK(tr_World_GetObjectCount(world, &after));
  CHECK(after == before + 1); /* one slot, reused 3000 times */

  tr_ObjectId boulder;
  CHECK_OK(tr_World_AddObject(world, &def, &boulder));
  /* A sphere swept east into the boulder stops against it. */
  tr_TraceResult hit;
  tr_Vec3 a = {80.0f, 40.0f, 21.0f}, b = {100.0f, 40.0f, 21.0f};
  CHECK_OK(tr_World_TraceSphere(world, 0xA9B40013u, a, b, 0.5f, &hit));
  CHECK(hit.hit == tr_hitObject && hit.object_id == 9001u);
  CHECK(fabsf(hit.end_position.x - 88.5f) < 0.01f);
  CHECK(hit.normal.x < -0.99f);
  tr_Vec3 mins = {-0.4f, -0.4f, 0.0f}, maxs = {0.4f, 0.4f, 1.8f};
  CHECK_OK(tr_World_TraceBox(world, 0xA9B40013u, a, b, mins, maxs, &hit));
  CHECK(hit.hit == tr_hitObject && hit.fraction < 1.0f);
  tr_Position moved = tr_MakePosition(0, demo_global(90, 30, 20), 0);
  CHECK_OK(tr_World_MoveObject(boulder, moved));
  CHECK_OK(tr_World_TraceSphere(world, 0xA9B40013u, a, b, 0.5f, &hit));
  CHECK(hit.hit == tr_hitNone && hit.fraction == 1.0f);
  tr_Position where;
  CHECK_OK(tr_World_GetObjectPosition(boulder, &where));
  CHECK(fabsf(where.origin.y - 30.0f) < 1e-4f);

  sphere.radius = NAN;
  tr_ObjectId bad;
  CHECK(tr_World_AddObject(world, &def, &bad) == tr_errorInput);
  CHECK(strstr(tr_GetLastError(), "radius") != NULL);
  CHECK(tr_World_TraceSphere(world, 0xDEAD0001u, a, b, 0.5f, &hit) == tr_errorInvalidArgument);
  CHECK_OK(tr_DestroyWorld(world));
}

/* A world built in code: one flat landblock, a room, a mesh object. */
static void test_world_in_code(void) {
  tr_SceneId scene;
  CHECK_OK(tr_CreateScene(&scene));
  CHECK_OK(tr_Scene_AddLandblock(scene, 10, 20, NULL, 5.0f));
  tr_Vec3 box_vertices[8] = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0},
                             {-1, -1, 2}, {1, -1, 2}, {1, 1, 2}, {-1, 1, 2}};
  uint32_t box_quads[24] = {0, 3, 2, 1, 4, 5, 6, 7, 0, 1, 5, 4,
                            1, 2, 6, 5, 2, 3, 7, 6, 3, 0, 4, 7};
  int32_t sizes[6] = {4, 4, 4, 4, 4, 4};
  tr_ShapeDef mesh;
  memset(&mesh, 0, sizeof mesh);
  mesh.type = tr_shapeMesh;
  mesh.mesh.vertices = box_vertices;
  mesh.mesh.vertex_count = 8;
  mesh.mesh.indices = box_quads;
  mesh.mesh.polygon_sizes = sizes;
  mesh.mesh.polygon_count = 6;
  tr_ObjectDef crate = tr_DefaultObjectDef();
  crate.id = 1;
  crate.name = "crate";
  crate.shapes = &mesh;
  crate.shape_count = 1;
  tr_Vec3 crate_at = {100.0f, 100.0f, 5.0f};
  crate.position = tr_MakePosition(0x0A140025u, crate_at, 0);
  CHECK_OK(tr_Scene_AddObject(scene, &crate));
  tr_CharacterDef def = tr_DefaultCharacterDef();
  tr_Vec3 spawn = {100.0f, 90.0f, 5.0f};
  CHECK_OK(tr_Scene_AddCharacter(scene, &def, "runner", tr_MakePosition(0x0A140024u, spawn, 0)));
  tr_WorldId world;
  CHECK_OK(tr_CreateWorld(scene, &world));

  tr_CharacterId hero;
  CHECK_OK(tr_CreateCharacter(world, &def, tr_MakePosition(0x0A140024u, spawn, 0), &hero));
  CHECK_OK(tr_Character_Place(hero, NULL));
  run(hero, tr_forwardRun, 0.0f, 90);
  tr_CharacterState s;
  CHECK_OK(tr_Character_GetState(hero, &s));
  /* Against the crate's south face (y 99 less the radius), within a frame. */
  CHECK(s.position.origin.y > 98.52f - 0.32f && s.position.origin.y <= 98.52f);
  CHECK(s.status == tr_blocked);
  CHECK(fabsf(s.position.origin.z - 5.0f) < 0.001f);

  /* The simulation of the scene's character does the same. */
  tr_SimulationId sim;
  tr_SimulationDef sim_def = tr_DefaultSimulationDef();
  CHECK_OK(tr_CreateSimulation(world, scene, &sim_def, &sim));
  int32_t index = -1;
  CHECK_OK(tr_Simulation_FindCharacter(sim, "runner", &index));
  CHECK(index == 0);
  tr_Controls controls = tr_DefaultControls();
  controls.forward = tr_forwardRun;
  CHECK_OK(tr_Simulation_SetControls(sim, 0, &controls));
  for (int i = 0; i < 90; ++i) CHECK_OK(tr_Simulation_Step(sim, 1.0 / 30.0));
  tr_CharacterState simulated;
  CHECK_OK(tr_Simulation_GetCharacterState(sim, 0, &simulated));
  CHECK(memcmp(&simulated.position, &s.position, sizeof s.position) == 0);
  tr_Event events[64];
  int32_t count = 0;
  CHECK_OK(tr_Simulation_TakeEvents(sim, events, 64, &count));
  int saw_blocked = 0;
  for (int32_t i = 0; i < count; ++i)
    if (events[i].kind == tr_eventBlocked && events[i].character == 0) saw_blocked = 1;
  CHECK(saw_blocked);
  CHECK(strcmp(tr_EventKindName(tr_eventLanded), "landed") == 0);
  double t = 0;
  CHECK_OK(tr_Simulation_GetTime(sim, &t));
  CHECK(fabs(t - 3.0) < 1e-9);
  CHECK(tr_Simulation_GetCharacterState(sim, 1, &simulated) == tr_errorInvalidArgument);
  CHECK_OK(tr_DestroySimulation(sim));
  CHECK(tr_Simulation_Step(sim, 0.1) == tr_errorInvalidId);
  CHECK_OK(tr_DestroyScene(scene));
  CHECK_OK(tr_DestroyWorld(world));
}

/* A simulation of a player (character 0) and a wolf (1) on a flat
 * landblock (0x0A14, z 5), both at its local x 100, at local y player_y
 * and wolf_y. */
typedef struct WolfAndPlayer {
  tr_SceneId scene;
  tr_WorldId world;
  tr_SimulationId sim;
} WolfAndPlayer;

static WolfAndPlayer wolf_and_player(float player_y, float wolf_y, float wolf_heading) {
  const tr_Vec3 player_at = {10 * 192.0f + 100.0f, 20 * 192.0f + player_y, 5.0f};
  const tr_Vec3 wolf_at = {10 * 192.0f + 100.0f, 20 * 192.0f + wolf_y, 5.0f};
  WolfAndPlayer w;
  CHECK_OK(tr_CreateScene(&w.scene));
  CHECK_OK(tr_Scene_AddLandblock(w.scene, 10, 20, NULL, 5.0f));
  tr_CharacterDef player = tr_DefaultCharacterDef();
  tr_CharacterDef wolf = tr_DefaultCharacterDef();
  wolf.flags = tr_flagEdgeSlide | tr_flagGravity | tr_flagCreature;
  CHECK_OK(tr_Scene_AddCharacter(w.scene, &player, "player", tr_MakePosition(0, player_at, 0)));
  CHECK_OK(tr_Scene_AddCharacter(w.scene, &wolf, "wolf", tr_MakePosition(0, wolf_at, wolf_heading)));
  CHECK_OK(tr_CreateWorld(w.scene, &w.world));
  CHECK_OK(tr_CreateSimulation(w.world, w.scene, NULL, &w.sim));
  return w;
}

static void destroy_wolf_and_player(WolfAndPlayer w) {
  CHECK_OK(tr_DestroySimulation(w.sim));
  CHECK_OK(tr_DestroyScene(w.scene));
  CHECK_OK(tr_DestroyWorld(w.world));
}

/* Movement orders: a creature chases a standing player across a flat
 * landblock and arrives; follows it; the player leaves the world. */
static void test_movement_orders(void) {
  WolfAndPlayer w = wolf_and_player(120.0f, 90.0f, 0.0f);
  tr_SimulationId sim = w.sim;

  tr_MoveToParams chase = tr_DefaultMoveToParams();
  CHECK(fabsf(chase.distance_to_object - 0.6f) < 1e-6f && chase.can_walk && chase.use_spheres);
  chase.can_walk = false;
  CHECK_OK(tr_Simulation_MoveToCharacter(sim, 1, 0, &chase));
  tr_MovementProgress progress;
  CHECK_OK(tr_Simulation_GetMovement(sim, 1, &progress));
  CHECK(progress.kind == tr_movementMoveToCharacter && progress.target == 0);
  int arrived_at = -1;
  tr_Event events[64];
  int32_t count = 0;
  for (int i = 0; i < 150 && arrived_at < 0; ++i) {
    CHECK_OK(tr_Simulation_Step(sim, 1.0 / 30.0));
    CHECK_OK(tr_Simulation_TakeEvents(sim, events, 64, &count));
    for (int32_t k = 0; k < count; ++k)
      if (events[k].kind == tr_eventMoveArrived && events[k].character == 1) arrived_at = i;
  }
  CHECK(arrived_at > 0);
  tr_CharacterState s;
  CHECK_OK(tr_Simulation_GetCharacterState(sim, 1, &s));
  /* Within 0.6 m of the player's cylinder: centres at most 0.96 + 0.6 m apart. */
  CHECK(s.position.origin.y > 120.0f - 0.96f - 0.6f - 0.35f && s.position.origin.y < 120.0f - 0.96f);
  CHECK(strcmp(tr_EventKindName(tr_eventMoveArrived), "move_arrived") == 0);

  CHECK_OK(tr_Simulation_StickTo(sim, 1, 0, 2.0f, 0.0f));
  CHECK_OK(tr_Simulation_RemoveCharacter(sim, 0));
  int gone = 0;
  for (int i = 0; i < 3; ++i) {
    CHECK_OK(tr_Simulation_Step(sim, 1.0 / 30.0));
    CHECK_OK(tr_Simulation_TakeEvents(sim, events, 64, &count));
    for (int32_t k = 0; k < count; ++k) gone += events[k].kind == tr_eventTargetGone;
  }
  CHECK(gone == 1);
  int32_t transitions = -1;
  CHECK_OK(tr_Simulation_GetTransitions(sim, 1, &transitions));
  CHECK(transitions == 0);
  tr_Vec3 back = {100.0f, 110.0f, 5.0f};
  CHECK_OK(tr_Simulation_RestoreCharacter(sim, 0, tr_MakePosition(0x0A140025u, back, 0)));
  tr_GiveUpPolicy policy = tr_DefaultGiveUpPolicy();
  CHECK(fabsf(policy.no_progress_seconds - 10.0f) < 1e-6f && fabsf(policy.home.timeout - 30.0f) < 1e-6f);
  CHECK_OK(tr_Simulation_SetGiveUp(sim, 1, &policy));
  CHECK_OK(tr_Simulation_SetGiveUp(sim, 1, NULL));

  CHECK(tr_Simulation_MoveToCharacter(sim, 1, 1, NULL) == tr_errorInput);
  CHECK(strstr(tr_GetLastError(), "itself") != NULL);
  CHECK(tr_Simulation_MoveToCharacter(sim, 1, 7, NULL) == tr_errorInvalidArgument);
  CHECK(strstr(tr_GetLastError(), "target") != NULL);
  chase.turn_rate_deg = NAN;
  CHECK(tr_Simulation_MoveTo(sim, 1, tr_MakePosition(0x0A140025u, back, 0), &chase) == tr_errorInvalidArgument);
  CHECK(strstr(tr_GetLastError(), "turn_rate_deg") != NULL);
  destroy_wolf_and_player(w);
}

/* Moving away, the speed factor and a character's own turn rate: a wolf 3 m
 * north of a player (2.04 m between their cylinders) walks away until 8 m
 * off, then turns 90 degrees at its own 45 deg/s (67.5 running). */
static void test_move_away_and_turn_rate(void) {
  WolfAndPlayer w = wolf_and_player(87.0f, 90.0f, 90.0f);
  tr_SimulationId sim = w.sim;

  tr_MoveToParams away = tr_DefaultMoveToParams();
  CHECK(away.move_towards && !away.move_away && away.turn_away_first && away.speed == 1.0f &&
        away.turn_rate_deg == 0.0f && away.min_distance == 0.0f);
  away.move_towards = false;
  away.move_away = true;
  away.min_distance = 8.0f;
  CHECK_OK(tr_Simulation_MoveToCharacter(sim, 1, 0, &away));
  tr_Event events[64];
  int32_t count = 0;
  int arrived = 0, moving_away = 0;
  float closest = 1e9f;
  tr_CharacterState s;
  for (int i = 0; i < 150 && !arrived; ++i) {
    CHECK_OK(tr_Simulation_Step(sim, 1.0 / 30.0));
    CHECK_OK(tr_Simulation_GetCharacterState(sim, 1, &s));
    if (s.position.origin.y - 87.0f < closest) closest = s.position.origin.y - 87.0f;
    tr_MovementProgress progress;
    CHECK_OK(tr_Simulation_GetMovement(sim, 1, &progress));
    moving_away += progress.moving_away;
    CHECK_OK(tr_Simulation_TakeEvents(sim, events, 64, &count));
    for (int32_t k = 0; k < count; ++k) arrived += events[k].kind == tr_eventMoveArrived;
  }
  CHECK(arrived == 1 && moving_away > 30);
  CHECK(closest > 3.0f - 1e-3f);
  CHECK(s.position.origin.y - 87.0f - 0.96f >= 8.0f && s.position.origin.y - 87.0f - 0.96f < 8.11f);

  CHECK_OK(tr_Simulation_SetTurnRate(sim, 1, 45.0f));
  CHECK_OK(tr_Simulation_TurnTo(sim, 1, 90.0f, NULL));
  double started = 0.0, ended = -1.0;
  CHECK_OK(tr_Simulation_GetTime(sim, &started));
  for (int i = 0; i < 90 && ended < 0.0; ++i) {
    CHECK_OK(tr_Simulation_Step(sim, 1.0 / 30.0));
    CHECK_OK(tr_Simulation_TakeEvents(sim, events, 64, &count));
    for (int32_t k = 0; k < count; ++k)
      if (events[k].kind == tr_eventMoveArrived) ended = events[k].t;
  }
  /* 90 degrees at 67.5 deg/s: 1.333 s, seen the frame after. */
  CHECK(fabs(ended - started - (1.333 + 1.0 / 30.0)) < 0.04);

  away.speed = 0.0f;
  CHECK(tr_Simulation_MoveToCharacter(sim, 1, 0, &away) == tr_errorInvalidArgument);
  CHECK(strstr(tr_GetLastError(), "speed") != NULL);
  CHECK(tr_Simulation_SetTurnRate(sim, 1, -1.0f) == tr_errorInvalidArgument);
  destroy_wolf_and_player(w);
}

/* A creature's own cycle speeds: the wolf runs north for 2 s at its run
 * cycle's 2.5 m/s x run rate 2.375 (run skill 200): 11.875 m, where a
 * human's 4 m/s cycle covers 19 m. */
static void test_cycle_speeds(void) {
  WolfAndPlayer w = wolf_and_player(150.0f, 90.0f, 0.0f);
  tr_CycleSpeeds speeds = {1.2f, 2.5f, 0.8f};
  CHECK_OK(tr_Simulation_SetCycleSpeeds(w.sim, 1, &speeds));
  tr_Controls run = tr_DefaultControls();
  run.forward = tr_forwardRun;
  CHECK_OK(tr_Simulation_SetControls(w.sim, 1, &run));
  tr_CharacterState s;
  CHECK_OK(tr_Simulation_GetCharacterState(w.sim, 1, &s));
  const float start = s.position.origin.y;
  for (int i = 0; i < 60; ++i) CHECK_OK(tr_Simulation_Step(w.sim, 1.0 / 30.0));
  CHECK_OK(tr_Simulation_GetCharacterState(w.sim, 1, &s));
  CHECK(fabsf(s.position.origin.y - start - 11.875f) < 1e-3f);
  speeds.run = -1.0f;
  CHECK(tr_Simulation_SetCycleSpeeds(w.sim, 1, &speeds) == tr_errorInvalidArgument);
  CHECK(strstr(tr_GetLastError(), "run") != NULL);
  CHECK(tr_Simulation_SetCycleSpeeds(w.sim, 1, NULL) == tr_errorInvalidArgument);
  destroy_wolf_and_player(w);
}

/* Landblock-group scheduling: eight runners around the corner where the
 * demo world's four landblocks meet, crossing their borders, step to the
 * same bits on two threads by landblock group as on one thread in blocks. */
static void test_landblock_groups(void) {
  tr_WorldId world;
  CHECK_OK(tr_CreateDemoWorld(&world));
  tr_SceneId scene;
  CHECK_OK(tr_CreateScene(&scene));
  tr_CharacterDef def = tr_DefaultCharacterDef();
  /* 6 m from the corner, north first, then clockwise every 45 degrees, on
   * the flat ground there (z 20). */
  static const float east[8] = {0.0f, 4.2426f, 6.0f, 4.2426f, 0.0f, -4.2426f, -6.0f, -4.2426f};
  static const float north[8] = {6.0f, 4.2426f, 0.0f, -4.2426f, -6.0f, -4.2426f, 0.0f, 4.2426f};
  for (int i = 0; i < 8; ++i) {
    char name[16];
    snprintf(name, sizeof name, "runner%d", i);
    tr_Vec3 at = {32640.0f + east[i], 34752.0f + north[i], 20.0f};
    /* Each runs across the corner toward the opposite side. */
    CHECK_OK(tr_Scene_AddCharacter(scene, &def, name, tr_MakePosition(0, at, (float)(i * 45 + 180 + 10))));
  }
  tr_SimulationId blocks, groups;
  CHECK_OK(tr_CreateSimulation(world, scene, NULL, &blocks));
  tr_SimulationDef two = tr_DefaultSimulationDef();
  two.threads = 2;
  CHECK_OK(tr_CreateSimulation(world, scene, &two, &groups));
  CHECK_OK(tr_Simulation_SetScheduling(groups, tr_schedulingLandblockGroups, 1));
  CHECK(tr_Simulation_SetScheduling(groups, (tr_Scheduling)7, 1) == tr_errorInvalidArgument);
  CHECK(tr_Simulation_SetScheduling(groups, tr_schedulingLandblockGroups, 0) == tr_errorInvalidArgument);
  tr_Controls run_on = tr_DefaultControls();
  run_on.forward = tr_forwardRun;
  for (int i = 0; i < 8; ++i) {
    CHECK_OK(tr_Simulation_SetControls(blocks, i, &run_on));
    CHECK_OK(tr_Simulation_SetControls(groups, i, &run_on));
  }
  static tr_CharacterState a[8], b[8];
  uint32_t first[8], group = 0;
  int same = 1, changed = 0, distinct = 0;
  for (int frame = 0; frame < 45; ++frame) {
    CHECK_OK(tr_Simulation_Step(blocks, 1.0 / 30.0));
    CHECK_OK(tr_Simulation_Step(groups, 1.0 / 30.0));
    CHECK_OK(tr_Simulation_GetCharacterStates(blocks, a, 8));
    CHECK_OK(tr_Simulation_GetCharacterStates(groups, b, 8));
    same &= memcmp(a, b, sizeof a) == 0;
    for (int i = 0; i < 8; ++i) {
      CHECK_OK(tr_Simulation_GetGroup(groups, i, &group));
      if (frame == 0) {
        first[i] = group;
        int seen = 0;
        for (int k = 0; k < i; ++k) seen |= first[k] == group;
        distinct += !seen;
      } else {
        changed += group != first[i];
        first[i] = group;
      }
    }
  }
  CHECK(same);
  CHECK(distinct == 4);  /* the four landblocks */
  CHECK(changed >= 4);   /* runners handed from group to group */
  CHECK_OK(tr_Simulation_GetGroup(blocks, 0, &group));
  CHECK(group == 0);
  CHECK_OK(tr_DestroySimulation(blocks));
  CHECK_OK(tr_DestroySimulation(groups));
  CHECK_OK(tr_DestroyScene(scene));
  CHECK_OK(tr_DestroyWorld(world));
}

/* An indoor cell built in code: a closed 4 x 4 x 3 m room whose walls face
 * inwards, standing in a flat landblock; a character inside runs into its
 * north wall, jumps, and is teleported. */
static void test_room_in_code(void) {
  tr_SceneId scene;
  CHECK_OK(tr_CreateScene(&scene));
  CHECK_OK(tr_Scene_AddLandblock(scene, 10, 20, NULL, 0.0f));
  tr_Vec3 v[8] = {{0, 0, 0}, {4, 0, 0}, {4, 4, 0}, {0, 4, 0}, {0, 0, 3}, {4, 0, 3}, {4, 4, 3}, {0, 4, 3}};
  uint32_t quads[24] = {0, 1, 2, 3, /* floor, up */ 4, 7, 6, 5, /* ceiling, down */
                        0, 4, 5, 1, /* y 0, north */ 3, 2, 6, 7, /* y 4, south */
                        0, 3, 7, 4, /* x 0, east */ 1, 5, 6, 2 /* x 4, west */};
  int32_t sizes[6] = {4, 4, 4, 4, 4, 4};
  tr_CellDef room = tr_DefaultCellDef();
  room.id = 0x0A140100u;
  room.origin.x = 100.0f;
  room.origin.y = 100.0f;
  room.mesh.vertices = v;
  room.mesh.vertex_count = 8;
  room.mesh.indices = quads;
  room.mesh.polygon_sizes = sizes;
  room.mesh.polygon_count = 6;
  CHECK_OK(tr_Scene_AddCell(scene, &room));
  tr_WorldId world;
  CHECK_OK(tr_CreateWorld(scene, &world));
  CHECK_OK(tr_DestroyScene(scene));

  tr_Vec3 inside = {102.0f, 101.0f, 0.0f};
  tr_CharacterDef def = tr_DefaultCharacterDef();
  tr_CharacterId hero;
  CHECK_OK(tr_CreateCharacter(world, &def, tr_MakePosition(0x0A140100u, inside, 0), &hero));
  CHECK_OK(tr_Character_Place(hero, NULL));
  run(hero, tr_forwardRun, 0.0f, 30);
  tr_CharacterState s;
  CHECK_OK(tr_Character_GetState(hero, &s));
  CHECK(s.position.cell == 0x0A140100u);
  CHECK(s.position.origin.y > 103.52f - 0.32f && s.position.origin.y <= 103.52f);
  CHECK(s.status == tr_blocked && s.ground == tr_onGround);

  bool started = false;
  CHECK_OK(tr_Character_Jump(hero, 0.5f, &started));
  CHECK(started);
  CHECK_OK(tr_Character_Update(hero, 0.1, NULL));
  CHECK_OK(tr_Character_GetState(hero, &s));
  CHECK(s.ground == tr_inAir && s.position.origin.z > 0.1f && s.velocity.z > 0.0f);

  tr_Vec3 corner = {100.6f, 100.6f, 0.0f};
  CHECK_OK(tr_Character_Teleport(hero, tr_MakePosition(0x0A140100u, corner, 90.0f)));
  CHECK_OK(tr_Character_GetState(hero, &s));
  CHECK(s.position.origin.x == 100.6f && s.position.origin.y == 100.6f);
  CHECK(fabsf(s.heading_deg - 90.0f) < 0.01f && s.ground == tr_inAir);
  tr_Vec3 outside = {50.0f, 50.0f, 0.0f};
  CHECK(tr_Character_Teleport(hero, tr_MakePosition(0x0A140100u + 7u, outside, 0)) ==
        tr_errorInvalidArgument);
  CHECK(strstr(tr_GetLastError(), "0x0A140107") != NULL);
  /* A room cell that does not contain the point, and a local point beyond
   * its landblock, are no place to stand. */
  CHECK(tr_Character_Teleport(hero, tr_MakePosition(0x0A140100u, outside, 0)) ==
        tr_errorInvalidArgument);
  CHECK(strstr(tr_GetLastError(), "does not contain local point") != NULL);
  tr_Vec3 beyond = {250.0f, 10.0f, 0.0f};
  CHECK(tr_CreateCharacter(world, &def, tr_MakePosition(0x0A140001u, beyond, 0), &hero) ==
        tr_errorInvalidArgument);
  CHECK(strstr(tr_GetLastError(), "outside its landblock") != NULL);
  CHECK_OK(tr_DestroyWorld(world));
}

/* An object whose shape is an OBJ file, added at run time. */
static void test_obj_file_object(void) {
  const char* path = "c_api_test_cube.obj";
  FILE* f = fopen(path, "w");
  CHECK(f != NULL);
  if (!f) return;
  fputs("v -1 -1 0\nv 1 -1 0\nv 1 1 0\nv -1 1 0\nv -1 -1 2\nv 1 -1 2\nv 1 1 2\nv -1 1 2\n"
        "f 1 4 3 2\nf 5 6 7 8\nf 1 2 6 5\nf 2 3 7 6\nf 3 4 8 7\nf 4 1 5 8\n", f);
  fclose(f);
  tr_WorldId world;
  CHECK_OK(tr_CreateDemoWorld(&world));
  tr_ShapeDef shape;
  memset(&shape, 0, sizeof shape);
  shape.type = tr_shapeObjFile;
  shape.obj_path = path;
  tr_ObjectDef def = tr_DefaultObjectDef();
  def.id = 4242;
  def.shapes = &shape;
  def.shape_count = 1;
  def.position = tr_MakePosition(0, demo_global(90, 40, 20), 0);
  tr_ObjectId cube;
  CHECK_OK(tr_World_AddObject(world, &def, &cube));
  tr_TraceResult hit;
  tr_Vec3 a = {80.0f, 40.0f, 21.0f}, b = {100.0f, 40.0f, 21.0f};
  CHECK_OK(tr_World_TraceSphere(world, 0xA9B40013u, a, b, 0.5f, &hit));
  CHECK(hit.hit == tr_hitObject && hit.object_id == 4242u);
  CHECK(fabsf(hit.end_position.x - 88.5f) < 0.01f);
  shape.obj_path = "/nonexistent/cube.obj";
  CHECK(tr_World_AddObject(world, &def, &cube) == tr_errorInput);
  CHECK(strstr(tr_GetLastError(), "/nonexistent/cube.obj") != NULL);
  CHECK_OK(tr_DestroyWorld(world));
  remove(path);
}

/* A baked world loads into the same world: a runner ends where it ends on
 * the scene it was baked from; a file that is not one is refused. */
static tr_Vec3 run_on(const char* file) {
  tr_WorldId world;
  tr_Vec3 at = {0, 0, 0};
  CHECK_OK(tr_CreateWorldFromFile(file, &world));
  tr_CharacterDef def = tr_DefaultCharacterDef();
  tr_CharacterId hero;
  CHECK_OK(tr_CreateCharacter(world, &def, tr_MakePosition(0, demo_global(103, 60, 20), 0), &hero));
  CHECK_OK(tr_Character_Place(hero, NULL));
  run(hero, tr_forwardRun, 20.0f, 90);
  tr_CharacterState s;
  CHECK_OK(tr_Character_GetState(hero, &s));
  at = s.global_position;
  CHECK_OK(tr_DestroyWorld(world));
  return at;
}

static void test_baked_world(void) {
  const char* scene = TRANSIT_SOURCE_DIR "/tests/scenarios/demo-world.scene.json";
  const char* baked = "c_api_test_demo.trbake";
  CHECK_OK(tr_BakeSceneFile(scene, baked));
  const tr_Vec3 built = run_on(scene), loaded = run_on(baked);
  CHECK(built.x == loaded.x && built.y == loaded.y && built.z == loaded.z);
  CHECK(fabsf(built.x - 32551.0f) > 1.0f || fabsf(built.y - 34620.0f) > 1.0f); /* it ran */
  tr_WorldId world;
  CHECK(tr_BakeSceneFile("/nonexistent/scene.json", baked) == tr_errorInput);
  CHECK(tr_BakeSceneFile(NULL, baked) == tr_errorInvalidArgument);
  FILE* f = fopen(baked, "r+b");
  CHECK(f != NULL);
  if (f) {
    fseek(f, 100, SEEK_SET);
    fputc('#', f);
    fclose(f);
  }
  CHECK(tr_CreateWorldFromFile(baked, &world) == tr_errorInput);
  CHECK(strstr(tr_GetLastError(), "checksum") != NULL);
  remove(baked);
}

/* A world from the synthetic retail data directory: a runner walks east
 * through the hut's doorway into its indoor cell; a character shaped as a
 * Setup; bad directories and counts refused. */
static void test_retail_data(void) {
  const char* dir = TRANSIT_SOURCE_DIR "/tests/data/retail-synthetic";
  const uint16_t dungeon = 0x0101;
  tr_WorldId world;
  CHECK_OK(tr_CreateWorldFromDat(dir, &dungeon, 1, &world));
  tr_CharacterDef def = tr_DefaultCharacterDef();
  const tr_Position start = {0x0101001Du, {92.0f, 100.0f, 0.05f}, {0.70710678f, 0.0f, 0.0f, -0.70710678f}};
  tr_CharacterId walker;
  CHECK_OK(tr_CreateCharacter(world, &def, start, &walker));
  CHECK_OK(tr_Character_Place(walker, NULL));
  tr_Controls run = tr_DefaultControls();
  run.forward = tr_forwardRun;
  CHECK_OK(tr_Character_SetControls(walker, &run));
  for (int i = 0; i < 60; ++i) CHECK_OK(tr_Character_Update(walker, 1.0 / 30.0, NULL));
  tr_CharacterState s;
  CHECK_OK(tr_Character_GetState(walker, &s));
  CHECK(s.position.cell == 0x01010102u); /* inside the hut */
  CHECK(s.position.origin.x > 101.0f && s.position.origin.x < 102.6f);
  CHECK_OK(tr_DestroyWorld(world));

  CHECK_OK(tr_CharacterDefFromSetup(dir, 0x02000001u, &def));
  CHECK(def.sphere_count == 2 && def.spheres[1].radius == 0.6f && def.step_down_height == 1.0f && def.free_heading);
  CHECK(tr_CharacterDefFromSetup(dir, 0x02000777u, &def) == tr_errorInput);
  CHECK(strstr(tr_GetLastError(), "0x02000777") != NULL);
  float turn_rate = 0.0f;
  CHECK_OK(tr_TurnRateFromSetup(dir, 0x02000001u, &turn_rate)); /* pi/3 rad/s */
  CHECK(turn_rate > 59.999f && turn_rate < 60.001f);
  CHECK(tr_TurnRateFromSetup(dir, 0x02000C02u, &turn_rate) == tr_errorInput); /* the rock: no MotionTable */
  CHECK(strstr(tr_GetLastError(), "has no MotionTable") != NULL);
  CHECK(tr_TurnRateFromSetup(dir, 0x02000001u, NULL) == tr_errorInvalidArgument);
  tr_CycleSpeeds speeds = tr_DefaultCycleSpeeds();
  CHECK(speeds.walk == 3.12f && speeds.run == 4.0f && speeds.sidestep == 1.25f);
  CHECK_OK(tr_CycleSpeedsFromSetup(dir, 0x02000001u, &speeds));
  CHECK(speeds.walk == 1.2f && speeds.run == 2.5f && speeds.sidestep == 0.8f);
  CHECK(tr_CycleSpeedsFromSetup(dir, 0x02000C02u, &speeds) == tr_errorInput);
  CHECK(strstr(tr_GetLastError(), "has no MotionTable") != NULL);
  CHECK(tr_CycleSpeedsFromSetup(dir, 0x02000001u, NULL) == tr_errorInvalidArgument);
  CHECK(tr_CreateWorldFromDat("/nonexistent", &dungeon, 1, &world) == tr_errorInput);
  CHECK(strstr(tr_GetLastError(), "client_cell_1.dat") != NULL);
  CHECK(tr_CreateWorldFromDat(dir, &dungeon, 0, &world) == tr_errorInput);
  CHECK(tr_CreateWorldFromDat(dir, NULL, 1, &world) == tr_errorInvalidArgument);
}

/* How far a standalone character made from `def` runs north in 2 s on a
 * flat landblock. */
static float two_second_run(const tr_CharacterDef* def) {
  const tr_WorldId world = flat_world();
  const tr_Vec3 at = {10 * 192.0f + 100.0f, 20 * 192.0f + 50.0f, 5.0f};
  tr_CharacterId runner;
  CHECK_OK(tr_CreateCharacter(world, def, tr_MakePosition(0, at, 0), &runner));
  CHECK_OK(tr_Character_Place(runner, NULL));
  run(runner, tr_forwardRun, 0.0f, 60);
  tr_CharacterState s;
  CHECK_OK(tr_Character_GetState(runner, &s));
  CHECK(s.ground == tr_onGround);
  CHECK_OK(tr_DestroyWorld(world));
  return s.global_position.y - at.y;
}

/* A creature's def carries its own turn rate and cycle speeds: the
 * synthetic creature (0x02000001) turns 60 deg/s and runs 2.5 m/s, so it
 * covers 2.5 x run rate 2.375 (skill 200) x 2 s = 11.875 m where a human's
 * 4 m/s covers 19 m; a Setup without a MotionTable (the rock) keeps the
 * human's; bad speeds are refused naming the field. */
static void test_creature_def(void) {
  const char* dir = TRANSIT_SOURCE_DIR "/tests/data/retail-synthetic";
  const tr_CharacterDef human = tr_DefaultCharacterDef();
  CHECK(human.turn_rate_deg == 90.0f);
  CHECK(human.cycle_speeds.walk == 3.12f && human.cycle_speeds.run == 4.0f && human.cycle_speeds.sidestep == 1.25f);
  tr_CharacterDef creature = tr_DefaultCharacterDef();
  CHECK_OK(tr_CharacterDefFromSetup(dir, 0x02000001u, &creature));
  CHECK(creature.turn_rate_deg > 59.999f && creature.turn_rate_deg < 60.001f);
  CHECK(creature.cycle_speeds.walk == 1.2f && creature.cycle_speeds.run == 2.5f && creature.cycle_speeds.sidestep == 0.8f);
  tr_CharacterDef rock = tr_DefaultCharacterDef();
  CHECK_OK(tr_CharacterDefFromSetup(dir, 0x02000C02u, &rock));
  CHECK(rock.turn_rate_deg == 90.0f && rock.cycle_speeds.run == 4.0f && rock.cycle_speeds.walk == 3.12f);

  CHECK(fabsf(two_second_run(&creature) - 11.875f) < 1e-3f);
  CHECK(fabsf(two_second_run(&human) - 19.0f) < 1e-3f);

  tr_WorldId world;
  CHECK_OK(tr_CreateDemoWorld(&world));
  const tr_Position at = tr_MakePosition(0, demo_global(103, 60, 20), 0);
  tr_CharacterId id;
  tr_CheckerId checker;
  tr_SceneId scene;
  CHECK_OK(tr_CreateScene(&scene));
  tr_CharacterDef bad = creature;
  bad.cycle_speeds.run = -1.0f;
  CHECK(tr_CreateCharacter(world, &bad, at, &id) == tr_errorInvalidArgument);
  CHECK(strstr(tr_GetLastError(), "cycle_speeds.run must be a finite number >= 0") != NULL);
  CHECK(tr_CreateChecker(world, &bad, NULL, &checker) == tr_errorInvalidArgument);
  CHECK(strstr(tr_GetLastError(), "cycle_speeds.run") != NULL);
  bad = creature;
  bad.cycle_speeds.sidestep = NAN;
  CHECK(tr_Scene_AddCharacter(scene, &bad, "bad", at) == tr_errorInvalidArgument);
  CHECK(strstr(tr_GetLastError(), "cycle_speeds.sidestep") != NULL);
  bad = creature;
  bad.turn_rate_deg = NAN;
  CHECK(tr_CreateCharacter(world, &bad, at, &id) == tr_errorInvalidArgument);
  CHECK(strstr(tr_GetLastError(), "turn_rate_deg must be a finite number > 0") != NULL);
  bad.turn_rate_deg = -60.0f;
  CHECK(tr_CreateChecker(world, &bad, NULL, &checker) == tr_errorInvalidArgument);
  CHECK(strstr(tr_GetLastError(), "turn_rate_deg") != NULL);
  int32_t count = -1;
  CHECK_OK(tr_Scene_GetCharacterCount(scene, &count));
  CHECK(count == 0);
  CHECK_OK(tr_DestroyScene(scene));
  CHECK_OK(tr_DestroyWorld(world));
}

/* A scene character made from a creature's def moves at its speeds in a
 * simulation: 11.875 m in 2 s. */
static void test_creature_def_in_a_scene(void) {
  tr_CharacterDef creature = tr_DefaultCharacterDef();
  CHECK_OK(tr_CharacterDefFromSetup(TRANSIT_SOURCE_DIR "/tests/data/retail-synthetic", 0x02000001u, &creature));
  tr_SceneId scene;
  CHECK_OK(tr_CreateScene(&scene));
  CHECK_OK(tr_Scene_AddLandblock(scene, 10, 20, NULL, 5.0f));
  const tr_Vec3 at = {10 * 192.0f + 100.0f, 20 * 192.0f + 50.0f, 5.0f};
  CHECK_OK(tr_Scene_AddCharacter(scene, &creature, "creature", tr_MakePosition(0, at, 0)));
  tr_WorldId world;
  CHECK_OK(tr_CreateWorld(scene, &world));
  tr_SimulationId sim;
  CHECK_OK(tr_CreateSimulation(world, scene, NULL, &sim));
  tr_Controls run = tr_DefaultControls();
  run.forward = tr_forwardRun;
  CHECK_OK(tr_Simulation_SetControls(sim, 0, &run));
  tr_CharacterState s;
  CHECK_OK(tr_Simulation_GetCharacterState(sim, 0, &s));
  const float start = s.global_position.y;
  for (int i = 0; i < 60; ++i) CHECK_OK(tr_Simulation_Step(sim, 1.0 / 30.0));
  CHECK_OK(tr_Simulation_GetCharacterState(sim, 0, &s));
  CHECK(fabsf(s.global_position.y - start - 11.875f) < 1e-3f);
  CHECK_OK(tr_DestroySimulation(sim));
  CHECK_OK(tr_DestroyScene(scene));
  CHECK_OK(tr_DestroyWorld(world));
}

static void test_batch(void) {
  enum { kCount = 200 };
  tr_WorldId world;
  CHECK_OK(tr_CreateDemoWorld(&world));
  tr_CharacterDef def = tr_DefaultCharacterDef();
  static tr_CharacterId ids[kCount];
  static tr_Controls controls[kCount];
  static tr_CharacterState one[kCount], two[kCount];
  static tr_MoveStatus statuses[kCount];
  for (int i = 0; i < kCount; ++i) {
    CHECK_OK(tr_CreateCharacter(world, &def,
                                tr_MakePosition(0, demo_global(60.0f + (float)(i % 20) * 4.0f,
                                                               30.0f + (float)(i / 20) * 4.0f, 20),
                                                (float)(i * 7 % 360)),
                                &ids[i]));
    CHECK_OK(tr_Character_Place(ids[i], NULL));
    controls[i] = tr_DefaultControls();
    controls[i].forward = (i % 3) ? tr_forwardRun : tr_forwardWalk;
    controls[i].turn_deg_per_s = (float)(i % 5) * 20.0f;
  }
  for (int frame = 0; frame < 30; ++frame)
    CHECK_OK(tr_World_UpdateCharacters(world, ids, controls, kCount, 1.0 / 30.0, 1, one, statuses));
  /* The same characters again from the start, on two threads, one by one
   * compared: teleport back is not placement, so rebuild them. */
  tr_WorldId world2;
  CHECK_OK(tr_CreateDemoWorld(&world2));
  static tr_CharacterId ids2[kCount];
  for (int i = 0; i < kCount; ++i) {
    CHECK_OK(tr_CreateCharacter(world2, &def,
                                tr_MakePosition(0, demo_global(60.0f + (float)(i % 20) * 4.0f,
                                                               30.0f + (float)(i / 20) * 4.0f, 20),
                                                (float)(i * 7 % 360)),
                                &ids2[i]));
    CHECK_OK(tr_Character_Place(ids2[i], NULL));
  }
  for (int frame = 0; frame < 30; ++frame)
    CHECK_OK(tr_World_UpdateCharacters(world2, ids2, controls, kCount, 1.0 / 30.0, 2, two, NULL));
  CHECK(memcmp(one, two, sizeof one) == 0);
  int moved = 0;
  for (int i = 0; i < kCount; ++i)
    if (fabsf(one[i].position.origin.x - (60.0f + (float)(i % 20) * 4.0f)) > 1.0f ||
        fabsf(one[i].position.origin.y - (30.0f + (float)(i / 20) * 4.0f)) > 1.0f)
      ++moved;
  CHECK(moved > kCount / 2);

  /* A stale id in the batch: the rest are updated, the call says which. */
  CHECK_OK(tr_DestroyCharacter(ids[5]));
  CHECK(tr_World_UpdateCharacters(world, ids, NULL, kCount, 1.0 / 30.0, 2, one, statuses) ==
        tr_errorInvalidId);
  CHECK(statuses[5] == tr_invalidInput && statuses[6] != tr_invalidInput);
  CHECK(strstr(tr_GetLastError(), "characters[5]") != NULL);
  CHECK(tr_World_UpdateCharacters(world, ids, NULL, -1, 1.0 / 30.0, 1, NULL, NULL) ==
        tr_errorInvalidArgument);

  tr_Position targets[2];
  CHECK_OK(tr_Character_GetState(ids[0], &one[0]));
  targets[0] = one[0].position;
  targets[0].origin.x += 0.5f;
  CHECK_OK(tr_Character_GetState(ids[1], &one[1]));
  targets[1] = one[1].position;
  CHECK_OK(tr_World_MoveCharacters(world, ids, targets, 2, 1, one, statuses));
  CHECK(fabsf(one[0].position.origin.x - targets[0].origin.x) < 1e-4f);
  CHECK_OK(tr_DestroyWorld(world));
  CHECK_OK(tr_DestroyWorld(world2));
}

static void test_box_movers(void) {
  tr_WorldId world;
  CHECK_OK(tr_CreateDemoWorld(&world));
  for (int mover = tr_moverQuake; mover <= tr_moverTribes; ++mover) {
    tr_CharacterDef def = tr_DefaultCharacterDef();
    def.mover = (tr_MoverKind)mover;
    tr_CharacterId box;
    CHECK_OK(tr_CreateCharacter(world, &def, tr_MakePosition(0, demo_global(75, 95, 20), 0), &box));
    run(box, tr_forwardRun, 0.0f, 60);
    tr_CharacterState s;
    CHECK_OK(tr_Character_GetState(box, &s));
    CHECK(s.position.origin.y > 96.0f && s.position.origin.y < 99.75f - 0.39f); /* the wall */
    CHECK(s.ground == tr_onGround);
  }
  CHECK_OK(tr_DestroyWorld(world));
}

int main(void) {
  test_version();
  test_null_and_stale_ids();
  test_bad_scene_file();
  test_run_into_wall();
  test_up_the_stairs();
  test_bad_input_is_refused();
  test_objects();
  test_world_in_code();
  test_room_in_code();
  test_obj_file_object();
  test_baked_world();
  test_retail_data();
  test_creature_def();
  test_creature_def_in_a_scene();
  test_batch();
  test_box_movers();
  test_movement_orders();
  test_move_away_and_turn_rate();
  test_cycle_speeds();
  test_landblock_groups();
  test_claim_checks();
  printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
