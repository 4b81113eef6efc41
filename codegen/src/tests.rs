//! Tests of [`compile`] on bitcode that real clang 22 writes, checked with real LLVM tools
//! (`llvm-readelf-22`, `ld.lld-22`, `llvm-as-22`).
//!
//! The sources are tiny and self-contained (`__global__` defined by hand), so these tests do not
//! depend on our HIP headers.

use std::path::Path;
use std::process::{Command, Output};

use super::*;

const AMDGCN_KERNEL: &str = r#"
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
__device__ float unused_helper(float x) { return x * 3.0f; }
__device__ __attribute__((noinline)) float helper(float x) { return x * x + 1.0f; }
__device__ int registered_variable = 5;
static __device__ int file_variable = 7;
__global__ void kern(float *out, float x) { out[0] = helper(x) + file_variable; }
"#;

const REFLECT_KERNEL: &str = r#"
#define __global__ __attribute__((global))
__global__ void probe(int *out) {
  out[0] = __nvvm_reflect("__CUDA_ARCH");
  out[1] = __nvvm_reflect("__CUDA_FTZ");
  out[2] = __nvvm_reflect("__CUDA_PREC_SQRT");
  out[3] = __nvvm_reflect("__OXHIP_UNKNOWN");
}
"#;

const HOST_FUNCTION: &str = "int add(int a, int b) { return a + b; }\n";

/// Runs `clang-22 -cc1 <args> -emit-llvm-bc` on `source` and returns the bitcode: unoptimised,
/// as the driver's device compiles write it (`-disable-llvm-passes`).
fn clang_bitcode(args: &[&str], source: &str, extension: &str) -> Vec<u8> {
    let directory = tempfile::tempdir().expect("temporary directory");
    let input = directory.path().join(format!("input.{extension}"));
    let output = directory.path().join("output.bc");
    std::fs::write(&input, source).expect("write source");
    let result = Command::new("clang-22")
        .arg("-cc1")
        .args(args)
        .args(["-O3", "-disable-llvm-passes", "-emit-llvm-bc", "-o"])
        .arg(&output)
        .arg(&input)
        .output()
        .expect("clang-22 runs (package clang-22)");
    assert!(
        result.status.success(),
        "clang-22 failed: {}",
        String::from_utf8_lossy(&result.stderr)
    );
    std::fs::read(&output).expect("read bitcode")
}

fn amdgcn_bitcode(source: &str) -> Vec<u8> {
    amdgcn_bitcode_with(source, &["-cuid=0123456789abcdef"])
}

fn amdgcn_bitcode_with(source: &str, extra: &[&str]) -> Vec<u8> {
    let mut args = extra.to_vec();
    args.extend([
        "-triple",
        "amdgcn-amd-amdhsa",
        "-target-cpu",
        "gfx942",
        "-fcuda-is-device",
        "-mcode-object-version=5",
        "-fvisibility=hidden",
        "-fapply-global-visibility-to-externs",
        "-x",
        "hip",
    ]);
    clang_bitcode(&args, source, "hip")
}

fn nvptx_bitcode(source: &str) -> Vec<u8> {
    clang_bitcode(
        &[
            "-triple",
            "nvptx64-nvidia-cuda",
            "-target-cpu",
            "sm_90",
            "-target-feature",
            "+ptx78",
            "-fcuda-is-device",
            "-x",
            "hip",
        ],
        source,
        "hip",
    )
}

fn host_bitcode(source: &str) -> Vec<u8> {
    clang_bitcode(
        &["-triple", "x86_64-unknown-linux-gnu", "-x", "c"],
        source,
        "c",
    )
}

fn gfx942(opt_level: OptLevel, emit: Emit) -> Options {
    Options {
        target: Target::Amdgcn {
            cpu: "gfx942".to_owned(),
            features: String::new(),
        },
        opt_level,
        emit,
        link_devicelibs: false,
        fast_math: false,
        flush_denormals: false,
        f32_division: F32Division::Ieee,
        prec_sqrt: true,
        sanitize_address: false,
    }
}

fn sm_90(opt_level: OptLevel, emit: Emit) -> Options {
    Options {
        target: Target::Nvptx {
            sm: 90,
            arch_specific: false,
            ptx_isa: 78,
        },
        opt_level,
        emit,
        link_devicelibs: false,
        fast_math: false,
        flush_denormals: false,
        f32_division: F32Division::Ieee,
        prec_sqrt: true,
        sanitize_address: false,
    }
}

fn text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).expect("UTF-8 output")
}

