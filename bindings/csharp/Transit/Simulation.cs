// Many characters stepped together through a copy of a world; they collide
// with each other by retail's rules.
using System;
using System.Collections.Generic;

namespace Transit
{
    public sealed class Simulation : IDisposable
    {
        private SimulationId id;
        private bool disposed;
        private Event[] eventBuffer = new Event[256];

        /// <summary>A copy of world with scene's characters placed in it, stepped on `threads` threads.</summary>
        public Simulation(World world, Scene scene, int threads = 1)
        {
            Native.Check(Native.CreateSimulation(world.Id, scene.Id, ref threads, out id));
        }

        public int CharacterCount { get { int n; Native.Check(Native.SimulationCharacterCount(id, out n)); return n; } }
        public double Time { get { double t; Native.Check(Native.SimulationTime(id, out t)); return t; } }

        public int Find(string name) { int i; Native.Check(Native.FindCharacter(id, name, out i)); return i; }

        public void SetControls(int character, Controls controls) { Native.Check(Native.SimulationSetControls(id, character, ref controls)); }

        public int Threads { set { Native.Check(Native.SimulationSetThreads(id, value)); } }

        public void Step(double dt) { Native.Check(Native.Step(id, dt)); }

        public CharacterState State(int character)
        {
            CharacterState s;
            Native.Check(Native.SimulationCharacterState(id, character, out s));
            return s;
        }

        /// <summary>The events since the last call, oldest first.</summary>
        public List<Event> TakeEvents()
        {
            var all = new List<Event>();
            int count;
            do
            {
                Native.Check(Native.TakeEvents(id, eventBuffer, eventBuffer.Length, out count));
                for (int i = 0; i < count; ++i) all.Add(eventBuffer[i]);
            } while (count == eventBuffer.Length);
            return all;
        }

        public void Dispose()
        {
            if (disposed) return;
            disposed = true;
            Native.DestroySimulation(id);
            GC.SuppressFinalize(this);
        }

        ~Simulation() { if (!disposed) Native.DestroySimulation(id); }
    }
}
