//! The C ABI as C, C++ and HIP programs see it: `hip_runtime_api.h` compiles with
//! clang 22 as C and C++, its `hipDeviceProp_t` has the same layout as the runtime's,
//! a C program links against `liboxhip_runtime.a` with the documented native libraries,
//! and a HIP program whose host side clang 22 compiled (with a bundle from our bundler
//! embedded) registers its kernels from its constructors and launches through the
//! runtime.
//!
//! These tests run real clang 22 (`clang-22` on `PATH`, or `/usr/lib/llvm-22/bin/clang`);
//! without it they fail, as the toolchain cannot work without it either.

mod common;

use std::mem::offset_of;
use std::process::Command;

use common::{
    clang, compile_hip_host, include_dir, link, ptx_bundle, run, static_library, NATIVE_LIBS,
};
use oxhip_runtime::types::DeviceProp;

#[test]
fn header_compiles_as_c_and_cxx() {
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("include_only.c");
    std::fs::write(&source, "#include <hip/hip_runtime_api.h>\n").unwrap();
    for (language, standard) in [
        ("c", "-std=c99"),
        ("c", "-std=c17"),
        ("c++", "-std=c++11"),
        ("c++", "-std=c++20"),
    ] {
        run(Command::new(clang())
            .args([
                "-fsyntax-only",
                "-Wall",
                "-Wextra",
                "-pedantic",
                "-Werror",
                "-x",
                language,
                standard,
            ])
            .arg("-I")
            .arg(include_dir())
            .arg(&source));
    }
}

/// Offsets of a sample of `hipDeviceProp_t` fields, as the runtime lays them out.
fn rust_layout() -> String {
    let fields = [
        ("uuid", offset_of!(DeviceProp, uuid)),
        ("totalGlobalMem", offset_of!(DeviceProp, totalGlobalMem)),
        (
            "sharedMemPerBlock",
            offset_of!(DeviceProp, sharedMemPerBlock),
        ),
        ("warpSize", offset_of!(DeviceProp, warpSize)),
        (
            "maxThreadsPerBlock",
            offset_of!(DeviceProp, maxThreadsPerBlock),
        ),
        ("maxGridSize", offset_of!(DeviceProp, maxGridSize)),
        ("major", offset_of!(DeviceProp, major)),
        ("minor", offset_of!(DeviceProp, minor)),
        (
            "multiProcessorCount",
            offset_of!(DeviceProp, multiProcessorCount),
        ),
        ("surfaceAlignment", offset_of!(DeviceProp, surfaceAlignment)),
        ("l2CacheSize", offset_of!(DeviceProp, l2CacheSize)),
        (
            "sharedMemPerMultiprocessor",
            offset_of!(DeviceProp, sharedMemPerMultiprocessor),
        ),
        (
            "sharedMemPerBlockOptin",
            offset_of!(DeviceProp, sharedMemPerBlockOptin),
        ),
        (
            "reservedSharedMemPerBlock",
            offset_of!(DeviceProp, reservedSharedMemPerBlock),
        ),
        (
            "unifiedFunctionPointers",
            offset_of!(DeviceProp, unifiedFunctionPointers),
        ),
        ("gcnArchName", offset_of!(DeviceProp, gcnArchName)),
        (
            "maxSharedMemoryPerMultiProcessor",
            offset_of!(DeviceProp, maxSharedMemoryPerMultiProcessor),
        ),
        ("arch", offset_of!(DeviceProp, arch)),
        ("hdpMemFlushCntl", offset_of!(DeviceProp, hdpMemFlushCntl)),
        ("asicRevision", offset_of!(DeviceProp, asicRevision)),
    ];
    let mut text: String = fields
        .iter()
        .map(|(name, offset)| format!("{name} {offset}\n"))
        .collect();
    text.push_str(&format!("sizeof {}\n", std::mem::size_of::<DeviceProp>()));
    text
}

const C_PROGRAM: &str = r#"
#include <hip/hip_runtime_api.h>
#include <stdio.h>
#include <string.h>

