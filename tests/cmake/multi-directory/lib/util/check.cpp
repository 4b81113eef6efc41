#include "check.h"
#include <cstdio>

bool check(bool ok, const char *message) {
  if (!ok) std::printf("FAILED: %s\n", message);
  return ok;
}
