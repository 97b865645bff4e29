// A character in the demo world from C#: created, placed, run north for two
// seconds, then its state printed. Errors are TransitExceptions carrying the
// native message.
using System;
using Transit;

static class FirstCharacter
{
    static int Main(string[] args)
    {
        try
        {
            using (var world = args.Length > 0 ? World.FromFile(args[0]) : World.Demo())
            {
                // The demo player's spot, A9B4 (103, 60), z 20, as a global point
                // (landblock A9B4 starts at 32448, 34560).
                var player = world.CreateCharacter(Position.Global(32448f + 103f, 34560f + 60f, 20f));
                player.Place();
                player.Controls = Controls.Run();
                MoveStatus last = MoveStatus.Moved;
                for (int frame = 0; frame < 60; ++frame) last = player.Update(1.0 / 30.0);

                var s = player.State;
                Console.WriteLine("player: cell 0x{0:X8} at ({1:F2}, {2:F2}, {3:F2}), {4}, last move {5}",
                    s.Position.Cell, s.Position.Origin.X, s.Position.Origin.Y, s.Position.Origin.Z,
                    s.Ground == GroundState.OnGround ? "on the ground" : "not on walkable ground", last.Name());
            }
            return 0;
        }
        catch (TransitException e)
        {
            Console.Error.WriteLine("transit: " + e.Message);
            return 1;
        }
    }
}
