// A character of a world: placed, moved, updated under its controls.
using System;

namespace Transit
{
    public sealed class Character : IDisposable
    {
        internal CharacterId Id;
        public World World { get; private set; }
        private bool disposed;

        internal Character(World world, CharacterId id) { World = world; Id = id; }

        /// <summary>Retail placement at the current position.</summary>
        public MoveStatus Place() { MoveStatus s; Native.Check(Native.Place(Id, out s)); return s; }

        /// <summary>One transition towards target (cell 0: global).</summary>
        public MoveStatus MoveTo(Position target) { MoveStatus s; Native.Check(Native.MoveTo(Id, target, out s)); return s; }

        /// <summary>Advances the character by dt seconds under its controls.</summary>
        public MoveStatus Update(double dt) { MoveStatus s; Native.Check(Native.Update(Id, dt, out s)); return s; }

        public Controls Controls
        {
            set { var c = value; Native.Check(Native.SetControls(Id, ref c)); }
        }

        /// <summary>Starts a jump charged to extent (0..1); false in the air.</summary>
        public bool Jump(float extent) { byte started; Native.Check(Native.Jump(Id, extent, out started)); return started != 0; }

        public void Teleport(Position position) { Native.Check(Native.Teleport(Id, position)); }

        public Vec3 Velocity
        {
            get { return State.Velocity; }
            set { Native.Check(Native.SetVelocity(Id, value)); }
        }

        public CharacterState State
        {
            get { CharacterState s; Native.Check(Native.GetState(Id, out s)); return s; }
        }

        public Position Position { get { return State.Position; } }

        public void Dispose()
        {
            if (disposed) return;
            disposed = true;
            Native.DestroyCharacter(Id);  // stale once its world is gone: nothing to free then
        }
    }
}
