//! argv → [`ArgList`]: each argument matched against the option table, values taken as
//! their spelling says; and [`Args`], the list as the interpretation reads it, with clang's
//! "claimed" bit on each argument.

use std::cell::Cell;

use super::table::{
    lookup, spelling, OptId, OptionKind, HOST_PASSTHROUGH_FLAGS, HOST_PASSTHROUGH_PREFIXES,
};
use crate::error::DriverError;

/// One parsed argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// A known option and its values (none for a flag, several for comma lists).
    Opt {
        id: OptId,
        spelling: String,
        values: Vec<String>,
    },
    /// An unknown option passed through to the host compile.
    HostPassthrough(String),
    /// A positional argument.
    Input(String),
}

/// argv after table matching, in command-line order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArgList {
    pub args: Vec<Arg>,
}

/// The arguments of a response file (`@file`), split as clang's GNU tokenizer splits them:
/// at unquoted white space; `'…'` and `"…"` group; a backslash takes the next character
/// literally, inside quotes too (CMake and ninja write such files for long command lines).
pub fn split_response_file(text: &str) -> Vec<String> {
    let mut args = Vec::new();
    let mut current = String::new();
    let mut started = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                started = true;
                if let Some(next) = chars.next() {
                    current.push(next);
                }
            }
            '\'' | '"' => {
                started = true;
                while let Some(inner) = chars.next() {
                    match inner {
                        _ if inner == c => break,
                        '\\' => {
                            if let Some(next) = chars.next() {
                                current.push(next);
                            }
                        }
                        _ => current.push(inner),
                    }
                }
            }
            _ if c.is_whitespace() => {
                if started {
                    args.push(std::mem::take(&mut current));
                    started = false;
                }
            }
            _ => {
                started = true;
                current.push(c);
            }
        }
    }
    if started {
        args.push(current);
    }
    args
}

impl ArgList {
    /// True when the command links (no `-c`, `-S`, `-E`, `-M`, `-MM`, `--cuda-device-only`,
    /// nvcc's `-dc`/`-dw`): hipcc's `HIPCC_LINK_FLAGS_APPEND` applies then.
    pub fn links(&self) -> bool {
        !self.any(&[
            OptId::Compile,
            OptId::Assemble,
            OptId::Preprocess,
            OptId::DepsOnly,
            OptId::DepsOnlyUser,
            OptId::DeviceOnly,
            OptId::Genco,
            OptId::DeviceCompile,
            OptId::DeviceCompileWhole,
        ])
    }

    /// Whether any of the options `ids` was given.
    pub fn any(&self, ids: &[OptId]) -> bool {
        self.args
            .iter()
            .any(|arg| matches!(arg, Arg::Opt { id, .. } if ids.contains(id)))
    }

    /// Whether the command line names an input (a file, or `-` for standard input).
    pub fn has_inputs(&self) -> bool {
        self.args.iter().any(|arg| matches!(arg, Arg::Input(_)))
    }
}

/// argv (without the program name) → [`ArgList`].
pub fn parse_arg_list(argv: &[String]) -> Result<ArgList, DriverError> {
    parse_args(argv, false)
}

/// Matches `argv` against the table. For the options of nvcc's `-Xcompiler`
/// (`host_compiler`), whatever the table does not know is a host pass-through, which
/// clang 22 judges (an option it does not know is an error naming it).
fn parse_args(argv: &[String], host_compiler: bool) -> Result<ArgList, DriverError> {
    let mut args = Vec::new();
    let mut index = 0;
    while index < argv.len() {
        let arg = &argv[index];
        index += 1;
        if host_compiler && (!arg.starts_with('-') || arg == "-") {
            args.push(Arg::HostPassthrough(arg.clone()));
            continue;
        }
        if !arg.starts_with('-') || arg == "-" {
            args.push(Arg::Input(arg.clone()));
            continue;
        }
        let Some(found) = lookup(arg) else {
            if host_compiler
                || HOST_PASSTHROUGH_PREFIXES
                    .iter()
                    .any(|prefix| arg.starts_with(prefix))
                || HOST_PASSTHROUGH_FLAGS.contains(&arg.as_str())
            {
                args.push(Arg::HostPassthrough(arg.clone()));
                continue;
            }
            return Err(DriverError::UnknownArgument { arg: arg.clone() });
        };
        let attached = &arg[found.spelling.len()..];
        let values = match found.kind {
            OptionKind::Flag => Vec::new(),
            OptionKind::Joined => vec![attached.to_owned()],
            OptionKind::CommaJoined => attached.split(',').map(str::to_owned).collect(),
            OptionKind::Separate | OptionKind::EqualsOrSeparate => {
                vec![take_next(argv, &mut index, &found.spelling)?]
            }
            OptionKind::JoinedOrSeparate if attached.is_empty() => {
                vec![take_next(argv, &mut index, &found.spelling)?]
            }
            OptionKind::JoinedOrSeparate => vec![attached.to_owned()],
        };
        args.push(Arg::Opt {
            id: found.def.id,
            spelling: found.spelling,
            values,
        });
    }
    Ok(ArgList { args })
}

