//! Tests of the CPU target's lowering (`cpu.rs`) on bitcode from real clang 22 in HIP device
//! mode with the host triple: the image is linked with `ld.lld-22 -shared`, opened with
//! `dlopen`, and its entry points are called the way the runtime's CPU backend calls them.
//!
//! The source declares the interface of `hip/oxhip/cpu.h` by hand, so these tests do not
//! depend on the HIP headers.

use std::ffi::c_void;
use std::process::Command;

use super::*;

const SOURCE: &str = r#"
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
struct item { unsigned t[3], b[3], bd[3], gd[3], lane, linear; const void *ops; void *group; };
extern "C" __device__ item *__oxhip_cpu_item;
extern "C" __device__ void __oxhip_cpu_barrier(void);
extern "C" __device__ long long __oxhip_cpu_shuffle(long long value, int lane, int kind, int operand, int width);
extern "C" __device__ unsigned long long __oxhip_cpu_ballot(int predicate);
struct Split { int a, b, c; };
struct Big { double d[4]; };
__global__ void plain(float *out, Split split, float scale, Big big, char small) {
  unsigned i = __oxhip_cpu_item->b[0] * __oxhip_cpu_item->bd[0] + __oxhip_cpu_item->t[0];
  out[i] = split.c * scale + big.d[3] + small + __oxhip_cpu_item->lane * 1000;
}
struct Empty {};
__global__ void with_empty(Empty e, float *out, Empty f, int n) { out[n] = 1.0f; }
__device__ void wait_all() { __oxhip_cpu_barrier(); }
__global__ void synced(int *out) {
  __shared__ int tile[64];
  extern __shared__ int dynamic[];
  tile[__oxhip_cpu_item->t[0]] = 5;
  dynamic[3] = 7;
  wait_all();
  out[0] = tile[__oxhip_cpu_item->t[0]] + dynamic[3];
}
__global__ void early(int *out) {
  __shared__ int seen[64];
  unsigned t = __oxhip_cpu_item->t[0];
  if (t >= 5) return;
  seen[t] = 1;
  wait_all();
  out[t] = seen[(t + 1) % 5];
  wait_all();
  out[t] += 2;
}
__global__ void scanned(long long *out) {
  int lane = (int)__oxhip_cpu_item->lane;
  long long x = lane + 1;
  for (int delta = 1; delta < 4; delta *= 2) {
    long long y = __oxhip_cpu_shuffle(x, lane, 1, delta, 32);
    if (lane >= delta) x += y;
  }
  __oxhip_cpu_barrier();
  out[__oxhip_cpu_item->linear] = x + (long long)(__oxhip_cpu_ballot(lane & 1) << 8);
}
__global__ void vote_looped(const int *in, int *out, long n) {
  long i = (long)__oxhip_cpu_item->b[0] * __oxhip_cpu_item->bd[0] + __oxhip_cpu_item->t[0];
  int x = i < n ? in[i] : 0;
  int steps = 0;
  while ((__oxhip_cpu_ballot(x > 0) & 0xffffffffull) != 0) { x -= 1; ++steps; }
  if (i < n) out[i] = steps;
}
__global__ void vote_limited(const int *in, int *out, long n) {
  long i = (long)__oxhip_cpu_item->b[0] * __oxhip_cpu_item->bd[0] + __oxhip_cpu_item->t[0];
  int x = i < n ? in[i] : 0;
  int steps = 0;
  while (steps < x && __oxhip_cpu_ballot(x > 2) != 0) { x -= 1; ++steps; }
  if (i < n) out[i] = steps;
}
__global__ void block_scanned(const int *in, int *out) {
  __shared__ int totals[8];
  unsigned t = __oxhip_cpu_item->t[0];
  int lane = (int)(t % 32), warp = (int)(t / 32);
  int x = in[t];
  for (int delta = 1; delta < 32; delta *= 2) {
    int y = (int)__oxhip_cpu_shuffle(x, lane, 1, delta, 32);
    if (lane >= delta) x += y;
  }
  if (lane == 31) totals[warp] = x;
  __oxhip_cpu_barrier();
  if (warp == 0) {
    int total = lane < 8 ? totals[lane] : 0;
    for (int delta = 1; delta < 32; delta *= 2) {
      int y = (int)__oxhip_cpu_shuffle(total, lane, 1, delta, 32);
      if (lane >= delta) total += y;
    }
    if (lane < 8) totals[lane] = total;
  }
  __oxhip_cpu_barrier();
  if (warp > 0) x += totals[warp - 1];
  out[t] = x;
}
"#;

