//! Builds the compilation graph from an [`Invocation`]. Pure: no file system,
//! no processes, no environment.
//!
//! A [`Plan`] is a list of [`Node`]s in dependency order (every input of a node
//! comes before it). Its text form is what `--print-phases` prints, and tests
//! assert on that text. File names are not chosen here: that is `bind`'s job.

use std::fmt::Write as _;
use std::path::PathBuf;

use crate::args::{InputKind, InputLang, Invocation, LinkItem, Mode, OffloadScope};
use crate::error::DriverError;
use crate::targets::{self, OffloadArch};

pub type ActionId = usize;

/// Which half of a single-source HIP program a compile is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Side {
    Host,
    Device(OffloadArch),
}

/// What a backend emits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emit {
    /// AMDGPU relocatable ELF.
    Object,
    /// AMDGPU assembly or PTX text.
    Assembly,
    /// The optimised module as LLVM IR text (`-cc1codegen --emit=llvm` only).
    LlvmIr,
    /// The optimised module as LLVM bitcode (`-cc1codegen --emit=bc` only).
    Bitcode,
}

impl Emit {
    /// Its `-cc1codegen --emit=` value and its intermediate file's extension.
    fn names(self) -> (&'static str, &'static str) {
        match self {
            Emit::Object => ("obj", "o"),
            Emit::Assembly => ("asm", "s"),
            Emit::LlvmIr => ("llvm", "opt.ll"),
            Emit::Bitcode => ("bc", "opt.bc"),
        }
    }

    /// The value of `-cc1codegen --emit=` that asks for it.
    pub fn flag(self) -> &'static str {
        self.names().0
    }

    /// The extension of the intermediate file it writes.
    pub fn extension(self) -> &'static str {
        self.names().1
    }

    /// The kind that `-cc1codegen --emit=<flag>` asks for.
    pub fn from_flag(flag: &str) -> Option<Emit> {
        [Emit::Object, Emit::Assembly, Emit::LlvmIr, Emit::Bitcode]
            .into_iter()
            .find(|emit| emit.flag() == flag)
    }
}

/// The type of the file an action produces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileType {
    Source(InputLang),
    /// Linker inputs given by the user (`.o`, `.a`, `.so`).
    LinkerInput,
    Preprocessed,
    Dependencies,
    /// Unoptimised LLVM bitcode from a device compile.
    Ir,
    Object,
    Assembly,
    /// A linked AMDGPU code object.
    CodeObject,
    /// An offload bundle of device images.
    Fatbin,
    /// `-fgpu-rdc`: one device's bitcode wrapped as an LLVM OffloadBinary, for embedding in
    /// the host object.
    OffloadBinary,
    Image,
}

impl FileType {
    fn name(self) -> &'static str {
        match self {
            FileType::Source(lang) => lang.name(),
            FileType::LinkerInput => "object",
            FileType::Preprocessed => "cpp-output",
            FileType::Dependencies => "dependencies",
            FileType::Ir => "ir",
            FileType::Object => "object",
            FileType::Assembly => "assembler",
            FileType::CodeObject => "code-object",
            FileType::Fatbin => "hip-fatbin",
            FileType::OffloadBinary => "offload-binary",
            FileType::Image => "image",
        }
    }
}