fn take_next(argv: &[String], index: &mut usize, spelling: &str) -> Result<String, DriverError> {
    let value = argv
        .get(*index)
        .cloned()
        .ok_or_else(|| DriverError::MissingValue {
            option: spelling.to_owned(),
        })?;
    *index += 1;
    Ok(value)
}

/// nvcc's `-Xcompiler a,b` (values split at commas and spaces, as nvcc hands them to
/// the host compiler) → the arguments they stand for. Warnings, optimisation and debug
/// options stay host-only (as with nvcc); the rest mean what they mean on the command
/// line (`-fPIC`, `-D`, `-I`, `-std=`, `-fopenmp`, `-pthread`).
fn expand_host_compiler_options(values: &[String]) -> Result<Vec<Arg>, DriverError> {
    let words: Vec<String> = values
        .iter()
        .flat_map(|value| value.split(|c: char| c == ',' || c.is_whitespace()))
        .filter(|word| !word.is_empty())
        .map(str::to_owned)
        .collect();
    let list = parse_args(&words, true)?;
    Ok(list
        .args
        .into_iter()
        .map(|arg| match arg {
            Arg::Opt {
                id: OptId::Warning | OptId::NoWarnings | OptId::Optimize | OptId::Debug,
                spelling,
                values,
            } => Arg::HostPassthrough(written_form(&spelling, &values)),
            other => other,
        })
        .collect())
}

/// An option as it was written (`-lm`, `-Xlinker --gc-sections`), for messages.
pub(super) fn written_form(spelling: &str, values: &[String]) -> String {
    match self::spelling(spelling).map(|(kind, _)| kind) {
        Some(OptionKind::Separate) => format!("{spelling} {}", values.join(",")),
        _ => format!("{spelling}{}", values.join(",")),
    }
}

/// nvcc's `true`/`false` values (`-rdc=true`, `-ftz=false`).
pub(super) fn parse_bool(option: &str, value: &str) -> Result<bool, DriverError> {
    match value {
        "true" => Ok(true),
        "false" => Ok(false),
        other => Err(DriverError::BadValue {
            option: option.to_owned(),
            value: other.to_owned(),
        }),
    }
}

/// An option being read: its meaning, the spelling it was written with and its values.
#[derive(Clone, Copy)]
pub(super) struct Opt<'a> {
    pub(super) id: OptId,
    pub(super) spelling: &'a str,
    pub(super) values: &'a [String],
}

impl Opt<'_> {
    /// The first value (`""` for a flag).
    pub(super) fn value(&self) -> &str {
        self.values.first().map_or("", String::as_str)
    }

    /// As written, for messages.
    pub(super) fn written(&self) -> String {
        written_form(self.spelling, self.values)
    }
}

/// The arguments the interpretation reads (nvcc's `-Xcompiler` expanded into what it
/// stands for), each with clang's claimed bit: reading an option claims it, and an option
/// no part of the interpretation claimed had no effect, which is
/// [`super::ArgWarning::Unused`] (clang's `-Wunused-command-line-argument`).
pub(super) struct Args {
    args: Vec<Arg>,
    claimed: Vec<Cell<bool>>,
}

impl Args {
    pub(super) fn new(list: &ArgList) -> Result<Args, DriverError> {
        let mut args = Vec::new();
        for arg in &list.args {
            match arg {
                Arg::Opt {
                    id: OptId::Xcompiler,
                    values,
                    ..
                } => args.extend(expand_host_compiler_options(values)?),
                other => args.push(other.clone()),
            }
        }
        let claimed = args.iter().map(|_| Cell::new(false)).collect();
        Ok(Args { args, claimed })
    }

    /// Every argument in order, none claimed: for the parts of the interpretation that
    /// follow the command line's order (`-x` before the inputs it applies to).
    pub(super) fn all(&self) -> impl Iterator<Item = &Arg> {
        self.args.iter()
    }

    /// The options among `ids`, in command-line order, each claimed.
    pub(super) fn read<'a>(&'a self, ids: &'a [OptId]) -> impl Iterator<Item = Opt<'a>> + 'a {
        self.args
            .iter()
            .zip(&self.claimed)
            .filter_map(move |(arg, claimed)| match arg {
                Arg::Opt {
                    id,
                    spelling,
                    values,
                } if ids.contains(id) => {
                    claimed.set(true);
                    Some(Opt {
                        id: *id,
                        spelling,
                        values,
                    })
                }
                _ => None,
            })
    }

    /// Whether one of `ids` was given, claiming it.
    pub(super) fn has(&self, ids: &[OptId]) -> bool {
        self.read(ids).count() > 0
    }

    /// Whether one of `ids` was given, without claiming it: for an option that also
    /// matters to another part of the interpretation, which decides whether it was used.
    pub(super) fn peek(&self, ids: &[OptId]) -> bool {
        self.args
            .iter()
            .any(|arg| matches!(arg, Arg::Opt { id, .. } if ids.contains(id)))
    }

    /// The options nothing claimed, as written, in command-line order.
    pub(super) fn unclaimed(&self) -> impl Iterator<Item = String> + '_ {
        self.args
            .iter()
            .zip(&self.claimed)
            .filter_map(|(arg, claimed)| match arg {
                Arg::Opt {
                    spelling, values, ..
                } if !claimed.get() => Some(written_form(spelling, values)),
                _ => None,
            })
    }
}
