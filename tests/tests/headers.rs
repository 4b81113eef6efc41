//! The HIP headers as a user meets them: every public header (`runtime/include/hip/*.h`)
//! after the C++ library headers that used to break them (`<algorithm>`, `<new>`,
//! `<complex>` first), for `-std=c++11` through `c++20`, for amdgcn, nvptx and the CPU
//! target at once, warning-free under `-Wall -Wextra -Werror` (the headers are given with
//! `-I`, so clang does not treat them as system headers and hides nothing); a HIP source
//! that includes nothing at all; C and plain C++ host compiles of the host API.
//!
//! CI runs this file twice: on the bare machine and with Debian's `hipcc` (ROCm 5.2)
//! installed (`scripts/test-with-rocm.sh`), where clang's own discovery would otherwise
//! add ROCm's wrapper headers. Needs the workspace built first.

use std::path::{Path, PathBuf};
use std::process::Command;

use tests::{oxhip_binary, repo_root};

fn include_dir() -> PathBuf {
    repo_root().join("runtime/include")
}

/// `X.h` (CUDA's names that HIP sources include: `math_constants.h`), `hip/X.h`,
/// `hip/amd_detail/X.h`, `hipcub/X.hpp`, `hipcub/*/X.hpp`, `rocprim/X.hpp` and `rocprim/*/X.hpp` for every header, split into those that work and those that only stop the compile with oxhip's
/// message (they exist so that a ROCm installation's header of the same name is never used).
fn headers() -> (Vec<String>, Vec<String>) {
    let mut working = Vec::new();
    let mut refusing = Vec::new();
    for directory in [
        ".",
        "hip",
        "hip/amd_detail",
        "hip/nvidia_detail",
        "hipcub",
        "hipcub/block",
        "hipcub/device",
        "hipcub/iterator",
        "hipcub/thread",
        "hipcub/warp",
        "rocprim",
        "rocprim/block",
        "rocprim/device",
        "rocprim/intrinsics",
        "rocprim/iterator",
        "rocprim/types",
        "rocprim/warp",
    ] {
        for entry in std::fs::read_dir(include_dir().join(directory))
            .expect("listing runtime/include/hip")
            .filter_map(Result::ok)
        {
            let name = entry.file_name().to_string_lossy().into_owned();
            if !name.ends_with(".h") && !name.ends_with(".hpp") {
                continue;
            }
            let text = std::fs::read_to_string(entry.path()).expect("reading a header");
            let header = if directory == "." {
                name
            } else {
                format!("{directory}/{name}")
            };
            if text.contains("#error \"oxhip") {
                refusing.push(header);
            } else {
                working.push(header);
            }
        }
    }
    working.sort();
    refusing.sort();
    (working, refusing)
}

fn public_headers() -> Vec<String> {
    headers().0
}

