//! The processor table (`bundler::amdgpu_processor`, `bundler::nvidia_processor`), the one
//! list the driver and codegen derive theirs from, against what LLVM 22 itself lists:
//! `llc-22 -mcpu=help` for each back end. A processor LLVM gains or drops with an update
//! fails here first.

use std::collections::BTreeSet;
use std::process::Command;

/// The processors `llc -march=<march> -mcpu=help` lists.
fn llvm_processors(march: &str) -> BTreeSet<String> {
    let llc = "/usr/lib/llvm-22/bin/llc";
    let output = Command::new(llc)
        .args([&format!("-march={march}"), "-mcpu=help"])
        .output()
        .unwrap_or_else(|err| panic!("running {llc} (Debian's llvm-22): {err}"));
    // The list goes to stdout or stderr depending on the LLVM build.
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    text.lines()
        .skip_while(|line| !line.starts_with("Available CPUs"))
        .skip(1)
        .take_while(|line| !line.starts_with("Available features"))
        .filter_map(|line| line.split_whitespace().next())
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_amdgpu_processors_are_llvms() {
    let llvm: BTreeSet<String> = llvm_processors("amdgcn")
        .into_iter()
        .filter(|name| name.starts_with("gfx"))
        .collect();
    let ours: BTreeSet<String> = bundler::amdgpu_processors()
        .iter()
        .map(|processor| processor.name.to_owned())
        .collect();
    assert!(llvm.len() > 40, "llc listed too few processors: {llvm:?}");
    assert_eq!(
        ours, llvm,
        "bundler's AMDGPU table differs from llc-22 -mcpu=help"
    );
    for processor in bundler::amdgpu_processors() {
        for member in processor.generic_of {
            assert!(
                bundler::amdgpu_processor(member).is_some(),
                "{} runs on unknown {member}",
                processor.name
            );
        }
    }
}

#[test]
fn the_nvidia_processors_are_llvms_from_sm_50_on() {
    let llvm: BTreeSet<String> = llvm_processors("nvptx64")
        .into_iter()
        .filter(|name| {
            name.strip_prefix("sm_")
                .and_then(|rest| rest.trim_end_matches(['a', 'f']).parse::<u32>().ok())
                .is_some_and(|sm| sm >= 50)
        })
        .collect();
    let ours: BTreeSet<String> = llvm
        .iter()
        .filter(|name| {
            let rest = &name[3..];
            let (digits, suffix) = match rest.as_bytes().last() {
                Some(b'a') => (&rest[..rest.len() - 1], bundler::SmSuffix::A),
                Some(b'f') => (&rest[..rest.len() - 1], bundler::SmSuffix::F),
                _ => (rest, bundler::SmSuffix::None),
            };
            digits
                .parse()
                .ok()
                .and_then(|sm| bundler::nvidia_processor(sm, suffix))
                .is_some()
        })
        .cloned()
        .collect();
    assert!(llvm.len() > 20, "llc listed too few processors: {llvm:?}");
    assert_eq!(
        ours, llvm,
        "bundler's NVIDIA table lacks processors llc-22 lists"
    );
    assert_eq!(
        bundler::nvidia_processors().len(),
        llvm.len(),
        "bundler's NVIDIA table has processors llc-22 does not list"
    );
}
