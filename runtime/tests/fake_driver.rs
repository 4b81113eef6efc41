//! The NVIDIA backend's use of the CUDA driver API, exercised on a machine without a GPU
//! through `tests/fake_cuda/libcuda.c`, a stand-in `libcuda.so.1` found through
//! `LD_LIBRARY_PATH`.
//!
//! The programs are real: clang 22 compiles their host side with a bundle from our
//! bundler embedded, they register through clang's constructors and launch through
//! `<<<>>>`. What the fake checks is our side of the driver contract: every entry point
//! requested through `cuGetProcAddress_v2` at CUDA 12.0, one primary context made current
//! once per thread, the right PTX picked and NUL-terminated, the JIT error log kept,
//! clang's argument array passed to `cuLaunchKernel` unchanged, and the dynamic shared
//! memory opt-in above 48 KiB. It says nothing about a real driver's behaviour.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use bundler::{CompressedVersion, Compression, CompressionMethod};
use common::{clang, compile_hip_host, link, ptx_bundle, run};

const MAIN: &str = r#"
#include <hip/hip_runtime_api.h>
#include <pthread.h>
#include <stdio.h>
#define __global__ __attribute__((global))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))

__constant__ int table[4];
__managed__ int mvar = 7;
__global__ void square(int* data, int n) {}
hipError_t launch_broken(int* data);

/* Another thread must get the context made current on it before its first call. */
static void* other_thread(void* data) {
  hipError_t status = hipMemset(data, 0, 4);
  printf("thread memset %s\n", hipGetErrorName(status));
  return 0;
}

int main() {
  /* Usable before any HIP call: the runtime's host copy. */
  printf("managed %d\n", mvar);
  mvar = 11;
  hipDeviceProp_t prop = {};
  hipError_t status = hipGetDeviceProperties(&prop, 0);
  printf("properties %s %s %s %d %zu\n", hipGetErrorName(status), prop.name, prop.gcnArchName,
         prop.multiProcessorCount, prop.totalGlobalMem >> 30);
  if (status != hipSuccess) return 0;
  int value = 0;
  status = hipDeviceGetAttribute(&value, hipDeviceAttributeComputeCapabilityMajor, 0);
  printf("major %s %d\n", hipGetErrorName(status), value);
  int host[5] = {1, 2, 3, 4, 5};
  int n = 5;
  int* data = 0;
  printf("malloc %s\n", hipGetErrorName(hipMalloc((void**)&data, sizeof host)));
  printf("to device %s\n",
         hipGetErrorName(hipMemcpy(data, host, sizeof host, hipMemcpyHostToDevice)));
  square<<<1, 32>>>(data, n);
  printf("launch %s\n", hipGetErrorName(hipGetLastError()));
  square<<<dim3(2, 3), dim3(64), 65536>>>(data, n);
  printf("launch %s\n", hipGetErrorName(hipGetLastError()));
  printf("to host %s\n", hipGetErrorName(hipMemcpy(host, data, sizeof host, hipMemcpyDefault)));
  printf("values %d %d %d %d %d\n", host[0], host[1], host[2], host[3], host[4]);
  printf("managed %d\n", mvar);
  hipFuncAttributes attributes;
  status = hipFuncGetAttributes(&attributes, (const void*)&square);
  printf("attributes %s %d %d\n", hipGetErrorName(status), attributes.numRegs,
         attributes.maxThreadsPerBlock);
  status = hipFuncSetAttribute((const void*)&square, hipFuncAttributeMaxDynamicSharedMemorySize,
                               100000);
  printf("set attribute %s\n", hipGetErrorName(status));
  /* Under the limit just set: no further opt-in call. */
  square<<<1, 1, 90000>>>(data, 0);
  printf("launch %s\n", hipGetErrorName(hipGetLastError()));
  int values[4] = {7, 8, 9, 10}, back[4] = {0, 0, 0, 0};
  printf("to symbol %s\n",
         hipGetErrorName(hipMemcpyToSymbol(&table, values, sizeof values, 0, hipMemcpyHostToDevice)));
  printf("from symbol %s\n",
         hipGetErrorName(hipMemcpyFromSymbol(back, &table, 8, 8, hipMemcpyDeviceToHost)));
  printf("symbol values %d %d\n", back[0], back[1]);
  printf("broken %s\n", hipGetErrorName(launch_broken(data)));
  printf("message %s\n", oxhipGetLastErrorMessage());
  pthread_t thread;
  pthread_create(&thread, 0, other_thread, data);
  pthread_join(thread, 0);
  printf("memset %s\n", hipGetErrorName(hipMemset(data, 0, sizeof host)));
  printf("to host %s\n",
         hipGetErrorName(hipMemcpy(host, data, sizeof host, hipMemcpyDeviceToHost)));
  printf("values %d %d %d %d %d\n", host[0], host[1], host[2], host[3], host[4]);
  printf("free %s\n", hipGetErrorName(hipFree(data)));
  printf("sync %s\n", hipGetErrorName(hipDeviceSynchronize()));
  return 0;
}
"#;