#[repr(C)]
struct Item {
    thread_idx: [u32; 3],
    block_idx: [u32; 3],
    block_dim: [u32; 3],
    grid_dim: [u32; 3],
    lane: u32,
    linear: u32,
    ops: *const [usize; 8],
    group: *mut c_void,
}

type Entry = unsafe extern "C" fn(*mut *mut c_void, *mut Item);
type Group = unsafe extern "C" fn(*mut *mut c_void, *mut Item, *mut u8);

thread_local! {
    /// The patterns group entry points offered [`decline_patterned`], in order.
    static PATTERNS_OFFERED: std::cell::RefCell<Vec<u32>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The runtime's whole-group shuffle of a constant pattern (slot 56), declining every one:
/// records the pattern, and the group entry point goes lane by lane.
unsafe extern "C" fn decline_patterned(
    _words: *mut i64,
    _states: *const u32,
    _count: u64,
    pattern: u32,
) -> u32 {
    PATTERNS_OFFERED.with(|offered| offered.borrow_mut().push(pattern));
    0
}

unsafe extern "C" fn count_barrier(item: *mut Item) {
    // SAFETY: the test passes a live item whose `group` points at a counter.
    unsafe { *(*item).group.cast::<u32>() += 1 };
}

/// The runtime's scheduler for groups split at warp exchanges, for one warp that runs in
/// step (every work-item waits at the same kind of stop): does the warp's exchange, or
/// releases its barrier, and counts its calls through `group` (the group entry point does
/// such exchanges itself, so it should not be called).
unsafe extern "C" fn exchange_in_step(
    item: *mut Item,
    frames: *mut u8,
    states: *mut u32,
    count: u64,
    slot_bytes: u64,
    first_exchange: u32,
) -> u32 {
    assert_eq!(slot_bytes, 16);
    // SAFETY: the group entry point passes its scratch (frames as columns, the exchange
    // slot's `i64` words, `i32` operands and `i32` kinds first, then the states) and the
    // test's item.
    unsafe {
        *(*item).group.cast::<u32>() += 1;
        let count = count as usize;
        let states = std::slice::from_raw_parts_mut(states, count);
        let words = std::slice::from_raw_parts_mut(frames.cast::<i64>(), count);
        let operands = std::slice::from_raw_parts(frames.add(8 * count).cast::<i32>(), count);
        let kinds = std::slice::from_raw_parts(frames.add(12 * count).cast::<i32>(), count);
        if states[0] >= first_exchange {
            let values = words.to_vec();
            let mut votes = 0i64;
            for lane in 0..count {
                votes |= i64::from(kinds[lane] == 1 && operands[lane] != 0) << lane;
            }
            for lane in 0..count {
                words[lane] = match (kinds[lane], usize::try_from(operands[lane])) {
                    (1, _) => votes,
                    (_, Ok(source)) if source < count => values[source],
                    _ => values[lane],
                };
            }
        }
        states[0]
    }
}

fn host_image(
    opt_level: OptLevel,
    clang_extra: &[&str],
) -> (tempfile::TempDir, std::path::PathBuf, String) {
    let directory = tempfile::tempdir().expect("temporary directory");
    let input = directory.path().join("kernels.hip");
    let bitcode = directory.path().join("kernels.bc");
    std::fs::write(&input, SOURCE).expect("write source");
    let result = Command::new("clang-22")
        .args(["-cc1", "-triple", "x86_64-unknown-linux-gnu"])
        .args([
            "-aux-triple",
            "x86_64-unknown-linux-gnu",
            "-fcuda-is-device",
        ])
        .args(clang_extra)
        .args(["-disable-llvm-passes", "-emit-llvm-bc", "-x", "hip", "-o"])
        .arg(&bitcode)
        .arg(&input)
        .output()
        .expect("clang-22 runs (package clang-22)");
    assert!(
        result.status.success(),
        "clang-22 failed: {}",
        String::from_utf8_lossy(&result.stderr)
    );
    let bitcode = std::fs::read(&bitcode).expect("read bitcode");
    let options = |emit| Options {
        target: Target::Host {
            triple: "x86_64-unknown-linux-gnu".to_owned(),
        },
        opt_level,
        emit,
        link_devicelibs: false,
        fast_math: false,
        flush_denormals: false,
        f32_division: F32Division::Ieee,
        prec_sqrt: true,
        sanitize_address: false,
    };
    let ir = String::from_utf8(compile(&[&bitcode], &options(Emit::LlvmIr)).expect("IR"))
        .expect("UTF-8 IR");
    let object = compile(&[&bitcode], &options(Emit::Object)).expect("object");
    let object_path = directory.path().join("kernels.o");
    let image = directory.path().join("kernels.so");
    std::fs::write(&object_path, object).expect("write object");
    let linked = Command::new("ld.lld-22")
        .arg("-shared")
        .arg(&object_path)
        .arg("-o")
        .arg(&image)
        .output()
        .expect("ld.lld-22 runs (package lld-22)");
    assert!(
        linked.status.success(),
        "{}",
        String::from_utf8_lossy(&linked.stderr)
    );
    (directory, image, ir)
}

#[test]
fn shared_memory_becomes_thread_local_and_only_barrier_free_kernels_get_a_row_loop() {
    let (_directory, _image, ir) = host_image(OptLevel::O2, &["-O3"]);
    let globals: Vec<&str> = ir
        .lines()
        .filter(|line| line.starts_with('@') || line.starts_with("define "))
        .map(|line| line.split(" {").next().unwrap_or(line))
        .collect();
    let text = globals.join("\n");
    // A kernel with no barrier gets the row entry point alone: the runtime never runs it
    // one work-item at a time.
    assert!(
        text.contains("@__oxhip_cpu_row._Z5plainPf5Splitf3Bigc("),
        "{text}"
    );
    assert!(
        !text.contains("@__oxhip_cpu_entry._Z5plainPf5Splitf3Bigc("),
        "{text}"
    );
    // The kernel with a barrier is split at it (`cpu_regions`): one group entry point.
    assert!(text.contains("@__oxhip_cpu_group._Z6syncedPi("), "{text}");
    assert!(text.contains("@__oxhip_cpu_frame._Z6syncedPi = "), "{text}");
    assert!(!text.contains("@__oxhip_cpu_entry._Z6syncedPi("), "{text}");
    assert!(!text.contains("@__oxhip_cpu_row._Z6syncedPi("), "{text}");
    // A work-item of `synced` can return only after its one barrier, so no phase runs after
    // a return and no loop tests each work-item's state (`cpu_regions::after_return`).
    let group = body(&ir, "@__oxhip_cpu_group._Z6syncedPi(");
    assert!(!group.contains(".tested"), "{group}");
    // So is the kernel with warp exchanges; its group entry point calls the runtime's
    // scheduler (slot 48 of the operations) instead of the shuffle and the ballot.
    assert!(text.contains("@__oxhip_cpu_group._Z7scannedPx("), "{text}");
    assert!(!text.contains("@__oxhip_cpu_entry._Z7scannedPx("), "{text}");
    let group = body(&ir, "@__oxhip_cpu_group._Z7scannedPx(");
    assert!(!group.contains("@__oxhip_cpu_shuffle") && !group.contains("@__oxhip_cpu_ballot"));
    assert!(group.contains("i64 48"), "{group}");
    assert!(
        text.contains("@__oxhip_cpu_dynamic_shared = hidden thread_local(localdynamic)"),
        "{text}"
    );
    assert!(
        text.contains("@__oxhip_cpu_item = internal thread_local(localdynamic)"),
        "{text}"
    );
    assert!(
        text.contains("@_ZZ6syncedPiE4tile = hidden thread_local(localdynamic)"),
        "{text}"
    );
    // The kernels themselves are inlined into their entry points.
    assert!(!text.contains("define void @_Z5plain"), "{text}");
    // The row loop reads the coordinates from its record parameter, not through the
    // thread-local pointer (`cpu_rows`).
    assert!(!body(&ir, "@__oxhip_cpu_row._Z5plainPf5Splitf3Bigc(").contains("@__oxhip_cpu_item"));
}

#[test]
fn a_block_scan_runs_its_warp_scans_as_vectors_over_each_warp() {
    // Five states: the start, two barriers and two warp runs (`cpu_warp_runs`): each warp
    // scan's five shuffles, with the adds and selects between them, are one function over
    // a warp's 32 lanes, whose shuffles are `shufflevector`s of 32 elements. Each loop of
    // one state inlines a copy of the regions function with that state's code alone
    // (`cpu_region_copies`), with no branch on a work-item's state: LLVM vectorises them.
    let (_directory, _image, ir) = host_image(OptLevel::O2, &["-O3"]);
    let group = body(&ir, "@__oxhip_cpu_group._Z13block_scannedPKiPi(");
    let states = group
        .lines()
        .skip_while(|line| !line.contains("switch i32 %state"))
        .take_while(|line| !line.trim_start().starts_with(']'))
        .filter(|line| line.trim_start().starts_with("i32 "))
        .count();
    assert_eq!(states, 5, "states of\n{group}");
    let lanes_shuffled = group
        .lines()
        .filter(|line| line.contains("shufflevector <32 x i32>"))
        .count();
    assert!(
        lanes_shuffled >= 10,
        "{lanes_shuffled} shuffles of whole warps in\n{group}"
    );
    let vectorised = group
        .lines()
        .filter(|line| line.starts_with("vector.body"))
        .count();
    assert!(vectorised >= 4, "{vectorised} vectorised loops in\n{group}");
}

#[test]
fn a_vote_loop_runs_for_the_whole_warp_and_recomputes_the_index() {
    // `while (__any(x > 0)) { x -= 1; ++steps; }` decides every branch by a vote, so it is a
    // warp run (`cpu_warp_loops`): the group entry point runs the loop over the warp's 32
    // lanes as vectors, each vote a compare of 32 lanes packed into a mask, and no ballot is
    // left to pass. Across the run only its word and the state live, and the global index
    // and `i < n` are computed again after it (`cpu_recompute`): 16 bytes a work-item, 24
    // with a phase per vote, 56 before either.
    let (_directory, _image, ir) = host_image(OptLevel::O2, &["-O3"]);
    assert!(
        ir.contains(
            "@__oxhip_cpu_frame._Z11vote_loopedPKiPil = local_unnamed_addr constant i64 16"
        ),
        "{}",
        ir.lines()
            .filter(|line| line.contains("__oxhip_cpu_frame."))
            .collect::<Vec<_>>()
            .join("\n")
    );
    let group = body(&ir, "@__oxhip_cpu_group._Z11vote_loopedPKiPil(");
    assert!(group.contains("bitcast <32 x i1>"), "{group}");
    assert!(!group.contains("ballot.gather"), "{group}");
    // A loop that leaves on a lane's own value as well keeps its ballot and its phases.
    let group = body(&ir, "@__oxhip_cpu_group._Z12vote_limitedPKiPil(");
    assert!(group.contains("ballot.gather"), "{group}");
    assert!(!group.contains("bitcast <32 x i1>"), "{group}");
}

/// The text of the function defined as `name` in `ir`, up to its closing brace.
fn body<'ir>(ir: &'ir str, name: &str) -> &'ir str {
    let start = ir
        .lines()
        .find(|line| line.starts_with("define ") && line.contains(name))
        .and_then(|line| ir.find(line))
        .unwrap_or_else(|| panic!("no definition of {name} in\n{ir}"));
    let rest = &ir[start..];
    &rest[..rest.find("\n}").unwrap_or(rest.len())]
}

