#pragma once
// Prints FAILED with the message and returns false when ok is false.
bool check(bool ok, const char *message);
