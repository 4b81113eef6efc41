//! Runs real clang 22 with the lines `cc1_args` builds, on `tests/data/kernels.hip`
//! (which uses our `hip/hip_runtime.h`), and checks what comes out with LLVM 22's own
//! tools: the device bitcode parses and holds the kernels with the right attributes,
//! nvptx bitcode lowers to PTX entries, the host object calls the registration ABI.

use std::path::{Path, PathBuf};
use std::process::Command;

use frontend::{
    cc1_args, find_clang, Clang, CompileOptions, DeviceTarget, Lang, OptLevel, Output, Side,
};

fn clang() -> Clang {
    find_clang(&|name| std::env::var_os(name))
        .expect("clang 22 is installed (Debian package clang-22)")
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root")
        .to_owned()
}

/// An LLVM tool next to clang (`llvm-dis`, `llc`, `llvm-nm`).
fn tool(clang: &Clang, name: &str) -> PathBuf {
    let real = std::fs::canonicalize(&clang.path).unwrap_or_else(|_| clang.path.clone());
    real.with_file_name(name)
}

fn options(side: Side, output: Output) -> CompileOptions {
    CompileOptions {
        lang: Lang::Hip,
        side,
        output,
        opt_level: OptLevel::O2,
        debug: false,
        debug_line_tables_only: false,
        dwarf_version: None,
        pic: true,
        std: Some("c++17".to_owned()),
        preprocessor: Vec::new(),
        warnings: Vec::new(),
        dependencies: None,
        hip_include_dir: repo_root().join("runtime/include"),
        runtime_header: true,
        preprocessed: false,
        main_file_name: None,
        extra_cc1: Vec::new(),
    }
}

/// Runs clang with the cc1 line on `tests/data/kernels.hip`; panics with clang's stderr on
/// failure or on any diagnostic.
fn compile(clang: &Clang, options: &CompileOptions, output: &Path) {
    compile_file(clang, options, "kernels.hip", output);
}

fn compile_file(clang: &Clang, options: &CompileOptions, name: &str, output: &Path) {
    let input = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    let args = cc1_args(clang, options, &input, output);
    let result = Command::new(&clang.path)
        .args(&args)
        .output()
        .expect("running clang");
    assert!(
        result.status.success(),
        "clang failed: {}\n{:?}",
        String::from_utf8_lossy(&result.stderr),
        args
    );
    assert!(
        result.stderr.is_empty(),
        "warnings: {}",
        String::from_utf8_lossy(&result.stderr)
    );
}

fn run(program: &Path, args: &[&std::ffi::OsStr]) -> String {
    let result = Command::new(program)
        .args(args)
        .output()
        .expect("running an LLVM tool");
    assert!(
        result.status.success(),
        "{} failed: {}",
        program.display(),
        String::from_utf8_lossy(&result.stderr)
    );
    String::from_utf8_lossy(&result.stdout).into_owned()
}

fn disassemble(clang: &Clang, bitcode: &Path) -> String {
    run(
        &tool(clang, "llvm-dis"),
        &[bitcode.as_os_str(), "-o".as_ref(), "-".as_ref()],
    )
}

fn device(target: DeviceTarget) -> Side {
    Side::Device {
        target,
        cuid: "feedc0de".to_owned(),
    }
}

#[test]
fn amdgcn_gfx942_bitcode_has_kernels_and_unoptimised_attributes() {
    let clang = clang();
    let dir = tempfile::tempdir().expect("temporary directory");
    let bc = dir.path().join("k-gfx942.bc");
    let target = DeviceTarget::Amdgcn {
        cpu: "gfx942".to_owned(),
        features: Vec::new(),
    };
    compile(&clang, &options(device(target), Output::Bitcode), &bc);
    let ir = disassemble(&clang, &bc);
    assert!(ir.contains("target triple = \"amdgcn-amd-amdhsa\""));
    assert!(
        ir.contains("define protected amdgpu_kernel void @_Z4vaddPKfS0_Pfi("),
        "{ir}"
    );
    assert!(
        ir.contains("!\"amdhsa_code_object_version\", i32 500"),
        "COV5 module flag"
    );
    assert!(
        ir.contains("\"amdgpu-flat-work-group-size\"=\"1,256\""),
        "__launch_bounds__(256)"
    );
    assert!(ir.contains("\"target-cpu\"=\"gfx942\""));
    assert!(ir.contains("@__oxhip_expf"), "math goes to devicelibs");
    // -O2 with LLVM passes disabled: no optnone, and the calls are still there to inline.
    assert!(!ir.contains("optnone"), "{ir}");
    assert!(ir.contains("call void @llvm.amdgcn.s.barrier()"));
    assert!(
        !ir.contains("@threadIdx ="),
        "built-in variables are never emitted as globals"
    );
}

