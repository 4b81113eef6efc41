//! With the `afl` feature, links the AFL++ driver and runtime from Debian's `afl++` into the
//! harness binary (only that binary: the instrumented libraries need them there alone).
fn main() {
    println!("cargo:rerun-if-env-changed=CARGO_FEATURE_AFL");
    if std::env::var_os("CARGO_FEATURE_AFL").is_some() {
        let dir = std::env::var("OXHIP_AFL_LIB").unwrap_or_else(|_| "/usr/lib/afl".to_owned());
        println!("cargo:rustc-link-arg-bins={dir}/libAFLDriver.a");
        println!("cargo:rustc-link-arg-bins={dir}/afl-compiler-rt.o");
        println!("cargo:rerun-if-env-changed=OXHIP_AFL_LIB");
    }
}