#define FIELD(name) printf(#name " %zu\n", offsetof(hipDeviceProp_t, name));

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "layout") == 0) {
    FIELD(uuid) FIELD(totalGlobalMem) FIELD(sharedMemPerBlock) FIELD(warpSize)
    FIELD(maxThreadsPerBlock) FIELD(maxGridSize) FIELD(major) FIELD(minor)
    FIELD(multiProcessorCount) FIELD(surfaceAlignment) FIELD(l2CacheSize)
    FIELD(sharedMemPerMultiprocessor) FIELD(sharedMemPerBlockOptin)
    FIELD(reservedSharedMemPerBlock) FIELD(unifiedFunctionPointers) FIELD(gcnArchName)
    FIELD(maxSharedMemoryPerMultiProcessor) FIELD(arch) FIELD(hdpMemFlushCntl)
    FIELD(asicRevision)
    printf("sizeof %zu\n", sizeof(hipDeviceProp_t));
    return 0;
  }
  int count = -1;
  hipError_t status = hipGetDeviceCount(&count);
  printf("hipGetDeviceCount %s %d\n", hipGetErrorName(status), count);
  printf("hipMalloc(NULL) %s\n", hipGetErrorName(hipMalloc(NULL, 4)));
  printf("bad kind %s\n", hipGetErrorName(hipMemcpy(&count, &count, 4, (hipMemcpyKind)7)));
  printf("string %s\n", hipGetErrorString(hipErrorInvalidValue));
  /* dim3 by value through the C ABI, and the configuration stack. */
  dim3 grid = {7, 8, 9}, block = {32, 2, 1};
  status = __hipPushCallConfiguration(grid, block, 96, (hipStream_t)0x40);
  dim3 got_grid, got_block;
  size_t shared = 0;
  hipStream_t stream = 0;
  hipError_t popped = __hipPopCallConfiguration(&got_grid, &got_block, &shared, &stream);
  printf("config %s %s %u %u %u %u %u %u %zu %p\n", hipGetErrorName(status),
         hipGetErrorName(popped), got_grid.x, got_grid.y, got_grid.z, got_block.x,
         got_block.y, got_block.z, shared, (void*)stream);
  printf("last %s\n", hipGetErrorName(hipGetLastError()));
  printf("last %s\n", hipGetErrorName(hipGetLastError()));
  printf("attributes %d %d %d %d\n", (int)hipDeviceAttributeComputeCapabilityMajor,
         (int)hipDeviceAttributeMultiprocessorCount, (int)hipDeviceAttributeWarpSize,
         (int)hipDeviceAttributeMaxSharedMemoryPerMultiprocessor);
  return 0;
}
"#;

/// HIP code passes typed pointers to the allocation functions and relies on HIP's
/// default arguments; both must compile in plain C++.
#[test]
fn cxx_conveniences_compile() {
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("typed.cpp");
    std::fs::write(
        &source,
        r#"#include <hip/hip_runtime_api.h>
struct Pair { int a; float b; };
hipError_t use(hipStream_t stream) {
  int* ints = nullptr;
  Pair* pairs = nullptr;
  float* pinned = nullptr;
  (void)hipMalloc(&ints, 16);
  (void)hipMallocManaged(&pairs, sizeof(Pair));
  (void)hipHostMalloc(&pinned, 64);
  (void)hipMemcpyAsync(ints, ints, 4, hipMemcpyDefault);
  (void)hipLaunchKernel((const void*)&use, dim3(1), dim3(64), nullptr);
  dim3 grid(4), block(8, 8);
  return __hipPushCallConfiguration(grid, block) == hipSuccess ? hipEventRecord(nullptr) : hipSuccess;
}
"#,
    )
    .unwrap();
    run(Command::new(clang())
        .args([
            "-fsyntax-only",
            "-Wall",
            "-Werror",
            "-x",
            "c++",
            "-std=c++17",
        ])
        .arg("-I")
        .arg(include_dir())
        .arg(&source));
}

#[test]
fn c_program_links_against_the_static_library() {
    let library = static_library();
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("main.c");
    let program = dir.path().join("main");
    std::fs::write(&source, C_PROGRAM).unwrap();
    run(Command::new(clang())
        .args(["-x", "c", "-std=c99", "-Wall", "-Werror"])
        .arg("-I")
        .arg(include_dir())
        .arg(&source)
        .args(["-x", "none"])
        .arg(&library)
        .args(NATIVE_LIBS)
        .arg("-o")
        .arg(&program));

    let layout = run(Command::new(&program).arg("layout"));
    assert_eq!(String::from_utf8_lossy(&layout.stdout), rust_layout());

    let output = run(Command::new(&program).env_remove("OXHIP_LOG"));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let mut lines = stdout.lines();
    let device_count = lines.next().unwrap();
    assert!(
        device_count == "hipGetDeviceCount hipErrorNoDevice 0"
            || (device_count.starts_with("hipGetDeviceCount hipSuccess ")
                && !device_count.ends_with(" 0")),
        "{device_count}"
    );
    let rest: Vec<&str> = lines.collect();
    assert_eq!(
        rest,
        [
            "hipMalloc(NULL) hipErrorInvalidValue",
            "bad kind hipErrorInvalidMemcpyDirection",
            "string invalid argument",
            "config hipSuccess hipSuccess 7 8 9 32 2 1 96 0x40",
            "last hipErrorInvalidMemcpyDirection",
            "last hipSuccess",
            "attributes 23 63 87 10002",
        ]
    );
    assert!(
        output.stderr.is_empty(),
        "the runtime wrote to stderr without OXHIP_LOG"
    );
}

