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

        /// <summary>A copy of world with scene's characters placed in it, stepped on `threads` threads,
        /// handed to them in blocks or by landblock group (groups of span x span landblocks).</summary>
        public Simulation(World world, Scene scene, int threads = 1, Scheduling scheduling = Scheduling.Blocks, int landblockGroupSpan = 2)
        {
            Native.Check(Native.CreateSimulation(world.Id, scene.Id, ref threads, out id));
            if (scheduling != Scheduling.Blocks) SetScheduling(scheduling, landblockGroupSpan);
        }

        public int CharacterCount { get { int n; Native.Check(Native.SimulationCharacterCount(id, out n)); return n; } }
        public double Time { get { double t; Native.Check(Native.SimulationTime(id, out t)); return t; } }

        public int Find(string name) { int i; Native.Check(Native.FindCharacter(id, name, out i)); return i; }

        public void SetControls(int character, Controls controls) { Native.Check(Native.SimulationSetControls(id, character, ref controls)); }

        public int Threads { set { Native.Check(Native.SimulationSetThreads(id, value)); } }
        /// <summary>Blocks or landblock groups from the next step on; the results are the same bits.</summary>
        public void SetScheduling(Scheduling scheduling, int landblockGroupSpan = 2) { Native.Check(Native.SetScheduling(id, scheduling, landblockGroupSpan)); }
        /// <summary>With landblock groups, the character's group in the last step (x / span &lt;&lt; 16 | y / span); 0 otherwise.</summary>
        public uint GroupOf(int character) { uint g; Native.Check(Native.GetGroup(id, character, out g)); return g; }
        /// <summary>The character's turn rate at speed 1 (deg/s, 90 unless set), for orders whose TurnRateDeg is 0.</summary>
        public void SetTurnRate(int character, float degPerS) { Native.Check(Native.SetTurnRate(id, character, degPerS)); }
        /// <summary>How fast the character's cycles move it on the ground (the human's unless set), from the next step on.</summary>
        public void SetCycleSpeeds(int character, CycleSpeeds speeds) { Native.Check(Native.SetCycleSpeeds(id, character, ref speeds)); }

        public void Step(double dt) { Native.Check(Native.Step(id, dt)); }

        /// <summary>Moves `character` to a position by retail's move-to (docs/server.md); its end comes as an event.</summary>
        public void MoveTo(int character, Position target) { MoveTo(character, target, MoveToParams.Default); }
        public void MoveTo(int character, Position target, MoveToParams p) { Native.Check(Native.MoveTo(id, character, target, ref p)); }
        /// <summary>Moves `character` to another character, re-aiming as it moves.</summary>
        public void MoveToCharacter(int character, int target) { MoveToCharacter(character, target, MoveToParams.Default); }
        public void MoveToCharacter(int character, int target, MoveToParams p) { Native.Check(Native.MoveToCharacter(id, character, target, ref p)); }
        public void TurnTo(int character, float headingDeg) { TurnTo(character, headingDeg, MoveToParams.Default); }
        public void TurnTo(int character, float headingDeg, MoveToParams p) { Native.Check(Native.TurnTo(id, character, headingDeg, ref p)); }
        public void TurnToCharacter(int character, int target) { TurnToCharacter(character, target, MoveToParams.Default); }
        public void TurnToCharacter(int character, int target, MoveToParams p) { Native.Check(Native.TurnToCharacter(id, character, target, ref p)); }
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
