//! The include search path of a translation job (`-cc1hipify`): which directories hold the
//! user files a source includes, and which are system directories, never translated.
//!
//! Pure data with its command-line form; `overlay` resolves includes against it.

use std::path::PathBuf;

/// Where the hipify job looks for the files a source includes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchPath {
    /// `-iquote` directories: `#include "…"` only.
    pub quote: Vec<PathBuf>,
    /// `-I` directories.
    pub angled: Vec<PathBuf>,
    /// `-isystem` directories and the HIP headers: never translated.
    pub system: Vec<PathBuf>,
}

impl SearchPath {
    /// The options of a `-cc1hipify` job for this search path.
    pub fn to_args(&self) -> Vec<std::ffi::OsString> {
        let mut args = Vec::new();
        for (flag, dirs) in [
            ("-iquote", &self.quote),
            ("-I", &self.angled),
            ("-isystem", &self.system),
        ] {
            for dir in dirs {
                args.push(flag.into());
                args.push(dir.clone().into_os_string());
            }
        }
        args
    }

    /// Parses what [`SearchPath::to_args`] wrote; the rest are the job's operands.
    pub fn from_args(args: &[String]) -> (SearchPath, Vec<String>) {
        let mut search = SearchPath::default();
        let mut rest = Vec::new();
        let mut index = 0;
        while index < args.len() {
            let list = match args[index].as_str() {
                "-iquote" => Some(&mut search.quote),
                "-I" => Some(&mut search.angled),
                "-isystem" => Some(&mut search.system),
                _ => None,
            };
            match (list, args.get(index + 1)) {
                (Some(list), Some(dir)) => {
                    list.push(PathBuf::from(dir));
                    index += 2;
                }
                _ => {
                    rest.push(args[index].clone());
                    index += 1;
                }
            }
        }
        (search, rest)
    }
}
