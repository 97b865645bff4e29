"""Exceptions carrying the native library's message (tr_GetLastError)."""


class TransitError(Exception):
    """A call the native library refused; `status` is its tr_Status."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status


class InvalidArgument(TransitError, ValueError):
    """A null, NaN, negative or out-of-range argument."""


class InvalidId(TransitError):
    """A closed world, character, object, scene or simulation (a stale handle)."""


class InputError(TransitError, ValueError):
    """A bad scene, file or definition: the message names the file, JSON path and value."""


class CapacityError(TransitError):
    """Too many worlds, scenes or simulations open at once."""


_BY_STATUS = {1: InvalidArgument, 2: InvalidId, 3: InputError, 4: CapacityError}


def error_for(status, message):
    return _BY_STATUS.get(status, TransitError)(status, message)