/// The API structs beyond `hipDeviceProp_t`: every field offset and the size, as the C
/// header lays them out, must be the runtime's.
#[test]
fn api_struct_layouts_match_the_header() {
    use oxhip_runtime::types::{
        HostNodeParams, KernelNodeParams, MemPoolProps, Memcpy2DParam, Memcpy3DParms, MemsetParams,
        PitchedPtr, PointerAttribute,
    };
    use std::mem::size_of;
    let expected: Vec<(&str, usize)> = vec![
        (
            "hipPointerAttribute_t.type",
            offset_of!(PointerAttribute, type_),
        ),
        (
            "hipPointerAttribute_t.device",
            offset_of!(PointerAttribute, device),
        ),
        (
            "hipPointerAttribute_t.devicePointer",
            offset_of!(PointerAttribute, devicePointer),
        ),
        (
            "hipPointerAttribute_t.hostPointer",
            offset_of!(PointerAttribute, hostPointer),
        ),
        (
            "hipPointerAttribute_t.isManaged",
            offset_of!(PointerAttribute, isManaged),
        ),
        (
            "hipPointerAttribute_t.allocationFlags",
            offset_of!(PointerAttribute, allocationFlags),
        ),
        ("hipPointerAttribute_t", size_of::<PointerAttribute>()),
        ("hipPitchedPtr.ysize", offset_of!(PitchedPtr, ysize)),
        ("hipPitchedPtr", size_of::<PitchedPtr>()),
        ("hipMemcpy3DParms.srcPos", offset_of!(Memcpy3DParms, srcPos)),
        ("hipMemcpy3DParms.srcPtr", offset_of!(Memcpy3DParms, srcPtr)),
        (
            "hipMemcpy3DParms.dstArray",
            offset_of!(Memcpy3DParms, dstArray),
        ),
        ("hipMemcpy3DParms.dstPos", offset_of!(Memcpy3DParms, dstPos)),
        ("hipMemcpy3DParms.dstPtr", offset_of!(Memcpy3DParms, dstPtr)),
        ("hipMemcpy3DParms.extent", offset_of!(Memcpy3DParms, extent)),
        ("hipMemcpy3DParms.kind", offset_of!(Memcpy3DParms, kind)),
        ("hipMemcpy3DParms", size_of::<Memcpy3DParms>()),
        (
            "hip_Memcpy2D.srcMemoryType",
            offset_of!(Memcpy2DParam, srcMemoryType),
        ),
        ("hip_Memcpy2D.srcHost", offset_of!(Memcpy2DParam, srcHost)),
        ("hip_Memcpy2D.srcPitch", offset_of!(Memcpy2DParam, srcPitch)),
        (
            "hip_Memcpy2D.dstMemoryType",
            offset_of!(Memcpy2DParam, dstMemoryType),
        ),
        (
            "hip_Memcpy2D.dstDevice",
            offset_of!(Memcpy2DParam, dstDevice),
        ),
        ("hip_Memcpy2D.Height", offset_of!(Memcpy2DParam, Height)),
        ("hip_Memcpy2D", size_of::<Memcpy2DParam>()),
        (
            "hipKernelNodeParams.extra",
            offset_of!(KernelNodeParams, extra),
        ),
        (
            "hipKernelNodeParams.func",
            offset_of!(KernelNodeParams, func),
        ),
        (
            "hipKernelNodeParams.gridDim",
            offset_of!(KernelNodeParams, gridDim),
        ),
        (
            "hipKernelNodeParams.kernelParams",
            offset_of!(KernelNodeParams, kernelParams),
        ),
        (
            "hipKernelNodeParams.sharedMemBytes",
            offset_of!(KernelNodeParams, sharedMemBytes),
        ),
        ("hipKernelNodeParams", size_of::<KernelNodeParams>()),
        (
            "hipMemsetParams.elementSize",
            offset_of!(MemsetParams, elementSize),
        ),
        ("hipMemsetParams.height", offset_of!(MemsetParams, height)),
        ("hipMemsetParams.pitch", offset_of!(MemsetParams, pitch)),
        ("hipMemsetParams.value", offset_of!(MemsetParams, value)),
        ("hipMemsetParams.width", offset_of!(MemsetParams, width)),
        ("hipMemsetParams", size_of::<MemsetParams>()),
        (
            "hipHostNodeParams.userData",
            offset_of!(HostNodeParams, userData),
        ),
        ("hipHostNodeParams", size_of::<HostNodeParams>()),
        (
            "hipMemPoolProps.location",
            offset_of!(MemPoolProps, location),
        ),
        (
            "hipMemPoolProps.win32SecurityAttributes",
            offset_of!(MemPoolProps, win32SecurityAttributes),
        ),
        ("hipMemPoolProps.maxSize", offset_of!(MemPoolProps, maxSize)),
        ("hipMemPoolProps", size_of::<MemPoolProps>()),
    ];
    let mut program =
        String::from("#include <hip/hip_runtime_api.h>\n#include <stdio.h>\nint main(void) {\n");
    for (name, _) in &expected {
        let line = match name.split_once('.') {
            Some((kind, field)) => {
                format!("  printf(\"%zu\\n\", offsetof({kind}, {field}));\n")
            }
            None => format!("  printf(\"%zu\\n\", sizeof({name}));\n"),
        };
        program.push_str(&line);
    }
    program.push_str("  return 0;\n}\n");
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("layout.c");
    let binary = dir.path().join("layout");
    std::fs::write(&source, program).unwrap();
    run(Command::new(clang())
        .args(["-x", "c", "-std=c99", "-Wall", "-Werror"])
        .arg("-I")
        .arg(include_dir())
        .arg(&source)
        .arg("-o")
        .arg(&binary));
    let output = run(&mut Command::new(&binary));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let got: Vec<(&str, usize)> = expected
        .iter()
        .map(|(name, _)| *name)
        .zip(
            stdout
                .lines()
                .map(|line| line.trim().parse::<usize>().unwrap()),
        )
        .collect();
    assert_eq!(got, expected);
}

