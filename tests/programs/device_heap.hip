// Device malloc/free, new/delete (scalar and array), memcpy and memset in kernels: every
// thread builds a small linked list on the device heap, copies it into an array with
// memcpy, frees everything, and the host checks the sums. A second launch reuses the
// freed memory.
#include "check.h"

struct Node {
  int value;
  Node* next;
};

__global__ void lists(long long* sums, int length) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  Node* head = nullptr;
  for (int i = 0; i < length; ++i) {
    Node* node = new Node{id + i, head};
    if (!node) {
      sums[id] = -1;
      return;
    }
    head = node;
  }
  int* values = (int*)malloc(length * sizeof(int));
  int* copy = new int[length];
  if (!values || !copy) {
    sums[id] = -2;
    return;
  }
  memset(values, 0, length * sizeof(int));
  int count = 0;
  for (Node* node = head; node; node = node->next) values[count++] += node->value;
  memcpy(copy, values, length * sizeof(int));
  long long sum = 0;
  for (int i = 0; i < length; ++i) sum += copy[i];
  while (head) {
    Node* next = head->next;
    delete head;
    head = next;
  }
  free(values);
  delete[] copy;
  sums[id] = sum;
}

int main() {
  const int blocks = 16, threads = 64, n = blocks * threads, length = 20;
  long long* d_sums;
  CHECK(hipMalloc(&d_sums, n * sizeof(long long)));
  long long errors = 0;
  for (int launch = 0; launch < 2; ++launch) {
    CHECK(hipMemset(d_sums, 0, n * sizeof(long long)));
    lists<<<blocks, threads>>>(d_sums, length);
    CHECK_LAUNCH();
    long long sums[n];
    CHECK(hipMemcpy(sums, d_sums, sizeof sums, hipMemcpyDeviceToHost));
    for (int id = 0; id < n; ++id) {
      long long want = (long long)length * id + (long long)length * (length - 1) / 2;
      if (sums[id] != want) {
        if (errors < 5) std::printf("launch %d thread %d: %lld, want %lld\n", launch, id, sums[id], want);
        ++errors;
      }
    }
  }
  CHECK(hipFree(d_sums));
  return finish("device_heap", errors);
}
