/* transit's C API: a stable C11 interface over the C++ library, for other
 * languages (the C# and Python bindings are built on it) and for C programs.
 *
 * Conventions (docs/c-api.md):
 * - Worlds, scenes, characters, objects, simulations, and the claim
 *   checkers, claim states and crowds of a world are named by small
 *   structs of plain integers (ids). A zeroed id is null. An id whose thing
 *   was destroyed is stale: every call refuses it with tr_errorInvalidId,
 *   never crashes.
 * - Every call returns a tr_Status (values come back through out-parameters);
 *   on an error tr_GetLastError() gives this thread's message naming what
 *   was wrong ("character: stale id", "scene.json: /characters/0/position:
 *   ..."). No C++ exception ever leaves a call.
 * - Definitions (tr_CharacterDef, tr_ObjectDef ...) start from
 *   tr_Default...Def() and are copied by the call that takes them.
 * - Units: metres, seconds, degrees; positions are a cell id and a point
 *   local to the cell's landblock (x east, y north, z up), or with cell 0 a
 *   global point where a call says so.
 * - Threads: calls on different worlds may run at once. Within one world,
 *   creating or destroying characters and objects, adding, moving or
 *   removing objects, and destroying the world need the world to be used by
 *   nobody else; character calls on different characters may run at once.
 *   A simulation is called from one thread (it steps on its own threads).
 */
#ifndef TRANSIT_TRANSIT_H
#define TRANSIT_TRANSIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define TR_API __declspec(dllexport)
#else
#define TR_API __attribute__((visibility("default")))
#endif

/* ---- results --------------------------------------------------------- */

typedef enum tr_Status {
  tr_ok = 0,
  tr_errorInvalidArgument = 1, /* a null pointer, NaN, a negative count ... */
  tr_errorInvalidId = 2,       /* a null or stale id */
  tr_errorInput = 3,           /* a bad scene, file or definition (message says where) */
  tr_errorCapacity = 4,        /* too many worlds, scenes or simulations at once */
  tr_errorInternal = 5,        /* a failure of transit itself: please report it */
} tr_Status;

/* This thread's message for its last failed call ("" when none failed yet). */
TR_API const char* tr_GetLastError(void);
/* The status's name ("ok", "invalid_id" ...). */
TR_API const char* tr_StatusName(tr_Status status);

/* Library version: "0.2.0" and its parts. */
TR_API const char* tr_GetVersionString(void);
TR_API void tr_GetVersion(int* major, int* minor, int* patch);

/* ---- values ---------------------------------------------------------- */

typedef struct tr_Vec3 {
  float x, y, z;
} tr_Vec3;

typedef struct tr_Quat {
  float w, x, y, z;
} tr_Quat;

/* A cell id (0xXXYYCCCC) and a frame local to that cell's landblock. */
typedef struct tr_Position {
  uint32_t cell;
  tr_Vec3 origin;
  tr_Quat orientation;
} tr_Position;

/* A plane n . p + d = 0, in the coordinates of `cell`'s landblock. */
typedef struct tr_Plane {
  tr_Vec3 normal;
  float d;
  uint32_t cell;
} tr_Plane;

/* A position at `origin` in `cell` facing `heading_deg` (0 = north, +y,
 * clockwise). With cell 0, origin is global: the calls that take positions
 * find its cell. */
TR_API tr_Position tr_MakePosition(uint32_t cell, tr_Vec3 origin, float heading_deg);
/* The compass heading of a position's orientation, degrees 0..360. */
TR_API float tr_Heading(tr_Position position);

/* ---- ids ------------------------------------------------------------- */

typedef struct tr_WorldId {
  uint16_t index1;
  uint16_t generation;
} tr_WorldId;

typedef struct tr_SceneId {
  uint16_t index1;
  uint16_t generation;
} tr_SceneId;

typedef struct tr_SimulationId {
  uint16_t index1;
  uint16_t generation;
} tr_SimulationId;

typedef struct tr_CharacterId {
  uint32_t index1;
  uint32_t generation;
  tr_WorldId world;
} tr_CharacterId;

typedef struct tr_ObjectId {
  uint32_t index1;
  uint32_t generation;
  tr_WorldId world;
} tr_ObjectId;

/* ---- flags and kinds ------------------------------------------------- */

/* Object and character flags (the scene format's "flags"). */
enum {
  tr_flagEthereal = 1u << 0,
  tr_flagStatic = 1u << 1,
  tr_flagCreature = 1u << 2,
  tr_flagPlayer = 1u << 3,
  tr_flagPk = 1u << 4,
  tr_flagImpenetrable = 1u << 5,
  tr_flagIgnoreCreatures = 1u << 6,
  tr_flagMissile = 1u << 7,
  tr_flagEdgeSlide = 1u << 8,
  tr_flagGravity = 1u << 9,
  tr_flagPerfectClip = 1u << 10,
  tr_flagPathClipped = 1u << 11,
  tr_flagFreeRotate = 1u << 12,
  tr_flagViewer = 1u << 13,
  tr_flagIgnoreCollisions = 1u << 14,
};

typedef enum tr_MoverKind { tr_moverAc = 0, tr_moverQuake = 1, tr_moverTribes = 2 } tr_MoverKind;