#[test]
fn entry_points_run_from_the_loaded_image() {
    run_entry_points(OptLevel::O2, &["-O3"]);
}

/// `-O0` kernels are `optnone` (so not inlined); `-g` gives the declared operations subprogram
/// declarations that their definitions must drop.
#[test]
fn entry_points_run_at_o0_and_with_debug_info() {
    run_entry_points(OptLevel::O0, &["-O0"]);
    run_entry_points(
        OptLevel::O2,
        &["-O2", "-debug-info-kind=constructor", "-dwarf-version=5"],
    );
}

/// Whether this processor runs `x86-64-v3` code (as the runtime decides).
fn has_x86_64_v3() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("fma")
        && std::arch::is_x86_feature_detected!("f16c")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("lzcnt")
        && std::arch::is_x86_feature_detected!("movbe")
}

fn run_entry_points(opt_level: OptLevel, clang_extra: &[&str]) {
    let (_directory, image, _) = host_image(opt_level, clang_extra);
    // SAFETY: the image was just built from the test's own source; its initialisers are
    // LLVM's (none).
    let library = unsafe { libloading::Library::new(&image) }.expect("dlopen the image");
    let variant = format!(
        "__oxhip_cpu_row._Z5plainPf5Splitf3Bigc{}\0",
        cpu_variants::SUFFIX
    );
    // SAFETY: looking a symbol up runs nothing.
    let has_variant = unsafe { library.get::<Entry>(variant.as_bytes()) }.is_ok();
    // Images get the x86-64-v3 copy of their code except at -O0 (`cpu_variants`).
    assert_eq!(has_variant, opt_level != OptLevel::O0);
    run_entry_points_of(&library, opt_level, "");
    if has_variant && has_x86_64_v3() {
        run_entry_points_of(&library, opt_level, cpu_variants::SUFFIX);
    }
}

