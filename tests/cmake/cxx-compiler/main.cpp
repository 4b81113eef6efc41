#include <cstdio>

int square_all(int *values, int n);

int main() {
  int values[100];
  for (int i = 0; i < 100; ++i) values[i] = i;
  if (square_all(values, 100) != 0 || values[99] != 9801) {
    std::printf("FAILED\n");
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
