#include "capi/call_guard.hpp"

#include <new>
#include <stdexcept>

#include "transit/math/input_error.hpp"

namespace transit::capi {

namespace {
thread_local std::string last_error;
}

void refuse(tr_Status status, std::string message) { throw CallError{status, std::move(message)}; }

void set_last_error(std::string message) { last_error = std::move(message); }

tr_Status status_of_current_exception() noexcept {
  try {
    throw;
  } catch (const CallError& e) {
    set_last_error(e.message);
    return e.status;
  } catch (const InputError& e) {
    set_last_error(e.what());
    return tr_errorInput;
  } catch (const std::bad_alloc&) {
    set_last_error("out of memory");
    return tr_errorInternal;
  } catch (const std::exception& e) {
    set_last_error(std::string("internal error: ") + e.what());
    return tr_errorInternal;
  } catch (...) {
    set_last_error("internal error: unknown exception");
    return tr_errorInternal;
  }
}

}  // namespace transit::capi

extern "C" {

const char* tr_GetLastError(void) { return transit::capi::last_error.c_str(); }

const char* tr_StatusName(tr_Status status) {
  switch (transit::capi::enum_value(status)) {
    case tr_ok: return "ok";
    case tr_errorInvalidArgument: return "invalid_argument";
    case tr_errorInvalidId: return "invalid_id";
    case tr_errorInput: return "input";
    case tr_errorCapacity: return "capacity";
    case tr_errorInternal: return "internal";
  }
  return "unknown";
}

}