fn run_entry_points_of(library: &libloading::Library, opt_level: OptLevel, suffix: &str) {
    let symbol = |name: &str| format!("{name}{suffix}\0");
    // SAFETY: codegen defines these symbols with the `Entry` signature.
    let row = unsafe {
        *library
            .get::<Entry>(symbol("__oxhip_cpu_row._Z5plainPf5Splitf3Bigc").as_bytes())
            .expect("row entry point")
    };
    let mut out = [0f32; 8];
    let mut out_pointer = out.as_mut_ptr();
    let mut split = [1i32, 2, 3];
    let mut scale = 2.0f32;
    let mut big = [0.0f64, 0.0, 0.0, 0.5];
    let mut small = 4i8;
    let mut args: [*mut c_void; 5] = [
        (&raw mut out_pointer).cast(),
        (&raw mut split).cast(),
        (&raw mut scale).cast(),
        (&raw mut big).cast(),
        (&raw mut small).cast(),
    ];
    let mut counter = 0u32;
    let mut ops: [usize; 8] = [count_barrier as unsafe extern "C" fn(*mut Item) as usize; 8];
    ops[6] = exchange_in_step as *const () as usize;
    ops[7] = decline_patterned as *const () as usize;
    PATTERNS_OFFERED.with(|offered| offered.borrow_mut().clear());
    let mut item = Item {
        thread_idx: [0; 3],
        block_idx: [1, 0, 0],
        block_dim: [4, 1, 1],
        grid_dim: [2, 1, 1],
        lane: 0,
        linear: 0,
        ops: &ops,
        group: (&raw mut counter).cast(),
    };
    // SAFETY: the argument array matches the kernel's parameters; the item is live.
    unsafe { row(args.as_mut_ptr(), &mut item) };
    // out[4 + x] = 3 * 2 + 0.5 + 4 + lane * 1000, lane = x.
    assert_eq!(out, [0.0, 0.0, 0.0, 0.0, 10.5, 1010.5, 2010.5, 3010.5]);
    // Another group's row, of two work-items: the loop reads the record's block and width.
    item.block_idx = [0, 0, 0];
    item.block_dim = [2, 1, 1];
    // SAFETY: as above.
    unsafe { row(args.as_mut_ptr(), &mut item) };
    assert_eq!(out, [10.5, 1010.5, 0.0, 0.0, 10.5, 1010.5, 2010.5, 3010.5]);

    let mut result = 0i32;
    let mut result_pointer = (&raw mut result).cast::<c_void>();
    let mut synced_args: [*mut c_void; 1] = [(&raw mut result_pointer).cast()];
    if opt_level == OptLevel::O0 {
        // `optnone`: one fiber per work-item, the barrier calls the runtime.
        // SAFETY: codegen defines the symbol with the `Entry` signature.
        let synced = unsafe {
            *library
                .get::<Entry>(symbol("__oxhip_cpu_entry._Z6syncedPi").as_bytes())
                .expect("entry point")
        };
        // SAFETY: as above; the barrier only counts, through `group`.
        unsafe { synced(synced_args.as_mut_ptr(), &mut item) };
        assert_eq!(result, 12);
        assert_eq!(counter, 1, "the barrier called the runtime once");
    } else {
        // Split at the barrier: the group entry point runs all four work-items as loops.
        // SAFETY: codegen defines these symbols with the `Group` signature and as a `u64`.
        let (synced, frame) = unsafe {
            (
                *library
                    .get::<Group>(symbol("__oxhip_cpu_group._Z6syncedPi").as_bytes())
                    .expect("group entry point"),
                **library
                    .get::<*const u64>(b"__oxhip_cpu_frame._Z6syncedPi\0")
                    .expect("frame size"),
            )
        };
        let items = 4usize;
        let mut scratch = vec![0u128; (items * (frame as usize + 4)).div_ceil(16) + 4];
        let base = scratch.as_mut_ptr().cast::<u8>();
        let aligned = base.wrapping_add(base.align_offset(64));
        // SAFETY: as above, with `frame * 4 + 16` bytes of 64-byte aligned scratch.
        unsafe { synced(synced_args.as_mut_ptr(), &mut item, aligned) };
        assert_eq!(result, 12);
        assert_eq!(counter, 0, "no runtime barrier in a split kernel");

        // Three of eight work-items return before the first barrier: the phases after it
        // must not run them again (`cpu_regions::after_return`).
        // SAFETY: as above.
        let (early, frame) = unsafe {
            (
                *library
                    .get::<Group>(symbol("__oxhip_cpu_group._Z5earlyPi").as_bytes())
                    .expect("group entry point"),
                **library
                    .get::<*const u64>(b"__oxhip_cpu_frame._Z5earlyPi\0")
                    .expect("frame size"),
            )
        };
        let mut out = [0i32; 8];
        let mut out_pointer = out.as_mut_ptr();
        let mut early_args: [*mut c_void; 1] = [(&raw mut out_pointer).cast()];
        let mut scratch = vec![0u128; (8 * (frame as usize + 4)).div_ceil(16) + 4];
        let base = scratch.as_mut_ptr().cast::<u8>();
        let aligned = base.wrapping_add(base.align_offset(64));
        item.thread_idx = [0; 3];
        item.block_dim = [8, 1, 1];
        // SAFETY: as above, with `frame * 8 + 32` bytes of 64-byte aligned scratch.
        unsafe { early(early_args.as_mut_ptr(), &mut item, aligned) };
        assert_eq!(out, [3, 3, 3, 3, 3, 0, 0, 0]);
        item.block_dim = [4, 1, 1];

        // Split at its two shuffles, its barrier and its ballot: a scan of 1, 2, 3, 4 and
        // the ballot of the odd lanes (0b1010) above bit 8.
        // SAFETY: as above.
        let (scanned, frame) = unsafe {
            (
                *library
                    .get::<Group>(symbol("__oxhip_cpu_group._Z7scannedPx").as_bytes())
                    .expect("group entry point"),
                **library
                    .get::<*const u64>(b"__oxhip_cpu_frame._Z7scannedPx\0")
                    .expect("frame size"),
            )
        };
        let mut out = [0i64; 4];
        let mut out_pointer = out.as_mut_ptr();
        let mut scanned_args: [*mut c_void; 1] = [(&raw mut out_pointer).cast()];
        let mut scratch = vec![0u128; (items * (frame as usize + 4)).div_ceil(16) + 4];
        let base = scratch.as_mut_ptr().cast::<u8>();
        let aligned = base.wrapping_add(base.align_offset(64));
        item.thread_idx = [0; 3];
        item.block_idx = [0; 3];
        item.lane = 0;
        // SAFETY: as above.
        unsafe { scanned(scanned_args.as_mut_ptr(), &mut item, aligned) };
        assert_eq!(out, [2561, 2563, 2566, 2570]);
        // Every phase ends with all work-items at the same stop, so the group entry point
        // releases the barrier and does the exchanges itself: the scheduler, which it calls
        // only when they diverge, never runs.
        assert_eq!(counter, 0);
        // Both shuffles (up by 1, then by 2, 32 lanes wide) and the adds between them are
        // one warp run (`cpu_warp_runs`), which the group entry point computes itself over
        // the warp: no pattern is offered to the runtime (slot 56), not the ballot's either.
        PATTERNS_OFFERED.with(|offered| assert_eq!(*offered.borrow(), Vec::<u32>::new()));
    }
}

