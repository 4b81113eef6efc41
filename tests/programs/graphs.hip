// Stream capture and graphs: a captured sequence replayed several times, a fork and join
// across two streams, an explicit diamond built out of order, node queries, parameter
// updates of an instantiated graph, child graphs, clones, graph updates, and the exact
// errors of capture misuse.
#include "check.h"
#include <vector>

static long long errors = 0;

static void expect(bool ok, const char* what) {
  if (!ok) {
    std::printf("graphs: %s\n", what);
    ++errors;
  }
}

static void expect_error(hipError_t got, hipError_t want, const char* what) {
  if (got != want) {
    std::printf("graphs: %s: got %s, want %s\n", what, hipGetErrorName(got),
                hipGetErrorName(want));
    ++errors;
  }
  (void)hipGetLastError();
}

__global__ void add_index(int* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] += i;
}

__global__ void scale(int* data, int n, int factor) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] *= factor;
}

__global__ void sum(int* out, const int* a, const int* b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a[i] + b[i];
}

static void count_call(void* data) { ++*static_cast<int*>(data); }

static const int n = 3000;
static const int blocks = (n + 255) / 256;

static long long mismatches(const std::vector<int>& got, int factor, int offset) {
  long long bad = 0;
  for (int i = 0; i < n; ++i) bad += got[i] != i * factor + offset;
  return bad;
}

static void captured_sequence(int* device) {
  hipStream_t stream;
  CHECK(hipStreamCreate(&stream));
  std::vector<int> host(n, -1);
  int calls = 0;
  CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
  CHECK(hipStreamIsCapturing(stream, &status));
  expect(status == hipStreamCaptureStatusActive, "capturing");
  unsigned long long id = 0;
  CHECK(hipStreamGetCaptureInfo(stream, &status, &id));
  expect(id != 0, "a capture id");
  CHECK(hipMemsetAsync(device, 0, n * sizeof(int), stream));
  add_index<<<blocks, 256, 0, stream>>>(device, n);
  int factor = 3;
  void* args[] = {&device, (void*)&n, &factor};
  CHECK(hipLaunchKernel((const void*)scale, dim3(blocks), dim3(256), args, 0, stream));
  factor = 1000;  // the node copied the argument when it was captured
  CHECK(hipMemcpyAsync(host.data(), device, n * sizeof(int), hipMemcpyDeviceToHost, stream));
  CHECK(hipLaunchHostFunc(stream, count_call, &calls));
  const hipGraphNode_t* dependencies = nullptr;
  size_t count = 0;
  hipGraph_t capturing = nullptr;
  CHECK(hipStreamGetCaptureInfo_v2(stream, &status, nullptr, &capturing, &dependencies, &count));
  expect(count == 1 && capturing != nullptr, "one node in the dependency set");
  hipGraph_t same = nullptr;
  size_t same_count = 0;
  CHECK(hipStreamGetCaptureInfo(stream, &status, &id, &same, &dependencies, &same_count));
  expect(same == capturing && same_count == 1, "the CUDA 12 form of hipStreamGetCaptureInfo");
  hipGraphNodeType type = hipGraphNodeTypeCount;
  if (count == 1) {
    CHECK(hipGraphNodeGetType(dependencies[0], &type));
    expect(type == hipGraphNodeTypeHost, "the last captured node is the host function");
  }
  hipGraph_t graph = nullptr;
  CHECK(hipStreamEndCapture(stream, &graph));
  CHECK(hipStreamIsCapturing(stream, &status));
  expect(status == hipStreamCaptureStatusNone, "capture ended");
  expect(calls == 0 && host[0] == -1, "nothing ran while capturing");
  size_t nodes = 0;
  CHECK(hipGraphGetNodes(graph, nullptr, &nodes));
  expect(nodes == 5, "five captured nodes");
  std::vector<hipGraphNode_t> list(nodes + 2, nullptr);
  size_t room = list.size();
  CHECK(hipGraphGetNodes(graph, list.data(), &room));
  expect(room == nodes && list[nodes] == nullptr, "hipGraphGetNodes fills and NULLs the rest");
  hipGraphNodeType expected[] = {hipGraphNodeTypeMemset, hipGraphNodeTypeKernel,
                                 hipGraphNodeTypeKernel, hipGraphNodeTypeMemcpy,
                                 hipGraphNodeTypeHost};
  for (size_t i = 0; i < nodes && i < 5; ++i) {
    CHECK(hipGraphNodeGetType(list[i], &type));
    expect(type == expected[i], "captured node types in order");
  }
  hipGraphExec_t exec = nullptr;
  CHECK(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  for (int launch = 1; launch <= 3; ++launch) {
    std::fill(host.begin(), host.end(), -1);
    CHECK(hipGraphLaunch(exec, stream));
    CHECK(hipStreamSynchronize(stream));
    expect(mismatches(host, 3, 0) == 0, "a captured graph's result");
    expect(calls == launch, "the host node ran once per launch");
  }

  // Changing the scale node's arguments in the instantiated graph.
  hipKernelNodeParams params;
  CHECK(hipGraphKernelNodeGetParams(list[2], &params));
  expect(params.func == (void*)scale && params.gridDim.x == (unsigned)blocks &&
             params.blockDim.x == 256,
         "hipGraphKernelNodeGetParams");
  expect(*(int*)params.kernelParams[2] == 3, "the captured argument");
  int new_factor = 5;
  void* new_args[] = {&device, (void*)&n, &new_factor};
  params.kernelParams = new_args;
  CHECK(hipGraphExecKernelNodeSetParams(exec, list[2], &params));
  CHECK(hipGraphLaunch(exec, stream));
  CHECK(hipStreamSynchronize(stream));
  expect(mismatches(host, 5, 0) == 0, "hipGraphExecKernelNodeSetParams");
  expect_error(hipGraphExecKernelNodeSetParams(exec, list[0], &params), hipErrorInvalidValue,
               "kernel parameters for a memset node");

  // A graph launched into a capturing stream becomes one child node.
  hipGraph_t outer = nullptr;
  CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeThreadLocal));
  CHECK(hipGraphLaunch(exec, stream));
  CHECK(hipLaunchHostFunc(stream, count_call, &calls));
  CHECK(hipStreamEndCapture(stream, &outer));
  CHECK(hipGraphGetNodes(outer, nullptr, &nodes));
  expect(nodes == 2, "a graph launch captured as one node");
  hipGraphExec_t outer_exec = nullptr;
  CHECK(hipGraphInstantiateWithFlags(&outer_exec, outer, 0));
  int before = calls;
  std::fill(host.begin(), host.end(), -1);
  CHECK(hipGraphLaunch(outer_exec, stream));
  CHECK(hipStreamSynchronize(stream));
  expect(mismatches(host, 5, 0) == 0 && calls == before + 2, "the child graph ran");

  CHECK(hipGraphExecDestroy(outer_exec));
  CHECK(hipGraphDestroy(outer));
  CHECK(hipGraphExecDestroy(exec));
  CHECK(hipGraphDestroy(graph));
  expect_error(hipGraphExecDestroy(exec), hipErrorInvalidValue, "destroying an exec twice");
  expect_error(hipGraphLaunch(exec, stream), hipErrorInvalidValue, "launching a destroyed exec");
  CHECK(hipStreamDestroy(stream));
}