/* Why a move, update or placement ended where it did. */
typedef enum tr_MoveStatus {
  tr_moved = 0,
  tr_slid = 1,
  tr_blocked = 2,
  tr_blockedByObject = 3,
  tr_stationaryFall = 4,
  tr_stepCapExceeded = 5,
  tr_noCell = 6,
  tr_noRoom = 7,
  tr_invalidInput = 8,
} tr_MoveStatus;
TR_API const char* tr_MoveStatusName(tr_MoveStatus status);

typedef enum tr_GroundState {
  tr_onGround = 0,      /* on walkable ground: can run and jump */
  tr_onSteepGround = 1, /* on a plane too steep to walk: slides down */
  tr_inAir = 2,
} tr_GroundState;

typedef enum tr_Forward { tr_forwardStop = 0, tr_forwardRun, tr_forwardWalk, tr_forwardBack } tr_Forward;
typedef enum tr_Strafe { tr_strafeStop = 0, tr_strafeLeft, tr_strafeRight } tr_Strafe;

/* ---- scenes: a world described before it is built -------------------- */

/* A sphere (centre in the owner's frame, metres). */
typedef struct tr_Sphere {
  tr_Vec3 center;
  float radius;
} tr_Sphere;

/* A polygon mesh: vertex_count points (x, y, z, metres) and polygon_count
 * polygons, polygon i taking polygon_sizes[i] indices from `indices` in
 * order (counter-clockwise seen from the front). polygon_sizes null: all
 * triangles. */
typedef struct tr_MeshDef {
  const tr_Vec3* vertices;
  int32_t vertex_count;
  const uint32_t* indices;
  const int32_t* polygon_sizes;
  int32_t polygon_count;
} tr_MeshDef;

typedef enum tr_ShapeType { tr_shapeSphere = 0, tr_shapeCylSphere, tr_shapeMesh, tr_shapeObjFile } tr_ShapeType;

/* One collision shape of an object, in its frame. */
typedef struct tr_ShapeDef {
  tr_ShapeType type;
  tr_Vec3 center;     /* sphere */
  tr_Vec3 low_point;  /* cylsphere: centre of its bottom */
  float radius;       /* sphere, cylsphere */
  float height;       /* cylsphere */
  tr_MeshDef mesh;    /* mesh */
  const char* obj_path; /* OBJ file (tr_shapeObjFile) */
} tr_ShapeDef;

/* A portal: polygon `polygon` of a cell's (or a building's) mesh leads to
 * cell `to` (0: outside). */
typedef struct tr_PortalDef {
  uint32_t polygon;
  uint32_t to;
} tr_PortalDef;

/* An object: id, name, position (cell 0: global), scale, shapes, flags and,
 * for a building, the portals of its meshes. */
typedef struct tr_ObjectDef {
  uint32_t id;
  const char* name;
  tr_Position position;
  float scale;
  const tr_ShapeDef* shapes;
  int32_t shape_count;
  uint32_t flags;
  const tr_PortalDef* building_portals;
  int32_t building_portal_count;
} tr_ObjectDef;
TR_API tr_ObjectDef tr_DefaultObjectDef(void);

/* An indoor cell (0xXXYY0100 and up): its frame in its landblock, mesh,
 * portals, and whether it sees outside. */
typedef struct tr_CellDef {
  uint32_t id;
  tr_Vec3 origin;
  float heading_deg;
  tr_MeshDef mesh;
  const tr_PortalDef* portals;
  int32_t portal_count;
  bool seen_outside;
} tr_CellDef;
TR_API tr_CellDef tr_DefaultCellDef(void);

/* How fast a body's walk, run and sidestep cycles move it on the ground at
 * speed 1 (m/s, its MotionTable's WalkForward and RunForward forward
 * velocity and SideStepRight's sideways one). The default is the human
 * table's: 3.12, 4 and 1.25. */
typedef struct tr_CycleSpeeds {
  float walk;
  float run;
  float sidestep;
} tr_CycleSpeeds;
TR_API tr_CycleSpeeds tr_DefaultCycleSpeeds(void);

/* A character: mover, AC spheres (1 or 2, foot sphere first, origin at
 * the feet), step heights, flags, Run and Jump skills; Quake and Tribes box
 * (mins/maxs relative to the feet) and Quake's step height (0: Quake 2's);
 * its turn rate (degrees a second at speed 1, finite and > 0; movement
 * managers turn at it) and cycle speeds (each finite and >= 0);
 * tr_CharacterDefFromSetup gives a retail creature's own. The default is
 * retail's human player (turn rate 90, cycle speeds tr_DefaultCycleSpeeds). */
enum { tr_maxCharacterSpheres = 2 };
typedef struct tr_CharacterDef {
  tr_MoverKind mover;
  tr_Sphere spheres[tr_maxCharacterSpheres];
  int32_t sphere_count;
  float step_up_height;
  float step_down_height;
  uint32_t flags;
  float run_skill;
  float jump_skill;
  tr_Vec3 box_mins;
  tr_Vec3 box_maxs;
  float quake_step_size;
  bool free_heading; /* the heading follows the controls even when blocked (retail's humans) */
  float turn_rate_deg;
  tr_CycleSpeeds cycle_speeds;
} tr_CharacterDef;
TR_API tr_CharacterDef tr_DefaultCharacterDef(void);

