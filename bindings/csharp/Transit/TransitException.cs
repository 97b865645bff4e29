using System;

namespace Transit
{
    /// <summary>A call the native library refused; Message is its message
    /// (tr_GetLastError), naming what was wrong.</summary>
    public class TransitException : Exception
    {
        public Status Status { get; private set; }
        public TransitException(Status status, string message) : base(message) { Status = status; }
        internal static TransitException From(Status status, string message)
        {
            if (status == Status.InvalidId) return new StaleHandleException(message);
            return new TransitException(status, message);
        }
    }

    /// <summary>A handle whose world, character, object or simulation was
    /// disposed or destroyed.</summary>
    public class StaleHandleException : TransitException
    {
        public StaleHandleException(string message) : base(Status.InvalidId, message) { }
    }
}