#[test]
fn amdgcn_gfx90a_xnack_feature_reaches_the_ir() {
    let clang = clang();
    let dir = tempfile::tempdir().expect("temporary directory");
    let bc = dir.path().join("k-gfx90a.bc");
    let target = DeviceTarget::Amdgcn {
        cpu: "gfx90a".to_owned(),
        features: vec![("xnack".to_owned(), true)],
    };
    compile(&clang, &options(device(target), Output::Bitcode), &bc);
    let ir = disassemble(&clang, &bc);
    assert!(ir.contains("\"target-cpu\"=\"gfx90a\""));
    assert!(ir.contains("+xnack"), "{ir}");
}

#[test]
fn nvptx_sm_90_bitcode_lowers_to_ptx_entries() {
    let clang = clang();
    let dir = tempfile::tempdir().expect("temporary directory");
    let bc = dir.path().join("k-sm_90.bc");
    compile(
        &clang,
        &options(
            device(DeviceTarget::Nvptx {
                sm: 90,
                arch_specific: false,
            }),
            Output::Bitcode,
        ),
        &bc,
    );
    let ir = disassemble(&clang, &bc);
    assert!(ir.contains("ptx_kernel void @_Z4vaddPKfS0_Pfi("), "{ir}");
    assert!(ir.contains("+ptx78"));
    let ptx = dir.path().join("k.ptx");
    run(
        &tool(&clang, "llc"),
        &[
            "-mcpu=sm_90".as_ref(),
            bc.as_os_str(),
            "-o".as_ref(),
            ptx.as_os_str(),
        ],
    );
    let ptx = std::fs::read_to_string(&ptx).expect("ptx text");
    assert!(ptx.contains(".version 7.8"), "{ptx}");
    for kernel in [
        "_Z4vaddPKfS0_Pfi",
        "_Z10reduce_sumPKfPfi",
        "_Z14dynamic_sharedPi",
        "_Z5mathsPfPd",
    ] {
        assert!(
            ptx.contains(&format!(".visible .entry {kernel}(")),
            "{kernel} missing"
        );
    }
}

#[test]
fn host_object_registers_kernels() {
    let clang = clang();
    let dir = tempfile::tempdir().expect("temporary directory");
    let bundle = dir.path().join("k.hipfb");
    std::fs::write(&bundle, b"__CLANG_OFFLOAD_BUNDLE__").expect("writing a bundle");
    let object = dir.path().join("k.o");
    let side = Side::Host {
        aux_triple: "amdgcn-amd-amdhsa".to_owned(),
        gpubinary: Some(bundle),
        cuid: "feedc0de".to_owned(),
    };
    compile(&clang, &options(side, Output::Object), &object);
    let symbols = run(&tool(&clang, "llvm-nm"), &[object.as_os_str()]);
    for symbol in [
        "U __hipRegisterFatBinary",
        "U __hipRegisterFunction",
        "U __hipPushCallConfiguration",
        "U hipLaunchKernel",
        "D _Z4vaddPKfS0_Pfi",
    ] {
        assert!(symbols.contains(symbol), "{symbol} missing:\n{symbols}");
    }
}

#[test]
fn host_compile_paired_with_nvptx_parses_the_headers() {
    let clang = clang();
    let dir = tempfile::tempdir().expect("temporary directory");
    let object = dir.path().join("k.o");
    let side = Side::Host {
        aux_triple: "nvptx64-nvidia-cuda".to_owned(),
        gpubinary: None,
        cuid: "feedc0de".to_owned(),
    };
    compile(&clang, &options(side, Output::Object), &object);
    assert!(object.is_file());
}

