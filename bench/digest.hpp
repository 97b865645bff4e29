#pragma once

namespace transit::perf {

// Prints a hash of every character state of the scenarios and a crowd.
void print_digest();

}  // namespace transit::perf