/// A header oxhip does not implement stops the compile with a message naming oxhip,
/// whether or not ROCm's header of the same name is installed.
#[test]
fn unsupported_headers_say_so() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let (_, refusing) = headers();
    assert!(refusing.iter().any(|h| h == "hip/hiprtc.h"), "{refusing:?}");
    let mut failures = Vec::new();
    for header in refusing {
        let source = dir.path().join("uses.cpp");
        std::fs::write(&source, format!("#include <{header}>\n")).expect("writing the source");
        let output = Command::new(oxhip_binary())
            .args(["-x", "c++", "-c"])
            .arg(&source)
            .arg("-o")
            .arg(dir.path().join("uses.o"))
            .output()
            .expect("running oxhip");
        let stderr = String::from_utf8_lossy(&output.stderr);
        if output.status.success() || !stderr.contains("error: \"oxhip") {
            failures.push(format!("{header}: {stderr}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Runs oxhip; returns stderr on failure.
fn oxhip(args: &[&std::ffi::OsStr], dir: &Path) -> Result<(), String> {
    let output = Command::new(oxhip_binary())
        .args(args)
        .current_dir(dir)
        .env("LC_ALL", "C")
        .output()
        .expect("running oxhip");
    if output.status.success() {
        Ok(())
    } else {
        Err(format!(
            "oxhip {args:?}:\n{}",
            String::from_utf8_lossy(&output.stderr)
        ))
    }
}

/// A translation unit that includes the C++ library first, then every public header,
/// and touches the device language and host API from both sides.
fn everything_source() -> String {
    let mut text = String::from(
        "#include <algorithm>\n#include <new>\n#include <complex>\n#include <vector>\n",
    );
    for header in public_headers() {
        text.push_str(&format!("#include <{header}>\n"));
    }
    text.push_str(
        r#"
__global__ void kernel(float4 *out, const float *__restrict__ in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = __ldg(in + i);
  float4 v = make_float4(sinf(x), fabs(x), std::min(x, 1.0f), (float)max(i, 3));
  v += __shfl_down(v.x, 1);
  out[i] = v * 2.0f;
}
int main() {
  float *in = nullptr;
  float4 *out = nullptr;
  if (hipMalloc(&in, 64 * sizeof(float)) != hipSuccess) return 1;
  if (hipMalloc(&out, 64 * sizeof(float4)) != hipSuccess) return 1;
  hipLaunchKernelGGL(kernel, dim3(1), dim3(64), 0, 0, out, in, 64);
  std::vector<double> values(4, -1.5);
  double total = fabs(values[0]) + std::abs(std::complex<double>(3, 4)) + min(2, 3);
  std::printf("%g\n", total);
  return hipFree(in) == hipSuccess && hipFree(out) == hipSuccess ? 0 : 1;
}
"#,
    );
    text
}

#[test]
fn every_header_is_clean_after_the_cxx_library_for_every_standard_and_target() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let source = dir.path().join("everything.hip");
    std::fs::write(&source, everything_source()).expect("writing the source");
    let include = format!("-I{}", include_dir().display());
    let mut failures = Vec::new();
    for std in ["c++11", "c++14", "c++17", "c++20"] {
        let standard = format!("-std={std}");
        let object = dir.path().join(format!("everything-{std}.o"));
        let args: Vec<&std::ffi::OsStr> = vec![
            include.as_ref(),
            standard.as_ref(),
            "-Wall".as_ref(),
            "-Wextra".as_ref(),
            "-Werror".as_ref(),
            "-O2".as_ref(),
            "--offload-arch=gfx942,sm_90,host".as_ref(),
            "-c".as_ref(),
            source.as_os_str(),
            "-o".as_ref(),
            object.as_os_str(),
        ];
        if let Err(message) = oxhip(&args, dir.path()) {
            failures.push(message);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Thrust (`runtime/include/thrust/**/*.h`, docs/thrust.md): every public header in one
/// translation unit that also uses a device_vector and a few algorithms, for `-std=c++14`
/// through `c++20` (Thrust needs C++14) and every target at once, warning-free.
#[test]
fn thrust_headers_are_clean_for_every_standard_and_target() {
    fn collect(directory: &Path, prefix: &str, into: &mut Vec<String>) {
        for entry in std::fs::read_dir(directory)
            .expect("listing runtime/include/thrust")
            .filter_map(Result::ok)
        {
            let name = entry.file_name().to_string_lossy().into_owned();
            let path = entry.path();
            if path.is_dir() && name != "detail" {
                collect(&path, &format!("{prefix}{name}/"), into);
            } else if name.ends_with(".h") {
                into.push(format!("{prefix}{name}"));
            }
        }
    }
    let mut thrust_headers = Vec::new();
    collect(
        &include_dir().join("thrust"),
        "thrust/",
        &mut thrust_headers,
    );
    thrust_headers.sort();
    assert!(
        thrust_headers.iter().any(|h| h == "thrust/device_vector.h"),
        "{thrust_headers:?}"
    );
    let mut text = String::from("#include <algorithm>\n#include <vector>\n");
    for header in &thrust_headers {
        text.push_str(&format!("#include <{header}>\n"));
    }
    text.push_str(
        r#"
struct twice { __host__ __device__ int operator()(int x) const { return 2 * x; } };
int main() {
  thrust::device_vector<int> d(10);
  thrust::sequence(d.begin(), d.end());
  thrust::transform(d.begin(), d.end(), d.begin(), twice());
  thrust::sort(d.begin(), d.end(), thrust::greater<int>());
  thrust::host_vector<int> h = d;
  return thrust::reduce(d.begin(), d.end()) == 90 && h[0] == 18 ? 0 : 1;
}
"#,
    );
    let dir = tempfile::tempdir().expect("temporary directory");
    let source = dir.path().join("thrust.hip");
    std::fs::write(&source, text).expect("writing the source");
    let include = format!("-I{}", include_dir().display());
    let mut failures = Vec::new();
    for std in ["c++14", "c++17", "c++20"] {
        let standard = format!("-std={std}");
        let object = dir.path().join(format!("thrust-{std}.o"));
        let args: Vec<&std::ffi::OsStr> = vec![
            include.as_ref(),
            standard.as_ref(),
            "-Wall".as_ref(),
            "-Wextra".as_ref(),
            "-Werror".as_ref(),
            "-O2".as_ref(),
            "--offload-arch=gfx942,sm_90,host".as_ref(),
            "-c".as_ref(),
            source.as_os_str(),
            "-o".as_ref(),
            object.as_os_str(),
        ];
        if let Err(message) = oxhip(&args, dir.path()) {
            failures.push(message);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// hipcc's implicit header: no include, yet the language, the runtime API and the C
/// library functions HIP's headers bring are there, and the program runs.
#[test]
fn a_source_without_includes_builds_and_runs() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let source = dir.path().join("bare.hip");
    std::fs::write(
        &source,
        r#"
__global__ void fill(int *out) { out[threadIdx.x] = (int)threadIdx.x * 2; }
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 32;
  int *device = nullptr;
  if (hipMalloc(&device, n * sizeof(int)) != hipSuccess) return EXIT_FAILURE;
  fill<<<1, n>>>(device);
  int host[32];
  if (hipMemcpy(host, device, sizeof host, hipMemcpyDeviceToHost) != hipSuccess) return EXIT_FAILURE;
  printf("%s\n", host[31] == 62 && fabs(-1.0) == 1.0 && INT_MAX > 0 ? "bare: PASSED" : "bare: FAILED");
  return EXIT_SUCCESS;
}
"#,
    )
    .expect("writing the source");
    let exe = dir.path().join("bare");
    let result = oxhip(
        &[
            "-Wall".as_ref(),
            "-Wextra".as_ref(),
            "-Werror".as_ref(),
            "--offload-arch=gfx942,sm_90,host".as_ref(),
            source.as_os_str(),
            "-o".as_ref(),
            exe.as_os_str(),
        ],
        dir.path(),
    );
    assert_eq!(result, Ok(()));
    let run = Command::new(&exe)
        .env("OXHIP_VISIBLE_DEVICES", "cpu")
        .output()
        .expect("running the program");
    assert!(
        String::from_utf8_lossy(&run.stdout).contains("bare: PASSED"),
        "{}{}",
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr)
    );
}

/// The host API from C (C99 and C11) and from a plain C++ compile (`-x c++`), as a
/// program's non-HIP files use it.
#[test]
fn host_api_headers_compile_as_c_and_plain_cxx() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let include = format!("-I{}", include_dir().display());
    let c_source = dir.path().join("host.c");
    std::fs::write(
        &c_source,
        "#include <hip/hip_runtime.h>\n#include <hip/hip_complex.h>\n#include <hip/hip_vector_types.h>\n\
         int count_devices(void) { int n = 0; float4 v = make_float4(1, 2, 3, 4);\n\
           hipFloatComplex z = make_hipFloatComplex(v.x, v.y);\n\
           return hipGetDeviceCount(&n) == hipSuccess ? n + (int)hipCrealf(z) : -1; }\n",
    )
    .expect("writing the C source");
    let cxx_source = dir.path().join("host.cpp");
    std::fs::write(
        &cxx_source,
        "#include <hip/hip_runtime_api.h>\n#include <hip/hip_vector_types.h>\n\
         int count_devices() { int n = 0; int2 v = make_int2(1, 2); v = v + v;\n\
           return hipGetDeviceCount(&n) == hipSuccess ? n + v.y : -1; }\n",
    )
    .expect("writing the C++ source");
    let mut failures = Vec::new();
    for (source, lang_args) in [
        (&c_source, vec!["-std=c99"]),
        (&c_source, vec!["-std=c11"]),
        (&cxx_source, vec!["-x", "c++", "-std=c++11"]),
        (&cxx_source, vec!["-x", "c++", "-std=c++20"]),
    ] {
        let object = dir.path().join("host.o");
        let mut args: Vec<&std::ffi::OsStr> = vec![
            include.as_ref(),
            "-Wall".as_ref(),
            "-Wextra".as_ref(),
            "-Werror".as_ref(),
            "-c".as_ref(),
        ];
        args.extend(lang_args.iter().map(std::ffi::OsStr::new));
        args.extend([source.as_os_str(), "-o".as_ref(), object.as_os_str()]);
        if let Err(message) = oxhip(&args, dir.path()) {
            failures.push(message);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
