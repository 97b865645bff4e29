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

        /// <summary>Moves `character` to a position by retail's move-to (docs/server.md); its end comes as an event.</summary>
        public void MoveTo(int character, Position target) { MoveTo(character, target, MoveToParams.Default); }
        public void MoveTo(int character, Position target, MoveToParams p) { Native.Check(Native.MoveTo(id, character, target, ref p)); }
        /// <summary>Moves `character` to another character, re-aiming as it moves.</summary>
        public void MoveToCharacter(int character, int target) { MoveToCharacter(character, target, MoveToParams.Default); }
        public void MoveToCharacter(int character, int target, MoveToParams p) { Native.Check(Native.MoveToCharacter(id, character, target, ref p)); }
        public void TurnTo(int character, float headingDeg) { var p = MoveToParams.Default; Native.Check(Native.TurnTo(id, character, headingDeg, ref p)); }
        public void TurnToCharacter(int character, int target) { var p = MoveToParams.Default; Native.Check(Native.TurnToCharacter(id, character, target, ref p)); }
        /// <summary>Follows `target` keeping `distance` metres between the bodies; timeout seconds (retail 1), 0 never.</summary>
        public void StickTo(int character, int target, float distance, float timeout = 0f) { Native.Check(Native.StickTo(id, character, target, distance, timeout)); }
        public void CancelMovement(int character) { Native.Check(Native.CancelMovement(id, character)); }
        public MovementProgress Movement(int character) { MovementProgress p; Native.Check(Native.GetMovement(id, character, out p)); return p; }
        /// <summary>Gives `character` a give-up policy, home where it stands now.</summary>
        public void SetGiveUp(int character, GiveUpPolicy policy) { Native.Check(Native.SetGiveUp(id, character, ref policy)); }
        public void ClearGiveUp(int character) { Native.Check(Native.ClearGiveUp(id, character, IntPtr.Zero)); }
        /// <summary>Takes `character` out of the world (orders aimed at it end TargetGone).</summary>
        public void Remove(int character) { Native.Check(Native.RemoveCharacter(id, character)); }
        public void Restore(int character, Position position) { Native.Check(Native.RestoreCharacter(id, character, position)); }
        /// <summary>Transitions the character's last step ran (0 at rest).</summary>
        public int Transitions(int character) { int n; Native.Check(Native.GetTransitions(id, character, out n)); return n; }

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