/// One piece of the final link, in command-line order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkPart {
    Object(ActionId),
    Arg(Vec<String>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A file the user named.
    Input { path: PathBuf, kind: InputKind },
    /// hipify: CUDA source → HIP source, in memory (`.cu` inputs).
    Hipify { input: ActionId },
    /// One side's entry of a HIP source's `-E` output (`-x hip-cpp-output`), which that
    /// side then compiles (in-process, `sides::select_side`).
    SelectSide { input: ActionId, side: Side },
    /// `-E` / `-M`: preprocess one side (writes text).
    Preprocess { input: ActionId, side: Side },
    /// `-E` / `-M` of a HIP or CUDA source: one file from every side's preprocessing, host
    /// first (in-process, `sides`): the dependencies of them all, or their texts as one
    /// text bundle, so that a header only a device side includes is in the result.
    MergeSides { sides: Vec<ActionId> },
    /// clang: device side → LLVM bitcode; plain C/C++ (host side) → object or assembly.
    Compile { input: ActionId, side: Side },
    /// codegen: device library, optimisation, lowering for one target.
    Backend {
        input: ActionId,
        arch: OffloadArch,
        emit: Emit,
    },
    /// ld.lld: AMDGPU relocatable ELF → code object.
    Lld { input: ActionId, arch: OffloadArch },
    /// bundler: device images → one offload bundle (host entry first, empty).
    Bundle { devices: Vec<ActionId> },
    /// `-fgpu-rdc`: wraps one device's bitcode as an OffloadBinary (in-process).
    Package { input: ActionId, arch: OffloadArch },
    /// clang: HIP host side, embedding the bundle (`-fcuda-include-gpubinary`), or with
    /// `-fgpu-rdc` the packaged device bitcode (`-fembed-offload-object`, `embed`).
    HostCompile {
        input: ActionId,
        bundle: Option<ActionId>,
        embed: Vec<ActionId>,
    },
    /// `-fgpu-rdc` link: the device bitcode of every object (and archive member) for one
    /// target, linked and compiled together by codegen (in-process).
    DeviceLink {
        objects: Vec<ActionId>,
        arch: OffloadArch,
        emit: Emit,
    },
    /// `-fgpu-rdc` link: assembly that defines every object's `__hip_fatbin_<cuid>` and
    /// `__hip_gpubin_handle_<cuid>` as the one linked bundle and one shared handle.
    FatbinWrapper {
        bundle: ActionId,
        objects: Vec<ActionId>,
    },
    /// clang: assembles the fat binary wrapper.
    Assemble { input: ActionId },
    /// The system link (clang as link driver) with the runtime.
    Link { parts: Vec<LinkPart> },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    pub action: Action,
    pub ty: FileType,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    pub nodes: Vec<Node>,
    /// The nodes whose files are the command's results (written to `-o` or the
    /// default names), in order.
    pub results: Vec<ActionId>,
}

impl Plan {
    fn push(&mut self, action: Action, ty: FileType) -> ActionId {
        self.nodes.push(Node { action, ty });
        self.nodes.len() - 1
    }

    /// The action ids a node reads.
    pub fn inputs_of(&self, id: ActionId) -> Vec<ActionId> {
        match &self.nodes[id].action {
            Action::Input { .. } => Vec::new(),
            Action::Preprocess { input, .. }
            | Action::Compile { input, .. }
            | Action::Backend { input, .. }
            | Action::Lld { input, .. }
            | Action::Package { input, .. }
            | Action::Assemble { input }
            | Action::SelectSide { input, .. }
            | Action::Hipify { input } => vec![*input],
            Action::Bundle { devices } => devices.clone(),
            Action::MergeSides { sides } => sides.clone(),
            Action::HostCompile {
                input,
                bundle,
                embed,
            } => std::iter::once(*input)
                .chain(*bundle)
                .chain(embed.iter().copied())
                .collect(),
            Action::DeviceLink { objects, .. } => objects.clone(),
            Action::FatbinWrapper { bundle, objects } => std::iter::once(*bundle)
                .chain(objects.iter().copied())
                .collect(),
            Action::Link { parts } => parts
                .iter()
                .filter_map(|part| match part {
                    LinkPart::Object(id) => Some(*id),
                    LinkPart::Arg(_) => None,
                })
                .collect(),
        }
    }