fn run_tool(program: &str, args: &[&std::ffi::OsStr]) -> Output {
    let output = Command::new(program)
        .args(args)
        .output()
        .unwrap_or_else(|error| panic!("cannot run {program}: {error}"));
    assert!(
        output.status.success(),
        "{program} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// The IR lines that define or declare globals, sorted, without attribute group numbers.
fn definitions(ir: &str) -> String {
    let mut lines: Vec<String> = ir
        .lines()
        .filter(|line| line.starts_with("define ") || line.starts_with('@'))
        .map(|line| {
            let line = line.split(" #").next().unwrap_or(line);
            line.split(" {").next().unwrap_or(line).to_owned()
        })
        .collect();
    lines.sort();
    lines.join("\n")
}

#[test]
fn amdgcn_object_becomes_a_code_object() {
    let bitcode = amdgcn_bitcode(AMDGCN_KERNEL);
    let object = compile(&[&bitcode], &gfx942(OptLevel::O3, Emit::Object)).expect("compiles");
    assert_eq!(&object[..4], b"\x7fELF");
    // e_machine (ELF header offset 18, little-endian) is EM_AMDGPU, 224 (hip-abi.md §3.1).
    assert_eq!(u16::from_le_bytes([object[18], object[19]]), 224);

    let directory = tempfile::tempdir().expect("temporary directory");
    let object_path = directory.path().join("kernel.o");
    let code_object_path = directory.path().join("kernel.hsaco");
    std::fs::write(&object_path, &object).expect("write object");
    let symbols = run_tool("llvm-readelf-22", &["-s".as_ref(), object_path.as_os_str()]);
    let symbols = String::from_utf8_lossy(&symbols.stdout);
    assert!(symbols.contains("_Z4kernPff"), "{symbols}");
    assert!(!symbols.contains("unused_helper"), "{symbols}");

    run_tool(
        "ld.lld-22",
        &[
            "-shared".as_ref(),
            "-m".as_ref(),
            "elf64_amdgpu".as_ref(),
            "--no-undefined".as_ref(),
            object_path.as_os_str(),
            "-o".as_ref(),
            code_object_path.as_os_str(),
        ],
    );
    let notes = run_tool(
        "llvm-readelf-22",
        &["--notes".as_ref(), code_object_path.as_os_str()],
    );
    let notes = String::from_utf8_lossy(&notes.stdout);
    assert!(notes.contains(".name:           _Z4kernPff"), "{notes}");
    assert!(notes.contains(".kernarg_segment_size:"), "{notes}");
    assert!(notes.contains("registered_variable") || symbols.contains("registered_variable"));
}

#[test]
fn amdgcn_assembly_has_the_kernel() {
    let bitcode = amdgcn_bitcode(AMDGCN_KERNEL);
    let assembly =
        text(compile(&[&bitcode], &gfx942(OptLevel::O2, Emit::Assembly)).expect("compiles"));
    assert!(assembly.contains("_Z4kernPff:"), "{assembly}");
    assert!(assembly.contains("s_endpgm"), "{assembly}");
    assert!(
        assembly.contains(".amdgcn_target \"amdgcn-amd-amdhsa--gfx942\""),
        "{assembly}"
    );
}

#[test]
fn internalisation_keeps_kernels_and_registered_variables() {
    let bitcode = amdgcn_bitcode(AMDGCN_KERNEL);
    let ir = text(compile(&[&bitcode], &gfx942(OptLevel::O2, Emit::LlvmIr)).expect("compiles"));
    insta::assert_snapshot!(definitions(&ir), @r#"
        @__hip_cuid_235103618daf3240 = addrspace(1) global i8 0
        @llvm.compiler.used = appending addrspace(1) global [1 x ptr] [ptr addrspacecast (ptr addrspace(1) @__hip_cuid_235103618daf3240 to ptr)], section "llvm.metadata"
        @registered_variable = protected local_unnamed_addr addrspace(1) externally_initialized global i32 5, align 4
        define internal fastcc noundef float @_Z6helperf(float noundef %x) unnamed_addr
        define protected amdgpu_kernel void @_Z4kernPff(ptr addrspace(1) noundef writeonly captures(none) initializes((0, 4)) %out.coerce, float noundef %x) local_unnamed_addr
        "#);
}

#[test]
fn nvptx_assembly_is_ptx() {
    let bitcode = nvptx_bitcode(AMDGCN_KERNEL);
    let ptx = text(compile(&[&bitcode], &sm_90(OptLevel::O3, Emit::Assembly)).expect("compiles"));
    assert!(ptx.contains(".version 7.8"), "{ptx}");
    assert!(ptx.contains(".target sm_90"), "{ptx}");
    assert!(ptx.contains(".visible .entry _Z4kernPff("), "{ptx}");
    assert!(!ptx.contains("unused_helper"), "{ptx}");
}

#[test]
fn nvptx_arch_specific_and_newer_ptx() {
    let bitcode = nvptx_bitcode(AMDGCN_KERNEL);
    let mut options = sm_90(OptLevel::O2, Emit::Assembly);
    options.target = Target::Nvptx {
        sm: 90,
        arch_specific: true,
        ptx_isa: 80,
    };
    let ptx = text(compile(&[&bitcode], &options).expect("compiles"));
    assert!(ptx.contains(".version 8.0"), "{ptx}");
    assert!(ptx.contains(".target sm_90a"), "{ptx}");
}

#[test]
fn nvptx_object_is_refused() {
    let bitcode = nvptx_bitcode(AMDGCN_KERNEL);
    let error =
        compile(&[&bitcode], &sm_90(OptLevel::O2, Emit::Object)).expect_err("no NVPTX objects");
    insta::assert_snapshot!(error, @"cannot emit an object file for sm_90");
}

#[test]
fn input_for_another_target_is_refused() {
    let bitcode = amdgcn_bitcode(AMDGCN_KERNEL);
    let error =
        compile(&[&bitcode], &sm_90(OptLevel::O2, Emit::Assembly)).expect_err("triple mismatch");
    insta::assert_snapshot!(error, @"bitcode input 0 is for `amdgcn-amd-amdhsa`, but the target is `nvptx64-nvidia-cuda`");
}

#[test]
fn garbage_input_is_a_parse_error() {
    let error =
        compile(&[b"not bitcode"], &sm_90(OptLevel::O2, Emit::Assembly)).expect_err("not bitcode");
    assert!(
        matches!(error, CodegenError::Parse { index: 0, .. }),
        "{error:?}"
    );
}

fn reflect_answers(prec_sqrt: bool, flush_denormals: bool) -> String {
    let bitcode = nvptx_bitcode(REFLECT_KERNEL);
    let mut options = sm_90(OptLevel::O0, Emit::LlvmIr);
    options.prec_sqrt = prec_sqrt;
    options.flush_denormals = flush_denormals;
    let ir = text(compile(&[&bitcode], &options).expect("compiles"));
    assert!(!ir.contains("@llvm.nvvm.reflect"), "{ir}");
    ir.lines()
        .filter_map(|line| line.trim().strip_prefix("store i32 "))
        .map(|rest| rest.split(',').next().unwrap_or(rest))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn reflect_queries_become_constants() {
    // Order: __CUDA_ARCH, __CUDA_FTZ, __CUDA_PREC_SQRT, an unknown name.
    insta::assert_snapshot!(reflect_answers(true, false), @"900 0 1 0");
    insta::assert_snapshot!(reflect_answers(false, true), @"900 1 0 0");
}

#[test]
fn o0_and_o3_differ() {
    let bitcode = amdgcn_bitcode(AMDGCN_KERNEL);
    let o0 = text(compile(&[&bitcode], &gfx942(OptLevel::O0, Emit::Assembly)).expect("O0"));
    let o3 = text(compile(&[&bitcode], &gfx942(OptLevel::O3, Emit::Assembly)).expect("O3"));
    assert_ne!(o0, o3);
    // O0 keeps locals in private (stack) memory; O3 promotes them to registers.
    assert!(o0.contains("src_private_base"), "{o0}");
    assert!(!o3.contains("src_private_base"), "{o3}");
}

#[test]
fn several_inputs_are_linked() {
    let kernel = amdgcn_bitcode(
        "#define __global__ __attribute__((global))\n\
         __attribute__((device)) float square(float);\n\
         __global__ void kern(float *out) { out[0] = square(out[1]); }\n",
    );
    let helper = amdgcn_bitcode_with(
        "__attribute__((device)) float square(float x) { return x * x; }\n",
        &["-cuid=fedcba9876543210"],
    );
    let ir =
        text(compile(&[&kernel, &helper], &gfx942(OptLevel::O0, Emit::LlvmIr)).expect("compiles"));
    insta::assert_snapshot!(definitions(&ir), @r#"
        @__hip_cuid_235103618daf3240 = addrspace(1) global i8 0
        @__hip_cuid_476f848b86af5397 = addrspace(1) global i8 0
        @llvm.compiler.used = appending addrspace(1) global [2 x ptr] [ptr addrspacecast (ptr addrspace(1) @__hip_cuid_235103618daf3240 to ptr), ptr addrspacecast (ptr addrspace(1) @__hip_cuid_476f848b86af5397 to ptr)], section "llvm.metadata"
        define internal noundef float @_Z6squaref(float noundef %x)
        define protected amdgpu_kernel void @_Z4kernPf(ptr addrspace(1) noundef %out.coerce)
        "#);
}

#[test]
fn host_object() {
    let bitcode = host_bitcode(HOST_FUNCTION);
    let options = Options {
        target: Target::Host {
            triple: "x86_64-unknown-linux-gnu".to_owned(),
        },
        opt_level: OptLevel::O2,
        emit: Emit::Object,
        link_devicelibs: false,
        fast_math: false,
        flush_denormals: false,
        f32_division: F32Division::Ieee,
        prec_sqrt: true,
        sanitize_address: false,
    };
    let object = compile(&[&bitcode], &options).expect("compiles");
    // EM_X86_64 is 62.
    assert_eq!(u16::from_le_bytes([object[18], object[19]]), 62);
    // Host code has no kernels: visible functions stay.
    let directory = tempfile::tempdir().expect("temporary directory");
    let object_path = directory.path().join("host.o");
    std::fs::write(&object_path, &object).expect("write object");
    let symbols = run_tool("llvm-nm-22", &[object_path.as_os_str()]);
    let symbols = String::from_utf8_lossy(&symbols.stdout);
    assert!(symbols.contains(" T add"), "{symbols}");
}

/// A device library made by clang for no particular processor, like `devicelibs` ships.
const LIBRARY: &str = r#"
extern const __attribute__((address_space(4))) int __oclc_ISA_version;
int lib_inner(int x) { return x * 2 + __oclc_ISA_version; }
int lib_used(int x) { return lib_inner(x) + 1; }
int lib_unused(int x) { return x - 1; }
int lib_variable = 3;
"#;

const LIBRARY_USER: &str = r#"
#define __global__ __attribute__((global))
extern "C" __attribute__((device)) int lib_used(int);
__global__ void kern(int *out) { out[0] = lib_used(out[1]); }
"#;

#[test]
fn device_library_links_only_what_is_used() {
    // Like ROCm's device libraries, built without a code object version of its own.
    let library = clang_bitcode(
        &[
            "-triple",
            "amdgcn-amd-amdhsa",
            "-mcode-object-version=none",
            "-x",
            "c",
        ],
        LIBRARY,
        "c",
    );
    let kernel = amdgcn_bitcode_with(
        LIBRARY_USER,
        &[
            "-cuid=0123456789abcdef",
            "-fdenormal-fp-math-f32=preserve-sign,preserve-sign",
        ],
    );
    let mut options = gfx942(OptLevel::O0, Emit::LlvmIr);
    options.link_devicelibs = true;
    let ir = text(compile_with_library(&[&kernel], &options, &library).expect("compiles"));
    insta::assert_snapshot!(definitions(&ir), @r#"
        @__hip_cuid_235103618daf3240 = addrspace(1) global i8 0
        @__oclc_ISA_version = internal addrspace(4) constant i32 9402, align 4
        @llvm.compiler.used = appending addrspace(1) global [1 x ptr] [ptr addrspacecast (ptr addrspace(1) @__hip_cuid_235103618daf3240 to ptr)], section "llvm.metadata"
        define internal i32 @lib_inner(i32 noundef %x)
        define internal i32 @lib_used(i32 noundef %x)
        define protected amdgpu_kernel void @_Z4kernPi(ptr addrspace(1) noundef %out.coerce)
        "#);

    // The imported functions now carry the kernel's processor, features and denormal mode.
    let attribute_group = |function: &str| -> String {
        let define = ir
            .lines()
            .find(|line| line.starts_with("define") && line.contains(function))
            .unwrap_or_else(|| panic!("no {function} in {ir}"));
        let group = define.rsplit(" #").next().unwrap_or_default();
        let group = group.trim_end_matches(" {");
        let prefix = format!("attributes #{group} = ");
        ir.lines()
            .find_map(|line| line.strip_prefix(prefix.as_str()))
            .unwrap_or_default()
            .to_owned()
    };
    let imported = attribute_group("@lib_used");
    assert!(imported.contains("\"target-cpu\"=\"gfx942\""), "{imported}");
    assert!(imported.contains("+gfx940-insts"), "{imported}");
    assert!(
        imported.contains("\"denormal-fp-math-f32\"=\"preserve-sign,preserve-sign\""),
        "{imported}"
    );

    // And the result is a loadable object.
    options.emit = Emit::Object;
    options.opt_level = OptLevel::O3;
    let object = compile_with_library(&[&kernel], &options, &library).expect("compiles");
    let directory = tempfile::tempdir().expect("temporary directory");
    let object_path = directory.path().join("kernel.o");
    std::fs::write(&object_path, &object).expect("write object");
    run_tool(
        "ld.lld-22",
        &[
            "-shared".as_ref(),
            "-m".as_ref(),
            "elf64_amdgpu".as_ref(),
            "--no-undefined".as_ref(),
            object_path.as_os_str(),
            "-o".as_ref(),
            directory.path().join("kernel.hsaco").as_os_str(),
        ],
    );
}

#[test]
fn three_targets_on_three_threads() {
    let amdgcn = amdgcn_bitcode(AMDGCN_KERNEL);
    let nvptx = nvptx_bitcode(AMDGCN_KERNEL);
    let host = host_bitcode(HOST_FUNCTION);
    let jobs = [
        (amdgcn, gfx942(OptLevel::O3, Emit::Object)),
        (nvptx, sm_90(OptLevel::O3, Emit::Assembly)),
        (
            host,
            Options {
                target: Target::Host {
                    triple: "x86_64-unknown-linux-gnu".to_owned(),
                },
                opt_level: OptLevel::O3,
                emit: Emit::Object,
                link_devicelibs: false,
                fast_math: false,
                flush_denormals: false,
                f32_division: F32Division::Ieee,
                prec_sqrt: true,
                sanitize_address: false,
            },
        ),
    ];
    let serial: Vec<Vec<u8>> = jobs
        .iter()
        .map(|(bitcode, options)| compile(&[bitcode], options).expect("compiles"))
        .collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = jobs
            .iter()
            .map(|(bitcode, options)| {
                scope.spawn(move || {
                    (0..3)
                        .map(|_| compile(&[bitcode], options).expect("compiles"))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for (handle, expected) in handles.into_iter().zip(&serial) {
            let outputs = handle.join().expect("thread finished");
            // Output is deterministic, whatever runs beside it.
            assert!(outputs.iter().all(|output| output == expected));
        }
    });
}

#[test]
fn target_descriptions() {
    let targets = [
        Target::Amdgcn {
            cpu: "gfx90a".to_owned(),
            features: "+xnack,-sramecc".to_owned(),
        },
        Target::Amdgcn {
            cpu: "gfx942".to_owned(),
            features: String::new(),
        },
        Target::Nvptx {
            sm: 90,
            arch_specific: true,
            ptx_isa: 78,
        },
        Target::Host {
            triple: "x86_64-unknown-linux-gnu".to_owned(),
        },
    ];
    let descriptions: Vec<String> = targets.iter().map(target_description).collect();
    insta::assert_snapshot!(descriptions.join("\n"), @r#"
        gfx90a:sramecc-:xnack+
        gfx942
        sm_90a
        x86_64-unknown-linux-gnu
        "#);
}

/// An NVPTX kernel calling an AMDGPU intrinsic: the NVPTX instruction selector reports
/// "Cannot select" through `report_fatal_error`.
const UNSELECTABLE: &str = r#"
target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.amdgcn.workitem.id.x()
define ptx_kernel void @k(ptr addrspace(1) %p) {
  %x = call i32 @llvm.amdgcn.workitem.id.x()
  store i32 %x, ptr addrspace(1) %p
  ret void
}
"#;

const FATAL_CHILD: &str = "OXHIP_CODEGEN_FATAL_CHILD";

/// Run in a child process by `fatal_error_exits_with_status_1`; does nothing otherwise.
#[test]
fn fatal_error_child() {
    let Some(bitcode_path) = std::env::var_os(FATAL_CHILD) else {
        return;
    };
    let bitcode = std::fs::read(&bitcode_path).expect("read bitcode");
    install_fatal_error_handler();
    let result = compile(&[&bitcode], &sm_90(OptLevel::O0, Emit::Assembly));
    panic!("compile returned instead of exiting: {result:?}");
}

#[test]
fn fatal_error_exits_with_status_1() {
    let directory = tempfile::tempdir().expect("temporary directory");
    let ir_path = directory.path().join("unselectable.ll");
    let bitcode_path = directory.path().join("unselectable.bc");
    std::fs::write(&ir_path, UNSELECTABLE).expect("write IR");
    run_tool(
        "llvm-as-22",
        &[ir_path.as_os_str(), "-o".as_ref(), bitcode_path.as_os_str()],
    );
    let output = Command::new(std::env::current_exe().expect("test binary"))
        .args([
            "--exact",
            "tests::fatal_error_child",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(FATAL_CHILD, &bitcode_path)
        .output()
        .expect("re-run the test binary");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "stderr: {stderr}");
    let message = stderr
        .lines()
        .find(|line| line.starts_with("error: "))
        .unwrap_or_default();
    insta::assert_snapshot!(message, @"error: LLVM failed while compiling for sm_90: Cannot select: intrinsic %llvm.amdgcn.workitem.id.x");
    assert!(!stderr.contains("Stack dump"), "{stderr}");
    assert!(Path::new(&bitcode_path).exists());
}

#[test]
fn backend_errors_are_values() {
    // The AMDGPU assembler rejects the instruction while emitting the object; LLVM reports it
    // as an error diagnostic, which must come back as an error instead of ending the process.
    let bitcode = amdgcn_bitcode(
        "#define __global__ __attribute__((global))\n\
         __global__ void kern(int *out) { asm volatile(\"v_no_such_instruction v0\"); }\n",
    );
    let error = compile(&[&bitcode], &gfx942(OptLevel::O2, Emit::Object)).expect_err("bad asm");
    assert!(
        matches!(&error, CodegenError::InlineAsm { statement, .. } if statement == "v_no_such_instruction v0"),
        "{error:?}"
    );
    insta::assert_snapshot!(error, @"inline assembly `v_no_such_instruction v0` is not valid for gfx942");
}

#[test]
fn invalid_modules_fail_verification() {
    let directory = tempfile::tempdir().expect("temporary directory");
    let ir_path = directory.path().join("invalid.ll");
    let bitcode_path = directory.path().join("invalid.bc");
    std::fs::write(
        &ir_path,
        "target triple = \"amdgcn-amd-amdhsa\"\n\
         define amdgpu_kernel void @k() {\n\
         \x20 %a = add i32 %b, 1\n\
         \x20 %b = add i32 %a, 1\n\
         \x20 ret void\n\
         }\n",
    )
    .expect("write IR");
    run_tool(
        "llvm-as-22",
        &[
            "--disable-verify".as_ref(),
            ir_path.as_os_str(),
            "-o".as_ref(),
            bitcode_path.as_os_str(),
        ],
    );
    let bitcode = std::fs::read(&bitcode_path).expect("read bitcode");
    let error = compile(&[&bitcode], &gfx942(OptLevel::O2, Emit::Object)).expect_err("invalid");
    insta::assert_snapshot!(error, @r#"
        invalid LLVM module for gfx942: Instruction does not dominate all uses!
          %b = add i32 %a, 1
          %a = add i32 %b, 1
        "#);
}

const USES_DEVICELIBS: &str = r#"
#define __global__ __attribute__((global))
extern "C" __attribute__((device)) float __oxhip_expf(float);
__global__ void kern(float *out) { out[0] = __oxhip_expf(out[1]); }
"#;

#[test]
fn real_devicelibs_resolve_library_calls() {
    let mut amdgcn = gfx942(OptLevel::O3, Emit::Object);
    amdgcn.link_devicelibs = true;
    let object = compile(&[&amdgcn_bitcode(USES_DEVICELIBS)], &amdgcn).expect("compiles");
    let directory = tempfile::tempdir().expect("temporary directory");
    let object_path = directory.path().join("kernel.o");
    std::fs::write(&object_path, &object).expect("write object");
    // `--no-undefined` proves that `__oxhip_expf` came from the library.
    run_tool(
        "ld.lld-22",
        &[
            "-shared".as_ref(),
            "-m".as_ref(),
            "elf64_amdgpu".as_ref(),
            "--no-undefined".as_ref(),
            object_path.as_os_str(),
            "-o".as_ref(),
            directory.path().join("kernel.hsaco").as_os_str(),
        ],
    );

    let mut nvptx = sm_90(OptLevel::O3, Emit::Assembly);
    nvptx.link_devicelibs = true;
    let ptx = text(compile(&[&nvptx_bitcode(USES_DEVICELIBS)], &nvptx).expect("compiles"));
    assert!(!ptx.contains("__oxhip_expf"), "{ptx}");
    assert!(ptx.contains(".visible .entry _Z4kernPf("), "{ptx}");

    // Without the library the call stays external.
    nvptx.link_devicelibs = false;
    let ptx = text(compile(&[&nvptx_bitcode(USES_DEVICELIBS)], &nvptx).expect("compiles"));
    assert!(
        ptx.contains(".extern .func  (.param .b32 func_retval0) __oxhip_expf"),
        "{ptx}"
    );
}

#[test]
fn amdgcn_target_id_features_reach_the_object() {
    let bitcode = amdgcn_bitcode(AMDGCN_KERNEL);
    let mut options = gfx942(OptLevel::O2, Emit::Assembly);
    options.target = Target::Amdgcn {
        cpu: "gfx942".to_owned(),
        features: "+xnack,-sramecc".to_owned(),
    };
    let assembly = text(compile(&[&bitcode], &options).expect("compiles"));
    let target_line = assembly
        .lines()
        .find(|line| line.contains(".amdgcn_target"))
        .unwrap_or_default();
    insta::assert_snapshot!(target_line.trim(), @r#"
        .amdgcn_target "amdgcn-amd-amdhsa--gfx942:sramecc-:xnack+"
        "#);
}

const DEVICE_VARIABLES: &str = r#"
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
__constant__ int constant_variable = 1;
__device__ int device_variable;
static __device__ int static_variable;
__device__ __attribute__((visibility("hidden"))) int hidden_variable;
template <typename T> __device__ T template_variable = T(2);
extern __shared__ float dynamic_shared[];
__global__ void kern(int *out) {
  __shared__ int shared[4];
  shared[out[0]] = 1;
  out[1] = shared[out[2]] + constant_variable + device_variable + static_variable
      + template_variable<int> + hidden_variable + (int)dynamic_shared[0];
}
"#;

/// The global variables left after O2, with their linkage and visibility.
fn variables_after_o2(bitcode: &[u8], options: &Options) -> String {
    let ir = text(compile(&[bitcode], options).expect("compiles"));
    let mut lines: Vec<String> = ir
        .lines()
        .filter(|line| line.starts_with('@') && !line.starts_with("@llvm."))
        .map(|line| {
            let (name, rest) = line.split_once(" = ").unwrap_or((line, ""));
            let keywords: Vec<&str> = rest
                .split_whitespace()
                .take_while(|word| {
                    !word.starts_with("addrspace") && *word != "global" && *word != "constant"
                })
                .collect();
            if keywords.is_empty() {
                format!("{name}: (external)")
            } else {
                format!("{name}: {}", keywords.join(" "))
            }
        })
        .collect();
    lines.sort();
    lines.join("\n")
}

#[test]
fn registered_variables_stay_visible_on_both_gpus() {
    let amdgcn = variables_after_o2(
        &amdgcn_bitcode(DEVICE_VARIABLES),
        &gfx942(OptLevel::O2, Emit::LlvmIr),
    );
    insta::assert_snapshot!(amdgcn, @r#"
        @_Z17template_variableIiE: linkonce_odr protected
        @_ZZ4kernPiE6shared: internal unnamed_addr
        @__hip_cuid_235103618daf3240: (external)
        @constant_variable: protected
        @device_variable: protected
        @dynamic_shared: external hidden local_unnamed_addr
        @hidden_variable: protected
        "#);
    let nvptx = clang_bitcode(
        &[
            "-triple",
            "nvptx64-nvidia-cuda",
            "-target-cpu",
            "sm_90",
            "-target-feature",
            "+ptx78",
            "-fcuda-is-device",
            "-fvisibility=hidden",
            "-fapply-global-visibility-to-externs",
            "-cuid=0123456789abcdef",
            "-x",
            "hip",
        ],
        DEVICE_VARIABLES,
        "hip",
    );
    let nvptx = variables_after_o2(&nvptx, &sm_90(OptLevel::O2, Emit::LlvmIr));
    insta::assert_snapshot!(nvptx, @r#"
        @_Z17template_variableIiE: linkonce_odr hidden
        @_ZZ4kernPiE6shared: internal unnamed_addr
        @__hip_cuid_235103618daf3240: (external)
        @constant_variable: hidden
        @device_variable: hidden
        @dynamic_shared: external hidden local_unnamed_addr
        @hidden_variable: hidden
        "#);
}

/// Assembles LLVM IR text with `llvm-as-22` (verifying it).
fn assemble(ir: &str) -> Vec<u8> {
    let directory = tempfile::tempdir().expect("temporary directory");
    let ir_path = directory.path().join("input.ll");
    let bitcode_path = directory.path().join("input.bc");
    std::fs::write(&ir_path, ir).expect("write IR");
    run_tool(
        "llvm-as-22",
        &[ir_path.as_os_str(), "-o".as_ref(), bitcode_path.as_os_str()],
    );
    std::fs::read(&bitcode_path).expect("read bitcode")
}

#[test]
fn libdevice_style_reflect_calls() {
    // libdevice calls `__nvvm_reflect` on a string in the constant address space.
    let bitcode = assemble(
        r#"
target triple = "nvptx64-nvidia-cuda"
@ftz = private addrspace(4) constant [11 x i8] c"__CUDA_FTZ\00"
declare i32 @__nvvm_reflect(ptr)
define ptx_kernel void @k(ptr addrspace(1) %out) {
  %ftz = call i32 @__nvvm_reflect(ptr addrspacecast (ptr addrspace(4) @ftz to ptr))
  store i32 %ftz, ptr addrspace(1) %out
  ret void
}
"#,
    );
    let mut options = sm_90(OptLevel::O0, Emit::LlvmIr);
    options.flush_denormals = true;
    let ir = text(compile(&[&bitcode], &options).expect("compiles"));
    assert!(ir.contains("store i32 1, ptr addrspace(1) %out"), "{ir}");
    assert!(!ir.contains("@__nvvm_reflect"), "{ir}");

    let dynamic = assemble(
        r#"
target triple = "nvptx64-nvidia-cuda"
declare i32 @__nvvm_reflect(ptr)
define ptx_kernel void @k(ptr addrspace(1) %out, ptr %name) {
  %value = call i32 @__nvvm_reflect(ptr %name)
  store i32 %value, ptr addrspace(1) %out
  ret void
}
"#,
    );
    let error = compile(&[&dynamic], &options).expect_err("not a constant");
    insta::assert_snapshot!(error, @"`__nvvm_reflect` is called with an argument that is not a constant string");
}

/// A kernel with a division by a variable, one by 2 and a square root, for `triple`.
fn divide_and_root(triple: &str, kernel_cc: &str) -> Vec<u8> {
    assemble(&format!(
        r#"
target triple = "{triple}"
declare float @llvm.sqrt.f32(float)
define {kernel_cc} void @k(ptr addrspace(1) %out, float %x, float %y) {{
  %q = fdiv float %x, %y
  %h = fdiv float %x, 2.0
  %r = call float @llvm.sqrt.f32(float %y)
  %s = fadd float %q, %h
  %t = fadd float %s, %r
  store float %t, ptr addrspace(1) %out
  ret void
}}
"#
    ))
}

/// The PTX division and square root instructions of [`divide_and_root`] under nvcc's
/// `-prec-div`/`-prec-sqrt`/`-ftz` settings.
fn ptx_division_and_root(division: F32Division, prec_sqrt: bool, flush: bool) -> String {
    let bitcode = divide_and_root("nvptx64-nvidia-cuda", "ptx_kernel");
    let mut options = sm_90(OptLevel::O3, Emit::Assembly);
    options.f32_division = division;
    options.prec_sqrt = prec_sqrt;
    options.flush_denormals = flush;
    let ptx = text(compile(&[&bitcode], &options).expect("compiles"));
    ptx.lines()
        .filter_map(|line| line.split_whitespace().next())
        .filter(|opcode| {
            opcode.starts_with("div") || opcode.starts_with("sqrt") || opcode.starts_with("mul")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

// See: https://github.com/oxhip/oxhip/issues/10
#[test]
fn prec_div_and_prec_sqrt_relax_the_inputs_on_nvptx() {
    // A division by 2 stays a multiplication in every mode. This kernel has no
    // `"denormal-fp-math-f32"` attribute (clang writes it under -ftz=true), so only the
    // division, which codegen picks itself, is `.ftz` with `flush`.
    insta::assert_snapshot!(ptx_division_and_root(F32Division::Ieee, true, false), @"div.rn.f32 mul.rn.f32 sqrt.rn.f32");
    insta::assert_snapshot!(ptx_division_and_root(F32Division::Full, true, false), @"div.full.f32 mul.rn.f32 sqrt.rn.f32");
    insta::assert_snapshot!(ptx_division_and_root(F32Division::Full, false, true), @"div.full.ftz.f32 mul.rn.f32 sqrt.approx.f32");
    insta::assert_snapshot!(ptx_division_and_root(F32Division::Approx, false, true), @"div.approx.f32 mul.rn.f32 sqrt.approx.f32");
}

// See: https://github.com/oxhip/oxhip/issues/10
#[test]
fn prec_div_and_prec_sqrt_relax_the_inputs_on_amdgcn() {
    let bitcode = divide_and_root("amdgcn-amd-amdhsa", "amdgpu_kernel");
    let mut options = gfx942(OptLevel::O0, Emit::LlvmIr);
    let ir = text(compile(&[&bitcode], &options).expect("compiles"));
    assert!(!ir.contains("!fpmath"), "{ir}");
    options.f32_division = F32Division::Full;
    options.prec_sqrt = false;
    let ir = text(compile(&[&bitcode], &options).expect("compiles"));
    assert!(ir.contains("fdiv float %x, %y, !fpmath"), "{ir}");
    assert!(ir.contains("@llvm.sqrt.f32(float %y), !fpmath"), "{ir}");
    options.f32_division = F32Division::Approx;
    let ir = text(compile(&[&bitcode], &options).expect("compiles"));
    assert!(ir.contains("fdiv afn float %x, %y"), "{ir}");
}