/* An empty scene; one read from a scene file (OBJ paths relative to it);
 * one parsed from JSON text (OBJ paths relative to base_dir, may be null). */
TR_API tr_Status tr_CreateScene(tr_SceneId* out);
TR_API tr_Status tr_LoadScene(const char* path, tr_SceneId* out);
TR_API tr_Status tr_ParseScene(const char* json, const char* base_dir, tr_SceneId* out);
TR_API tr_Status tr_DestroyScene(tr_SceneId scene);

/* A terrain landblock (x, y in 0..254): 81 heights (index vx * 9 + vy,
 * metres), or null heights for a flat landblock at `flat`. */
TR_API tr_Status tr_Scene_AddLandblock(tr_SceneId scene, int32_t x, int32_t y,
                                       const float* heights81, float flat);
TR_API tr_Status tr_Scene_AddCell(tr_SceneId scene, const tr_CellDef* def);
TR_API tr_Status tr_Scene_AddObject(tr_SceneId scene, const tr_ObjectDef* def);
/* A character for simulations made from the scene (position cell 0: global). */
TR_API tr_Status tr_Scene_AddCharacter(tr_SceneId scene, const tr_CharacterDef* def,
                                       const char* name, tr_Position position);
TR_API tr_Status tr_Scene_GetCharacterCount(tr_SceneId scene, int32_t* count);

/* ---- worlds ---------------------------------------------------------- */

/* Builds a world from a scene (checked as a scene file is); the scene is
 * left as it was and may be destroyed at once. */
TR_API tr_Status tr_CreateWorld(tr_SceneId scene, tr_WorldId* out);
/* Reads and builds a scene file, or JSON text (OBJ paths relative to
 * base_dir), in one call. A baked world file (tr_BakeSceneFile,
 * `transit bake`) loads without building its trees. */
TR_API tr_Status tr_CreateWorldFromFile(const char* path, tr_WorldId* out);
TR_API tr_Status tr_CreateWorldFromJson(const char* json, const char* base_dir, tr_WorldId* out);
/* Builds a scene file's world once and writes it, BSP trees included, to
 * out_path: a baked world that tr_CreateWorldFromFile loads without reading
 * OBJ files or building (docs/baked-worlds.md). A corrupt, stale or other
 * version's baked file is refused with tr_errorInput and its reason. */
TR_API tr_Status tr_BakeSceneFile(const char* scene_path, const char* out_path);
/* A world of retail landblocks read from a data directory holding
 * client_cell_1.dat and client_portal.dat (docs/retail-data.md): terrain,
 * indoor cells, static objects and building doorways, colliding through
 * retail's own BSP trees. landblocks: `count` ids 0xXXYY. */
TR_API tr_Status tr_CreateWorldFromDat(const char* dat_dir, const uint16_t* landblocks, int32_t count,
                                       tr_WorldId* out);
/* `def` shaped as Setup `setup_id` (0x02......) of a data directory: its
 * spheres (at most tr_maxCharacterSpheres), step heights and free heading,
 * and when the Setup has a MotionTable, its turn rate and cycle speeds (as
 * tr_TurnRateFromSetup and tr_CycleSpeedsFromSetup give them; each the
 * table lacks is left as it is); its other fields are left as they are. */
TR_API tr_Status tr_CharacterDefFromSetup(const char* dat_dir, uint32_t setup_id, tr_CharacterDef* def);
/* The turn rate (degrees a second at speed 1) of Setup `setup_id`'s
 * MotionTable: its TurnRight omega (cycle, else modifier) in the table's default style,
 * what retail turns that creature at (for tr_Simulation_SetTurnRate).
 * tr_errorInput when the Setup has no MotionTable or the table no such
 * omega. */
TR_API tr_Status tr_TurnRateFromSetup(const char* dat_dir, uint32_t setup_id, float* turn_rate_deg);
/* The cycle speeds of Setup `setup_id`'s MotionTable in its default style
 * (for tr_Simulation_SetCycleSpeeds); a cycle the table lacks keeps the
 * human speed. tr_errorInput when the Setup has no MotionTable. */
TR_API tr_Status tr_CycleSpeedsFromSetup(const char* dat_dir, uint32_t setup_id, tr_CycleSpeeds* speeds);
/* The built-in demo world (a village, a house with a stair hall, ramps). */
TR_API tr_Status tr_CreateDemoWorld(tr_WorldId* out);
/* Destroys the world with its characters and objects (their ids go stale). */
TR_API tr_Status tr_DestroyWorld(tr_WorldId world);

/* The cell holding a global point (an indoor cell if inside one). */
TR_API tr_Status tr_World_ResolveGlobal(tr_WorldId world, tr_Vec3 global, tr_Position* out);
/* The global point of a position. */
TR_API tr_Status tr_World_ToGlobal(tr_WorldId world, tr_Position position, tr_Vec3* out);

/* Objects: added (position cell 0: global), moved, removed. The world also
 * holds the objects of the scene it was built from: tr_World_GetObjectCount
 * and tr_World_GetObject give their ids by index. */