static void fork_and_join(int* a, int* b, int* out) {
  hipStream_t first, second;
  CHECK(hipStreamCreate(&first));
  CHECK(hipStreamCreate(&second));
  hipEvent_t fork, join;
  CHECK(hipEventCreateWithFlags(&fork, hipEventDisableTiming));
  CHECK(hipEventCreateWithFlags(&join, hipEventDisableTiming));
  CHECK(hipStreamBeginCapture(first, hipStreamCaptureModeGlobal));
  CHECK(hipMemsetAsync(a, 0, n * sizeof(int), first));
  CHECK(hipEventRecord(fork, first));
  CHECK(hipStreamWaitEvent(second, fork, 0));
  hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
  CHECK(hipStreamIsCapturing(second, &status));
  expect(status == hipStreamCaptureStatusActive, "the forked stream joined the capture");
  add_index<<<blocks, 256, 0, first>>>(a, n);
  CHECK(hipMemsetAsync(b, 0, n * sizeof(int), second));
  add_index<<<blocks, 256, 0, second>>>(b, n);
  scale<<<blocks, 256, 0, second>>>(b, n, 2);
  expect_error(hipStreamEndCapture(second, nullptr), hipErrorInvalidValue, "end into NULL");
  hipGraph_t wrong = nullptr;
  expect_error(hipStreamEndCapture(second, &wrong), hipErrorStreamCaptureUnmatched,
               "ending a capture on a forked stream");
  CHECK(hipEventRecord(join, second));
  CHECK(hipStreamWaitEvent(first, join, 0));
  sum<<<blocks, 256, 0, first>>>(out, a, b, n);
  hipGraph_t graph = nullptr;
  CHECK(hipStreamEndCapture(first, &graph));
  CHECK(hipStreamIsCapturing(second, &status));
  expect(status == hipStreamCaptureStatusNone, "the forked stream left the capture");
  size_t roots = 0;
  CHECK(hipGraphGetRootNodes(graph, nullptr, &roots));
  expect(roots == 1, "one root");
  hipGraphExec_t exec = nullptr;
  CHECK(hipGraphInstantiate(&exec, graph, 0));  // the CUDA 12 form
  CHECK(hipGraphLaunch(exec, first));
  std::vector<int> host(n);
  CHECK(hipMemcpyAsync(host.data(), out, n * sizeof(int), hipMemcpyDeviceToHost, first));
  CHECK(hipStreamSynchronize(first));
  expect(mismatches(host, 3, 0) == 0, "fork and join");
  CHECK(hipGraphExecDestroy(exec));
  CHECK(hipGraphDestroy(graph));

  // A fork that never joins back.
  CHECK(hipStreamBeginCapture(first, hipStreamCaptureModeGlobal));
  CHECK(hipEventRecord(fork, first));
  CHECK(hipStreamWaitEvent(second, fork, 0));
  add_index<<<blocks, 256, 0, second>>>(b, n);
  hipGraph_t unjoined = (hipGraph_t)0x1;
  expect_error(hipStreamEndCapture(first, &unjoined), hipErrorStreamCaptureUnjoined,
               "an unjoined fork");
  expect(unjoined == nullptr, "no graph from an unjoined capture");

  // Synchronising a capturing stream invalidates the capture.
  CHECK(hipStreamBeginCapture(first, hipStreamCaptureModeGlobal));
  add_index<<<blocks, 256, 0, first>>>(a, n);
  expect_error(hipStreamSynchronize(first), hipErrorStreamCaptureUnsupported,
               "synchronising a capturing stream");
  hipStreamCaptureStatus invalid = hipStreamCaptureStatusNone;
  CHECK(hipStreamIsCapturing(first, &invalid));
  expect(invalid == hipStreamCaptureStatusInvalidated, "the capture is invalidated");
  expect_error(hipMemsetAsync(a, 0, 4, first), hipErrorStreamCaptureInvalidated,
               "work on an invalidated capture");
  hipGraph_t none = (hipGraph_t)0x1;
  expect_error(hipStreamEndCapture(first, &none), hipErrorStreamCaptureInvalidated,
               "ending an invalidated capture");
  expect(none == nullptr, "no graph from an invalidated capture");

  // Other misuse.
  expect_error(hipStreamBeginCapture(0, hipStreamCaptureModeGlobal),
               hipErrorStreamCaptureUnsupported, "capturing the null stream");
  expect_error(hipStreamEndCapture(first, &none), hipErrorIllegalState,
               "ending a capture that was not begun");
  CHECK(hipStreamBeginCapture(first, hipStreamCaptureModeRelaxed));
  expect_error(hipStreamBeginCapture(first, hipStreamCaptureModeGlobal), hipErrorIllegalState,
               "beginning a capture twice");
  CHECK(hipStreamEndCapture(first, &graph));
  CHECK(hipGraphGetNodes(graph, nullptr, &roots));
  expect(roots == 0, "an empty capture");
  CHECK(hipGraphDestroy(graph));
  expect_error(hipStreamBeginCapture(first, (hipStreamCaptureMode)7), hipErrorInvalidValue,
               "capture mode 7");
  hipStreamCaptureMode mode = hipStreamCaptureModeRelaxed;
  CHECK(hipThreadExchangeStreamCaptureMode(&mode));
  expect(mode == hipStreamCaptureModeGlobal, "the thread's capture mode");
  CHECK(hipThreadExchangeStreamCaptureMode(&mode));

  CHECK(hipEventDestroy(fork));
  CHECK(hipEventDestroy(join));
  CHECK(hipStreamDestroy(first));
  CHECK(hipStreamDestroy(second));
}

