// Frames of 1,000 and 10,000 characters updated through the C# binding's
// batch call (World.UpdateCharacters: one native call a frame), as the C++
// benchmark BM_Frame_* sets them up: running and turning over the demo
// village. Prints milliseconds per frame; docs/performance.md compares them
// with the C++ API measured the same way.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using Transit;

static class BatchBench
{
    static double MsPerFrame(int count, bool withStates)
    {
        using (var world = World.Demo())
        {
            int side = 1 + (int)Math.Sqrt(count);
            float step = 44f / side;
            var characters = new List<Character>(count);
            for (int i = 0; i < count; ++i)
            {
                var c = world.CreateCharacter(Position.Global(32448f + 50f + step * (i % side), 34560f + 24f + step * (i / side), 20f));
                c.Place();
                c.Controls = Controls.Run(30f + 10f * (i % 7));  // circling: the same work every frame
                characters.Add(c);
            }
            var states = withStates ? new CharacterState[count] : null;
            for (int f = 0; f < 10; ++f) world.UpdateCharacters(characters, 1.0 / 30.0, null, 1, states);
            double best = double.MaxValue;
            for (int round = 0; round < 3; ++round)
            {
                int frames = Math.Max(5, 30000 / count);
                var watch = Stopwatch.StartNew();
                for (int f = 0; f < frames; ++f) world.UpdateCharacters(characters, 1.0 / 30.0, null, 1, states);
                best = Math.Min(best, watch.Elapsed.TotalMilliseconds / frames);
            }
            return best;
        }
    }

    static void Main()
    {
        foreach (int count in new[] { 1000, 10000 })
        {
            Console.WriteLine("C# batch, {0} characters: {1:F3} ms per frame", count, MsPerFrame(count, false));
            Console.WriteLine("C# batch with states, {0} characters: {1:F3} ms per frame", count, MsPerFrame(count, true));
        }
    }
}