    /// The `--print-phases` text: one line per action, clang style.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for (id, node) in self.nodes.iter().enumerate() {
            let (kind, detail) = match &node.action {
                Action::Input { path, .. } => ("input", format!("\"{}\"", path.display())),
                Action::Hipify { .. } => ("hipify", self.ids(id)),
                Action::SelectSide { .. } => ("side-selector", self.ids(id)),
                Action::Preprocess { .. } => ("preprocessor", self.ids(id)),
                Action::MergeSides { .. } => ("side-merger", self.ids(id)),
                Action::Compile { .. } => ("compiler", self.ids(id)),
                Action::Backend { .. } => ("backend", self.ids(id)),
                Action::Lld { .. } => ("linker", self.ids(id)),
                Action::Bundle { .. } => ("bundler", self.ids(id)),
                Action::HostCompile { .. } => ("host-compiler", self.ids(id)),
                Action::Link { .. } => ("linker", self.ids(id)),
                Action::Package { .. } => ("offload-packager", self.ids(id)),
                Action::DeviceLink { .. } => ("device-linker", self.ids(id)),
                Action::FatbinWrapper { .. } => ("fatbin-wrapper", self.ids(id)),
                Action::Assemble { .. } => ("assembler", self.ids(id)),
            };
            let side = match &node.action {
                Action::Preprocess { side, .. }
                | Action::Compile { side, .. }
                | Action::SelectSide { side, .. } => side_text(side),
                Action::Backend { arch, .. }
                | Action::Lld { arch, .. }
                | Action::Package { arch, .. }
                | Action::DeviceLink { arch, .. } => side_text(&Side::Device(arch.clone())),
                Action::HostCompile { .. } => ", (host-hip)".to_owned(),
                _ => String::new(),
            };
            let marker = if self.results.contains(&id) {
                " [output]"
            } else {
                ""
            };
            let _ = writeln!(
                text,
                "{id}: {kind}, {detail}, {}{side}{marker}",
                node.ty.name()
            );
        }
        text
    }

    fn ids(&self, id: ActionId) -> String {
        let inputs: Vec<String> = self.inputs_of(id).iter().map(ToString::to_string).collect();
        format!("{{{}}}", inputs.join(", "))
    }
}

fn side_text(side: &Side) -> String {
    match side {
        Side::Host => ", (host)".to_owned(),
        Side::Device(arch) => format!(", (device-hip, {arch})"),
    }
}

/// [`Invocation`] → [`Plan`].
pub fn plan(invocation: &Invocation) -> Result<Plan, DriverError> {
    if let Some((first, second)) = targets::conflicting(&invocation.offload_archs) {
        return Err(DriverError::ConflictingOffloadArchs {
            first: first.to_string(),
            second: second.to_string(),
        });
    }
    let mut plan = Plan::default();
    // The object each input contributes to the link, by input index.
    let mut objects: Vec<Option<ActionId>> = Vec::new();
    let mode = match (invocation.mode, invocation.scope) {
        // Device-only output is a bundle, never an executable.
        (Mode::Link, OffloadScope::DeviceOnly) => Mode::Object,
        (mode, _) => mode,
    };

    for input in &invocation.inputs {
        let input_id = plan.push(
            Action::Input {
                path: input.path.clone(),
                kind: input.kind,
            },
            match input.kind {
                InputKind::Source(lang) => FileType::Source(lang),
                InputKind::Linker => FileType::LinkerInput,
            },
        );
        let object = match input.kind {
            InputKind::Linker => Some(input_id),
            InputKind::Source(InputLang::Cuda) => {
                let hip = plan.push(
                    Action::Hipify { input: input_id },
                    FileType::Source(InputLang::Hip),
                );
                plan_offload_source(&mut plan, invocation, mode, hip)
            }
            InputKind::Source(lang) if lang.is_offload() => {
                plan_offload_source(&mut plan, invocation, mode, input_id)
            }
            // nvcc compiles a CUDA program's .cpp/.c files as host code that may call the
            // runtime API: translated, then compiled as plain C++ or C.
            InputKind::Source(lang @ (InputLang::CudaCxx | InputLang::CudaC)) => {
                let host_lang = if lang == InputLang::CudaC {
                    InputLang::C
                } else {
                    InputLang::Cxx
                };
                let translated = plan.push(
                    Action::Hipify { input: input_id },
                    FileType::Source(host_lang),
                );
                plan_host_source(&mut plan, mode, translated)
            }
            InputKind::Source(_) => plan_host_source(&mut plan, mode, input_id),
        };
        objects.push(object);
    }

    if mode == Mode::Link {
        let mut parts: Vec<LinkPart> = invocation
            .link_items
            .iter()
            .filter_map(|item| match item {
                LinkItem::Input(index) => {
                    objects.get(*index).copied().flatten().map(LinkPart::Object)
                }
                LinkItem::Arg(args) => Some(LinkPart::Arg(args.clone())),
            })
            .collect();
        if invocation.gpu_rdc && !invocation.offload_archs.is_empty() {
            let linked: Vec<ActionId> = parts
                .iter()
                .filter_map(|part| match part {
                    LinkPart::Object(id) => Some(*id),
                    LinkPart::Arg(_) => None,
                })
                .collect();
            parts.push(LinkPart::Object(plan_device_link(
                &mut plan, invocation, &linked,
            )));
        }
        let link = plan.push(Action::Link { parts }, FileType::Image);
        plan.results.push(link);
    }
    Ok(plan)
}