TR_API tr_Status tr_World_AddObject(tr_WorldId world, const tr_ObjectDef* def, tr_ObjectId* out);
TR_API tr_Status tr_World_MoveObject(tr_ObjectId object, tr_Position position);
TR_API tr_Status tr_World_RemoveObject(tr_ObjectId object);
TR_API tr_Status tr_World_GetObjectPosition(tr_ObjectId object, tr_Position* out);
TR_API tr_Status tr_World_GetObjectCount(tr_WorldId world, int32_t* count);
TR_API tr_Status tr_World_GetObject(tr_WorldId world, int32_t index, tr_ObjectId* out);

typedef enum tr_TraceHit { tr_hitNone = 0, tr_hitTerrain, tr_hitCell, tr_hitObject } tr_TraceHit;

typedef struct tr_TraceResult {
  float fraction;      /* of the way from start to end the shape got */
  tr_Vec3 end_position;
  tr_Vec3 normal;      /* of the surface hit, towards the shape */
  bool start_solid;
  bool all_solid;
  tr_TraceHit hit;
  uint32_t cell;       /* terrain or indoor cell hit */
  uint32_t object_id;  /* the object's own id (tr_ObjectDef.id) when one was hit */
} tr_TraceResult;

/* Sweeps a sphere or an axis-aligned box (mins/maxs around the point) from
 * start to end, points in the coordinates of `frame_cell`'s landblock. */
TR_API tr_Status tr_World_TraceSphere(tr_WorldId world, uint32_t frame_cell, tr_Vec3 start,
                                      tr_Vec3 end, float radius, tr_TraceResult* out);
TR_API tr_Status tr_World_TraceBox(tr_WorldId world, uint32_t frame_cell, tr_Vec3 start,
                                   tr_Vec3 end, tr_Vec3 mins, tr_Vec3 maxs, tr_TraceResult* out);

/* ---- characters ------------------------------------------------------ */

/* The controls a player holds, and a jump to start (jump_extent 0..1; a
 * negative value starts none). */
typedef struct tr_Controls {
  tr_Forward forward;
  tr_Strafe strafe;
  float turn_deg_per_s; /* positive clockwise */
  float jump_extent;
} tr_Controls;
TR_API tr_Controls tr_DefaultControls(void);

enum { tr_maxReportedCollisions = 4 };
/* Everything a caller reads of a character after a call. */
typedef struct tr_CharacterState {
  tr_Position position;
  tr_Vec3 global_position;
  tr_Vec3 velocity;     /* m/s, landblock axes */
  float heading_deg;
  tr_GroundState ground;
  bool has_ground_plane;
  tr_Plane ground_plane;
  bool has_sliding_normal;
  tr_Vec3 sliding_normal;
  tr_MoveStatus status; /* of the last place, move or update */
  int32_t collided_object_count; /* all of them; the first few below */
  uint32_t collided_objects[tr_maxReportedCollisions];
} tr_CharacterState;

/* A character of `world` at `position` (cell 0: global), not yet settled:
 * tr_Character_Place settles it by retail's placement. Characters are not
 * objects of the world: they do not collide with each other (a simulation's
 * do). */
TR_API tr_Status tr_CreateCharacter(tr_WorldId world, const tr_CharacterDef* def,
                                    tr_Position position, tr_CharacterId* out);
TR_API tr_Status tr_DestroyCharacter(tr_CharacterId character);

/* Each of these leaves the character's tr_MoveStatus in *status (may be
 * null); a character given bad input (a NaN target, a negative dt) keeps
 * its state and reports tr_invalidInput, with tr_GetLastError() saying why,
 * while the call itself returns tr_ok. */
TR_API tr_Status tr_Character_Place(tr_CharacterId character, tr_MoveStatus* status);
TR_API tr_Status tr_Character_MoveTo(tr_CharacterId character, tr_Position target,
                                     tr_MoveStatus* status);
TR_API tr_Status tr_Character_SetControls(tr_CharacterId character, const tr_Controls* controls);
TR_API tr_Status tr_Character_Update(tr_CharacterId character, double dt, tr_MoveStatus* status);
TR_API tr_Status tr_Character_Jump(tr_CharacterId character, float extent, bool* started);
TR_API tr_Status tr_Character_Teleport(tr_CharacterId character, tr_Position position);
/* m/s in landblock axes, each component at most 10000 (AC characters are
 * then held to retail's 50 m/s). */
TR_API tr_Status tr_Character_SetVelocity(tr_CharacterId character, tr_Vec3 velocity);
TR_API tr_Status tr_Character_GetState(tr_CharacterId character, tr_CharacterState* out);
/* All the object ids it collided with in the last call: up to capacity
 * written, *count gets how many there are. */
TR_API tr_Status tr_Character_GetCollidedObjects(tr_CharacterId character, uint32_t* ids,
                                                 int32_t capacity, int32_t* count);

/* Batch calls: `count` characters of one world in one call, from arrays the
 * caller owns. controls may be null (keep each character's controls);
 * states and statuses may be null. `threads` >= 1 updates on that many
 * threads (the caller's included) with bit-identical results. A bad id
 * stops nothing: its status is tr_invalidInput and the call returns
 * tr_errorInvalidId after doing the rest. */
