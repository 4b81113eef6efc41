// Loads damaged copies of a code object through the module API, each in a child process of
// its own, so that a crash or a hang shows as one (tests/tests/damaged_images.rs).
//
//   damaged_module <code object> <kernel name> <scratch directory>
//
// Reads one damage a line from stdin: `flip <offset> <xor>` (one byte XORed with a nonzero
// value; the copy goes to hipModuleLoadData), `cut <length>` (the first bytes only, written
// to a file in the scratch directory for hipModuleLoad, which knows where a file ends) or
// `none`. For each, a forked child applies the damage and calls the load, then
// hipModuleGetFunction, hipMalloc, hipModuleLaunchKernel and hipDeviceSynchronize, stopping
// at the first call that fails. The parent prints one line a damage: `<line> ok`,
// `<line> error <call> <code>`, `<line> signal <n>`, `<line> hang` (20 s) or
// `<line> exit <status>`. The kernel must take (int n, float* x).
#include <hip/hip_runtime.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

static std::vector<unsigned char> read_file(const char* path) {
  std::vector<unsigned char> bytes;
  FILE* file = std::fopen(path, "rb");
  if (!file) return bytes;
  unsigned char buffer[65536];
  size_t got;
  while ((got = std::fread(buffer, 1, sizeof buffer, file)) > 0)
    bytes.insert(bytes.end(), buffer, buffer + got);
  std::fclose(file);
  return bytes;
}

// The child: reports the number of calls that succeeded and the failing call's code to
// `report`. `path` is empty for hipModuleLoadData, else the file to load.
static int load_and_launch(const std::vector<unsigned char>& image, const std::string& path,
                           const char* kernel, int report) {
  int codes[2] = {0, 0};
  hipModule_t module = nullptr;
  hipFunction_t function = nullptr;
  hipError_t status;
  if (path.empty()) {
    status = hipModuleLoadData(&module, image.data());
  } else {
    FILE* file = std::fopen(path.c_str(), "wb");
    if (!file) return 1;
    if (!image.empty() && std::fwrite(image.data(), 1, image.size(), file) != image.size())
      return 1;
    std::fclose(file);
    status = hipModuleLoad(&module, path.c_str());
    std::remove(path.c_str());
  }
  if (status == hipSuccess) {
    codes[0] = 1;
    status = hipModuleGetFunction(&function, module, kernel);
  }
  float* data = nullptr;
  if (status == hipSuccess) {
    codes[0] = 2;
    status = hipMalloc(&data, 64 * sizeof(float));
  }
  if (status == hipSuccess) {
    int n = 64;
    void* args[] = {&n, &data};
    codes[0] = 3;
    status = hipModuleLaunchKernel(function, 1, 1, 1, 64, 1, 1, 0, nullptr, args, nullptr);
  }
  if (status == hipSuccess) {
    codes[0] = 4;
    status = hipDeviceSynchronize();
  }
  if (status == hipSuccess) codes[0] = 5;
  codes[1] = status;
  return write(report, codes, sizeof codes) == sizeof codes ? 0 : 1;
}

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s <code object> <kernel> <scratch directory>\n", argv[0]);
    return 2;
  }
  const std::vector<unsigned char> original = read_file(argv[1]);
  if (original.empty()) {
    std::fprintf(stderr, "cannot read %s\n", argv[1]);
    return 2;
  }
  static const char* const calls[] = {"hipModuleLoadData", "hipModuleGetFunction", "hipMalloc",
                                      "hipModuleLaunchKernel", "hipDeviceSynchronize"};
  char line[256];
  for (long index = 0; std::fgets(line, sizeof line, stdin); ++index) {
    std::vector<unsigned char> image = original;
    std::string path;
    unsigned long offset = 0, value = 0;
    if (std::sscanf(line, "flip %lu %lu", &offset, &value) == 2 && offset < image.size()) {
      image[offset] ^= static_cast<unsigned char>(value);
    } else if (std::sscanf(line, "cut %lu", &offset) == 1 && offset <= image.size()) {
      image.resize(offset);
      path = std::string(argv[3]) + "/cut-" + std::to_string(index);
    } else if (std::strncmp(line, "none", 4) != 0) {
      std::fprintf(stderr, "bad damage line: %s", line);
      return 2;
    }
    int pipe_ends[2];
    if (pipe(pipe_ends) != 0) return 2;
    std::fflush(stdout);
    pid_t child = fork();
    if (child == 0) {
      close(pipe_ends[0]);
      alarm(20);
      _exit(load_and_launch(image, path, argv[2], pipe_ends[1]));
    }
    close(pipe_ends[1]);
    int codes[2] = {-1, -1};
    ssize_t got = read(pipe_ends[0], codes, sizeof codes);
    close(pipe_ends[0]);
    int wait_status = 0;
    waitpid(child, &wait_status, 0);
    if (WIFSIGNALED(wait_status)) {
      if (WTERMSIG(wait_status) == SIGALRM)
        std::printf("%ld hang\n", index);
      else
        std::printf("%ld signal %d\n", index, WTERMSIG(wait_status));
    } else if (got != sizeof codes || WEXITSTATUS(wait_status) != 0) {
      std::printf("%ld exit %d\n", index, WEXITSTATUS(wait_status));
    } else if (codes[0] == 5) {
      std::printf("%ld ok\n", index);
    } else {
      const char* call = codes[0] == 0 && !path.empty() ? "hipModuleLoad" : calls[codes[0]];
      std::printf("%ld error %s %d\n", index, call, codes[1]);
    }
  }
  return 0;
}