/// `-fgpu-rdc` link: per target, the device code of all `objects` linked and compiled
/// together, then one bundle and the object that defines every translation unit's fat
/// binary and handle symbols. Returns that object.
fn plan_device_link(plan: &mut Plan, invocation: &Invocation, objects: &[ActionId]) -> ActionId {
    let mut images = Vec::new();
    for arch in &invocation.offload_archs {
        let image = match arch {
            OffloadArch::Amdgcn { .. } | OffloadArch::Host => {
                let object = plan.push(
                    Action::DeviceLink {
                        objects: objects.to_vec(),
                        arch: arch.clone(),
                        emit: Emit::Object,
                    },
                    FileType::Object,
                );
                plan.push(
                    Action::Lld {
                        input: object,
                        arch: arch.clone(),
                    },
                    FileType::CodeObject,
                )
            }
            OffloadArch::Nvptx { .. } => plan.push(
                Action::DeviceLink {
                    objects: objects.to_vec(),
                    arch: arch.clone(),
                    emit: Emit::Assembly,
                },
                FileType::Assembly,
            ),
        };
        images.push(image);
    }
    let bundle = plan.push(Action::Bundle { devices: images }, FileType::Fatbin);
    let wrapper = plan.push(
        Action::FatbinWrapper {
            bundle,
            objects: objects.to_vec(),
        },
        FileType::Assembly,
    );
    plan.push(Action::Assemble { input: wrapper }, FileType::Object)
}

/// Plain C or C++: one host compile (clang as a normal compiler).
fn plan_host_source(plan: &mut Plan, mode: Mode, input: ActionId) -> Option<ActionId> {
    let (action, ty) = match mode {
        Mode::Preprocess => (
            Action::Preprocess {
                input,
                side: Side::Host,
            },
            FileType::Preprocessed,
        ),
        Mode::Dependencies => (
            Action::Preprocess {
                input,
                side: Side::Host,
            },
            FileType::Dependencies,
        ),
        Mode::Assembly => (
            Action::Compile {
                input,
                side: Side::Host,
            },
            FileType::Assembly,
        ),
        Mode::Object | Mode::Link => (
            Action::Compile {
                input,
                side: Side::Host,
            },
            FileType::Object,
        ),
    };
    let id = plan.push(action, ty);
    if mode == Mode::Link {
        Some(id)
    } else {
        plan.results.push(id);
        None
    }
}

