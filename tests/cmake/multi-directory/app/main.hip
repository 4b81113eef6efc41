#include <cstdio>
#include "check.h"
#include "histogram.h"

int main() {
  const int n = 1600;
  int values[n];
  for (int i = 0; i < n; ++i) values[i] = i % BINS;
  int *device_values;
  unsigned *device_bins;
  (void)hipMalloc(&device_values, sizeof values);
  (void)hipMalloc(&device_bins, BINS * sizeof(unsigned));
  (void)hipMemcpy(device_values, values, sizeof values, hipMemcpyHostToDevice);
  bool ok = check(histogram(device_values, n, device_bins) == hipSuccess, "histogram");
  unsigned bins[BINS];
  (void)hipMemcpy(bins, device_bins, sizeof bins, hipMemcpyDeviceToHost);
  for (int b = 0; b < BINS; ++b) ok = ok && check(bins[b] == n / BINS, "bin count");
  if (!ok) return 1;
  std::printf("PASSED\n");
  return 0;
}