TR_API tr_Status tr_World_UpdateCharacters(tr_WorldId world, const tr_CharacterId* characters,
                                           const tr_Controls* controls, int32_t count, double dt,
                                           int32_t threads, tr_CharacterState* states,
                                           tr_MoveStatus* statuses);
TR_API tr_Status tr_World_MoveCharacters(tr_WorldId world, const tr_CharacterId* characters,
                                         const tr_Position* targets, int32_t count,
                                         int32_t threads, tr_CharacterState* states,
                                         tr_MoveStatus* statuses);

/* ---- simulations ----------------------------------------------------- */

/* A copy of `world` with the characters of `scene` placed in it; they
 * collide with each other by retail's rules and step together. */
typedef struct tr_SimulationDef {
  int32_t threads;
} tr_SimulationDef;
TR_API tr_SimulationDef tr_DefaultSimulationDef(void);
TR_API tr_Status tr_CreateSimulation(tr_WorldId world, tr_SceneId scene,
                                     const tr_SimulationDef* def, tr_SimulationId* out);
TR_API tr_Status tr_DestroySimulation(tr_SimulationId simulation);

TR_API tr_Status tr_Simulation_GetCharacterCount(tr_SimulationId simulation, int32_t* count);
/* The index of the character with that name. */
TR_API tr_Status tr_Simulation_FindCharacter(tr_SimulationId simulation, const char* name,
                                             int32_t* index);
/* Changes a character's controls (a jump_extent >= 0 is tried at once). */
TR_API tr_Status tr_Simulation_SetControls(tr_SimulationId simulation, int32_t index,
                                           const tr_Controls* controls);
TR_API tr_Status tr_Simulation_SetThreads(tr_SimulationId simulation, int32_t threads);
/* How a step hands characters to its threads (results are bit-identical
 * either way): blocks of characters in scene order (the default), or by
 * landblock group, the characters of span x span landblocks together on one
 * thread (ACE's landblock-group threading), from the next step on. */
typedef enum tr_Scheduling {
  tr_schedulingBlocks = 0,
  tr_schedulingLandblockGroups = 1,
} tr_Scheduling;
TR_API tr_Status tr_Simulation_SetScheduling(tr_SimulationId simulation, tr_Scheduling scheduling,
                                             int32_t landblock_group_span);
/* With landblock groups, the group the character was updated in during the
 * last step (landblock x / span << 16 | landblock y / span); 0 otherwise. */
TR_API tr_Status tr_Simulation_GetGroup(tr_SimulationId simulation, int32_t index,
                                        uint32_t* group);
TR_API tr_Status tr_Simulation_Step(tr_SimulationId simulation, double dt);
TR_API tr_Status tr_Simulation_GetTime(tr_SimulationId simulation, double* seconds);
TR_API tr_Status tr_Simulation_GetCharacterState(tr_SimulationId simulation, int32_t index,
                                                 tr_CharacterState* out);
/* States of characters 0..count-1 (count at most the character count). */
TR_API tr_Status tr_Simulation_GetCharacterStates(tr_SimulationId simulation,
                                                  tr_CharacterState* states, int32_t count);

typedef enum tr_EventKind {
  tr_eventCollidedObject = 0,
  tr_eventCollidedEnvironment,
  tr_eventBlocked,
  tr_eventLanded,
  tr_eventLeftGround,
  tr_eventEnteredCell,
  tr_eventJumped,
  tr_eventJumpRefused,
  /* The movement orders' ends (id: the target character's object id, or 0). */
  tr_eventMoveArrived,
  tr_eventMoveBlocked,
  tr_eventMoveTimedOut,
  tr_eventMoveTooFar,
  tr_eventMoveCancelled,
  tr_eventTargetGone,
  tr_eventStickEnded,
  tr_eventGaveUp,
  tr_eventTeleportedHome,
} tr_EventKind;
TR_API const char* tr_EventKindName(tr_EventKind kind);

typedef struct tr_Event {
  double t;            /* simulation time at the end of its step */
  int32_t character;   /* index */
  tr_EventKind kind;
  uint32_t id;         /* the object or cell it concerns, else 0 */
} tr_Event;

/* Takes up to `capacity` of the events not taken yet, oldest first;
 * *count gets how many were written. */
TR_API tr_Status tr_Simulation_TakeEvents(tr_SimulationId simulation, tr_Event* events,
                                          int32_t capacity, int32_t* count);
TR_API tr_Status tr_Simulation_GetPendingEventCount(tr_SimulationId simulation, int32_t* count);

/* ---- movement orders (docs/server.md) ------------------------------------
 * Retail's move-to and sticky follow for a simulation's characters; an order
 * drives the character's controls until it ends with one of the events
 * above. tr_Simulation_SetControls cancels it. */
