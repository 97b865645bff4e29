// An object added to a world: moved or removed through its handle, which
// goes stale when the object is removed or its world disposed.
namespace Transit
{
    public struct ObjectHandle
    {
        internal ObjectId Id;
        internal ObjectHandle(ObjectId id) { Id = id; }

        public void Move(Position position) { Native.Check(Native.MoveObject(Id, position)); }
        public void Remove() { Native.Check(Native.RemoveObject(Id)); }
        public Position Position
        {
            get { Position p; Native.Check(Native.GetObjectPosition(Id, out p)); return p; }
        }
    }
}