/// HIP/CUDA: device chains per target, the bundle, then the host compile.
fn plan_offload_source(
    plan: &mut Plan,
    invocation: &Invocation,
    mode: Mode,
    input: ActionId,
) -> Option<ActionId> {
    let device_only = invocation.scope == OffloadScope::DeviceOnly;
    let host_only = invocation.scope == OffloadScope::HostOnly;
    match mode {
        Mode::Preprocess | Mode::Dependencies => {
            let ty = if mode == Mode::Preprocess {
                FileType::Preprocessed
            } else {
                FileType::Dependencies
            };
            if device_only && mode == Mode::Preprocess {
                for arch in &invocation.offload_archs {
                    let side = Side::Device(arch.clone());
                    let input = side_input(plan, input, &side);
                    let id = plan.push(Action::Preprocess { input, side }, ty);
                    plan.results.push(id);
                }
                return None;
            }
            // Every side, because a device front end may include headers the host's does
            // not (docs/driver.md, "`-E` of a HIP or CUDA source"); `-E -dM` lists the host
            // compile's macros, which no device side follows.
            let mut sides = Vec::new();
            if !device_only {
                let input = side_input(plan, input, &Side::Host);
                sides.push(plan.push(
                    Action::Preprocess {
                        input,
                        side: Side::Host,
                    },
                    ty,
                ));
            }
            let host_macros = mode == Mode::Preprocess && invocation.macros_only;
            if !host_only && !host_macros {
                for arch in &invocation.offload_archs {
                    let side = Side::Device(arch.clone());
                    let input = side_input(plan, input, &side);
                    sides.push(plan.push(Action::Preprocess { input, side }, ty));
                }
            }
            let result = match sides.as_slice() {
                [only] => *only,
                _ => plan.push(Action::MergeSides { sides }, ty),
            };
            plan.results.push(result);
            return None;
        }
        Mode::Assembly if device_only => {
            for arch in &invocation.offload_archs {
                let side = Side::Device(arch.clone());
                let input = side_input(plan, input, &side);
                let bitcode = plan.push(Action::Compile { input, side }, FileType::Ir);
                let assembly = plan.push(
                    Action::Backend {
                        input: bitcode,
                        arch: arch.clone(),
                        emit: Emit::Assembly,
                    },
                    FileType::Assembly,
                );
                plan.results.push(assembly);
            }
            return None;
        }
        _ => {}
    }

    if invocation.gpu_rdc {
        // Relocatable device code: the device bitcode travels in the host object and is
        // compiled at the link (`plan_device_link`).
        let mut packages = Vec::new();
        if !host_only {
            for arch in &invocation.offload_archs {
                let side = Side::Device(arch.clone());
                let input = side_input(plan, input, &side);
                let bitcode = plan.push(Action::Compile { input, side }, FileType::Ir);
                packages.push(plan.push(
                    Action::Package {
                        input: bitcode,
                        arch: arch.clone(),
                    },
                    FileType::OffloadBinary,
                ));
            }
        }
        if device_only {
            plan.results.extend(packages);
            return None;
        }
        let ty = if mode == Mode::Assembly {
            FileType::Assembly
        } else {
            FileType::Object
        };
        let input = side_input(plan, input, &Side::Host);
        let host = plan.push(
            Action::HostCompile {
                input,
                bundle: None,
                embed: packages,
            },
            ty,
        );
        if mode == Mode::Link {
            return Some(host);
        }
        plan.results.push(host);
        return None;
    }

    let bundle = if host_only {
        None
    } else {
        let mut images = Vec::new();
        for arch in &invocation.offload_archs {
            let side = Side::Device(arch.clone());
            let input = side_input(plan, input, &side);
            let bitcode = plan.push(Action::Compile { input, side }, FileType::Ir);
            let image = match arch {
                // AMD and CPU images are linked shared objects; NVIDIA ones PTX.
                OffloadArch::Amdgcn { .. } | OffloadArch::Host => {
                    let object = plan.push(
                        Action::Backend {
                            input: bitcode,
                            arch: arch.clone(),
                            emit: Emit::Object,
                        },
                        FileType::Object,
                    );
                    plan.push(
                        Action::Lld {
                            input: object,
                            arch: arch.clone(),
                        },
                        FileType::CodeObject,
                    )
                }
                OffloadArch::Nvptx { .. } => plan.push(
                    Action::Backend {
                        input: bitcode,
                        arch: arch.clone(),
                        emit: Emit::Assembly,
                    },
                    FileType::Assembly,
                ),
            };
            images.push(image);
        }
        Some(plan.push(Action::Bundle { devices: images }, FileType::Fatbin))
    };
    if device_only {
        plan.results.extend(bundle);
        return None;
    }
    let ty = if mode == Mode::Assembly {
        FileType::Assembly
    } else {
        FileType::Object
    };
    let input = side_input(plan, input, &Side::Host);
    let host = plan.push(
        Action::HostCompile {
            input,
            bundle,
            embed: Vec::new(),
        },
        ty,
    );
    if mode == Mode::Link {
        Some(host)
    } else {
        plan.results.push(host);
        None
    }
}

