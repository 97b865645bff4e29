/*
 * Golden-trace harness for transit's Quake 2 mover (docs/quake-tribes.md).
 *
 * Runs id Software's own Pmove (qcommon/pmove.c) over convex brushes traced
 * by id's own CM_BoxTrace (qcommon/cmodel.c), frame by frame, and prints
 * each frame's pmove state as JSON. None of id's code is here: build.sh
 * compiles this file against a Quake 2 source tree the user supplies, and
 * this file includes that tree's cmodel.c to fill its brush tables
 * directly instead of loading a .bsp.
 *
 * Input (stdin), written by transit's exporter (all numbers in Quake units;
 * planes as C hex floats so that they are exactly transit's):
 *   brushes N
 *   brush K            then K lines: nx ny nz dist   (inside: n.p <= dist)
 *   start ox oy oz vx vy vz   (1/8-unit shorts, as pmove_state_t holds them)
 *   frames M           then M lines: msec forwardmove sidemove upmove
 * The player looks along +x (yaw 0), so the wish velocity is
 * (forwardmove, -sidemove, 0).
 */
#include CMODEL_C

#include <stdio.h>

enum { kMaxHarnessBrushes = 64, kMaxHarnessPlanes = 16 };

static mapsurface_t harness_surface;
static struct edict_s *harness_world = (struct edict_s *)&harness_surface;

/* The whole world is one leaf holding every brush, reached from headnode -1. */
static int read_brushes(FILE *in) {
  int count = 0;
  if (fscanf(in, " brushes %d", &count) != 1 || count < 0 || count > kMaxHarnessBrushes) return 0;
  numplanes = numbrushsides = numbrushes = numleafbrushes = 0;
  for (int b = 0; b < count; ++b) {
    int sides = 0;
    if (fscanf(in, " brush %d", &sides) != 1 || sides < 1 || sides > kMaxHarnessPlanes) return 0;
    cbrush_t *brush = &map_brushes[numbrushes];
    brush->contents = CONTENTS_SOLID;
    brush->numsides = sides;
    brush->firstbrushside = numbrushsides;
    for (int s = 0; s < sides; ++s) {
      cplane_t *plane = &map_planes[numplanes++];
      if (fscanf(in, " %a %a %a %a", &plane->normal[0], &plane->normal[1], &plane->normal[2],
                 &plane->dist) != 4)
        return 0;
      plane->type = PLANE_ANYZ;
      map_brushsides[numbrushsides].plane = plane;
      map_brushsides[numbrushsides].surface = &harness_surface;
      ++numbrushsides;
    }
    map_leafbrushes[numleafbrushes++] = (unsigned short)numbrushes++;
  }
  map_leafs[0].contents = CONTENTS_SOLID;
  map_leafs[0].firstleafbrush = 0;
  map_leafs[0].numleafbrushes = (unsigned short)numleafbrushes;
  numleafs = 1;
  numnodes = 1; /* CM_BoxTrace does nothing while no map is loaded */
  return 1;
}

/* The server's trace (SV_Trace): the world entity goes with every result. */
static trace_t harness_trace(vec3_t start, vec3_t mins, vec3_t maxs, vec3_t end) {
  trace_t t = CM_BoxTrace(start, end, mins, maxs, -1, MASK_PLAYERSOLID);
  t.ent = harness_world;
  return t;
}

static int harness_pointcontents(vec3_t point) {
  (void)point;
  return 0; /* no water */
}

static void print_frame(const pmove_t *pm, int first) {
  printf("%s\n    {\"origin\": [%d, %d, %d], \"velocity\": [%d, %d, %d], \"on_ground\": %s, "
         "\"pm_flags\": %d, \"pm_time\": %d}",
         first ? "" : ",", pm->s.origin[0], pm->s.origin[1], pm->s.origin[2],
         pm->s.velocity[0], pm->s.velocity[1], pm->s.velocity[2],
         pm->groundentity ? "true" : "false", pm->s.pm_flags, pm->s.pm_time);
}

int main(void) {
  if (!read_brushes(stdin)) {
    fprintf(stderr, "harness: bad brushes\n");
    return 1;
  }
  pmove_t pm;
  memset(&pm, 0, sizeof pm);
  int o[3], v[3];
  if (scanf(" start %d %d %d %d %d %d", &o[0], &o[1], &o[2], &v[0], &v[1], &v[2]) != 6) {
    fprintf(stderr, "harness: bad start\n");
    return 1;
  }
  for (int i = 0; i < 3; ++i) {
    pm.s.origin[i] = (short)o[i];
    pm.s.velocity[i] = (short)v[i];
  }
  pm.s.pm_type = PM_NORMAL;
  pm.s.gravity = 800;
  int frames = 0;
  if (scanf(" frames %d", &frames) != 1 || frames < 0) {
    fprintf(stderr, "harness: bad frames\n");
    return 1;
  }
  printf("{\n  \"frames\": [");
  for (int f = 0; f < frames; ++f) {
    int msec, forward, side, up;
    if (scanf(" %d %d %d %d", &msec, &forward, &side, &up) != 4) {
      fprintf(stderr, "harness: bad frame %d\n", f);
      return 1;
    }
    pm.cmd.msec = (byte)msec;
    pm.cmd.forwardmove = (short)forward;
    pm.cmd.sidemove = (short)side;
    pm.cmd.upmove = (short)up;
    pm.trace = harness_trace;
    pm.pointcontents = harness_pointcontents;
    Pmove(&pm);
    print_frame(&pm, f == 0);
  }
  printf("\n  ]\n}\n");
  return 0;
}

/* What cmodel.c, pmove.c and q_shared.c call from the rest of the engine. */
void Com_Error(int code, char *fmt, ...) {
  (void)code;
  fprintf(stderr, "Com_Error: %s\n", fmt);
  exit(1);
}
void Com_Printf(char *fmt, ...) { (void)fmt; }
void Com_DPrintf(char *fmt, ...) { (void)fmt; }
/* Map loading is never called: the brush tables are filled above. */
cvar_t *Cvar_Get(char *name, char *value, int flags) {
  static cvar_t unused;
  (void)name, (void)value, (void)flags;
  return &unused;
}
float Cvar_VariableValue(char *name) { (void)name; return 0; }
int FS_LoadFile(char *name, void **buf) { (void)name; *buf = NULL; return -1; }
void FS_FreeFile(void *buf) { (void)buf; }
void FS_Read(void *buffer, int len, FILE *f) { (void)buffer, (void)len, (void)f; }
unsigned Com_BlockChecksum(void *buffer, int length) { (void)buffer, (void)length; return 0; }