#[test]
fn headers_compile_cleanly_on_every_pass() {
    let clang = clang();
    let dir = tempfile::tempdir().expect("temporary directory");
    let amdgcn = |cpu: &str| DeviceTarget::Amdgcn {
        cpu: cpu.to_owned(),
        features: Vec::new(),
    };
    let sides = [
        device(amdgcn("gfx942")),
        device(amdgcn("gfx1100")),
        device(DeviceTarget::Nvptx {
            sm: 70,
            arch_specific: false,
        }),
        device(DeviceTarget::Nvptx {
            sm: 90,
            arch_specific: true,
        }),
        Side::Host {
            aux_triple: "amdgcn-amd-amdhsa".to_owned(),
            gpubinary: None,
            cuid: "c".to_owned(),
        },
        Side::Host {
            aux_triple: "nvptx64-nvidia-cuda".to_owned(),
            gpubinary: None,
            cuid: "c".to_owned(),
        },
    ];
    for (index, side) in sides.into_iter().enumerate() {
        let output = if matches!(side, Side::Host { .. }) {
            Output::Object
        } else {
            Output::Bitcode
        };
        let mut options = options(side, output);
        options.warnings = vec!["-Wall".to_owned()];
        for file in ["compat.hip", "compat_hip_first.hip"] {
            compile_file(
                &clang,
                &options,
                file,
                &dir.path().join(format!("{file}{index}.out")),
            );
        }
    }
}

/// Upstream `clang++ -x hip -I<our include>` (not our cc1 lines) must accept the headers
/// too: there they are user headers, where clang checks host/device overloads strictly.
/// `--rocm-path` names an empty directory: where ROCm is installed, clang's HIP driver
/// would otherwise put its `cuda_wrappers` (which need clang's own HIP headers) in front
/// of libstdc++ even with `-nogpuinc`.
#[test]
fn headers_compile_under_upstream_clang_driver_with_dash_i() {
    let clang = clang();
    let include = repo_root().join("runtime/include");
    let no_rocm = tempfile::tempdir().expect("temporary directory");
    for file in ["compat.hip", "compat_hip_first.hip"] {
        let input = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(file);
        for arch in ["gfx942", "gfx1100"] {
            let result = Command::new(&clang.path)
                .args([
                    "-x",
                    "hip",
                    "-nogpuinc",
                    "-nogpulib",
                    "-fsyntax-only",
                    "-Wall",
                ])
                .arg(format!("--offload-arch={arch}"))
                .arg(format!("--rocm-path={}", no_rocm.path().display()))
                .arg("-I")
                .arg(&include)
                .arg(&input)
                .output()
                .expect("running clang");
            assert!(
                result.status.success() && result.stderr.is_empty(),
                "{file} for {arch}: {}",
                String::from_utf8_lossy(&result.stderr)
            );
        }
    }
}

#[test]
fn host_device_pass_is_clang_device_mode_for_the_cpu_target() {
    let clang = clang();
    let dir = tempfile::tempdir().expect("temporary directory");
    let bc = dir.path().join("k-host.bc");
    compile(
        &clang,
        &options(device(DeviceTarget::Host), Output::Bitcode),
        &bc,
    );
    let ir = disassemble(&clang, &bc);
    assert!(ir.contains("target triple = \"x86_64-unknown-linux-gnu\""));
    // Kernels carry clang's HIP kernel marker, which codegen's CPU lowering looks for, and the
    // CPU branch of the headers reads coordinates through the runtime's item record.
    assert!(
        ir.contains("define dso_local void @_Z4vaddPKfS0_Pfi(ptr noundef %a"),
        "kernels keep their value names: {ir}"
    );
    assert!(ir.contains("\"uniform-work-group-size\"=\"true\""));
    assert!(ir.contains("@__oxhip_cpu_item = external global ptr"));
    assert!(ir.contains("call void @__oxhip_cpu_barrier()"), "{ir}");
}