/// The file one side of an offload source compiles: the source itself, or, for a HIP
/// source's `-E` output (`-x hip-cpp-output`), that side's entry of its text bundle.
fn side_input(plan: &mut Plan, input: ActionId, side: &Side) -> ActionId {
    if plan.nodes[input].ty != FileType::Source(InputLang::HipPreprocessed) {
        return input;
    }
    plan.push(
        Action::SelectSide {
            input,
            side: side.clone(),
        },
        FileType::Source(InputLang::HipPreprocessed),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::{parse, Context};

    fn check(argv: &str) -> String {
        let argv: Vec<String> = argv.split_whitespace().map(str::to_owned).collect();
        let ctx = Context {
            detect_gpus: &Vec::new,
            cxx_as_hip: true,
            // No file is read: the inputs of these tests do not exist.
            hip_program: &|_, _| false,
            preprocessed_targets: &|_| None,
        };
        match parse(&argv, &ctx).and_then(|invocation| plan(&invocation)) {
            Ok(plan) => plan.to_text(),
            Err(err) => format!("error: {err}"),
        }
    }

    #[test]
    fn each_side_of_a_preprocessed_source_compiles_its_own_entry() {
        insta::assert_snapshot!(check("--offload-arch=gfx942,sm_90 -x hip-cpp-output -c a.hip"), @r#"
        0: input, "a.hip", hip-cpp-output
        1: side-selector, {0}, hip-cpp-output, (device-hip, gfx942)
        2: compiler, {1}, ir, (device-hip, gfx942)
        3: backend, {2}, object, (device-hip, gfx942)
        4: linker, {3}, code-object, (device-hip, gfx942)
        5: side-selector, {0}, hip-cpp-output, (device-hip, sm_90)
        6: compiler, {5}, ir, (device-hip, sm_90)
        7: backend, {6}, assembler, (device-hip, sm_90)
        8: bundler, {4, 7}, hip-fatbin
        9: side-selector, {0}, hip-cpp-output, (host)
        10: host-compiler, {9, 8}, object, (host-hip) [output]
        "#);
        insta::assert_snapshot!(check("--offload-arch=gfx942 --cuda-host-only -c a.hipi"), @r#"
        0: input, "a.hipi", hip-cpp-output
        1: side-selector, {0}, hip-cpp-output, (host)
        2: host-compiler, {1}, object, (host-hip) [output]
        "#);
    }

    #[test]
    fn link_with_two_vendors() {
        insta::assert_snapshot!(check("--offload-arch=gfx942,sm_90 vadd.hip -o vadd"), @r#"
        0: input, "vadd.hip", hip
        1: compiler, {0}, ir, (device-hip, gfx942)
        2: backend, {1}, object, (device-hip, gfx942)
        3: linker, {2}, code-object, (device-hip, gfx942)
        4: compiler, {0}, ir, (device-hip, sm_90)
        5: backend, {4}, assembler, (device-hip, sm_90)
        6: bundler, {3, 5}, hip-fatbin
        7: host-compiler, {0, 6}, object, (host-hip)
        8: linker, {7}, image [output]
        "#);
    }

    #[test]
    fn relocatable_device_code() {
        insta::assert_snapshot!(check("-fgpu-rdc -c --offload-arch=gfx942,sm_90 a.hip"), @r#"
        0: input, "a.hip", hip
        1: compiler, {0}, ir, (device-hip, gfx942)
        2: offload-packager, {1}, offload-binary, (device-hip, gfx942)
        3: compiler, {0}, ir, (device-hip, sm_90)
        4: offload-packager, {3}, offload-binary, (device-hip, sm_90)
        5: host-compiler, {0, 2, 4}, object, (host-hip) [output]
        "#);
        insta::assert_snapshot!(check("-fgpu-rdc --offload-arch=gfx942,sm_90 a.o b.o -o app"), @r#"
        0: input, "a.o", object
        1: input, "b.o", object
        2: device-linker, {0, 1}, object, (device-hip, gfx942)
        3: linker, {2}, code-object, (device-hip, gfx942)
        4: device-linker, {0, 1}, assembler, (device-hip, sm_90)
        5: bundler, {3, 4}, hip-fatbin
        6: fatbin-wrapper, {5, 0, 1}, assembler
        7: assembler, {6}, object
        8: linker, {0, 1, 7}, image [output]
        "#);
    }

    #[test]
    fn conflicting_features() {
        insta::assert_snapshot!(check("--offload-arch=gfx90a,gfx90a:xnack+ a.hip"), @"error: invalid offload arch combinations: 'gfx90a' and 'gfx90a:xnack+'");
    }
}
