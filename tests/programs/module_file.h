// Where the module API programs find the code object built from their kernels.hip
// (`oxhip --genco`), and reading it into memory for hipModuleLoadData.
//
// The path is argv[1], else $OXHIP_TEST_MODULE, else "<this executable>.hipfb" (how
// tests/gpu/run.sh and tests/tests/cpu_programs.rs place it).
#pragma once
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>
#include <unistd.h>

static std::string module_path(int argc, char** argv) {
  if (argc > 1) return argv[1];
  if (const char* path = std::getenv("OXHIP_TEST_MODULE")) return path;
  char exe[4096];
  ssize_t length = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (length <= 0) return "module.hipfb";
  exe[length] = '\0';
  return std::string(exe) + ".hipfb";
}

static std::vector<char> read_file(const std::string& path) {
  std::vector<char> bytes;
  FILE* file = std::fopen(path.c_str(), "rb");
  if (!file) return bytes;
  char buffer[65536];
  size_t got;
  while ((got = std::fread(buffer, 1, sizeof buffer, file)) > 0)
    bytes.insert(bytes.end(), buffer, buffer + got);
  std::fclose(file);
  return bytes;
}