const BROKEN: &str = r#"
#include <hip/hip_runtime_api.h>
#define __global__ __attribute__((global))
__global__ void broken(int* data) {}
hipError_t launch_broken(int* data) {
  broken<<<1, 1>>>(data);
  return hipGetLastError();
}
"#;

const PTX_SM_80: &str =
    ".version 7.0\n.target sm_80\n.address_size 64\n.visible .entry _Z6squarePii()\n{\n}\n";
const PTX_SM_90: &str =
    ".version 7.8\n.target sm_90\n.address_size 64\n.visible .entry _Z6squarePii()\n{\n}\n";
const BROKEN_PTX: &str = ".version 7.8\n.target sm_90\nSYNTAX ERROR\n";
const PTX_SM_100: &str = ".version 8.6\n.target sm_100\n.address_size 64\n";

/// Builds the fake driver into `dir/libcuda.so.1`.
fn fake_driver(dir: &Path) {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fake_cuda/libcuda.c");
    run(Command::new(clang())
        .args(["-shared", "-fPIC", "-O1", "-Wall", "-Werror"])
        .arg(source)
        .arg("-o")
        .arg(dir.join("libcuda.so.1")));
}

fn build(dir: &Path) -> PathBuf {
    fake_driver(dir);
    let good = ptx_bundle(
        &[
            ("sm_80", PTX_SM_80),
            ("sm_90", PTX_SM_90),
            ("sm_100", PTX_SM_100),
        ],
        None,
    );
    // Compressed as clang 22 compresses by default (zstd, CCOB version 3).
    let compression = Compression {
        method: CompressionMethod::Zstd,
        level: 3,
        format_version: CompressedVersion::V3,
    };
    let bad = ptx_bundle(&[("sm_90", BROKEN_PTX)], Some(compression));
    let objects = [
        compile_hip_host(dir, "main", MAIN, &good),
        compile_hip_host(dir, "broken", BROKEN, &bad),
    ];
    let program = dir.join("program");
    link(&objects, &program);
    program
}

fn run_with_fake(program: &Path, dir: &Path, env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(program);
    command.env("LD_LIBRARY_PATH", dir).env("OXHIP_LOG", "1");
    for (key, value) in env {
        command.env(key, value);
    }
    run(&mut command)
}

