#include <cstdio>
#include <optional>

int *device_buffer(int n);
int copy_back(int *host, const int *device, int n);
int run_iota(int *out, int n);

int main() {
  const int n = 77;
  int *device = device_buffer(n);
  std::optional<int> status;
  if (device) status = run_iota(device, n);
  int host[n] = {};
  if (!status || *status != 0 || copy_back(host, device, n) != 0 || host[0] != 7 || host[76] != 83) {
    std::printf("FAILED\n");
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