typedef struct tr_MoveToParams {
  float distance_to_object; /* arrive within, metres (0.6) */
  float min_distance;       /* moving away: end at least this far, metres (0) */
  float fail_distance;      /* end MoveTooFar this far from the start, metres; <= 0: never */
  float walk_run_threshold; /* run when farther than this beyond the arrival distance (15) */
  float final_heading;      /* with use_final_heading: degrees, on arrival */
  float turn_rate_deg;      /* walking turn rate, deg/s, running 1.5x; 0: the character's
                               (its def's, tr_Simulation_SetTurnRate) (0) */
  float speed;              /* speed factor of the forward motion and the turns, > 0 (1) */
  float timeout;            /* seconds; 0: never */
  int32_t fail_progress_limit; /* retail's failed once-a-second progress checks that end it (5); 0: never */
  int32_t blocked_frames;      /* frames in a row blocked by a wall without gaining (0: never) */
  bool can_walk, can_run;
  bool use_spheres;         /* distance between the bodies' cylinders, not their origins */
  bool use_final_heading;
  bool sticky;              /* on arriving at a character, follow it */
  bool move_towards;        /* retail's flags (true, false): toward only, away only (until */
  bool move_away;           /* min_distance off), or both (docs/server.md) */
  bool turn_away_first;     /* moving away, turn the back to the target first (true; false:
                               retail, which faces it first and steers round walking) */
} tr_MoveToParams;
TR_API tr_MoveToParams tr_DefaultMoveToParams(void);

/* params may be null for the defaults. */
TR_API tr_Status tr_Simulation_MoveTo(tr_SimulationId simulation, int32_t index,
                                      tr_Position target, const tr_MoveToParams* params);
TR_API tr_Status tr_Simulation_MoveToCharacter(tr_SimulationId simulation, int32_t index,
                                               int32_t target, const tr_MoveToParams* params);
TR_API tr_Status tr_Simulation_TurnTo(tr_SimulationId simulation, int32_t index,
                                      float heading_deg, const tr_MoveToParams* params);
TR_API tr_Status tr_Simulation_TurnToCharacter(tr_SimulationId simulation, int32_t index,
                                               int32_t target, const tr_MoveToParams* params);
/* Follows `target`, keeping `distance` metres between the bodies; timeout
 * in seconds (retail: 1), 0 never. */
TR_API tr_Status tr_Simulation_StickTo(tr_SimulationId simulation, int32_t index, int32_t target,
                                       float distance, float timeout);
TR_API tr_Status tr_Simulation_CancelMovement(tr_SimulationId simulation, int32_t index);
/* The character's turn rate at speed 1 (deg/s, > 0; its def's unless set), which
 * orders whose params give turn_rate_deg 0 turn at, from the next order on. */
TR_API tr_Status tr_Simulation_SetTurnRate(tr_SimulationId simulation, int32_t index,
                                           float deg_per_s);
/* How fast the character's cycles move it on the ground (each finite and
 * >= 0; its def's unless set), from the next step on. Jumps and
 * falls off a ledge keep retail's human speeds. */
TR_API tr_Status tr_Simulation_SetCycleSpeeds(tr_SimulationId simulation, int32_t index,
                                              const tr_CycleSpeeds* speeds);

typedef enum tr_MovementKind {
  tr_movementNone = 0,
  tr_movementMoveToPosition,
  tr_movementMoveToCharacter,
  tr_movementTurnToHeading,
  tr_movementTurnToCharacter,
} tr_MovementKind;
typedef struct tr_MovementProgress {
  tr_MovementKind kind;
  int32_t target;              /* character index, -1 none */
  float distance;              /* to the target at the last frame, metres */
  int32_t fail_progress_count;
  int32_t blocked_frames;
  int32_t stuck_to;            /* the character followed, -1 none */
  bool moving_away;            /* the move under way goes away from the target */
} tr_MovementProgress;
TR_API tr_Status tr_Simulation_GetMovement(tr_SimulationId simulation, int32_t index,
                                           tr_MovementProgress* out);

/* A creature that stops getting closer to what it chases goes home. */
typedef struct tr_GiveUpPolicy {
  float no_progress_seconds; /* 10 */
  float min_progress;        /* metres closer than ever before that count (0.25) */
  float retry_seconds;       /* wait after a blocked chase (2) */
  tr_MoveToParams home;      /* the walk home (a 30 s timeout) */
} tr_GiveUpPolicy;
TR_API tr_GiveUpPolicy tr_DefaultGiveUpPolicy(void);
/* Home is where the character stands now; a null policy clears it. */
TR_API tr_Status tr_Simulation_SetGiveUp(tr_SimulationId simulation, int32_t index,
                                         const tr_GiveUpPolicy* policy);

/* Takes a character out of the world (orders aimed at it end TargetGone),
 * and puts it back at a position, placed by retail placement. */
TR_API tr_Status tr_Simulation_RemoveCharacter(tr_SimulationId simulation, int32_t index);
TR_API tr_Status tr_Simulation_RestoreCharacter(tr_SimulationId simulation, int32_t index,
                                                tr_Position position);
/* Transitions the character's last step ran (0 at rest). */
TR_API tr_Status tr_Simulation_GetTransitions(tr_SimulationId simulation, int32_t index,
                                              int32_t* count);