static void explicit_graph(int* a, int* b, int* out) {
  std::vector<int> host(n, -1);
  hipGraph_t graph = nullptr;
  CHECK(hipGraphCreate(&graph, 0));
  // Built out of order: the copy first, the memsets last, then the edges.
  hipGraphNode_t copy, zero_a, zero_b, index_a, index_b, add, scale_b, host_node;
  CHECK(hipGraphAddMemcpyNode1D(&copy, graph, nullptr, 0, host.data(), out, n * sizeof(int),
                                hipMemcpyDeviceToHost));
  hipKernelNodeParams params = {};
  params.func = (void*)sum;
  params.gridDim = dim3(blocks);
  params.blockDim = dim3(256);
  void* sum_args[] = {&out, &a, &b, (void*)&n};
  params.kernelParams = sum_args;
  CHECK(hipGraphAddKernelNode(&add, graph, nullptr, 0, &params));
  params.func = (void*)add_index;
  void* a_args[] = {&a, (void*)&n};
  params.kernelParams = a_args;
  CHECK(hipGraphAddKernelNode(&index_a, graph, nullptr, 0, &params));
  void* b_args[] = {&b, (void*)&n};
  params.kernelParams = b_args;
  CHECK(hipGraphAddKernelNode(&index_b, graph, nullptr, 0, &params));
  int factor = 7;
  void* scale_args[] = {&b, (void*)&n, &factor};
  params.func = (void*)scale;
  params.kernelParams = scale_args;
  CHECK(hipGraphAddKernelNode(&scale_b, graph, &index_b, 1, &params));
  hipMemsetParams memset_params = {};
  memset_params.dst = a;
  memset_params.elementSize = 4;
  memset_params.width = n;
  memset_params.height = 1;
  memset_params.value = 0;
  CHECK(hipGraphAddMemsetNode(&zero_a, graph, nullptr, 0, &memset_params));
  memset_params.dst = b;
  CHECK(hipGraphAddMemsetNode(&zero_b, graph, nullptr, 0, &memset_params));
  int calls = 0;
  hipHostNodeParams host_params = {count_call, &calls};
  CHECK(hipGraphAddHostNode(&host_node, graph, &copy, 1, &host_params));
  hipGraphNode_t from[] = {zero_a, zero_b, index_a, scale_b, add};
  hipGraphNode_t to[] = {index_a, index_b, add, add, copy};
  CHECK(hipGraphAddDependencies(graph, from, to, 5));

  size_t count = 0;
  CHECK(hipGraphGetRootNodes(graph, nullptr, &count));
  expect(count == 2, "two roots (the memsets)");
  CHECK(hipGraphGetEdges(graph, nullptr, nullptr, &count));
  expect(count == 7, "seven edges");
  hipGraphNode_t dependencies[4];
  count = 4;
  CHECK(hipGraphNodeGetDependencies(add, dependencies, &count));
  expect(count == 2, "the sum depends on two nodes");
  CHECK(hipGraphNodeGetDependentNodes(index_b, nullptr, &count));
  expect(count == 1, "one node depends on index_b");
  hipMemsetParams read_back = {};
  CHECK(hipGraphMemsetNodeGetParams(zero_b, &read_back));
  expect(read_back.dst == b && read_back.elementSize == 4 && read_back.width == (size_t)n,
         "hipGraphMemsetNodeGetParams");

  hipGraphExec_t exec = nullptr;
  CHECK(hipGraphInstantiateWithFlags(&exec, graph, hipGraphInstantiateFlagAutoFreeOnLaunch));
  hipStream_t stream;
  CHECK(hipStreamCreate(&stream));
  CHECK(hipGraphUpload(exec, stream));
  CHECK(hipGraphLaunch(exec, stream));
  CHECK(hipStreamSynchronize(stream));
  // a = i, b = 7 i, out = 8 i.
  expect(mismatches(host, 8, 0) == 0, "an explicit diamond");
  expect(calls == 1, "the host node");
  // Launching on the null stream works too.
  std::fill(host.begin(), host.end(), -1);
  CHECK(hipGraphLaunch(exec, 0));
  CHECK(hipDeviceSynchronize());
  expect(mismatches(host, 8, 0) == 0 && calls == 2, "a launch on the null stream");

  // A disabled node is skipped.
  CHECK(hipGraphNodeSetEnabled(exec, scale_b, 0));
  unsigned enabled = 1;
  CHECK(hipGraphNodeGetEnabled(exec, scale_b, &enabled));
  expect(enabled == 0, "hipGraphNodeGetEnabled");
  CHECK(hipGraphLaunch(exec, stream));
  CHECK(hipStreamSynchronize(stream));
  expect(mismatches(host, 2, 0) == 0, "a disabled node");
  CHECK(hipGraphNodeSetEnabled(exec, scale_b, 1));

  // A child graph, a clone, and an update from a graph of the same shape.
  hipGraph_t parent = nullptr;
  CHECK(hipGraphCreate(&parent, 0));
  hipGraphNode_t child_node, after;
  CHECK(hipGraphAddChildGraphNode(&child_node, parent, nullptr, 0, graph));
  CHECK(hipGraphAddEmptyNode(&after, parent, &child_node, 1));
  hipGraphExec_t parent_exec = nullptr;
  CHECK(hipGraphInstantiate(&parent_exec, parent, nullptr, nullptr, 0));
  std::fill(host.begin(), host.end(), -1);
  CHECK(hipGraphLaunch(parent_exec, stream));
  CHECK(hipStreamSynchronize(stream));
  expect(mismatches(host, 8, 0) == 0, "a child graph node");
  hipGraphNodeType type;
  CHECK(hipGraphNodeGetType(child_node, &type));
  expect(type == hipGraphNodeTypeGraph, "the child node's type");

  hipGraph_t clone = nullptr;
  CHECK(hipGraphClone(&clone, graph));
  hipGraphNode_t cloned_scale = nullptr;
  CHECK(hipGraphNodeFindInClone(&cloned_scale, scale_b, clone));
  factor = 11;
  params.kernelParams = scale_args;
  CHECK(hipGraphKernelNodeSetParams(cloned_scale, &params));
  hipGraphExecUpdateResult result = hipGraphExecUpdateError;
  hipGraphNode_t error_node = nullptr;
  CHECK(hipGraphExecUpdate(exec, clone, &error_node, &result));
  expect(result == hipGraphExecUpdateSuccess, "an update from a clone");
  CHECK(hipGraphLaunch(exec, stream));
  CHECK(hipStreamSynchronize(stream));
  expect(mismatches(host, 12, 0) == 0, "the updated graph");
  CHECK(hipGraphExecUpdate(exec, parent, &error_node, &result) == hipErrorGraphExecUpdateFailure
            ? hipSuccess
            : hipErrorUnknown);
  (void)hipGetLastError();
  expect(result == hipGraphExecUpdateErrorTopologyChanged, "an update from another shape");

  // Errors.
  hipGraphNode_t bad = nullptr;
  params.func = nullptr;
  expect_error(hipGraphAddKernelNode(&bad, graph, nullptr, 0, &params),
               hipErrorInvalidDeviceFunction, "a kernel node without a kernel");
  memset_params.elementSize = 3;
  expect_error(hipGraphAddMemsetNode(&bad, graph, nullptr, 0, &memset_params),
               hipErrorInvalidValue, "a memset node of 3-byte elements");
  expect_error(hipGraphAddEmptyNode(&bad, parent, &add, 1), hipErrorInvalidValue,
               "a dependency from another graph");
  expect_error(hipGraphAddDependencies(graph, &zero_a, &index_a, 1), hipErrorInvalidValue,
               "an existing dependency");
  expect_error(hipGraphAddEmptyNode(nullptr, graph, nullptr, 0), hipErrorInvalidValue,
               "a node into NULL");
  hipGraph_t unused_graph = nullptr;
  expect_error(hipGraphCreate(&unused_graph, 1), hipErrorInvalidValue, "graph flags");
  expect_error(hipGraphInstantiateWithFlags(&exec, graph, hipGraphInstantiateFlagDeviceLaunch),
               hipErrorInvalidValue, "device launch");
  // A cycle is found at instantiation.
  CHECK(hipGraphAddDependencies(graph, &copy, &zero_a, 1));
  hipGraphExec_t cyclic = nullptr;
  hipGraphNode_t failed = nullptr;
  char log[128] = {0};
  expect_error(hipGraphInstantiate(&cyclic, graph, &failed, log, sizeof log),
               hipErrorInvalidValue, "a cycle");
  expect(failed != nullptr && log[0] != 0, "the node and message of a cycle");

  CHECK(hipGraphExecDestroy(parent_exec));
  CHECK(hipGraphExecDestroy(exec));
  CHECK(hipGraphDestroy(clone));
  CHECK(hipGraphDestroy(parent));
  CHECK(hipGraphDestroy(graph));
  expect_error(hipGraphDestroy(graph), hipErrorInvalidValue, "destroying a graph twice");
  CHECK(hipStreamDestroy(stream));
}

int main() {
  print_device("graphs");
  int *a, *b, *out;
  CHECK(hipMalloc(&a, n * sizeof(int)));
  CHECK(hipMalloc(&b, n * sizeof(int)));
  CHECK(hipMalloc(&out, n * sizeof(int)));
  captured_sequence(a);
  fork_and_join(a, b, out);
  explicit_graph(a, b, out);
  CHECK(hipFree(a));
  CHECK(hipFree(b));
  CHECK(hipFree(out));
  CHECK(hipDeviceSynchronize());
  return finish("graphs", errors);
}
