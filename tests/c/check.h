/* The C tests' checks: each counts as passed or failed, a failure printed
 * with its line and the library's last error. */
#ifndef TRANSIT_C_TESTS_CHECK_H
#define TRANSIT_C_TESTS_CHECK_H

#include <stdio.h>

#include <transit/transit.h>

extern int passed;
extern int failed;

#define CHECK(cond)                                                          \
  do {                                                                       \
    if (cond) {                                                              \
      ++passed;                                                              \
    } else {                                                                 \
      ++failed;                                                              \
      fprintf(stderr, "%s:%d: CHECK(%s) failed (last error: %s)\n", __FILE__, \
              __LINE__, #cond, tr_GetLastError());                            \
    }                                                                        \
  } while (0)

#define CHECK_OK(call) CHECK((call) == tr_ok)

/* Demo world global coordinates: landblock A9B4 starts at (32448, 34560). */
static inline tr_Vec3 demo_global(float x, float y, float z) {
  tr_Vec3 v = {32448.0f + x, 34560.0f + y, z};
  return v;
}

/* A world of one flat landblock, (10, 20) at height 5 m. */
static inline tr_WorldId flat_world(void) {
  tr_SceneId scene;
  tr_WorldId world;
  CHECK_OK(tr_CreateScene(&scene));
  CHECK_OK(tr_Scene_AddLandblock(scene, 10, 20, NULL, 5.0f));
  CHECK_OK(tr_CreateWorld(scene, &world));
  CHECK_OK(tr_DestroyScene(scene));
  return world;
}

/* The claim checks of claim_checks_test.c. */
void test_claim_checks(void);

#endif