/* ---- checking what clients claim (docs/server.md, docs/c-api.md) -------
 * A game server holds each position a client claims for its character
 * against the last one it accepted, with the character's own physics, and
 * accepts it or rejects it with the reason and the position to force.
 *
 * A checker (one per character shape and skills) and the claim states (one
 * per character: what the server last accepted for it, opaque, changed in
 * place by each check) belong to a world: destroying the world, the checker
 * or the state makes its id stale. Creating and destroying checkers, states
 * and crowds need the world to be used by nobody else (as characters do);
 * checks of different states may run at once, and one batch call at a time
 * per world uses the world's threads. */

typedef struct tr_CheckerId {
  uint32_t index1;
  uint32_t generation;
  tr_WorldId world;
} tr_CheckerId;

typedef struct tr_ClaimStateId {
  uint32_t index1;
  uint32_t generation;
  tr_WorldId world;
} tr_ClaimStateId;

typedef struct tr_ClaimCrowdId {
  uint32_t index1;
  uint32_t generation;
  tr_WorldId world;
} tr_ClaimCrowdId;

/* How much a claim may exceed the physics, for frame timing and latency
 * (metres, seconds; docs/server.md names each). */
typedef struct tr_ClaimCheckOptions {
  float speed_margin;          /* fraction over the fastest legal speed (0.05) */
  float burst_seconds;         /* travel that may arrive bunched up (0.1) */
  float distance_slack;        /* metres over the distance budget (0.25) */
  float reach_tolerance;       /* metres between the claim and where the path ends (0.05) */
  float height_slack;          /* metres over a jump's or fall's bound (0.25) */
  float below_terrain;         /* metres under the terrain still on it (0.05) */
  float fall_slack_per_second; /* metres a fall may lag its arc a second (0.25) */
  float replay_tolerance;      /* metres a replay of the physics may end off across (2) */
  float replay_tolerance_per_second; /* metres a second the spent tolerance comes back (0.5) */
  float replay_rise_tolerance; /* metres a claim may be above a replay's end (0.75) */
  float change_jitter;         /* seconds a motion change's arrival may be off (0.05) */
} tr_ClaimCheckOptions;
TR_API tr_ClaimCheckOptions tr_DefaultClaimCheckOptions(void);

/* A change of the client's controls (retail's MoveToState, and a Jump):
 * when the server received it, the forward and sidestep commands, the turn
 * (degrees a second, positive clockwise, -3600..3600) and a jump started
 * then (jump_extent 0..1). Each holds until the next. */
typedef struct tr_MotionChange {
  double t;
  tr_Forward forward;
  tr_Strafe strafe;
  float turn_deg_per_s;
  bool jumped;
  float jump_extent;
} tr_MotionChange;
TR_API tr_MotionChange tr_DefaultMotionChange(void);

/* The motion a client says its character held since its last claim: the
 * fastest, if it changed, and a jump started since (jump_extent 0..1). */
typedef struct tr_ClaimedMotion {
  tr_Forward forward;
  tr_Strafe strafe;
  bool jumped;
  float jump_extent;
} tr_ClaimedMotion;

/* One claim: when the server received it (seconds, the server's clock),
 * where the client says the character is (cell 0: a global point), its
 * motion, and optionally the changes of controls received since the last
 * claim, in time order (change_count 0: none; then `motion` is not read
 * once the controls are known, docs/server.md). The orientation must be a
 * unit quaternion. */
typedef struct tr_Claim {
  double t;
  tr_Position position;
  tr_ClaimedMotion motion;
  const tr_MotionChange* changes;
  int32_t change_count;
} tr_Claim;
TR_API tr_Claim tr_DefaultClaim(void);

/* Why a claim was rejected (C++ ClaimVerdict). A claim whose own values are
 * wrong (a position that is not finite or in no cell of the world, a time
 * not after the last accepted, motion changes out of order) is not a failed
 * call: it is rejected as tr_claimInvalid, as a cheating client's would be. */
typedef enum tr_ClaimVerdict {
  tr_claimAccepted = 0,
  tr_claimTooFast,         /* farther than its run speed (or momentum) allows */
  tr_claimThroughWall,     /* retail's transition from the last position does not reach it */
  tr_claimUnreachableCell, /* an indoor cell the path does not lead into */
  tr_claimFlying,          /* in the air higher than a jump or a fall allows */
  tr_claimUnderTerrain,    /* an outdoor position below the terrain */
  tr_claimInvalid,         /* not a position of the world, not finite, or not later than the last */
} tr_ClaimVerdict;
/* "accepted", "too_fast", "through_wall", "unreachable_cell", "flying",
 * "under_terrain", "invalid". */
TR_API const char* tr_ClaimVerdictName(tr_ClaimVerdict verdict);

/* The answer to one claim. Rejected: `forced` is where the server should
 * put the character (the state now holds it); accepted: the claim's
 * position. The reason text: tr_ClaimState_GetReason. */
typedef struct tr_ClaimResult {
  tr_ClaimVerdict verdict;
  tr_Position forced;
} tr_ClaimResult;

/* What the server last accepted (or forced) for a character. */
typedef struct tr_AcceptedMovement {
  double t;
  tr_Position position;
  tr_Vec3 velocity;      /* the last accepted step's displacement over its time, m/s */
  bool supported;        /* standing on something */
  bool has_controls;     /* the controls held at t are known (claims with changes) */
  tr_MotionChange controls;
} tr_AcceptedMovement;