#[test]
fn program_runs_through_the_driver_api() {
    let dir = tempfile::tempdir().unwrap();
    let program = build(dir.path());
    let output = run_with_fake(&program, dir.path(), &[]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let lines: Vec<&str> = stdout.lines().collect();
    let expected = [
        "managed 7",
        "fake: cuDevicePrimaryCtxRetain 0",
        "fake: cuCtxSetCurrent 0x1000",
        "fake: cuMemAllocManaged 4 1",
        "properties hipSuccess Fake H100 sm_90 132 80",
        "major hipSuccess 9",
        "malloc hipSuccess",
        "to device hipSuccess",
        // The sm_90 PTX, not sm_80 (lower) or sm_100 (above the device); the size is
        // the text up to the NUL the runtime guarantees.
        &format!("fake: cuModuleLoadDataEx sm_90, {} bytes", PTX_SM_90.len()),
        "fake: cuLaunchKernel 0x3000 grid 1,1,1 block 32,1,1 shared 0 stream (nil) extra (nil)",
        "fake: managed value 11",
        "launch hipSuccess",
        "fake: cuFuncSetAttribute 0x3000 8 65536",
        "fake: cuLaunchKernel 0x3000 grid 2,3,1 block 64,1,1 shared 65536 stream (nil) extra (nil)",
        "fake: managed value 11",
        "launch hipSuccess",
        "to host hipSuccess",
        "values 1 16 81 256 625",
        "managed 11",
        "attributes hipSuccess 40 1024",
        "fake: cuFuncSetAttribute 0x3000 8 100000",
        "set attribute hipSuccess",
        "fake: cuLaunchKernel 0x3000 grid 1,1,1 block 1,1,1 shared 90000 stream (nil) extra (nil)",
        "fake: managed value 11",
        "launch hipSuccess",
        "to symbol hipSuccess",
        "from symbol hipSuccess",
        "symbol values 9 10",
        &format!("fake: cuModuleLoadDataEx sm_90, {} bytes", BROKEN_PTX.len()),
        "broken hipErrorInvalidKernelFile",
        "message `cuModuleLoadDataEx` failed with 218 (CUDA_ERROR_INVALID_PTX); JIT error log: ptxas application ptx input, line 3; fatal : Parsing error near 'ERROR'",
        "fake: cuCtxSetCurrent 0x1000",
        "thread memset hipSuccess",
        "memset hipSuccess",
        "to host hipSuccess",
        "values 0 0 0 0 0",
        "free hipSuccess",
        "fake: cuCtxSynchronize",
        "sync hipSuccess",
        // The first __hipUnregisterFatBinary at exit waits for the device once.
        "fake: cuCtxSynchronize",
    ];
    assert_eq!(lines, expected, "stderr:\n{stderr}");
    for logged in [
        "oxhip: device 0: Fake H100 (sm_90)",
        "oxhip: backend: CUDA driver 12080, 1 device(s)",
        "hipv4-nvptx64-nvidia-cuda-unknown-sm_80",
        "oxhip: device 0 (sm_90): loading `hipv4-nvptx64-nvidia-cuda-unknown-sm_90` as Ptx",
        "ptxas info    : Used 8 registers",
        "hipLaunchKernel -> hipErrorInvalidKernelFile",
    ] {
        assert!(stderr.contains(logged), "missing `{logged}` in:\n{stderr}");
    }
}

#[test]
fn a_driver_without_an_entry_point_means_no_device() {
    let dir = tempfile::tempdir().unwrap();
    let program = build(dir.path());
    let output = run_with_fake(
        &program,
        dir.path(),
        // Only GPUs: otherwise the CPU device answers the device calls.
        &[
            ("FAKE_CUDA_MISSING", "cuMemAllocManaged"),
            ("OXHIP_VISIBLE_DEVICES", "gpu"),
        ],
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    // The managed variable stays usable in host memory; the device calls fail cleanly.
    let lines: Vec<&str> = stdout.lines().take(2).collect();
    assert_eq!(lines, ["managed 7", "properties hipErrorNoDevice   0 0"]);
    assert!(
        stderr.contains(
            "the CUDA driver has no `cuMemAllocManaged` for CUDA 12000 (result 0, symbol status 1)"
        ),
        "{stderr}"
    );
}

#[test]
fn a_driver_older_than_cuda_12_means_no_device() {
    let dir = tempfile::tempdir().unwrap();
    let program = build(dir.path());
    let output = run_with_fake(&program, dir.path(), &[("FAKE_CUDA_VERSION", "11080")]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("the CUDA driver supports CUDA 11080; 12000 or newer is required"),
        "{stderr}"
    );
}

const MODULES: &str = r#"
#include <hip/hip_runtime_api.h>
#include <stdio.h>
#define __global__ __attribute__((global))
__global__ void square(int* data, int n) {}

static const char ptx[] =
    ".version 7.8\n.target sm_90\n.address_size 64\n.visible .entry _Z6squarePii()\n{\n}\n";

int main() {
  hipModule_t module = 0;
  printf("load %s\n", hipGetErrorName(hipModuleLoadData(&module, ptx)));
  hipFunction_t function = 0, missing = 0;
  printf("function %s\n", hipGetErrorName(hipModuleGetFunction(&function, module, "_Z6squarePii")));
  printf("missing %s\n", hipGetErrorName(hipModuleGetFunction(&missing, module, "nothing")));
  int* data = 0;
  hipMalloc((void**)&data, 16);
  int n = 3;
  void* params[] = {&data, &n};
  printf("params %s\n", hipGetErrorName(hipModuleLaunchKernel(function, 1, 1, 1, 8, 1, 1, 0, 0,
                                                              params, 0)));
  struct { int* data; int n; } packed = {data, 4};
  int first = 77;
  packed.data = &first;
  size_t size = sizeof packed;
  void* extra[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, &packed, HIP_LAUNCH_PARAM_BUFFER_SIZE, &size,
                   HIP_LAUNCH_PARAM_END};
  printf("extra %s\n", hipGetErrorName(hipModuleLaunchKernel(function, 2, 1, 1, 8, 1, 1, 0, 0, 0,
                                                             extra)));
  printf("both %s\n", hipGetErrorName(hipModuleLaunchKernel(function, 1, 1, 1, 1, 1, 1, 0, 0,
                                                            params, extra)));
  hipDeviceptr_t address = 0;
  size_t bytes = 0;
  printf("global %s %zu\n", hipGetErrorName(hipModuleGetGlobal(&address, &bytes, module, "table")),
         bytes);
  printf("no global %s\n",
         hipGetErrorName(hipModuleGetGlobal(&address, &bytes, module, "absent")));
  printf("unload %s\n", hipGetErrorName(hipModuleUnload(module)));
  printf("after unload %s\n", hipGetErrorName(hipModuleLaunchKernel(function, 1, 1, 1, 1, 1, 1, 0,
                                                                    0, params, 0)));
  printf("cooperative %s\n",
         hipGetErrorName(hipLaunchCooperativeKernel((const void*)&square, dim3(4), dim3(32),
                                                    params, 0, 0)));
  return 0;
}
"#;

#[test]
fn module_api_and_cooperative_launches_through_the_driver_api() {
    let dir = tempfile::tempdir().unwrap();
    fake_driver(dir.path());
    let bundle = ptx_bundle(&[("sm_90", PTX_SM_90)], None);
    let objects = [compile_hip_host(dir.path(), "modules", MODULES, &bundle)];
    let program = dir.path().join("modules");
    link(&objects, &program);
    let output = run_with_fake(&program, dir.path(), &[("OXHIP_VISIBLE_DEVICES", "gpu")]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let lines: Vec<&str> = stdout
        .lines()
        .filter(|line| !line.starts_with("fake: cu") || line.contains("Launch"))
        .collect();
    let expected = [
        "load hipSuccess",
        "function hipSuccess",
        "missing hipErrorNotFound",
        "fake: cuLaunchKernel 0x3000 grid 1,1,1 block 8,1,1 shared 0 stream (nil) extra (nil)",
        "params hipSuccess",
        // HIP's END (3) becomes CUDA's (0); the buffer and its size pass through.
        "fake: extra 1 2 16 bytes 0 first int 77",
        "extra hipSuccess",
        "both hipErrorInvalidValue",
        "global hipSuccess 16",
        "no global hipErrorNotFound",
        "unload hipSuccess",
        "after unload hipErrorInvalidHandle",
        "fake: cuLaunchCooperativeKernel 0x3000 grid 4,1,1 block 32,1,1 shared 0 stream (nil) n 3",
        "cooperative hipSuccess",
    ];
    let extra_line = stdout
        .lines()
        .find(|line| line.starts_with("fake: cuLaunchKernel") && line.contains("grid 2,1,1"));
    assert!(
        extra_line.is_some_and(|line| !line.ends_with("extra (nil)")),
        "{stdout}"
    );
    let lines: Vec<&str> = lines
        .into_iter()
        .filter(|line| !line.contains("grid 2,1,1"))
        .collect();
    assert_eq!(lines, expected, "stderr:\n{stderr}");
}

const WIDER: &str = r#"
#include <hip/hip_runtime_api.h>
#include <stdio.h>
#define __global__ __attribute__((global))
__global__ void square(int* data, int n) {}

static void host_function(void* data) { printf("host function %d\n", *(int*)data); }

int main() {
  hipStream_t stream = 0;
  printf("priority stream %s\n", hipGetErrorName(hipStreamCreateWithPriority(&stream, 0, -9)));
  int tag = 5;
  printf("host func %s\n", hipGetErrorName(hipLaunchHostFunc(stream, host_function, &tag)));
  /* Freed on a stream with nothing left to run: back in the pool with no host function. */
  void* block = 0;
  printf("pool alloc %s\n", hipGetErrorName(hipMallocAsync(&block, 256, stream)));
  hipStreamSynchronize(stream);
  printf("pool free %s\n", hipGetErrorName(hipFreeAsync(block, stream)));
  int* data = 0;
  hipMalloc((void**)&data, 64);
  int rows[6] = {1, 2, 3, 4, 5, 6};
  printf("2d %s\n", hipGetErrorName(hipMemcpy2D(data, 16, rows, 8, 8, 3, hipMemcpyHostToDevice)));
  int back[12] = {0};
  hipMemcpy(back, data, 48, hipMemcpyDeviceToHost);
  printf("2d values %d %d %d %d %d %d\n", back[0], back[1], back[4], back[5], back[8], back[9]);
  printf("d32 %s\n", hipGetErrorName(hipMemsetD32(data, 0x01020304, 2)));
  printf("2d fill %s\n", hipGetErrorName(hipMemset2D(data, 16, 7, 8, 2)));
  void* pitched = 0;
  size_t pitch = 0;
  printf("pitch %s %zu\n", hipGetErrorName(hipMallocPitch(&pitched, &pitch, 100, 4)), pitch);
  hipPointerAttribute_t attributes;
  printf("attributes %s %d %d\n", hipGetErrorName(hipPointerGetAttributes(&attributes, data + 2)),
         (int)attributes.type, attributes.devicePointer == (void*)(data + 2));
  size_t size = 0;
  printf("size %s %zu\n", hipGetErrorName(hipMemPtrGetInfo(data, &size)), size);
  int values[4] = {2, 3, 4, 5};
  hipMemcpy(data, values, sizeof values, hipMemcpyHostToDevice);
  hipGraph_t graph = 0;
  hipGraphExec_t exec = 0;
  int n = 3;
  printf("begin %s\n", hipGetErrorName(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal)));
  square<<<1, 32, 0, stream>>>(data, n);
  n = 100; /* captured launches keep the value they were given */
  printf("end %s\n", hipGetErrorName(hipStreamEndCapture(stream, &graph)));
  printf("instantiate %s\n", hipGetErrorName(hipGraphInstantiate(&exec, graph, 0, 0, 0)));
  printf("launch %s\n", hipGetErrorName(hipGraphLaunch(exec, stream)));
  printf("launch %s\n", hipGetErrorName(hipGraphLaunch(exec, stream)));
  hipMemcpy(values, data, sizeof values, hipMemcpyDeviceToHost);
  printf("graph values %d %d %d %d\n", values[0], values[1], values[2], values[3]);
  return 0;
}
"#;

#[test]
fn wider_api_reaches_the_driver() {
    let dir = tempfile::tempdir().unwrap();
    fake_driver(dir.path());
    let bundle = ptx_bundle(&[("sm_90", PTX_SM_90)], None);
    let objects = [compile_hip_host(dir.path(), "wider", WIDER, &bundle)];
    let program = dir.path().join("wider");
    link(&objects, &program);
    let output = run_with_fake(&program, dir.path(), &[("OXHIP_VISIBLE_DEVICES", "gpu")]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let lines: Vec<&str> = stdout
        .lines()
        .filter(|line| {
            !line.starts_with("fake: cuDevicePrimaryCtxRetain")
                && !line.starts_with("fake: cuCtxSetCurrent")
                && !line.starts_with("fake: cuModuleLoadDataEx")
        })
        .collect();
    let expected = [
        // -9 is beyond the fake's range (0 to -5): clamped.
        "fake: cuStreamCreateWithPriority 0 -5",
        "priority stream hipSuccess",
        "fake: cuLaunchHostFunc 0x5000",
        "host function 5",
        "host func hipSuccess",
        // No cuLaunchHostFunc between these two: the stream was idle (cuStreamQuery).
        "pool alloc hipSuccess",
        "pool free hipSuccess",
        // Host to device: CU_MEMORYTYPE_HOST 1 and DEVICE 2.
        "fake: cuMemcpy2D types 1 2 pitches 8 16 width 8 height 3",
        "2d hipSuccess",
        "2d values 1 2 3 4 5 6",
        "fake: cuMemsetD32 0x1020304 2",
        "d32 hipSuccess",
        "fake: cuMemsetD2D8 pitch 16 value 7 width 8 height 2",
        "2d fill hipSuccess",
        "fake: cuMemAllocPitch 100 4 16",
        "pitch hipSuccess 512",
        "attributes hipSuccess 2 1",
        "size hipSuccess 64",
        "begin hipSuccess",
        "end hipSuccess",
        "instantiate hipSuccess",
        // Each replay squares the first 3 values with the arguments copied at capture.
        "fake: cuLaunchKernel 0x3000 grid 1,1,1 block 32,1,1 shared 0 stream 0x5000 extra (nil)",
        "launch hipSuccess",
        "fake: cuLaunchKernel 0x3000 grid 1,1,1 block 32,1,1 shared 0 stream 0x5000 extra (nil)",
        "launch hipSuccess",
        "graph values 16 81 256 5",
        // The device is waited for once at exit.
        "fake: cuCtxSynchronize",
    ];
    assert_eq!(lines, expected, "stderr:\n{stderr}");
}