#[test]
fn argument_tables_give_each_source_parameter_its_size_and_alignment() {
    let (_directory, image, _ir) = host_image(OptLevel::O2, &["-O3"]);
    // SAFETY: the image is ours; loading it runs no initialisers of note.
    let library = unsafe { libloading::Library::new(&image) }.expect("dlopen the image");
    let table = |kernel: &str| -> Vec<u32> {
        let name = format!("{}{kernel}\0", cpu::ARGS_PREFIX);
        // SAFETY: codegen defines the table as a constant u32 array starting with its count.
        unsafe {
            let start = *library
                .get::<*const u32>(name.as_bytes())
                .expect("argument table exported");
            let count = *start as usize;
            std::slice::from_raw_parts(start, 1 + 2 * count).to_vec()
        }
    };
    // (float *, Split {int a, b, c} in two halves, float, Big byval, char)
    assert_eq!(
        table("_Z5plainPf5Splitf3Bigc"),
        [5, 8, 8, 12, 8, 4, 4, 32, 8, 1, 1]
    );
    assert_eq!(table("_Z6syncedPi"), [1, 8, 8]);
    // (Empty, float *, Empty, int): the empty classes have no IR parameter, but a slot.
    assert_eq!(
        table("_Z10with_empty5EmptyPfS_i"),
        [4, 1, 1, 8, 8, 1, 1, 4, 4]
    );
}