const HIP_PROGRAM: &str = r#"
#include <hip/hip_runtime_api.h>
#include <stdio.h>
#define __global__ __attribute__((global))
#define __constant__ __attribute__((constant))

__constant__ int table[4];
__global__ void square(int* data, int n) {}
template <typename T> __global__ void fill(T* data, T value) {}

int main() {
  int n = 4;
  int* data = 0;
  square<<<dim3(1), dim3(64)>>>(data, n);
  printf("launch %s\n", hipGetErrorName(hipGetLastError()));
  fill<float><<<2, 32, 0, 0>>>((float*)0, 1.0f);
  printf("template launch %s\n", hipGetErrorName(hipGetLastError()));
  void* args[] = {&data, &n};
  printf("direct %s\n",
         hipGetErrorName(hipLaunchKernel((const void*)&square, dim3(1), dim3(1), args, 0, 0)));
  printf("empty block %s\n",
         hipGetErrorName(hipLaunchKernel((const void*)&square, dim3(1), dim3(0), args, 0, 0)));
  void* symbol = 0;
  printf("symbol %s\n", hipGetErrorName(hipGetSymbolAddress(&symbol, &table)));
  printf("not a symbol %s\n", hipGetErrorName(hipGetSymbolAddress(&symbol, &n)));
  return 0;
}
"#;

#[test]
fn clang_compiled_hip_program_registers_and_launches() {
    let dir = tempfile::tempdir().unwrap();
    let bundle = ptx_bundle(
        &[("sm_90", ".version 7.8\n.target sm_90\n.address_size 64\n")],
        None,
    );
    let object = compile_hip_host(dir.path(), "kernels", HIP_PROGRAM, &bundle);
    let program = dir.path().join("kernels");
    link(&[object], &program);
    let output = run(Command::new(&program).env("OXHIP_LOG", "2"));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    for registered in [
        "registered fat binary #",
        "registered kernel `_Z6squarePii`",
        "registered kernel `_Z4fillIfEvPT_S0_`",
        "registered variable `table` (16 bytes)",
        "unregistered fat binary",
    ] {
        assert!(
            stderr.contains(registered),
            "missing `{registered}` in:\n{stderr}"
        );
    }
    // The launches reach the backend and report that; with a GPU, the fake
    // PTX (no kernels in it) makes the kernel lookup fail instead. Either way the
    // configuration, the handle and the error reporting went through the real ABI.
    // Without a GPU the device is the CPU, and the bundle has no `host` image for it.
    let launch_error = ["hipErrorNoDevice", "hipErrorNoBinaryForGpu"]
        .into_iter()
        .find(|error| stdout.contains(&format!("launch {error}")))
        .unwrap_or("hipErrorNotFound");
    let expected = [
        format!("launch {launch_error}"),
        format!("template launch {launch_error}"),
        format!("direct {launch_error}"),
        "empty block hipErrorInvalidConfiguration".to_owned(),
        format!("symbol {launch_error}"),
        "not a symbol hipErrorInvalidSymbol".to_owned(),
    ];
    assert_eq!(
        stdout.lines().collect::<Vec<_>>(),
        expected,
        "stderr:\n{stderr}"
    );
}