/* A checker of claims of characters shaped and skilled as `def` (AC mover
 * only) in `world`; options null: tr_DefaultClaimCheckOptions(). */
TR_API tr_Status tr_CreateChecker(tr_WorldId world, const tr_CharacterDef* def,
                                  const tr_ClaimCheckOptions* options, tr_CheckerId* out);
TR_API tr_Status tr_DestroyChecker(tr_CheckerId checker);

/* The state of a character the server has just put at `position` (cell 0:
 * global) at time `t` (seconds, the server's clock), moving at `velocity`
 * (m/s), holding `controls` if known (may be null). Restart puts an
 * existing state there (after a teleport or a forced position). */
TR_API tr_Status tr_CreateClaimState(tr_CheckerId checker, tr_Position position, double t,
                                     tr_Vec3 velocity, const tr_MotionChange* controls,
                                     tr_ClaimStateId* out);
TR_API tr_Status tr_ClaimState_Restart(tr_ClaimStateId state, tr_CheckerId checker,
                                       tr_Position position, double t, tr_Vec3 velocity,
                                       const tr_MotionChange* controls);
TR_API tr_Status tr_DestroyClaimState(tr_ClaimStateId state);
TR_API tr_Status tr_ClaimState_Get(tr_ClaimStateId state, tr_AcceptedMovement* out);
/* The reason of the state's last check ("" when accepted or not checked
 * yet: "20.00 m in 0.100 s; at most 6.28 m (speed 9.97 m/s)"): up to
 * capacity - 1 bytes and a NUL written (buffer may be null with capacity
 * 0); *length gets its whole length (may be null). */
TR_API tr_Status tr_ClaimState_GetReason(tr_ClaimStateId state, char* buffer, int32_t capacity,
                                         int32_t* length);

/* Checks a claim against the state, which becomes the claim (accepted) or
 * the forced position (rejected). */
TR_API tr_Status tr_Checker_Check(tr_CheckerId checker, tr_ClaimStateId state,
                                  const tr_Claim* claim, tr_ClaimResult* out);
/* Checks claims[i] against states[i] for each i, on `threads` threads (the
 * caller's included; 1..256): the same answers as one tr_Checker_Check
 * each. The states must be distinct; a bad id or argument refuses the
 * whole call before any state changes. */
TR_API tr_Status tr_Checker_CheckBatch(tr_CheckerId checker, const tr_ClaimStateId* states,
                                       const tr_Claim* claims, int32_t count, int32_t threads,
                                       tr_ClaimResult* results);

/* ---- a frame's claims with the characters in each other's way -------- */

/* One claim of a crowd batch: its character's checker, state and claim. */
typedef struct tr_CrowdClaim {
  tr_CheckerId checker;
  tr_ClaimStateId state;
  tr_Claim claim;
} tr_CrowdClaim;

/* A character that claims nothing this frame but may stand in the way:
 * shaped as `shape`'s character, where the server has it (cell 0: global),
 * whether it stood there unmoving since the last accepted time of every
 * claim of the batch (then no claim passes through it), and the metres it
 * may have gone since the server had it there (`roamed`: its speed then
 * times the time since, say; 0 if unknown or still; finite, not negative):
 * a claim in the air within that and 1 m of it may have been held there.
 * `rose`: the metres of `roamed` it may have gone upwards (its upward
 * speed, its speed across that a slope may turn upwards, and a tenth of
 * its fall, a bounce's, times the time since); negative or infinite: any
 * of it; 0 (a zeroed struct's): none. tr_ClaimState_Bystander fills all
 * of it from a character's claim state. */
typedef struct tr_CrowdBystander {
  tr_CheckerId shape;
  tr_Position position;
  bool still;
  float roamed;
  float rose;
} tr_CrowdBystander;

/* The character of `state` (shaped as `shape`'s) as a bystander at server
 * time `now` (not before the state's time): where the state has it, not
 * still, having roamed since at the speed it had then (`roamed`), upwards
 * only as that speed may lift it (`rose`): C++ bystander_since. */
TR_API tr_Status tr_ClaimState_Bystander(tr_ClaimStateId state, tr_CheckerId shape, double now,
                                         tr_CrowdBystander* out);

/* A copy of `world` (as it is now) that crowd batches put their characters
 * in; every claim's checker must be of `world`. */
TR_API tr_Status tr_CreateClaimCrowd(tr_WorldId world, tr_ClaimCrowdId* out);
TR_API tr_Status tr_DestroyClaimCrowd(tr_ClaimCrowdId crowd);
/* Checks each claim as tr_Checker_Check does, and again with the other
 * characters (the claims' and the bystanders') in the way when that
 * rejected it near one of them (docs/server.md, "Other characters in the
 * way"); the same answers on any number of threads. */
TR_API tr_Status tr_ClaimCrowd_Check(tr_ClaimCrowdId crowd, const tr_CrowdClaim* claims,
                                     int32_t count, const tr_CrowdBystander* bystanders,
                                     int32_t bystander_count, int32_t threads,
                                     tr_ClaimResult* results);

#ifdef __cplusplus
}
#endif

#endif /* TRANSIT_TRANSIT_H */
