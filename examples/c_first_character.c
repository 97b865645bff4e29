/* A character in the demo world through the C API: created, placed, run
 * north for two seconds, then its state printed. Every call returns a
 * tr_Status; tr_GetLastError() says what went wrong. */
#include <stdio.h>

#include <transit/transit.h>

#define TRY(call)                                                    \
  do {                                                               \
    if ((call) != tr_ok) {                                           \
      fprintf(stderr, "%s failed: %s\n", #call, tr_GetLastError()); \
      return 1;                                                      \
    }                                                                \
  } while (0)

int main(int argc, char** argv) {
  tr_WorldId world;
  if (argc > 1) TRY(tr_CreateWorldFromFile(argv[1], &world));
  else TRY(tr_CreateDemoWorld(&world));

  /* The demo player's spot: landblock A9B4, local (103, 60), z 20, given
   * as a global point (landblock A9B4 starts at 32448, 34560). */
  tr_Vec3 spawn = {32448.0f + 103.0f, 34560.0f + 60.0f, 20.0f};
  tr_CharacterDef def = tr_DefaultCharacterDef(); /* retail's human */
  tr_CharacterId player;
  TRY(tr_CreateCharacter(world, &def, tr_MakePosition(0, spawn, 0.0f), &player));
  TRY(tr_Character_Place(player, NULL));

  tr_Controls controls = tr_DefaultControls();
  controls.forward = tr_forwardRun;
  TRY(tr_Character_SetControls(player, &controls));
  for (int frame = 0; frame < 60; ++frame) TRY(tr_Character_Update(player, 1.0 / 30.0, NULL));

  tr_CharacterState s;
  TRY(tr_Character_GetState(player, &s));
  printf("player: cell 0x%08X at (%.2f, %.2f, %.2f), %s, last move %s\n", s.position.cell,
         s.position.origin.x, s.position.origin.y, s.position.origin.z,
         s.ground == tr_onGround ? "on the ground" : "not on walkable ground",
         tr_MoveStatusName(s.status));

  TRY(tr_DestroyWorld(world)); /* and its characters */
  return 0;
}
