/* A game server checking what a client claims, through the C API: the
 * player spawns in the demo world, runs 4.5 m north in half a second
 * (accepted), then claims to be 10 m east a tenth of a second later
 * (rejected: the server forces it back). */
#include <stdio.h>

#include <transit/transit.h>

#define TRY(call)                                                    \
  do {                                                               \
    if ((call) != tr_ok) {                                           \
      fprintf(stderr, "%s failed: %s\n", #call, tr_GetLastError()); \
      return 1;                                                      \
    }                                                                \
  } while (0)

/* A point of the demo's village landblock A9B4 (it starts at 32448, 34560). */
static tr_Position village(float x, float y, float z) {
  tr_Vec3 global = {32448.0f + x, 34560.0f + y, z};
  return tr_MakePosition(0, global, 0.0f);
}

int main(void) {
  tr_WorldId world;
  TRY(tr_CreateDemoWorld(&world));
  tr_CharacterDef def = tr_DefaultCharacterDef(); /* retail's human */
  tr_CheckerId checker; /* one per character shape and skills */
  TRY(tr_CreateChecker(world, &def, NULL, &checker));

  /* When the server puts the player somewhere (login, teleport): */
  tr_Vec3 standing = {0.0f, 0.0f, 0.0f};
  tr_ClaimStateId player;
  TRY(tr_CreateClaimState(checker, village(103, 60, 20), 0.0, standing, NULL, &player));

  /* For each position update from the client (t: the server's clock). */
  tr_Claim claims[2] = {tr_DefaultClaim(), tr_DefaultClaim()};
  claims[0].t = 0.5;
  claims[0].position = village(103, 64.5f, 20);
  claims[0].motion.forward = tr_forwardRun;
  claims[1].t = 0.6;
  claims[1].position = village(113, 64.5f, 20);
  claims[1].motion.forward = tr_forwardRun;
  for (int i = 0; i < 2; ++i) {
    tr_ClaimResult r;
    TRY(tr_Checker_Check(checker, player, &claims[i], &r));
    if (r.verdict == tr_claimAccepted) {
      printf("t %.2f: accepted\n", claims[i].t);
      continue;
    }
    char reason[256];
    TRY(tr_ClaimState_GetReason(player, reason, (int32_t)sizeof reason, NULL));
    printf("t %.2f: %s (%s); forced to cell 0x%08X (%.2f, %.2f, %.2f)\n", claims[i].t,
           tr_ClaimVerdictName(r.verdict), reason, r.forced.cell, r.forced.origin.x,
           r.forced.origin.y, r.forced.origin.z);
  }

  TRY(tr_DestroyWorld(world)); /* and its checkers and states */
  return 0;
}
